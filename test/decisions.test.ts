// A verification's decision through the API: recorded when it finishes (completed or expired), read
// back with who and when, filtered on in GET /verifications, sent with the webhook, and worked out for
// verifications that finished before decisions were recorded. The table itself: test/decision.test.ts.
import { eq } from 'drizzle-orm'
import t from 'tap'
import { verifications, webhookEvents } from '../src/db/schema.js'
import type { CheckResult } from '../src/services/verifications-service.js'
import { build, type Built } from './helpers/build.js'
import { startReceiver } from './helpers/receiver.js'
import { clientWithWebhook, SECRET } from './helpers/webhooks.js'
import { specErrors } from './helpers/spec.js'
import { create, expectValidationError, type Verification } from './helpers/verifications.js'

const documentResult = (reasons: string[]) =>
  ({
    passed: reasons.length === 0,
    reasons,
    document_id: 'doc_00000000-0000-4000-8000-000000000001',
    completed_at: new Date().toISOString(),
    details: { document_type: 'passport', mrz: null, expired: false },
  }) as CheckResult

async function finish(b: Built, key: string, reasons: string[], client_reference: string) {
  const v = await create(b, key, { checks: ['document'], client_reference })
  const principal = await b.app.apiKeysService.authenticate(key)
  await b.app.verificationsService.recordResults(principal!, v.id, { document: documentResult(reasons) })
  return v.id
}

const read = async (b: Built, key: string, id: string) => (await b.call('GET', `/verifications/${id}`, { key })).json() as Verification

t.test('recorded when a verification completes, with who decided and when', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const pending = await create(b, key, { checks: ['document'] })
  t.match(await read(b, key, pending.id), { decision: null, decision_reasons: [], decided_by: null, decided_at: null }, 'pending: no decision')

  for (const [reasons, decision] of [
    [[], 'approved'],
    [['check_digit_mismatch'], 'declined'],
    [['mrz_not_found'], 'review'],
  ] as const) {
    const id = await finish(b, key, [...reasons], `ref-${decision}`)
    const v = await read(b, key, id)
    t.same(specErrors('getVerification', 200, v), [], `${decision}: body matches openapi.yaml`)
    t.equal(v.status, 'completed')
    t.equal(v.decision, decision, `${reasons.join(',') || 'every check passed'}: ${decision}`)
    t.same(v.decision_reasons, reasons)
    t.equal(v.decided_by, 'auto')
    t.equal(v.decided_at, v.completed_at, 'decided as it completed')
  }
})

t.test('GET /verifications filters by decision: the review queue is one query', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const other = await b.createKey('globex', 'service')
  const approved = await finish(b, key, [], 'a')
  const review1 = await finish(b, key, ['mrz_not_found'], 'r1')
  const review2 = await finish(b, key, ['expiration_date_unreadable'], 'r2')
  await finish(b, other.key, ['mrz_not_found'], 'other client')
  await create(b, key, { checks: ['document'] })

  const queue = await b.call('GET', '/verifications', { key, query: { decision: 'review' } })
  t.equal(queue.statusCode, 200)
  t.same(specErrors('listVerifications', 200, queue.json()), [])
  t.same(queue.json().map((v: { id: string }) => v.id).sort(), [review1, review2].sort(), "the client's verifications to review, nothing else")
  t.equal(queue.headers['x-total-count'], '2')
  t.ok(queue.json().every((v: { decision: string }) => v.decision === 'review'), 'summaries carry the decision')
  const ok = await b.call('GET', '/verifications', { key, query: { decision: 'approved', status: 'completed' } })
  t.same(ok.json().map((v: { id: string }) => v.id), [approved], 'with status too')
  const all = await b.call('GET', '/verifications', { key: b.adminKey, query: { decision: 'review' } })
  t.equal(all.json().length, 3, 'an admin sees every client')
  expectValidationError(t, await b.call('GET', '/verifications', { key, query: { decision: 'maybe' } }), 'listVerifications', /decision/)
})

t.test('expired before its checks finished: declined, also before the sweeper records it, and in the webhook', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const v = await create(b, key, { checks: ['document', 'face_match'] })
  const past = new Date(Date.now() - 1000)
  await b.app.db.update(verifications).set({ expiresAt: past }).where(eq(verifications.id, v.id))

  const before = await read(b, key, v.id)
  t.match(before, { status: 'failed', decision: 'declined', decision_reasons: ['verification_expired'], decided_by: 'auto', decided_at: past.toISOString() }, 'read as the sweeper will record it')
  const listed = await b.call('GET', '/verifications', { key, query: { decision: 'declined' } })
  t.same(listed.json().map((x: { id: string }) => x.id), [v.id], 'and listed so')

  t.equal(await b.app.verificationsService.expireDue(), 1)
  const after = await read(b, key, v.id)
  t.match(after, { status: 'failed', decision: 'declined', decision_reasons: ['verification_expired'], decided_by: 'auto' })
  // The outbox's payload is what the webhook carries.
  const [event] = await b.app.db.select().from(webhookEvents).where(eq(webhookEvents.verificationId, v.id))
  t.match(JSON.parse(event!.payload), { event: 'verification.failed', status: 'failed', decision: 'declined' })
})

