// What every request gets: an X-Request-Id, and a 400 naming where a NUL character is or what a body may not hold.
import t from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { type ErrorBody, UUID, json, create, expectValidationError } from './helpers/verifications.js'

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
  t.equal(badUrl.headers['cache-control'], 'no-store', 'and the API’s headers')
  t.equal(badUrl.headers['x-content-type-options'], 'nosniff')
  t.equal(badUrl.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'")
})

t.test('a NUL character or an unpaired surrogate anywhere in a request is a 400 naming where it is, never a database error', async (t) => {
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
  // JSON may escape an unpaired surrogate, which jsonb cannot store either.
  for (const [raw, path] of [
    ['{"checks":["document"],"applicant":{"last_name":"\\ud800"}}', /^\/applicant\/last_name$/],
    ['{"checks":["document"],"metadata":{"\\udc00":"v"}}', /^\/metadata\/\udc00$/],
  ] as const) {
    const res = await b.call('POST', '/verifications', { key: service.key, body: raw, headers: { 'content-type': 'application/json' } })
    expectValidationError(t, res, 'createVerification', path)
  }
  // Query parameters an operation does not take are ignored, whatever they hold.
  for (const url of ['/healthz?x=%00', '/readyz?x=%00', '/admin/keys?x=%00']) {
    t.equal((await b.call('GET', url, { key: b.adminKey })).statusCode, 200, `${url}: 200`)
  }
  expectValidationError(t, await b.call('GET', '/verifications/vry_%00', { key: service.key }), 'getVerification', /^\/params\/id$/)
  expectValidationError(t, await b.call('GET', '/verifications?status=pending%00', { key: service.key }), 'listVerifications', /^\/querystring\/status$/)
  expectValidationError(t, await b.call('DELETE', '/admin/keys/key_%00', { key: b.adminKey }), 'revokeApiKey', /^\/params\/id$/)
  t.equal((await b.call('GET', '/verifications/vry_%00', { key: 'ivs_bad' })).statusCode, 401, 'authentication still comes first')
  t.equal((await b.call('GET', `/verifications/${id}`, { key: service.key })).statusCode, 200, 'the rest is unaffected')
})

t.test('a body of many fields is refused before it is parsed, and no error lists more than 50 problems', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const { id } = await create(b, service.key)
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `"f${i}":1`).join(',')
  // Millions of fields held the event loop for seconds (parsing, validating, listing each): counted first.
  const crowded = await b.call('POST', `/verifications/${id}/documents`, { key: service.key, body: `{"document_type":"passport",${fields(60_000)}}`, headers: { 'content-type': 'application/json' } })
  expectValidationError(t, crowded, 'uploadDocument', /^$/)
  t.match(json<ErrorBody>(crowded).error.details, [{ path: '', message: /at most 50000 strings and 50000 members or items/ }])
  const items = await b.call('POST', '/verifications', { key: service.key, body: `{"checks":[${'1,'.repeat(60_000)}1]}`, headers: { 'content-type': 'application/json' } })
  t.match(json<ErrorBody>(items).error.details, [{ path: '', message: /at most 50000/ }], 'items count as members')
  // Fewer reach the schema, whose problems are listed up to 50.
  const many = await b.call('POST', '/verifications', { key: service.key, body: `{"checks":["document"],${fields(2_000)}}`, headers: { 'content-type': 'application/json' } })
  expectValidationError(t, many, 'createVerification', /^\/f0$/)
  const details = json<ErrorBody>(many).error.details!
  t.equal(details.length, 51)
  t.same(details.at(-1), { path: '', message: 'and 1950 more problems, not listed' })
  // A genuine body with its twenty metadata values full of commas and quotes is far below the count.
  const metadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, '",'.repeat(250)]))
  t.equal((await b.call('POST', '/verifications', { key: service.key, body: { checks: ['document'], metadata } })).statusCode, 201)
  // Megabytes of digits or spaces would be parsed in one turn: besides its images, a body holds 4 MiB.
  const image = 'A'.repeat(300_000)
  for (const x of ['1'.repeat(5_000_000), `1${' '.repeat(5_000_000)}`]) {
    const body = `{"document_type":"passport","front_image":"${image}","x":${x}}`
    const res = await b.call('POST', `/verifications/${id}/documents`, { key: service.key, body, headers: { 'content-type': 'application/json' } })
    expectValidationError(t, res, 'uploadDocument', /^$/)
    t.match(json<ErrorBody>(res).error.details, [{ path: '', message: /at most 4194304 bytes besides its images/ }])
  }
  // Its long strings do not count: 4 MiB of spaces beside a large image string reach the schema.
  const beside = `{"document_type":"passport","front_image":"${'A'.repeat(5_000_000)}","x":1${' '.repeat(4_000_000)}}`
  const reached = await b.call('POST', `/verifications/${id}/documents`, { key: service.key, body: beside, headers: { 'content-type': 'application/json' } })
  expectValidationError(t, reached, 'uploadDocument', /^\/x$/)
  // The console's forms are small: a sign-in form of a megabyte is refused unread.
  const form = `api_key=x${'&a='.repeat(300_000)}`
  const signIn = await b.app.inject({ method: 'POST', url: '/admin/sign-in', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  t.equal(signIn.statusCode, 413)
})

