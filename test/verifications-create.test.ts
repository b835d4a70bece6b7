// POST /verifications: the created session's fields, strict validation, and Idempotency-Key.
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import t from 'tap'
import { canonicalJson } from '../src/domain/canonical-json.js'
import { idempotencyKeys } from '../src/db/schema.js'
import { build } from './helpers/build.js'
import { errorsAt, specErrors } from './helpers/spec.js'
import { type Verification, type Summary, type ErrorBody, VRY_ID, ISO_MS, json, expectValidationError } from './helpers/verifications.js'

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

  // Lengths count code points everywhere: an emoji (two UTF-16 units) is one character.
  const emoji = '\u{1F600}'
  const astral = await b.call('POST', '/verifications', {
    key: service.key,
    body: { checks: ['document'], client_reference: emoji.repeat(255), metadata: { [emoji.repeat(40)]: emoji.repeat(500) } },
  })
  t.equal(astral.statusCode, 201, 'a client_reference of 255 emoji, a metadata key of 40 and a value of 500 are accepted')
  for (const [label, body] of [
    ['a client_reference of 256 emoji', { checks: ['document'], client_reference: emoji.repeat(256) }],
    ['a metadata key of 41 emoji', { checks: ['document'], metadata: { [emoji.repeat(41)]: 'v' } }],
    ['a metadata value of 501 emoji', { checks: ['document'], metadata: { k: emoji.repeat(501) } }],
  ] as const) {
    t.equal((await b.call('POST', '/verifications', { key: service.key, body })).statusCode, 400, `${label} is one too many`)
  }

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
    ['applicant born after today', { checks: ['identity'], applicant: { date_of_birth: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) } }, /^\/applicant\/date_of_birth$/],
    ['applicant born before 1900', { checks: ['identity'], applicant: { date_of_birth: '0000-01-01' } }, /^\/applicant\/date_of_birth$/],
    ['applicant born in 1899', { checks: ['identity'], applicant: { date_of_birth: '1899-12-31' } }, /^\/applicant\/date_of_birth$/],
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

  await t.test('a compressed body is 415, not malformed JSON', async (t) => {
    const headers = { authorization: `Bearer ${service.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip' }
    const res = await b.app.inject({ method: 'POST', url: '/verifications', headers, payload: gzipSync(JSON.stringify({ checks: ['document'] })) })
    t.equal(res.statusCode, 415)
    t.same(specErrors('createVerification', 415, res.json()), [])
    t.match(res.json().error.message, /Content-Encoding/)
    t.equal(res.headers['accept-encoding'], 'identity', 'the one coding taken')
    // Read and judged by its schema: identity is no coding at all.
    expectValidationError(t, await b.app.inject({ method: 'POST', url: '/verifications', headers: { ...headers, 'content-encoding': 'identity' }, payload: '{}' }), 'createVerification', /checks/)
    const anonymous = await b.app.inject({ method: 'POST', url: '/verifications', headers: { ...headers, authorization: 'Bearer nope' }, payload: gzipSync('{}') })
    t.equal(anonymous.statusCode, 401, 'the key is judged first')
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

  await t.test("the body's digest confirms no guess without the media key, and records go after 24 hours", async (t) => {
    const b = await build(t)
    const service = await b.createKey('acme', 'service')
    const body = { checks: ['identity'], client_reference: 'order-78', applicant: { last_name: 'Smith', date_of_birth: '1970-01-02' } }
    const headers = { 'idempotency-key': 'digest-1' }
    t.equal((await b.call('POST', '/verifications', { key: service.key, body, headers })).statusCode, 201)
    const [row] = await b.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'digest-1'))
    const sha = createHash('sha256').update(canonicalJson(body)).digest('hex')
    t.notMatch(row!.requestHash, sha, 'not the plain hash of the body, which a copy of the database would confirm a guess with')
    t.match(row!.requestHash, /^[0-9a-f]{8}:[0-9a-f]{64}$/, 'an HMAC naming its key')
    t.equal((await b.call('POST', '/verifications', { key: service.key, body, headers })).headers['idempotent-replayed'], 'true', 'a retry replays')
    // A record an earlier version wrote (a plain hash) still replays within its 24 hours.
    await b.app.db.update(idempotencyKeys).set({ requestHash: sha }).where(eq(idempotencyKeys.key, 'digest-1'))
    t.equal((await b.call('POST', '/verifications', { key: service.key, body, headers })).headers['idempotent-replayed'], 'true')
    t.equal((await b.call('POST', '/verifications', { key: service.key, body: { ...body, client_reference: 'x' }, headers })).statusCode, 409)
    // Past its 24 hours, a record is deleted (nothing finds it any more).
    t.equal(await b.app.idempotencyRepository.purgeExpired(), 0, 'not before')
    await b.app.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(idempotencyKeys.key, 'digest-1'))
    t.equal(await b.app.idempotencyRepository.purgeExpired(), 1)
    t.same(await b.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'digest-1')), [])
  })
})
