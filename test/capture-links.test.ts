// Capture links (POST /verifications/{id}/capture-link): who may create one, what the link's token
// grants (its own verification's capture, nothing else), replacement, expiry and the per-token limit.
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import t from 'tap'
import { operations, type OperationId } from '../generated/schemas.js'
import { captureLinks } from '../src/db/schema.js'
import { CAPTURE_OPERATIONS } from '../src/domain/capture-link.js'
import { build, type Built } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { create, expectValidationError, setStatus } from './helpers/verifications.js'

const photo = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url)).toString('base64')
const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as {
  files: Array<{ file: string; mrz: string[] | null }>
}
const mrzOf = (file: string) => manifest.files.find((f) => f.file === file)!.mrz!.join('\n')

const TOKEN_URL = /^(.+)\/capture\/(cap_[A-Za-z0-9_-]{43})$/

async function link(b: Built, key: string, vid: string, body?: object) {
  const res = await b.call('POST', `/verifications/${vid}/capture-link`, { key, ...(body ? { body } : {}) })
  if (res.statusCode !== 201) throw new Error(`capture link: ${res.statusCode} ${res.body}`)
  return { ...(res.json() as { url: string; expires_at: string }), token: TOKEN_URL.exec(res.json().url)![2]! }
}

t.test('creating a link: roles, tenancy, body, and a finished verification', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const v = await create(b, service.key, { checks: ['document', 'face_match'] })

  for (const [label, key] of [
    ['the creating service key', service.key],
    ['the admin key', b.adminKey],
  ] as const) {
    const before = Date.now()
    const res = await b.call('POST', `/verifications/${v.id}/capture-link`, { key })
    t.equal(res.statusCode, 201, `${label}: 201`)
    t.same(specErrors('createCaptureLink', 201, res.json()), [], `${label}: body matches openapi.yaml`)
    const m = TOKEN_URL.exec(res.json().url)
    t.ok(m, `${label}: url is <PUBLIC_URL>/capture/<token>`)
    t.equal(m?.[1], b.config.publicUrl)
    const ttl = Date.parse(res.json().expires_at) - before
    t.ok(ttl > 3590_000 && ttl <= 3601_000, `${label}: valid for an hour by default (${ttl} ms)`)
  }
  const day = await b.call('POST', `/verifications/${v.id}/capture-link`, { key: service.key, body: { expires_in: 86400, allow_upload: true } })
  t.equal(day.statusCode, 201)
  t.ok(Date.parse(day.json().expires_at) - Date.now() > 86390_000, 'expires_in sets the validity')

  for (const role of ['readonly', 'auditor'] as const) {
    const { key } = await b.createKey('acme', role)
    const res = await b.call('POST', `/verifications/${v.id}/capture-link`, { key })
    t.equal(res.statusCode, 403, `${role}: 403`)
  }
  const other = await b.createKey('globex', 'service')
  t.equal((await b.call('POST', `/verifications/${v.id}/capture-link`, { key: other.key })).statusCode, 404, "another client's key: 404")
  t.equal((await b.call('POST', '/verifications/vry_00000000-0000-4000-8000-000000000000/capture-link', { key: service.key })).statusCode, 404)

  for (const [body, path] of [
    [{ expires_in: 59 }, /expires_in/],
    [{ expires_in: 86401 }, /expires_in/],
    [{ return_url: 'http://example.com/done' }, /return_url/],
    [{ return_url: 'ftp://example.com/done' }, /return_url/],
    [{ return_url: 'https://user:pw@example.com/' }, /return_url/],
    [{ return_url: '/done' }, /return_url/],
    [{ allow_upload: 'yes' }, /allow_upload/],
    [{ extra: 1 }, /.*/],
  ] as const) {
    const res = await b.call('POST', `/verifications/${v.id}/capture-link`, { key: service.key, body })
    expectValidationError(t, res, 'createCaptureLink', path)
  }
  for (const return_url of ['https://example.com/verified?x=1', 'http://127.0.0.1:8080/back', 'http://localhost/back', 'http://[::1]:9000/']) {
    const res = await b.call('POST', `/verifications/${v.id}/capture-link`, { key: service.key, body: { return_url } })
    t.equal(res.statusCode, 201, `${return_url} is accepted`)
  }

  for (const status of ['completed', 'failed'] as const) {
    const done = await create(b, service.key, { checks: ['document'] })
    await setStatus(b, done.id, status)
    const res = await b.call('POST', `/verifications/${done.id}/capture-link`, { key: service.key })
    t.equal(res.statusCode, 409, `${status}: 409`)
    t.same(specErrors('createCaptureLink', 409, res.json()), [])
  }
})