t.test('a JSON body nested deeper than 32 levels is a 400 on every JSON route, never a 500', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const { id } = await create(b, service.key)
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
  const tooDeep = (res: LightMyRequestResponse) => json<ErrorBody>(res).error.details?.some((d) => /nest more than 32 levels/.test(d.message)) ?? false
  // 10,000 levels in about 20 KB: the checks that walk a parsed body must not overflow the stack.
  const routes: Array<[string, 'POST' | 'PUT', string, string]> = [
    ['createVerification', 'POST', '/verifications', service.key],
    ['uploadDocument', 'POST', `/verifications/${id}/documents`, service.key],
    ['runFaceMatch', 'POST', `/verifications/${id}/face-match`, service.key],
    ['updateWebhookConfig', 'PUT', '/admin/webhook', service.key],
    ['createApiKey', 'POST', '/admin/keys', b.adminKey],
  ]
  for (const [operationId, method, url, key] of routes) {
    const res = await b.call(method, url, { key, body: `{"checks":["document"],"metadata":${nested(10_000)}}`, headers: { 'content-type': 'application/json' } })
    expectValidationError(t, res, operationId, /^$/)
    t.ok(tooDeep(res), `${operationId}: the detail says how deep a body may nest`)
  }
  // A body of megabytes is parsed in pieces (src/plugins/json-pieces.ts): the same limit holds.
  const large = `{"document_type":"passport","front_image":"${'A'.repeat(400_000)}","x":${nested(10_000)}}`
  const res = await b.call('POST', `/verifications/${id}/documents`, { key: service.key, body: large, headers: { 'content-type': 'application/json' } })
  expectValidationError(t, res, 'uploadDocument', /^$/)
  t.ok(tooDeep(res), 'a large body nested too deep is refused the same way')
  // 32 levels are parsed and left to the schema; 33 are refused before it.
  const at = (depth: number) => b.call('POST', '/verifications', { key: service.key, body: `{"checks":["document"],"metadata":${nested(depth - 1)}}`, headers: { 'content-type': 'application/json' } })
  const at32 = await at(32)
  expectValidationError(t, at32, 'createVerification', /^\/metadata$/)
  t.notOk(tooDeep(at32), '32 levels reach the schema')
  t.ok(tooDeep(await at(33)), '33 levels do not')
  // Counted on the bytes before parsing (millions of brackets took seconds and gigabytes to parse):
  // brackets inside strings, escaped quotes included, are text.
  const inText = await b.call('POST', '/verifications', { key: service.key, body: { checks: ['document'], client_reference: `${'['.repeat(40)}"{{{{${'\\'.repeat(3)}"[[[` } })
  t.equal(inText.statusCode, 201, inText.body)
  const deep = `{"document_type":"passport","front_image":"${'A'.repeat(4)}","x":${nested(2_000_000)}}`
  const huge = await b.call('POST', `/verifications/${id}/documents`, { key: service.key, body: deep, headers: { 'content-type': 'application/json' } })
  t.ok(tooDeep(huge), 'two million levels are refused as 33 are')
})

