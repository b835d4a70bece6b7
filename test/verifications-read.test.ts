// GET /verifications/{id}: existence and tenancy, what the body holds, and expiry as a client reads it.
import t from 'tap'
import { eq } from 'drizzle-orm'
import { verifications } from '../src/db/schema.js'
import { specDocument } from '../src/spec.js'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { type Verification, type Summary, type ErrorBody, json, create } from './helpers/verifications.js'

t.test('GET /verifications/{id}: existence and tenancy', async (t) => {
  const b = await build(t)
  const acmeService = await b.createKey('acme', 'service')
  const acmeReadonly = await b.createKey('acme', 'readonly')
  const otherService = await b.createKey('globex', 'service')
  const otherReadonly = await b.createKey('globex', 'readonly')
  const auditor = await b.createKey('audit-co', 'auditor')
  const v = await create(b, acmeService.key, { checks: ['document'], client_reference: 'acme-1' })

  for (const [label, key] of [
    ['the creating service key', acmeService.key],
    ["the same client's readonly key", acmeReadonly.key],
    ['an auditor of another client', auditor.key],
    ['the admin key', b.adminKey],
  ] as const) {
    const res = await b.call('GET', `/verifications/${v.id}`, { key })
    t.equal(res.statusCode, 200, `${label} reads it`)
    t.same(specErrors('getVerification', 200, res.json()), [], `${label}: body matches openapi.yaml`)
    t.strictSame(res.json(), v, `${label}: same verification`)
  }

  for (const [label, key] of [
    ["another client's service key", otherService.key],
    ["another client's readonly key", otherReadonly.key],
  ] as const) {
    const res = await b.call('GET', `/verifications/${v.id}`, { key })
    t.equal(res.statusCode, 404, `${label} gets 404, not 403`)
    t.equal(json<ErrorBody>(res).error.code, 'not_found')
    t.same(specErrors('getVerification', 404, res.json()), [])
  }

  // A foreign id and an unknown id must be indistinguishable.
  const unknown = await b.call('GET', '/verifications/vry_00000000-0000-4000-8000-000000000000', { key: otherService.key })
  const foreign = await b.call('GET', `/verifications/${v.id}`, { key: otherService.key })
  t.equal(unknown.statusCode, 404)
  t.equal(json<ErrorBody>(unknown).error.code, 'not_found')
  t.same(specErrors('getVerification', 404, unknown.json()), [])
  t.equal(json<ErrorBody>(foreign).error.message, json<ErrorBody>(unknown).error.message, 'same message for foreign and unknown')

  const badShape = await b.call('GET', '/verifications/not-an-id', { key: b.adminKey })
  t.equal(badShape.statusCode, 404, 'an id of the wrong shape is simply unknown')
  t.equal(json<ErrorBody>(badShape).error.code, 'not_found')

  // Unknown whatever its length (decisions §1: an unknown verification id is 404).
  const tooLong = await b.call('GET', `/verifications/vry_${'a'.repeat(2000)}`, { key: b.adminKey })
  t.equal(tooLong.statusCode, 404, 'an id longer than any id is unknown')
  t.same(specErrors('getVerification', 404, tooLong.json()), [])
})