t.test("a link's token: its verification's capture and progress, nothing else", async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const v = await create(b, service.key, { checks: ['document'], applicant: { first_name: 'Anna' }, metadata: { crm: 'x-1' } })
  const sibling = await create(b, service.key, { checks: ['document'] })
  const { token } = await link(b, service.key, v.id)

  const progress = await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: token })
  t.equal(progress.statusCode, 200, 'the token reads its progress')
  t.same(specErrors('getCaptureProgress', 200, progress.json()), [])
  t.strictSame(progress.json(), { verification_id: v.id, status: 'pending', checks: ['document'], finished_checks: [], last_error: null })
  t.notMatch(progress.body, /Anna|crm|x-1/, 'nothing the client declared')
  const [row] = await b.app.db.select().from(captureLinks).where(eq(captureLinks.verificationId, v.id))
  t.ok(row?.firstUsedAt, 'the first use is recorded')
  t.equal(row?.tokenHash.includes(token), false, 'the token itself is not stored')

  const unknownKey = await b.call('GET', `/verifications/${v.id}`, { key: `ivs_${'x'.repeat(43)}` })
  for (const [method, url, body] of [
    ['GET', `/verifications/${v.id}`],
    ['GET', '/verifications'],
    ['POST', '/verifications', { checks: ['document'] }],
    ['POST', `/verifications/${v.id}/capture-link`],
    ['GET', `/verifications/${sibling.id}/capture-progress`],
    ['POST', `/verifications/${sibling.id}/selfie`, { image: photo('faces/selfie-collins.jpg') }],
    ['POST', `/verifications/${sibling.id}/active-liveness/challenge`],
    ['GET', '/admin/keys'],
    ['POST', '/admin/keys', { client_name: 'evil' }],
    ['PATCH', '/admin/webhook', { webhook_url: null }],
    ['GET', '/admin/webhooks/deliveries'],
    ['GET', '/admin'],
  ] as const) {
    const res = await b.call(method, url, { key: token, ...(body ? { body } : {}) })
    t.equal(res.statusCode, 401, `${method} ${url}: 401`)
    t.strictSame(res.json().error.code, unknownKey.json().error.code, 'answered as an unknown key')
    t.equal(res.json().error.message, unknownKey.json().error.message)
  }
  // Every operation that takes a key, other than the capture operations on this verification.
  const fill = (path: string, id: string) => path.replace('{id}', id).replace(/\{[^}]+\}/g, 'doc_00000000-0000-4000-8000-000000000000')
  for (const [operationId, op] of Object.entries(operations)) {
    if (op.permission === null) continue
    const targets = CAPTURE_OPERATIONS.has(operationId as OperationId) ? [sibling.id] : [v.id, sibling.id]
    for (const id of targets) {
      const res = await b.call(op.method, fill(op.path, id), { key: token, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }) })
      t.equal(res.statusCode, 401, `${operationId} on ${id === v.id ? 'its verification' : 'another verification'}: 401`)
    }
  }
  t.equal((await b.call('GET', '/healthz', { key: token })).statusCode, 200, 'public routes stay public')

  const upload = await b.call('POST', `/verifications/${v.id}/documents`, {
    key: token,
    body: { document_type: 'passport', front_image: photo('documents/passport-td3-clean.jpg'), mrz: mrzOf('passport-td3-clean.jpg') },
  })
  t.equal(upload.statusCode, 201, 'the token uploads to its verification')
  const after = await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: token })
  t.match(after.json(), { status: 'completed', finished_checks: ['document'] }, 'the progress follows, also once finished')
  t.notMatch(after.body, /ANNA|MARIA|passed|mrz/i, 'no result and no holder data in the progress')
  const read = (await b.call('GET', `/verifications/${v.id}`, { key: service.key })).json()
  t.equal(read.status, 'completed', 'the verification completes as through the API')
  t.equal(read.redirect_url, '', 'redirect_url stays ""')
  const again = await b.call('POST', `/verifications/${v.id}/selfie`, { key: token, body: { image: photo('faces/selfie-collins.jpg') } })
  t.equal(again.statusCode, 409, 'no capture once the verification has finished')

  const keyProgress = await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: service.key })
  t.equal(keyProgress.statusCode, 200, 'a key that reads the verification reads its progress')
  const other = await b.createKey('globex', 'readonly')
  t.equal((await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: other.key })).statusCode, 404, "another client's key: 404")
})