t.test('an operation that takes no body takes {} or nothing, and no fields', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const { id } = await (await b.call('POST', '/verifications', { key: service.key, body: { checks: ['liveness'] } })).json()
  const url = `/verifications/${id}/active-liveness/challenge`
  const withBody = (body: string) => b.call('POST', url, { key: service.key, body, headers: { 'content-type': 'application/json' } })
  const fields = await withBody('{"bogus":1,"a/b":2}')
  expectValidationError(t, fields, 'createLivenessChallenge', /^\/bogus$/)
  t.same(json<ErrorBody>(fields).error.details, [{ path: '/bogus', message: 'unknown field' }, { path: '/a~1b', message: 'unknown field' }])
  expectValidationError(t, await withBody('[1]'), 'createLivenessChallenge', /^$/)
  t.equal((await withBody('{}')).statusCode, 201, '{} is no body')
  t.equal((await b.call('POST', url, { key: service.key })).statusCode, 201, 'nor is none')
  // A GET too: a filter sent in the body, not the query, is not a list silently unfiltered.
  const get = (body: string) => b.call('GET', '/verifications', { key: service.key, body, headers: { 'content-type': 'application/json' } })
  expectValidationError(t, await get('{"status":"failed"}'), 'listVerifications', /^\/status$/)
  t.equal((await get('{}')).statusCode, 200, '{} is no body on a GET either')
  t.equal((await get('{"status":')).statusCode, 400, 'nor is malformed JSON taken')
  // A URL no operation answers is a 404, whatever its body, key or none.
  for (const key of [service.key, undefined]) {
    const res = await b.call('POST', '/verifications/', { key, body: '{"checks":["document"]}', headers: { 'content-type': 'application/json' } })
    t.equal(res.statusCode, 404, `POST /verifications/ ${key ? 'with' : 'without'} a key`)
    t.equal(json<ErrorBody>(res).error.code, 'not_found')
  }
})

t.test('a JSON body is UTF-8: another charset is 415, bytes that are not UTF-8 a 400', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const body = Buffer.concat([Buffer.from('{"checks":["document"],"client_reference":"caf'), Buffer.from([0xe9]), Buffer.from('"}')])
  const send = (type: string, payload: Buffer) => b.call('POST', '/verifications', { key: service.key, body: payload, headers: { 'content-type': type } })
  const latin1 = await send('application/json; charset=iso-8859-1', body)
  t.equal(latin1.statusCode, 415, latin1.body)
  t.equal(json<ErrorBody>(latin1).error.code, 'unsupported_media_type')
  const invalid = await send('application/json', body)
  expectValidationError(t, invalid, 'createVerification', /^$/)
  const utf8 = await send('application/json; charset=UTF-8', Buffer.from('{"checks":["document"],"client_reference":"café"}'))
  t.equal(utf8.statusCode, 201, utf8.body)
  t.equal(utf8.json().client_reference, 'café', 'UTF-8 kept as sent')
})

t.test('a field named __proto__ is refused for what it is, not as malformed JSON', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const send = (raw: string) => b.call('POST', '/verifications', { key: service.key, body: raw, headers: { 'content-type': 'application/json' } })
  const said = (res: LightMyRequestResponse) => json<ErrorBody>(res).error.details?.map((d) => d.message).join('; ')
  for (const raw of ['{"checks":["document"],"metadata":{"__proto__":"a"}}', '{"checks":["document"],"metadata":{"constructor":{"prototype":"a"}}}']) {
    const res = await send(raw)
    expectValidationError(t, res, 'createVerification', /^$/)
    t.match(said(res), /__proto__, or constructor holding prototype/, raw)
  }
  t.equal(said(await send('{"checks":["document"],')), 'malformed JSON body', 'malformed JSON is still said to be')
  t.equal((await send('{"checks":["document"],"metadata":{"constructor":"a"}}')).statusCode, 201, 'a metadata key named constructor is only a key')
})