t.test('GET /verifications: every item reads as the verification does, whatever its text, state or time', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const admin = await b.createKey('ops', 'admin')
  const references = ['quote " backslash \\ slash / </script>', 'line\nbreak\ttab \u0001\u001f\u007f', 'é ñ 中文 𝄞 \u2028\u2029 emoji 🙂', '']
  const created: Verification[] = []
  for (const client_reference of references) created.push(await create(b, service.key, { checks: ['liveness', 'document', 'identity'], client_reference }))
  created.push(await create(b, service.key, { checks: ['face_match'] }))
  // A completed one, with a completion time on a whole second and one with every digit of milliseconds.
  await b.app.db.update(verifications).set({ status: 'completed', completedAt: new Date('2026-11-21T20:31:00.000Z') }).where(eq(verifications.id, created[0]!.id))
  await b.app.db.update(verifications).set({ status: 'completed', completedAt: new Date('2026-11-21T20:31:07.089Z') }).where(eq(verifications.id, created[1]!.id))

  for (const key of [service.key, admin.key]) {
    const res = await b.call('GET', '/verifications', { key, query: { limit: '100' } })
    t.equal(res.statusCode, 200)
    t.match(res.headers['content-type'], /^application\/json; charset=utf-8$/)
    t.same(specErrors('listVerifications', 200, res.json()), [], 'body matches openapi.yaml')
    const items = json<Summary[]>(res)
    t.equal(items.length, created.length)
    for (const item of items) {
      t.same(Object.keys(item), ['id', 'status', 'client_reference', 'checks', 'created_at', 'completed_at', 'decision'], 'the fields of VerificationSummary, in its order')
      const v = json<Verification>(await b.call('GET', `/verifications/${item.id}`, { key }))
      t.strictSame(
        item,
        { id: v.id, status: v.status, client_reference: v.client_reference, checks: v.checks, created_at: v.created_at, completed_at: v.completed_at, decision: v.decision },
        `item ${items.indexOf(item)}: as GET /verifications/{id} reads it`,
      )
    }
  }
})

t.test('GET /verifications/{id}: only what the schema has reaches a client, whatever the verification holds', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const admin = await b.createKey('ops', 'admin')
  const odd = ['quote " backslash \\ slash / </script>', 'line\nbreak\ttab \u0001\u001f\u007f', 'é ñ 中文 𝄞 \u2028\u2029 emoji 🙂', '']
  const created: Verification[] = []
  for (const client_reference of odd) {
    created.push(await create(b, service.key, { checks: ['liveness', 'document', 'face_match'], client_reference, metadata: { [client_reference || 'k']: client_reference, z: '1', a: '2' } }))
  }
  created.push(await create(b, service.key, { checks: ['identity'] }))
  // Keys that JavaScript lists before the others (array indices, in ascending order), and one that is not.
  created.push(await create(b, service.key, { checks: ['document', 'face_match'], metadata: { b: '1', 10: '2', 2: '3', '02': '4', 4294967295: '5', a: '6' } }))
  // Stored results (openapi.yaml's example), with fields the schema does not have, which must not
  // reach a client, and numbers of other shapes.
  const example = structuredClone(
    (specDocument.paths['/verifications/{id}'] as { get: { responses: { 200: { content: { 'application/json': { example: Verification } } } } } }).get.responses[200]
      .content['application/json'].example.checks_results,
  ) as Record<string, Record<string, unknown>>
  const results = {
    ...example,
    document: { ...example.document, debug: { ms: 12 }, details: { ...(example.document!.details as object), internal_trace: 'x' } },
    face_match: { ...example.face_match, score: 1e-7, threshold: 0.1 + 0.2, embedding: [1, 2] },
    liveness: { ...example.liveness, checks: [{ name: 'face_detected', passed: false, score: null, extra: true }] },
    not_a_check: { passed: true },
  }
  await b.app.db.update(verifications).set({ checksResults: results, status: 'completed', completedAt: new Date('2026-11-21T20:31:00.000Z') }).where(eq(verifications.id, created[0]!.id))
  await b.app.db.update(verifications).set({ checksResults: { document: results.document } }).where(eq(verifications.id, created[1]!.id))
  // Pending past its expiry: reads as failed.
  for (const v of [created[2]!, created[3]!]) await b.app.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, v.id))
  // Results as the service records them (the schema's fields only): one check of two, then both.
  const principal = { id: service.id, clientName: 'acme', role: 'service' as const }
  const last = created.at(-1)!.id
  await b.app.verificationsService.recordResults(principal, last, { document: example.document as never })
  const halfway = json<Verification>(await b.call('GET', `/verifications/${last}`, { key: service.key }))
  t.same([halfway.status, Object.keys(halfway.checks_results)], ['pending', ['document']], 'results recorded by the service are read at once')
  await b.app.verificationsService.recordResults(principal, last, { face_match: example.face_match as never })
  for (const key of [service.key, admin.key]) {
    for (const { id } of created) {
      const res = await b.call('GET', `/verifications/${id}`, { key })
      t.equal(res.statusCode, 200)
      t.match(res.headers['content-type'], /^application\/json; charset=utf-8$/)
      t.same(specErrors('getVerification', 200, res.json()), [], 'body matches openapi.yaml')
    }
  }
  const done = json<Verification>(await b.call('GET', `/verifications/${last}`, { key: service.key }))
  t.same([done.status, Object.keys(done.checks_results)], ['completed', ['document', 'face_match']], 'completed by its last result')
  // Sealed as JSON text, metadata keeps the order it was sent in, as JavaScript lists it: array indices first.
  t.same(Object.keys(done.metadata), ['2', '10', 'b', '02', '4294967295', 'a'], "metadata's keys in the order JavaScript lists them")
  t.equal(json<Verification>(await b.call('GET', `/verifications/${created[3]!.id}`, { key: service.key })).status, 'failed')
  const first = json<Verification>(await b.call('GET', `/verifications/${created[0]!.id}`, { key: service.key }))
  t.same(Object.keys(first.checks_results).sort(), ['document', 'face_match', 'identity', 'liveness'], 'no key the schema does not have')
  t.notOk('debug' in (first.checks_results.document as object), 'no field the schema does not have')
  t.equal(json<Verification>(await b.call('GET', `/verifications/${created[2]!.id}`, { key: service.key })).status, 'failed')
  const other = await b.createKey('other', 'service')
  t.equal((await b.call('GET', `/verifications/${created[0]!.id}`, { key: other.key })).statusCode, 404, "another client's is not found")
})