t.test("an upload through a link does not answer the identity check, which compares with what the client declared", async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const v = await create(b, service.key, { checks: ['identity', 'face_match'], applicant: { last_name: 'Mueller', date_of_birth: '1985-03-14' } })
  const { token } = await link(b, service.key, v.id)
  const upload = await b.call('POST', `/verifications/${v.id}/documents`, {
    key: token,
    body: { document_type: 'passport', front_image: photo('documents/passport-td3-clean.jpg'), mrz: mrzOf('passport-td3-clean.jpg') },
  })
  t.equal(upload.statusCode, 201)
  t.same(specErrors('uploadDocument', 201, upload.json()), [])
  t.same(upload.json().checks_results, {}, 'no identity result: matches would tell the declared date of birth a guess at a time')
  t.notMatch(upload.body, /1985|matches/)
  const read = (await b.call('GET', `/verifications/${v.id}`, { key: service.key })).json()
  t.match(read.checks_results.identity, { passed: true, details: { matches: { last_name: true, date_of_birth: true } } }, 'the client reads it')
  const byKey = await b.call('POST', `/verifications/${v.id}/documents`, {
    key: service.key,
    body: { document_type: 'passport', front_image: photo('documents/passport-td3-clean.jpg'), mrz: mrzOf('passport-td3-clean.jpg') },
  })
  t.match(byKey.json().checks_results.identity, { passed: true }, "and a key's upload answers it")
})

t.test('a new link replaces the old one; an expired link stops working', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const v = await create(b, service.key, { checks: ['liveness'] })
  const first = await link(b, service.key, v.id)
  const second = await link(b, service.key, v.id)
  t.equal((await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: first.token })).statusCode, 401, 'the first link is revoked')
  t.equal((await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: second.token })).statusCode, 200, 'the second works')
  const challenge = await b.call('POST', `/verifications/${v.id}/active-liveness/challenge`, { key: second.token })
  t.equal(challenge.statusCode, 201, 'the token takes a challenge')

  await b.app.db.update(captureLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(captureLinks.verificationId, v.id))
  t.equal((await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: second.token })).statusCode, 401, 'expired: 401')
  t.equal((await b.call('POST', `/verifications/${v.id}/active-liveness/challenge`, { key: second.token })).statusCode, 401)

  // A key revoked (leaked, say): the links it made stop with it, the page as well.
  const leaked = await b.createKey('acme', 'service')
  const w = await create(b, leaked.key, { checks: ['liveness'] })
  const made = await link(b, leaked.key, w.id)
  t.equal((await b.call('GET', `/verifications/${w.id}/capture-progress`, { key: made.token })).statusCode, 200)
  t.equal((await b.call('DELETE', `/admin/keys/${leaked.id}`, { key: b.adminKey })).statusCode, 200)
  t.equal((await b.call('GET', `/verifications/${w.id}/capture-progress`, { key: made.token })).statusCode, 401, "a revoked key's link: 401")
  t.equal((await b.call('POST', `/verifications/${w.id}/active-liveness/challenge`, { key: made.token })).statusCode, 401)
  t.equal((await b.app.inject({ method: 'GET', url: `/capture/${made.token}` })).statusCode, 404, 'and its page is gone')
  t.equal((await b.call('GET', `/verifications/${w.id}`, { key: service.key })).statusCode, 200, 'the verification stays, for its client')
})

t.test('requests made with a token are rate-limited per token', async (t) => {
  const b = await build(t, { rateLimitPerSecond: 3 })
  const service = await b.createKey('acme', 'service')
  const v = await create(b, service.key, { checks: ['document'] })
  const { token } = await link(b, service.key, v.id)
  const statuses = await Promise.all(Array.from({ length: 8 }, () => b.call('GET', `/verifications/${v.id}/capture-progress`, { key: token })))
  t.ok(statuses.some((r) => r.statusCode === 429), 'past the limit: 429')
  t.ok(statuses.some((r) => r.statusCode === 200))
  t.equal((await b.call('GET', `/verifications/${v.id}`, { key: service.key })).statusCode, 200, "the client's key keeps its own budget")
})
