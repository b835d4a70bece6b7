// POST /admin/keys and GET /admin/keys: the created key and its secret, validation, a new key's
// permissions, and the listing (order, no secrets, no revoked keys).
import t from 'tap'
import { hashApiKey } from '../src/domain/api-key-secret.js'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { type ApiKey, type ApiKeyCreated, type ErrorBody, KEY_ID, SECRET, ISO_MS, json, createKey, listKeys } from './helpers/admin-keys.js'

t.test('POST /admin/keys creates a key and shows its secret once', async (t) => {
  const b = await build(t)
  const before = Date.now()
  const res = await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: 'acme-onboarding', role: 'readonly' } })
  const after = Date.now()
  t.equal(res.statusCode, 201)
  t.same(specErrors('createApiKey', 201, res.json()), [], 'body matches openapi.yaml')
  const k = json<ApiKeyCreated>(res)
  t.match(k.id, KEY_ID, 'id is key_<uuid>')
  t.equal(k.client_name, 'acme-onboarding')
  t.equal(k.role, 'readonly')
  t.match(k.key, SECRET, 'secret is ivs_ + 43 base64url characters')
  t.match(k.created_at, ISO_MS)
  const created = Date.parse(k.created_at)
  t.ok(created >= before - 1000 && created <= after + 1000, 'created_at is now')
  t.ok(res.headers['x-request-id'], 'X-Request-Id')

  const listed = (await listKeys(b)).find((x) => x.id === k.id)
  t.strictSame(listed, { id: k.id, client_name: 'acme-onboarding', role: 'readonly', created_at: k.created_at }, 'listed as created, without the secret')

  const other = await createKey(b, { client_name: 'acme-onboarding', role: 'readonly' })
  t.not(other.id, k.id, 'each key gets its own id')
  t.not(other.key, k.key, 'each key gets its own secret')
})

t.test('POST /admin/keys: role defaults to service, client_name is trimmed', async (t) => {
  const b = await build(t)
  const res = await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: 'acme' } })
  t.equal(res.statusCode, 201)
  t.same(specErrors('createApiKey', 201, res.json()), [])
  t.equal(json<ApiKeyCreated>(res).role, 'service', 'no role → service')

  const trimmed = await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: '  acme  \t', role: 'service' } })
  t.equal(trimmed.statusCode, 201)
  t.same(specErrors('createApiKey', 201, trimmed.json()), [])
  t.equal(json<ApiKeyCreated>(trimmed).client_name, 'acme', 'client_name is trimmed')
  const listed = (await listKeys(b)).find((x) => x.id === json<ApiKeyCreated>(trimmed).id)
  t.equal(listed?.client_name, 'acme', 'stored trimmed')
  // 1 to 200 characters after trimming: spaces around a name of 200 are no 201st.
  const longest = await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: ` ${'x'.repeat(200)} ` } })
  t.equal(longest.statusCode, 201, longest.body)
  t.equal(json<ApiKeyCreated>(longest).client_name, 'x'.repeat(200))
  t.equal((await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: 'x'.repeat(201) } })).statusCode, 400, '201 characters are too many')

  // Trimmed names identify the same client: both keys share verifications.
  const a = json<ApiKeyCreated>(res)
  const v = await b.call('POST', '/verifications', { key: a.key, body: { checks: ['document'] } })
  t.equal(v.statusCode, 201)
  const seen = await b.call('GET', `/verifications/${(v.json() as { id: string }).id}`, { key: json<ApiKeyCreated>(trimmed).key })
  t.equal(seen.statusCode, 200, 'a key made with " acme " belongs to client "acme"')

  const long = await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: 'n'.repeat(200) } })
  t.equal(long.statusCode, 201, '200 characters are allowed')
  t.same(specErrors('createApiKey', 201, long.json()), [])
  t.equal(json<ApiKeyCreated>(long).client_name, 'n'.repeat(200))
  const unicode = await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: 'Société Générale — 東京' } })
  t.equal(unicode.statusCode, 201)
  t.equal(json<ApiKeyCreated>(unicode).client_name, 'Société Générale — 東京', 'unicode kept as sent')

  for (const role of ['admin', 'service', 'readonly', 'auditor']) {
    const r = await b.call('POST', '/admin/keys', { key: b.adminKey, body: { client_name: `c-${role}`, role } })
    t.equal(r.statusCode, 201, `role ${role}`)
    t.same(specErrors('createApiKey', 201, r.json()), [])
    t.equal(json<ApiKeyCreated>(r).role, role)
  }
})

