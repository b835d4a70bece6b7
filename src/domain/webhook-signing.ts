// Signatures of a webhook delivery: the reference's X-Signature and the Standard Webhooks headers.
import { createHmac, randomBytes } from 'node:crypto'

export interface SignedHeaders {
  'x-signature': string
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** Secrets the caller has: the current one, and the one it replaced while that stays valid. */
export interface SigningSecrets {
  current: string
  previous: string | null
}

const STANDARD_PREFIX = 'whsec_'

/** A Standard Webhooks secret: `whsec_` and the base64 of at least one byte. */
export function isStandardSecret(secret: string): boolean {
  if (!secret.startsWith(STANDARD_PREFIX)) return false
  const b64 = secret.slice(STANDARD_PREFIX.length)
  return b64.length > 0 && b64.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(b64)
}

/** A new secret for a caller: `whsec_` and 32 random bytes in base64. */
export function newStandardSecret(): string {
  return STANDARD_PREFIX + randomBytes(32).toString('base64')
}

/**
 * The HMAC key of `webhook-signature`: a `whsec_` secret's base64-decoded bytes, as the standard
 * says; any other secret's UTF-8 bytes (what the libraries call a raw secret).
 */
function standardKey(secret: string): Buffer {
  return isStandardSecret(secret) ? Buffer.from(secret.slice(STANDARD_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8')
}

/**
 * X-Signature is keyed with the current secret exactly as given (the reference). webhook-signature
 * carries one `v1,` signature per valid secret, space-separated: during a rotation a receiver still
 * holding the previous secret verifies too.
 */
export function signDelivery(secrets: SigningSecrets, eventId: string, body: string, unixSeconds: number): SignedHeaders {
  const hex = createHmac('sha256', secrets.current).update(body, 'utf8').digest('hex')
  const signed = `${eventId}.${unixSeconds}.${body}`
  const standard = [secrets.current, secrets.previous]
    .filter((s): s is string => s !== null)
    .map((s) => `v1,${createHmac('sha256', standardKey(s)).update(signed, 'utf8').digest('base64')}`)
  return {
    'x-signature': `sha256=${hex}`,
    'webhook-id': eventId,
    'webhook-timestamp': String(unixSeconds),
    'webhook-signature': standard.join(' '),
  }
}
