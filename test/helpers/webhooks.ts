// Helpers for webhook tests: a client with a webhook configured, and a verification driven to
// completion through the service layer (the processing endpoints build their own results).
import type { Built } from './build.js'
import type { CheckResult } from '../../src/services/verifications-service.js'

export { until } from './until.js'

// A Standard Webhooks secret (whsec_ and base64): receivers give it to their library as it is.
export const SECRET = 'whsec_MnLBU32w7i6yQcTy5jPgteBgeqw7grnL'

export async function clientWithWebhook(b: Built, clientName: string, url: string, secret = SECRET) {
  const { id, key } = await b.createKey(clientName, 'service')
  const res = await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: url, webhook_secret: secret } })
  if (res.statusCode !== 200) throw new Error(`PATCH /admin/webhook: ${res.statusCode} ${res.body}`)
  return { id, key }
}

/** A `document` result shaped as the document check writes it. */
export function documentResult(passed: boolean): CheckResult {
  return {
    passed,
    reasons: passed ? [] : ['check_digit_mismatch'],
    document_id: 'doc_00000000-0000-4000-8000-000000000001',
    completed_at: new Date().toISOString(),
    details: { document_type: 'passport', mrz: null, expired: false },
  } as CheckResult
}

/** Creates a verification requesting only `document` and completes it; returns its id. */
export async function completeVerification(b: Built, key: string): Promise<string> {
  const res = await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })
  const { id } = res.json() as { id: string }
  const principal = await b.app.apiKeysService.authenticate(key)
  await b.app.verificationsService.recordResults(principal!, id, { document: documentResult(true) })
  return id
}

export async function deliveries(b: Built, key: string) {
  const res = await b.call('GET', '/admin/webhooks/deliveries', { key })
  if (res.statusCode !== 200) throw new Error(`deliveries: ${res.statusCode} ${res.body}`)
  return res.json() as Array<Record<string, unknown> & { id: string; status: string; attempt: number }>
}