t.test('POST /admin/keys: invalid bodies are 400 validation_error', async (t) => {
  const b = await build(t)
  const before = await listKeys(b)
  const cases: Array<[string, unknown, RegExp]> = [
    ['blank client_name', { client_name: '   ' }, /^\/client_name$/],
    ['empty client_name', { client_name: '' }, /^\/client_name$/],
    ['client_name of 201 characters', { client_name: 'n'.repeat(201) }, /^\/client_name$/],
    ['client_name as a number (no coercion)', { client_name: 42 }, /^\/client_name$/],
    ['missing client_name', { role: 'service' }, /^\/client_name$/],
    ['unknown role', { client_name: 'acme', role: 'superuser' }, /^\/role$/],
    ['role in another case', { client_name: 'acme', role: 'Admin' }, /^\/role$/],
    ['role null', { client_name: 'acme', role: null }, /^\/role$/],
    ['unknown field', { client_name: 'acme', key: `ivs_${'a'.repeat(43)}` }, /^\/key$/],
    ['unknown field (id)', { client_name: 'acme', id: 'key_mine' }, /^\/id$/],
  ]
  for (const [label, body, path] of cases) {
    await t.test(label, async (t) => {
      const res = await b.call('POST', '/admin/keys', { key: b.adminKey, body })
      t.equal(res.statusCode, 400)
      const err = json<ErrorBody>(res)
      t.equal(err.error.code, 'validation_error')
      t.ok(Array.isArray(err.error.details) && err.error.details.length > 0, 'details present')
      t.ok(err.error.details?.some((d) => path.test(d.path)), `a detail points at ${path} (got ${JSON.stringify(err.error.details)})`)
      t.same(specErrors('createApiKey', 400, err), [], '400 body matches openapi.yaml')
    })
  }
  await t.test('malformed JSON', async (t) => {
    const res = await b.call('POST', '/admin/keys', { key: b.adminKey, body: '{"client_name":', headers: { 'content-type': 'application/json' } })
    t.equal(res.statusCode, 400)
    t.equal(json<ErrorBody>(res).error.code, 'validation_error')
    t.same(specErrors('createApiKey', 400, res.json()), [])
  })
  t.strictSame(await listKeys(b), before, 'no invalid request created a key')
})

