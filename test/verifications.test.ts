// POST /verifications, GET /verifications/{id}, GET /verifications: what a client relies on —
// the created session's fields, strict validation, tenancy, list order and pagination,
// Idempotency-Key, and X-Request-Id.
import t from 'tap'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import fastJson from 'fast-json-stringify'
import { VerificationSchema } from '../generated/schemas.js'
import { verifications } from '../src/db/schema.js'
import { specDocument } from '../src/spec.js'
import { toVerification } from '../src/services/verifications-service.js'
import { build, type Built } from './helpers/build.js'
import { errorsAt, specErrors } from './helpers/spec.js'

interface Verification {
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
}
type Summary = Pick<Verification, 'id' | 'status' | 'client_reference' | 'checks' | 'created_at' | 'completed_at'>
interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> }
}

const VRY_ID = /^vry_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The test object tap hands to a subtest (with its assertion plugins). */
type TapTest = Parameters<Parameters<typeof t.test>[0]>[0]

const json = <T>(res: LightMyRequestResponse) => res.json() as T

/** Newest first: created_at descending, then id descending. */
function newestFirst(a: { created_at: string; id: string }, b: { created_at: string; id: string }) {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

async function create(b: Built, key: string, body: unknown = { checks: ['document'] }): Promise<Verification> {
  const res = await b.call('POST', '/verifications', { key, body })
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`)
  return json<Verification>(res)
}

/** Moves a verification to another status in the database (no API finishes one yet). */
async function setStatus(b: Built, id: string, status: 'completed' | 'failed') {
  await b.app.db
    .update(verifications)
    .set({ status, completedAt: status === 'completed' ? new Date() : null })
    .where(eq(verifications.id, id))
}

function expectValidationError(t: TapTest, res: LightMyRequestResponse, operationId: string, pathPattern?: RegExp) {
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


t.test('POST /verifications creates a pending session with every field', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const before = Date.now()
  const res = await b.call('POST', '/verifications', {
    key: service.key,
    body: { checks: ['liveness', 'document'], client_reference: 'order-1', metadata: { channel: 'web', 'a/b': 'x' } },
  })
  const after = Date.now()
  t.equal(res.statusCode, 201)
  t.match(res.headers['content-type'], /^application\/json/)
  const v = json<Verification>(res)
  t.same(specErrors('createVerification', 201, v), [], 'body matches openapi.yaml')
  t.match(v.id, VRY_ID, 'id is vry_<uuid v4>, lowercase')
  t.match(v.id, /^vry_[0-9a-f-]{36}$/)
  t.equal(v.status, 'pending')
  t.equal(v.redirect_url, '')
  t.equal(v.client_reference, 'order-1')
  t.strictSame(v.checks, ['liveness', 'document'], 'checks echoed in the given order')
  t.strictSame(v.checks_results, {})
  t.strictSame(v.metadata, { channel: 'web', 'a/b': 'x' }, 'metadata echoed unchanged')
  t.match(v.created_at, ISO_MS)
  t.match(v.expires_at, ISO_MS)
  t.equal(v.completed_at, null)
  const created = Date.parse(v.created_at)
  t.ok(created >= before - 1000 && created <= after + 1000, 'created_at is now')
  t.equal(Date.parse(v.expires_at) - created, b.config.verificationTtlMs, 'expires_at = created_at + VERIFICATION_TTL')

  const got = await b.call('GET', `/verifications/${v.id}`, { key: service.key })
  t.equal(got.statusCode, 200)
  t.same(specErrors('getVerification', 200, got.json()), [])
  t.strictSame(got.json(), v, 'a GET right after returns the same verification')
  t.equal(got.body, res.body, 'byte for byte')
  const row = await b.app.verificationsRepository.findVisible(v.id, null)
  t.equal(res.body, fastJson(VerificationSchema)(toVerification(row!)), "byte for byte what the schema's serialiser writes of the row")
})

t.test('POST /verifications: optional fields', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')

  const bare = await b.call('POST', '/verifications', { key: service.key, body: { checks: ['identity'] } })
  t.equal(bare.statusCode, 201)
  t.same(specErrors('createVerification', 201, bare.json()), [])
  const v = json<Verification>(bare)
  t.equal(v.client_reference, null, 'client_reference is null when absent')
  t.strictSame(v.metadata, {}, 'metadata is {} when absent')

  const nullRef = await b.call('POST', '/verifications', { key: service.key, body: { checks: ['identity'], client_reference: null } })
  t.equal(nullRef.statusCode, 201, 'client_reference may be null')
  t.same(specErrors('createVerification', 201, nullRef.json()), [])
  t.equal(json<Verification>(nullRef).client_reference, null)

  const all = await b.call('POST', '/verifications', {
    key: service.key,
    body: { checks: ['identity', 'document', 'face_match', 'liveness'], client_reference: 'r'.repeat(255) },
  })
  t.equal(all.statusCode, 201, 'all four checks and a 255-character client_reference')
  t.same(specErrors('createVerification', 201, all.json()), [])
  t.strictSame(json<Verification>(all).checks, ['identity', 'document', 'face_match', 'liveness'])
  t.equal(json<Verification>(all).client_reference, 'r'.repeat(255))

  const applicant = await b.call('POST', '/verifications', {
    key: service.key,
    body: {
      checks: ['document', 'identity'],
      applicant: { first_name: 'Anna Maria', last_name: 'De Vries', date_of_birth: '1985-03-10', document_number: 'SPECI2014', nationality: 'NLD' },
    },
  })
  t.equal(applicant.statusCode, 201, 'applicant accepted')
  t.same(specErrors('createVerification', 201, applicant.json()), [])

  const partialApplicant = await b.call('POST', '/verifications', {
    key: service.key,
    body: { checks: ['identity'], applicant: { last_name: 'De Vries' } },
  })
  t.equal(partialApplicant.statusCode, 201, 'every applicant field is optional')

  const meta = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, `v${i}`]))
  const twenty = await b.call('POST', '/verifications', { key: service.key, body: { checks: ['document'], metadata: meta } })
  t.equal(twenty.statusCode, 201, 'metadata with 20 keys')
  t.strictSame(json<Verification>(twenty).metadata, meta)

  // Keys holding line terminators are echoed like the others, by every response that has metadata.
  const breaks = { 'line\nfeed': 'a', 'carriage\rreturn': 'b', 'separators \u2028\u2029': 'c', plain: 'd\ne' }
  const withBreaks = await b.call('POST', '/verifications', { key: service.key, body: { checks: ['document'], metadata: breaks } })
  t.equal(withBreaks.statusCode, 201, 'metadata keys with line terminators')
  t.strictSame(json<Verification>(withBreaks).metadata, breaks, 'every key echoed back by the creation')
  const readBack = await b.call('GET', `/verifications/${json<Verification>(withBreaks).id}`, { key: service.key })
  t.strictSame(json<Verification>(readBack).metadata, breaks, 'and by GET /verifications/{id}')
  t.equal(withBreaks.body, readBack.body, 'the same JSON (written from the row: it does not hold its JSON, see DETAIL_JSON)')

  const ids = [v, json<Verification>(nullRef), json<Verification>(all), json<Verification>(applicant)].map((x) => x.id)
  t.equal(new Set(ids).size, ids.length, 'every creation gets a new id')
})

t.test('POST /verifications: validation errors are 400 validation_error with details', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const post = (body: unknown) => b.call('POST', '/verifications', { key: service.key, body })

  const cases: Array<[string, unknown, RegExp]> = [
    ['unknown field', { checks: ['document'], status: 'completed' }, /^\/status$/],
    ['unknown check name', { checks: ['document', 'fingerprint'] }, /^\/checks\/1$/],
    ['duplicate check', { checks: ['document', 'document'] }, /^\/checks$/],
    ['empty checks', { checks: [] }, /^\/checks$/],
    ['missing checks', { client_reference: 'x' }, /^\/checks$/],
    ['checks as a string (no coercion)', { checks: 'document' }, /^\/checks$/],
    ['checks as null', { checks: null }, /^\/checks$/],
    ['five checks', { checks: ['identity', 'document', 'face_match', 'liveness', 'identity'] }, /^\/checks$/],
    ['client_reference of 256 characters', { checks: ['document'], client_reference: 'r'.repeat(256) }, /^\/client_reference$/],
    ['client_reference as a number (no coercion)', { checks: ['document'], client_reference: 12345 }, /^\/client_reference$/],
    [
      'metadata with 21 keys',
      { checks: ['document'], metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
      /^\/metadata$/,
    ],
    ['metadata key of 41 characters', { checks: ['document'], metadata: { ['k'.repeat(41)]: 'v' } }, /^\/metadata\//],
    ['metadata value of 501 characters', { checks: ['document'], metadata: { k: 'v'.repeat(501) } }, /^\/metadata\/k$/],
    ['metadata value not a string', { checks: ['document'], metadata: { k: 1 } }, /^\/metadata\/k$/],
    // A key with a line break is a key like any other (a schema pattern ^(.*)$ would not cover it).
    ['metadata value not a string, its key with a line feed', { checks: ['document'], metadata: { 'a\nb': 1 } }, /^\/metadata\/a\nb$/],
    ['metadata value an object, its key with U+2028', { checks: ['document'], metadata: { 'a\u2028b': { x: '1' } } }, /^\/metadata\/a\u2028b$/],
    ['metadata value of 501 characters, its key with a carriage return', { checks: ['document'], metadata: { 'a\rb': 'v'.repeat(501) } }, /^\/metadata\/a\rb$/],
    ['applicant with a bad date', { checks: ['identity'], applicant: { date_of_birth: '1985-13-40' } }, /^\/applicant\/date_of_birth$/],
    ['applicant with a non-ISO date', { checks: ['identity'], applicant: { date_of_birth: '10/03/1985' } }, /^\/applicant\/date_of_birth$/],
    ['applicant with a bad nationality', { checks: ['identity'], applicant: { nationality: 'nl' } }, /^\/applicant\/nationality$/],
    ['applicant with an unknown field', { checks: ['identity'], applicant: { email: 'a@b.c' } }, /^\/applicant\/email$/],
    ['body is an array', [{ checks: ['document'] }], /^$/],
  ]
  for (const [label, body, path] of cases) {
    await t.test(label, async (t) => {
      expectValidationError(t, await post(body), 'createVerification', path)
    })
  }

  await t.test('malformed JSON', async (t) => {
    const res = await b.call('POST', '/verifications', {
      key: service.key,
      body: '{"checks": ["document"',
      headers: { 'content-type': 'application/json' },
    })
    expectValidationError(t, res, 'createVerification')
    t.notMatch(res.body, /SyntaxError|at JSON\.parse|node_modules/, 'no parser internals leak')
  })

  await t.test('no body', async (t) => {
    expectValidationError(t, await b.call('POST', '/verifications', { key: service.key }), 'createVerification')
  })

  await t.test('a body sent as text/plain is 415', async (t) => {
    const res = await b.call('POST', '/verifications', {
      key: service.key,
      body: JSON.stringify({ checks: ['document'] }),
      headers: { 'content-type': 'text/plain' },
    })
    t.equal(res.statusCode, 415)
    t.equal(json<ErrorBody>(res).error.code, 'unsupported_media_type')
    t.same(errorsAt('/components/schemas/ErrorResponse', res.json()), [], 'error body matches ErrorResponse')
  })

  await t.test('an Idempotency-Key over 255 characters is 400', async (t) => {
    const res = await b.call('POST', '/verifications', {
      key: service.key,
      body: { checks: ['document'] },
      headers: { 'idempotency-key': 'k'.repeat(256) },
    })
    expectValidationError(t, res, 'createVerification')
  })

  const list = await b.call('GET', '/verifications', { key: service.key })
  t.strictSame(list.json(), [], 'no invalid request created anything')
  t.equal(list.headers['x-total-count'], '0')
})

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

  const tooLong = await b.call('GET', `/verifications/vry_${'a'.repeat(97)}`, { key: b.adminKey })
  expectValidationError(t, tooLong, 'getVerification')
})

t.test('GET /verifications: order, shape, default limit, total', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const created: Verification[] = []
  for (let i = 0; i < 25; i++) created.push(await create(b, service.key, { checks: ['document'], client_reference: `ref-${i}` }))

  const res = await b.call('GET', '/verifications', { key: service.key })
  t.equal(res.statusCode, 200)
  t.same(specErrors('listVerifications', 200, res.json()), [], 'body matches openapi.yaml')
  const items = json<Summary[]>(res)
  t.ok(Array.isArray(items), 'a bare JSON array')
  t.equal(items.length, 20, 'default limit is 20')
  t.equal(res.headers['x-total-count'], '25', 'X-Total-Count is the total, not the page size')

  const all = json<Summary[]>(await b.call('GET', '/verifications', { key: service.key, query: { limit: '100' } }))
  t.equal(all.length, 25)
  t.strictSame(all.map((x) => x.id), [...all].sort(newestFirst).map((x) => x.id), 'created_at desc, then id desc')
  t.strictSame(all.slice(0, 20), items, 'the default page is the first 20')
  t.strictSame(new Set(all.map((x) => x.id)), new Set(created.map((x) => x.id)), 'every created verification is listed')
  t.equal(all[0]!.id, created[24]!.id, 'the newest comes first')
  t.equal(all[24]!.id, created[0]!.id, 'the oldest comes last')

  const byId = new Map(created.map((v) => [v.id, v]))
  for (const s of all) {
    const v = byId.get(s.id)!
    t.strictSame(
      { id: s.id, status: s.status, client_reference: s.client_reference, checks: s.checks, created_at: s.created_at, completed_at: s.completed_at },
      { id: v.id, status: v.status, client_reference: v.client_reference, checks: v.checks, created_at: v.created_at, completed_at: v.completed_at },
      `summary of ${s.client_reference} agrees with the verification`,
    )
  }
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
      t.same(Object.keys(item), ['id', 'status', 'client_reference', 'checks', 'created_at', 'completed_at'], 'the fields of VerificationSummary, in its order')
      const v = json<Verification>(await b.call('GET', `/verifications/${item.id}`, { key }))
      t.strictSame(
        item,
        { id: v.id, status: v.status, client_reference: v.client_reference, checks: v.checks, created_at: v.created_at, completed_at: v.completed_at },
        `item ${items.indexOf(item)}: as GET /verifications/{id} reads it`,
      )
    }
  }
})

t.test('GET /verifications/{id}: the body is what the schema\'s serialiser writes, whatever the verification holds', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const admin = await b.createKey('ops', 'admin')
  const serialize = fastJson(VerificationSchema)
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
  // Pending past its expiry: reads as failed (one whose metadata has a key with a line break, one without).
  for (const v of [created[2]!, created[3]!]) await b.app.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, v.id))
  // Results as the service records them (the schema's fields only): one check of two, then both.
  const principal = { id: service.id, clientName: 'acme', role: 'service' as const }
  const last = created.at(-1)!.id
  await b.app.verificationsService.recordResults(principal, last, { document: example.document as never })
  const halfway = json<Verification>(await b.call('GET', `/verifications/${last}`, { key: service.key }))
  t.same([halfway.status, Object.keys(halfway.checks_results)], ['pending', ['document']], 'results recorded by the service are read at once')
  await b.app.verificationsService.recordResults(principal, last, { face_match: example.face_match as never })
  // Which rows hold their JSON: not those whose results have fields the schema lacks (written here
  // without it), nor one whose metadata has a key with a line break (0007's trigger leaves those to
  // the serialiser, which once left such keys out).
  const rows = (await b.app.db.execute(sql`select id, detail_json is not null as held from verifications`)) as unknown as
    | Array<{ id: string; held: boolean }>
    | { rows: Array<{ id: string; held: boolean }> }
  const held = new Map((Array.isArray(rows) ? rows : rows.rows).map((r) => [r.id, r.held]))
  t.same(created.map((v) => held.get(v.id)), [false, false, false, true, true, true], 'the rows that hold their JSON')

  for (const key of [service.key, admin.key]) {
    for (const { id } of created) {
      const res = await b.call('GET', `/verifications/${id}`, { key })
      t.equal(res.statusCode, 200)
      t.match(res.headers['content-type'], /^application\/json; charset=utf-8$/)
      t.same(specErrors('getVerification', 200, res.json()), [], 'body matches openapi.yaml')
      const row = await b.app.verificationsRepository.findVisible(id, null)
      t.equal(res.body, serialize(toVerification(row!)), `${id}: byte for byte what the serialiser writes of the row`)
    }
  }
  const done = json<Verification>(await b.call('GET', `/verifications/${last}`, { key: service.key }))
  t.same([done.status, Object.keys(done.checks_results)], ['completed', ['document', 'face_match']], 'completed by its last result')
  t.same(Object.keys(done.metadata), ['2', '10', 'a', 'b', '02', '4294967295'], "metadata's keys in the order JavaScript lists them")
  t.equal(json<Verification>(await b.call('GET', `/verifications/${created[3]!.id}`, { key: service.key })).status, 'failed')
  const first = json<Verification>(await b.call('GET', `/verifications/${created[0]!.id}`, { key: service.key }))
  t.same(Object.keys(first.checks_results).sort(), ['document', 'face_match', 'identity', 'liveness'], 'no key the schema does not have')
  t.notOk('debug' in (first.checks_results.document as object), 'no field the schema does not have')
  t.equal(json<Verification>(await b.call('GET', `/verifications/${created[2]!.id}`, { key: service.key })).status, 'failed')
  const other = await b.createKey('other', 'service')
  t.equal((await b.call('GET', `/verifications/${created[0]!.id}`, { key: other.key })).statusCode, 404, "another client's is not found")
})

t.test('GET /verifications: verifications created in the same millisecond are ordered by id descending', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const at = new Date('2000-01-01T00:00:00.000Z')
  const ids = [
    'vry_11111111-1111-4111-8111-111111111111',
    'vry_33333333-3333-4333-8333-333333333333',
    'vry_22222222-2222-4222-8222-222222222222',
  ]
  for (const id of ids) {
    await b.app.verificationsRepository.insert({
      id,
      clientName: 'acme',
      createdByKeyId: service.id,
      checks: ['document'],
      createdAt: at,
      expiresAt: new Date('2100-01-01T00:00:00.000Z'),
    })
  }
  const newer = await create(b, service.key)
  const res = await b.call('GET', '/verifications', { key: service.key })
  t.same(specErrors('listVerifications', 200, res.json()), [])
  t.strictSame(
    json<Summary[]>(res).map((x) => x.id),
    [newer.id, ids[1], ids[2], ids[0]],
    'newest first; equal created_at broken by id descending',
  )
  // The tie-break must hold across page boundaries too.
  const page = (offset: number) => b.call('GET', '/verifications', { key: service.key, query: { limit: '1', offset: String(offset) } })
  const walked: string[] = []
  for (let offset = 0; offset < 4; offset++) walked.push(...json<Summary[]>(await page(offset)).map((x) => x.id))
  t.strictSame(walked, [newer.id, ids[1], ids[2], ids[0]])
})

t.test('GET /verifications: limit/offset walk every item once', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  for (let i = 0; i < 23; i++) await create(b, service.key)
  const all = json<Summary[]>(await b.call('GET', '/verifications', { key: service.key, query: { limit: '100' } })).map((x) => x.id)
  t.equal(all.length, 23)

  for (const limit of [1, 5, 7, 23, 100]) {
    const walked: string[] = []
    for (let offset = 0; ; offset += limit) {
      const res = await b.call('GET', '/verifications', { key: service.key, query: { limit: String(limit), offset: String(offset) } })
      t.equal(res.statusCode, 200)
      t.same(specErrors('listVerifications', 200, res.json()), [])
      t.equal(res.headers['x-total-count'], '23', 'total independent of limit and offset')
      const page = json<Summary[]>(res)
      t.ok(page.length <= limit, `page of at most ${limit}`)
      if (page.length === 0) break
      walked.push(...page.map((x) => x.id))
    }
    t.strictSame(walked, all, `limit ${limit}: no gaps, no duplicates, same order`)
  }

  const past = await b.call('GET', '/verifications', { key: service.key, query: { offset: '23' } })
  t.equal(past.statusCode, 200)
  t.strictSame(past.json(), [], 'an offset past the end is an empty page')
  t.equal(past.headers['x-total-count'], '23')
  const max = await b.call('GET', '/verifications', { key: service.key, query: { limit: '100', offset: '1000000' } })
  t.equal(max.statusCode, 200, 'limit 100 and offset 1,000,000 are allowed')
  t.same(specErrors('listVerifications', 200, max.json()), [])
})

t.test('GET /verifications: status filter', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const pending = await create(b, service.key)
  const completed = await create(b, service.key)
  const failed = await create(b, service.key)
  await setStatus(b, completed.id, 'completed')
  await setStatus(b, failed.id, 'failed')

  for (const [status, expected] of [
    ['pending', [pending.id]],
    ['completed', [completed.id]],
    ['failed', [failed.id]],
  ] as const) {
    const res = await b.call('GET', '/verifications', { key: service.key, query: { status } })
    t.equal(res.statusCode, 200)
    t.same(specErrors('listVerifications', 200, res.json()), [])
    const items = json<Summary[]>(res)
    t.strictSame(items.map((x) => x.id), expected, `status=${status}`)
    t.ok(items.every((x) => x.status === status), `only ${status} items`)
    t.equal(res.headers['x-total-count'], '1', `X-Total-Count counts the filtered set (${status})`)
  }
  const done = json<Summary[]>(await b.call('GET', '/verifications', { key: service.key, query: { status: 'completed' } }))[0]!
  t.match(done.completed_at, ISO_MS, 'a completed verification lists its completed_at')
  const read = json<Verification>(await b.call('GET', `/verifications/${completed.id}`, { key: service.key }))
  t.equal(done.completed_at, read.completed_at, 'the same completed_at as GET /verifications/{id}')
  t.equal(done.created_at, read.created_at, 'the same created_at as GET /verifications/{id}')
  const unfiltered = await b.call('GET', '/verifications', { key: service.key })
  t.equal(unfiltered.headers['x-total-count'], '3')
})

t.test('GET /verifications: tenancy', async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const acme2 = await b.createKey('acme', 'service')
  const acmeReadonly = await b.createKey('acme', 'readonly')
  const globex = await b.createKey('globex', 'service')
  const globexReadonly = await b.createKey('globex', 'readonly')
  const auditor = await b.createKey('audit-co', 'auditor')
  const a1 = await create(b, acme.key)
  const a2 = await create(b, acme2.key)
  const g1 = await create(b, globex.key)
  const adminOwn = await create(b, b.adminKey)

  const ids = async (key: string) => {
    const res = await b.call('GET', '/verifications', { key })
    t.equal(res.statusCode, 200)
    t.same(specErrors('listVerifications', 200, res.json()), [])
    return { ids: new Set(json<Summary[]>(res).map((x) => x.id)), total: res.headers['x-total-count'] }
  }
  const acmeSet = new Set([a1.id, a2.id])
  t.strictSame(await ids(acme.key), { ids: acmeSet, total: '2' }, 'a service key sees its client’s verifications, from every key of the client')
  t.strictSame(await ids(acme2.key), { ids: acmeSet, total: '2' }, 'another key of the same client sees the same')
  t.strictSame(await ids(acmeReadonly.key), { ids: acmeSet, total: '2' }, 'the client’s readonly key sees the same')
  t.strictSame(await ids(globex.key), { ids: new Set([g1.id]), total: '1' }, 'another client sees only its own')
  t.strictSame(await ids(globexReadonly.key), { ids: new Set([g1.id]), total: '1' })
  const everything = new Set([a1.id, a2.id, g1.id, adminOwn.id])
  t.strictSame(await ids(b.adminKey), { ids: everything, total: '4' }, 'admin sees every client’s')
  t.strictSame(await ids(auditor.key), { ids: everything, total: '4' }, 'auditor sees every client’s')
})

t.test('GET /verifications: invalid query parameters are 400, never clamped', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  await create(b, service.key)
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ limit: '0' }, /limit/],
    [{ limit: '101' }, /limit/],
    [{ limit: 'abc' }, /limit/],
    [{ limit: '2.5' }, /limit/],
    [{ limit: '-1' }, /limit/],
    [{ offset: '-1' }, /offset/],
    [{ offset: '1000001' }, /offset/],
    [{ offset: 'x' }, /offset/],
    [{ status: 'bogus' }, /status/],
    [{ status: 'PENDING' }, /status/],
    [{ sort: 'asc' }, /sort/],
  ]
  for (const [query, path] of cases) {
    await t.test(new URLSearchParams(query).toString(), async (t) => {
      expectValidationError(t, await b.call('GET', '/verifications', { key: service.key, query }), 'listVerifications', path)
    })
  }
})

t.test('Idempotency-Key', async (t) => {
  await t.test('the same key and body replay the first response and create nothing', async (t) => {
    const b = await build(t)
    const service = await b.createKey('acme', 'service')
    const body = { checks: ['document', 'liveness'], client_reference: 'order-7', metadata: { a: '1', b: '2' } }
    const headers = { 'idempotency-key': 'create-order-7' }
    const first = await b.call('POST', '/verifications', { key: service.key, body, headers })
    t.equal(first.statusCode, 201)
    t.same(specErrors('createVerification', 201, first.json()), [])
    t.equal(first.headers['idempotent-replayed'], undefined, 'the first response is not marked as replayed')

    const again = await b.call('POST', '/verifications', { key: service.key, body, headers })
    t.equal(again.statusCode, 201, 'same status')
    t.same(specErrors('createVerification', 201, again.json()), [])
    t.equal(again.headers['idempotent-replayed'], 'true')
    t.strictSame(again.json(), first.json(), 'same body, same id')

    // Compared as parsed JSON: key order does not matter.
    const reordered = await b.call('POST', '/verifications', {
      key: service.key,
      body: { metadata: { b: '2', a: '1' }, client_reference: 'order-7', checks: ['document', 'liveness'] },
      headers,
    })
    t.equal(reordered.statusCode, 201)
    t.equal(reordered.headers['idempotent-replayed'], 'true', 'a reordered but equal body is the same request')
    t.equal(json<Verification>(reordered).id, json<Verification>(first).id)

    // Keys of one client share their idempotency keys (they share their verifications).
    const sibling = await b.createKey('acme', 'service')
    const fromSibling = await b.call('POST', '/verifications', { key: sibling.key, body, headers })
    t.equal(fromSibling.statusCode, 201)
    t.equal(json<Verification>(fromSibling).id, json<Verification>(first).id, 'another key of the same client gets the replay')

    const list = await b.call('GET', '/verifications', { key: service.key })
    t.equal(list.headers['x-total-count'], '1', 'only one verification exists')

    const withoutKey = await b.call('POST', '/verifications', { key: service.key, body })
    t.equal(withoutKey.statusCode, 201)
    t.not(json<Verification>(withoutKey).id, json<Verification>(first).id, 'without the header, a new verification')
    t.equal(withoutKey.headers['idempotent-replayed'], undefined)

    const otherKey = await b.call('POST', '/verifications', { key: service.key, body, headers: { 'idempotency-key': 'create-order-8' } })
    t.equal(otherKey.statusCode, 201)
    t.not(json<Verification>(otherKey).id, json<Verification>(first).id, 'another Idempotency-Key, a new verification')
  })

  await t.test('the same key with a different body is 409 conflict', async (t) => {
    const b = await build(t)
    const service = await b.createKey('acme', 'service')
    const headers = { 'idempotency-key': 'k-1' }
    const first = await b.call('POST', '/verifications', { key: service.key, body: { checks: ['document'] }, headers })
    t.equal(first.statusCode, 201)
    for (const body of [{ checks: ['liveness'] }, { checks: ['document'], client_reference: 'x' }, { checks: ['document'], metadata: {} }]) {
      const res = await b.call('POST', '/verifications', { key: service.key, body, headers })
      t.equal(res.statusCode, 409, `different body ${JSON.stringify(body)}`)
      t.equal(json<ErrorBody>(res).error.code, 'conflict')
      t.same(specErrors('createVerification', 409, res.json()), [])
    }
    const list = await b.call('GET', '/verifications', { key: service.key })
    t.equal(list.headers['x-total-count'], '1', 'a conflict creates nothing')
    const replay = await b.call('POST', '/verifications', { key: service.key, body: { checks: ['document'] }, headers })
    t.equal(replay.statusCode, 201, 'the original body still replays after a conflict')
    t.equal(json<Verification>(replay).id, json<Verification>(first).id)
  })

  await t.test('the same key used by another client is independent', async (t) => {
    const b = await build(t)
    const acme = await b.createKey('acme', 'service')
    const globex = await b.createKey('globex', 'service')
    const headers = { 'idempotency-key': 'shared-key' }
    const a = await b.call('POST', '/verifications', { key: acme.key, body: { checks: ['document'] }, headers })
    const g = await b.call('POST', '/verifications', { key: globex.key, body: { checks: ['document'] }, headers })
    t.equal(a.statusCode, 201)
    t.equal(g.statusCode, 201)
    t.same(specErrors('createVerification', 201, g.json()), [])
    t.equal(g.headers['idempotent-replayed'], undefined, 'not a replay of another client’s request')
    t.not(json<Verification>(g).id, json<Verification>(a).id)
    const gDifferent = await b.call('POST', '/verifications', { key: globex.key, body: { checks: ['document'] }, headers })
    t.equal(json<Verification>(gDifferent).id, json<Verification>(g).id, 'globex replays its own')
    const aDifferentBody = await b.call('POST', '/verifications', { key: acme.key, body: { checks: ['liveness'] }, headers: { 'idempotency-key': 'g-only' } })
    t.equal(aDifferentBody.statusCode, 201)
    t.equal((await b.call('GET', `/verifications/${json<Verification>(g).id}`, { key: acme.key })).statusCode, 404, 'and acme cannot see globex’s')
  })

  await t.test('concurrent identical requests create one verification', async (t) => {
    const b = await build(t)
    const service = await b.createKey('acme', 'service')
    const body = { checks: ['document'], client_reference: 'race' }
    const headers = { 'idempotency-key': 'race-1' }
    const results = await Promise.all(Array.from({ length: 5 }, () => b.call('POST', '/verifications', { key: service.key, body, headers })))
    t.strictSame(results.map((r) => r.statusCode), [201, 201, 201, 201, 201], 'every request succeeds')
    for (const r of results) t.same(specErrors('createVerification', 201, r.json()), [])
    const ids = new Set(results.map((r) => json<Verification>(r).id))
    t.equal(ids.size, 1, 'all five answers carry the same id')
    t.equal(results.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1, 'exactly one is the original')
    const list = await b.call('GET', '/verifications', { key: service.key })
    t.equal(list.headers['x-total-count'], '1', 'one verification in the database')
    t.strictSame(json<Summary[]>(list).map((x) => x.id), [...ids])
  })
})

t.test('X-Request-Id', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const v = await create(b, service.key)

  const responses: Array<[string, LightMyRequestResponse]> = [
    ['201', await b.call('POST', '/verifications', { key: service.key, body: { checks: ['document'] } })],
    ['200 get', await b.call('GET', `/verifications/${v.id}`, { key: service.key })],
    ['200 list', await b.call('GET', '/verifications', { key: service.key })],
    ['400', await b.call('POST', '/verifications', { key: service.key, body: { checks: [] } })],
    ['401', await b.call('GET', '/verifications')],
    ['403', await b.call('POST', '/verifications', { key: (await b.createKey('acme', 'readonly')).key, body: { checks: ['document'] } })],
    ['404', await b.call('GET', '/verifications/vry_nope', { key: service.key })],
    ['415', await b.call('POST', '/verifications', { key: service.key, body: 'x', headers: { 'content-type': 'text/plain' } })],
  ]
  const seen = new Set<string>()
  for (const [label, res] of responses) {
    const id = res.headers['x-request-id']
    t.type(id, 'string', `${label} carries X-Request-Id`)
    t.match(id, UUID, `${label}: a generated UUID when the caller sends none`)
    seen.add(String(id))
  }
  t.equal(seen.size, responses.length, 'each request gets its own id')

  const given = 'client-req_42:a.b'
  for (const [label, res] of [
    ['success', await b.call('GET', '/verifications', { key: service.key, headers: { 'x-request-id': given } })],
    ['error', await b.call('GET', '/verifications', { headers: { 'x-request-id': given } })],
  ] as const) {
    t.equal(res.headers['x-request-id'], given, `the caller's id is echoed on ${label}`)
  }
  const max = 'a'.repeat(128)
  t.equal((await b.call('GET', '/verifications', { key: service.key, headers: { 'x-request-id': max } })).headers['x-request-id'], max, '128 characters are echoed')

  for (const [label, unsafe] of [
    ['with spaces', 'hello world'],
    ['200 characters', 'a'.repeat(200)],
    ['129 characters', 'a'.repeat(129)],
    ['with a newline-like payload', 'abc%0d%0aset-cookie:x'],
    ['with angle brackets', '<script>'],
  ] as const) {
    const res = await b.call('GET', '/verifications', { key: service.key, headers: { 'x-request-id': unsafe } })
    t.equal(res.statusCode, 200)
    const id = res.headers['x-request-id']
    t.not(id, unsafe, `an id ${label} is not echoed`)
    t.match(id, UUID, `an id ${label} is replaced by a generated UUID`)
  }

  // A URL the router cannot decode still gets the API's error shape and a request id.
  const badUrl = await b.call('GET', '/verifications/%zz', { key: service.key, headers: { 'x-request-id': given } })
  t.equal(badUrl.statusCode, 400, 'malformed percent-encoding is 400')
  t.equal(json<ErrorBody>(badUrl).error.code, 'validation_error')
  t.same(specErrors('getVerification', 400, badUrl.json()), [], 'in the documented error shape')
  t.equal(badUrl.headers['x-request-id'], given, 'with the caller’s request id')
})