t.test('verifications finished before decisions were recorded get theirs at start-up', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const approved = await finish(b, key, [], 'old-a')
  const declined = await finish(b, key, ['document_expired'], 'old-d')
  await b.app.db.update(verifications).set({ decision: null, decisionReasons: null, decidedBy: null, decidedAt: null })
  t.equal((await read(b, key, approved)).decision, null, 'as an earlier version left them')
  t.equal(await b.app.verificationsService.decideEarlierVerifications(1), 2, 'in batches')
  t.match(await read(b, key, approved), { decision: 'approved', decided_by: 'auto' })
  t.match(await read(b, key, declined), { decision: 'declined', decision_reasons: ['document_expired'] })
  t.equal(await b.app.verificationsService.decideEarlierVerifications(), 0, 'nothing left')
})

t.test('POST /verifications/{id}/review: an admin decides by hand, recorded and sent as verification.reviewed', async (t) => {
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const receiver = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'acme', receiver.url)
  const id = await finish(b, key, ['mrz_not_found'], 'to-review')
  await receiver.waitFor(1) // verification.completed
  const adminId = (await b.app.apiKeysService.authenticate(b.adminKey))!.id

  for (const role of ['service', 'readonly', 'auditor'] as const) {
    const other = role === 'service' ? { key } : await b.createKey('acme', role)
    const res = await b.call('POST', `/verifications/${id}/review`, { key: other.key, body: { decision: 'approved', reason: 'checked' } })
    t.equal(res.statusCode, 403, `${role}: 403`)
    t.equal(res.json().error.message, `insufficient permissions: ${role} requires verifications:review`)
  }
  for (const body of [{ decision: 'review', reason: 'x' }, { decision: 'approved' }, { decision: 'approved', reason: 'Not Snake' }, { decision: 'approved', reason: 'ok', note: 'x'.repeat(2001) }]) {
    expectValidationError(t, await b.call('POST', `/verifications/${id}/review`, { key: b.adminKey, body }), 'reviewVerification')
  }
  t.equal((await b.call('POST', '/verifications/vry_00000000-0000-4000-8000-000000000000/review', { key: b.adminKey, body: { decision: 'approved', reason: 'ok' } })).statusCode, 404)
  const pending = await create(b, key, { checks: ['document'] })
  const early = await b.call('POST', `/verifications/${pending.id}/review`, { key: b.adminKey, body: { decision: 'approved', reason: 'ok' } })
  t.equal(early.statusCode, 409, 'a pending verification cannot be reviewed')
  t.same(specErrors('reviewVerification', 409, early.json()), [])

  const res = await b.call('POST', `/verifications/${id}/review`, { key: b.adminKey, body: { decision: 'approved', reason: 'page_checked_by_hand', note: 'Legible on the original.' } })
  t.equal(res.statusCode, 200)
  t.same(specErrors('reviewVerification', 200, res.json()), [])
  t.match(res.json(), { id, status: 'completed', decision: 'approved', decision_reasons: ['page_checked_by_hand'], decided_by: adminId, decision_note: 'Legible on the original.' })
  t.same(await read(b, key, id), res.json(), 'the client reads the same')
  t.same((await b.call('GET', '/verifications', { key, query: { decision: 'review' } })).json(), [], 'out of the review queue')

  const [, reviewed] = await receiver.waitFor(2)
  const event = JSON.parse(reviewed!.body)
  t.match(event, { event: 'verification.reviewed', verification_id: id, status: 'completed', decision: 'approved' })
  t.notMatch(reviewed!.body, /Legible/, 'the note stays in the service')
  t.ok(reviewed!.standardSignatureValid, 'signed: the standardwebhooks library verifies it')

  // Reviewed again, the other way.
  const again = await b.call('POST', `/verifications/${id}/review`, { key: b.adminKey, body: { decision: 'declined', reason: 'second_look' } })
  t.match(again.json(), { decision: 'declined', decision_reasons: ['second_look'], decision_note: null })
})

t.test('a verification past its expiry, not yet swept, is failed first, then reviewed', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const v = await create(b, key, { checks: ['document'] })
  await b.app.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, v.id))
  // Its check never ran: a person cannot pass it by hand.
  const approve = await b.call('POST', `/verifications/${v.id}/review`, { key: b.adminKey, body: { decision: 'approved', reason: 'looks_fine' } })
  t.equal(approve.statusCode, 409)
  t.match(approve.json().error.message, /expired before document ran: it can be declined, not approved/)
  const res = await b.call('POST', `/verifications/${v.id}/review`, { key: b.adminKey, body: { decision: 'declined', reason: 'never_finished' } })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { status: 'failed', decision: 'declined', decision_reasons: ['never_finished'] })
  const events = await b.app.db.select().from(webhookEvents).where(eq(webhookEvents.verificationId, v.id)).orderBy(webhookEvents.createdAt)
  t.same(events.map((e) => e.eventType).sort(), ['verification.failed', 'verification.reviewed'], 'its failed event is not lost')
  t.equal(await b.app.verificationsService.expireDue(), 0, 'nothing left for the sweeper')
})