t.test('a new key works at once, with its role’s permissions', async (t) => {
  const b = await build(t)
  const service = await createKey(b, { client_name: 'acme', role: 'service' })
  const readonly = await createKey(b, { client_name: 'acme', role: 'readonly' })
  const auditor = await createKey(b, { client_name: 'audit', role: 'auditor' })
  const admin = await createKey(b, { client_name: 'ops', role: 'admin' })
  const defaulted = await createKey(b, { client_name: 'acme' })

  const status = async (key: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    (await b.call(method, url, { key, body })).statusCode

  t.equal(await status(service.key, 'POST', '/verifications', { checks: ['document'] }), 201, 'service creates verifications')
  t.equal(await status(service.key, 'GET', '/admin/keys'), 403, 'service cannot list keys')
  t.equal(await status(defaulted.key, 'POST', '/verifications', { checks: ['document'] }), 201, 'a key without a role acts as service')
  t.equal(await status(defaulted.key, 'GET', '/admin/keys'), 403, 'a key without a role is not an admin')
  t.equal(await status(readonly.key, 'GET', '/verifications'), 200, 'readonly lists verifications')
  t.equal(await status(readonly.key, 'POST', '/verifications', { checks: ['document'] }), 403, 'readonly cannot create')
  t.equal(await status(auditor.key, 'GET', '/admin/keys'), 200, 'auditor lists keys')
  t.equal(await status(auditor.key, 'POST', '/admin/keys', { client_name: 'x' }), 403, 'auditor cannot create keys')
  const made = await b.call('POST', '/admin/keys', { key: admin.key, body: { client_name: 'made-by-new-admin', role: 'readonly' } })
  t.equal(made.statusCode, 201, 'a new admin key creates keys')
  t.same(specErrors('createApiKey', 201, made.json()), [])
  t.equal(await status(json<ApiKeyCreated>(made).key, 'GET', '/verifications'), 200, 'and the key it made works too')
})

t.test('GET /admin/keys: order, shape, no secrets', async (t) => {
  const b = await build(t)
  const created: ApiKeyCreated[] = []
  for (let i = 0; i < 6; i++) created.push(await createKey(b, { client_name: `client-${i % 3}`, role: i % 2 ? 'readonly' : 'service' }))
  const auditor = await createKey(b, { client_name: 'audit', role: 'auditor' })
  created.push(auditor)

  for (const [label, key] of [['admin', b.adminKey], ['auditor', auditor.key]] as const) {
    const res = await b.call('GET', '/admin/keys', { key })
    t.equal(res.statusCode, 200, `${label} lists keys`)
    t.same(specErrors('listApiKeys', 200, res.json()), [], `${label}: body matches openapi.yaml`)
    const keys = json<ApiKey[]>(res)
    t.ok(Array.isArray(keys), 'a bare JSON array')
    t.equal(keys.length, created.length + 1, 'every active key, of every client, plus the start-up admin')
    t.strictSame(keys[0] && { client_name: keys[0].client_name, role: keys[0].role }, { client_name: 'admin', role: 'admin' }, 'the start-up admin key is the oldest')
    const sorted = [...keys].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    t.strictSame(keys.map((k) => k.id), sorted.map((k) => k.id), 'created_at ascending, then id')
    t.strictSame(keys.slice(1).map((k) => k.id), created.map((k) => k.id), 'in creation order')
    for (const k of keys) {
      t.strictSame(Object.keys(k).sort(), ['client_name', 'created_at', 'id', 'role'], `${k.id}: only id, client_name, role, created_at`)
      t.match(k.created_at, ISO_MS)
    }
    for (const c of created) {
      t.notOk(res.body.includes(c.key), 'no secret in the listing')
      t.notOk(res.body.includes(hashApiKey(c.key)), 'no secret hash in the listing')
    }
    t.notOk(res.body.includes(b.adminKey), 'not even the admin secret')
    t.notOk(res.body.includes(hashApiKey(b.adminKey)), 'nor its hash')
    t.notMatch(res.body, /ivs_|key_hash|keyHash|revoked|webhook_secret/, 'no secret-bearing field at all')
  }
})

t.test('GET /admin/keys: keys created in the same millisecond are ordered by id', async (t) => {
  const b = await build(t)
  const at = new Date('2000-01-01T00:00:00.000Z')
  const ids = [
    'key_cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    'key_aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    'key_bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  ]
  for (const id of ids) {
    await b.app.apiKeysRepository.insert({ id, clientName: 'tie', role: 'readonly', keyHash: hashApiKey(`ivs_${id.slice(4, 47).padEnd(43, 'x')}`), createdAt: at })
  }
  const keys = await listKeys(b)
  t.strictSame(
    keys.filter((k) => k.client_name === 'tie').map((k) => k.id),
    [ids[1], ids[2], ids[0]],
    'equal created_at broken by id ascending',
  )
  t.equal(keys[0]!.client_name, 'tie', 'older keys come before the start-up admin')
})