t.test('a pending verification past its expiry reads as failed everywhere, before the sweeper records it', async (t) => {
  const b = await build(t, { verificationTtlMs: 150, sweepIntervalMs: 3_600_000 })
  const service = await b.createKey('acme', 'service')
  // The text the list's statement changes in an expired session's summary, in a reference too.
  const client_reference = ',"status":"pending",'
  const v = await create(b, service.key, { checks: ['document'], client_reference })
  t.equal(v.status, 'pending')
  await new Promise((r) => setTimeout(r, 300))
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
  await create(b, other.key)
  await new Promise((r) => setTimeout(r, 300))
  t.equal((await b.call('GET', '/verifications', { key: service.key, query: { status: 'failed' } })).headers['x-total-count'], '1', 'only its own client')
  t.equal((await b.call('GET', '/verifications', { key: b.adminKey, query: { status: 'failed' } })).headers['x-total-count'], '2', 'every client for an admin')
  t.equal((await b.call('GET', '/verifications', { key: b.adminKey, query: { status: 'pending' } })).headers['x-total-count'], '0')
})

t.test('a NUL character anywhere in a request is a 400 naming where it is, never a database error', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const { id } = await create(b, service.key)
  const bodies: Array<[unknown, RegExp]> = [
    [{ checks: ['document'], client_reference: 'a\u0000b' }, /^\/client_reference$/],
    [{ checks: ['document'], metadata: { k: 'v\u0000' } }, /^\/metadata\/k$/],
    [{ checks: ['document'], metadata: { 'k\u0000': 'v' } }, /^\/metadata\/k\u0000$/],
    [{ checks: ['document'], applicant: { first_name: '\u0000' } }, /^\/applicant\/first_name$/],
  ]
  for (const [body, path] of bodies) expectValidationError(t, await b.call('POST', '/verifications', { key: service.key, body }), 'createVerification', path)
  expectValidationError(t, await b.call('GET', '/verifications/vry_%00', { key: service.key }), 'getVerification', /^\/params\/id$/)
  expectValidationError(t, await b.call('GET', '/verifications?status=pending%00', { key: service.key }), 'listVerifications', /^\/querystring\/status$/)
  expectValidationError(t, await b.call('DELETE', '/admin/keys/key_%00', { key: b.adminKey }), 'revokeApiKey', /^\/params\/id$/)
  t.equal((await b.call('GET', '/verifications/vry_%00', { key: 'ivs_bad' })).statusCode, 401, 'authentication still comes first')
  t.equal((await b.call('GET', `/verifications/${id}`, { key: service.key })).statusCode, 200, 'the rest is unaffected')
})
