// Signatures of a webhook delivery: the reference's X-Signature and the Standard Webhooks headers.
// Both key the HMAC with the secret's UTF-8 bytes, exactly as stored.
import { createHmac } from 'node:crypto'

export interface SignedHeaders {
  'x-signature': string
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

export function signDelivery(secret: string, eventId: string, body: string, unixSeconds: number): SignedHeaders {
  const hex = createHmac('sha256', secret).update(body, 'utf8').digest('hex')
  const standard = createHmac('sha256', secret).update(`${eventId}.${unixSeconds}.${body}`, 'utf8').digest('base64')
  return {
    'x-signature': `sha256=${hex}`,
    'webhook-id': eventId,
    'webhook-timestamp': String(unixSeconds),
    'webhook-signature': `v1,${standard}`,
  }
}