t.test('a pending verification past its expiry reads as failed everywhere, before the sweeper records it', async (t) => {
  const b = await build(t, { sweepIntervalMs: 3_600_000 })
  const expire = (id: string) => b.app.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, id))
  const service = await b.createKey('acme', 'service')
  const client_reference = ',"status":"pending",'
  const v = await create(b, service.key, { checks: ['document'], client_reference })
  t.equal(v.status, 'pending')
  await expire(v.id)
  const read = json<Verification>(await b.call('GET', `/verifications/${v.id}`, { key: service.key }))
  t.equal(read.status, 'failed', 'GET /verifications/{id}')
  t.equal(read.client_reference, client_reference)
  const [item] = json<Summary[]>(await b.call('GET', '/verifications', { key: service.key }))
  t.equal(item!.status, 'failed', 'GET /verifications')
  t.equal(item!.client_reference, client_reference, 'the reference as it was given')
  const failed = await b.call('GET', '/verifications', { key: service.key, query: { status: 'failed' } })
  t.same(json<Summary[]>(failed).map((x) => x.id), [v.id], 'status=failed')
  t.equal(failed.headers['x-total-count'], '1', 'counted as failed')
  const pending = await b.call('GET', '/verifications', { key: service.key, query: { status: 'pending' } })
  t.same(json<Summary[]>(pending), [], 'status=pending')
  t.equal(pending.headers['x-total-count'], '0', 'not counted as pending')
  // Another client's expired session counts for that client only.
  const other = await b.createKey('globex', 'service')
  await expire((await create(b, other.key)).id)
  t.equal((await b.call('GET', '/verifications', { key: service.key, query: { status: 'failed' } })).headers['x-total-count'], '1', 'only its own client')
  t.equal((await b.call('GET', '/verifications', { key: b.adminKey, query: { status: 'failed' } })).headers['x-total-count'], '2', 'every client for an admin')
  t.equal((await b.call('GET', '/verifications', { key: b.adminKey, query: { status: 'pending' } })).headers['x-total-count'], '0')
})
