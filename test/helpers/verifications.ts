// What the tests of /verifications share: the shapes a client reads, and small steps.
import type { LightMyRequestResponse } from 'fastify'
import { eq } from 'drizzle-orm'
import t from 'tap'
import { verifications } from '../../src/db/schema.js'
import type { Built } from './build.js'
import { specErrors } from './spec.js'

export interface Verification {
  id: string
  status: string
  client_reference: string | null
  redirect_url: string
  checks: string[]
  checks_results: Record<string, unknown>
  metadata: Record<string, string>
  created_at: string
  completed_at: string | null
  expires_at: string
  decision: 'approved' | 'declined' | 'review' | null
  decision_reasons: string[]
  decided_by: string | null
  decided_at: string | null
}
export type Summary = Pick<Verification, 'id' | 'status' | 'client_reference' | 'checks' | 'created_at' | 'completed_at' | 'decision'>
export interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> }
}

export const VRY_ID = /^vry_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The test object tap hands to a subtest (with its assertion plugins). */
export type TapTest = Parameters<Parameters<typeof t.test>[0]>[0]

export const json = <T>(res: LightMyRequestResponse) => res.json() as T

/** Newest first: created_at descending, then id descending. */
export function newestFirst(a: { created_at: string; id: string }, b: { created_at: string; id: string }) {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

export async function create(b: Built, key: string, body: unknown = { checks: ['document'] }): Promise<Verification> {
  const res = await b.call('POST', '/verifications', { key, body })
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`)
  return json<Verification>(res)
}

/** Moves a verification to another status in the database. */
export async function setStatus(b: Built, id: string, status: 'completed' | 'failed') {
  await b.app.db
    .update(verifications)
    .set({ status, completedAt: status === 'completed' ? new Date() : null })
    .where(eq(verifications.id, id))
}

export function expectValidationError(t: TapTest, res: LightMyRequestResponse, operationId: string, pathPattern?: RegExp) {
  t.equal(res.statusCode, 400, 'status 400')
  const body = json<ErrorBody>(res)
  t.equal(body.error.code, 'validation_error', 'code validation_error')
  t.type(body.error.message, 'string')
  t.ok(Array.isArray(body.error.details) && body.error.details.length > 0, 'details is a non-empty array')
  for (const d of body.error.details ?? []) {
    t.type(d.path, 'string', 'detail has a path')
    t.type(d.message, 'string', 'detail has a message')
  }
  if (pathPattern) {
    t.ok(
      body.error.details?.some((d) => pathPattern.test(d.path)),
      // (U+2028 and U+2029 escaped: TAP would read them as line breaks.)
      `a detail points at ${pathPattern} (got ${JSON.stringify(body.error.details).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)})`,
    )
  }
  t.same(specErrors(operationId, 400, body), [], '400 body matches openapi.yaml')
  t.ok(res.headers['x-request-id'], 'X-Request-Id on the error')
}
