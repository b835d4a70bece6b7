// A revoked key is refused on its very next request: every way such a request can end (found, not
// found, an empty page, a validation error, a replay, a forbidden action) answers 401 once the key is
// revoked, on this instance and on another one sharing the database, and nothing is created for it.
import Fastify from 'fastify'
import { sql } from 'drizzle-orm'
import t, { type Test } from 'tap'
import app, { serverOptions } from '../src/app.js'
import { build, type Built } from './helpers/build.js'
import { serverUrl } from './helpers/database.js'
import { specErrors } from './helpers/spec.js'

const BODY = { checks: ['document'], client_reference: 'rev-1' }

interface Attempt {
  label: string
  operation: 'createVerification' | 'listVerifications' | 'getVerification'
  method: 'GET' | 'POST'
  url: string
  body?: unknown
  headers?: Record<string, string>
  /** What the same request answers while the key is active. */
  before: number
}

function attempts(id: string): Attempt[] {
  return [
    { label: 'read a verification', operation: 'getVerification', method: 'GET', url: `/verifications/${id}`, before: 200 },
    { label: 'read an unknown verification', operation: 'getVerification', method: 'GET', url: '/verifications/vry_unknown', before: 404 },
    { label: 'read with a malformed id', operation: 'getVerification', method: 'GET', url: `/verifications/${'x'.repeat(101)}`, before: 404 },
    { label: 'list', operation: 'listVerifications', method: 'GET', url: '/verifications?limit=5', before: 200 },
    { label: 'list past the end', operation: 'listVerifications', method: 'GET', url: '/verifications?offset=1000', before: 200 },
    { label: 'list with a bad query', operation: 'listVerifications', method: 'GET', url: '/verifications?limit=0', before: 400 },
    { label: 'create', operation: 'createVerification', method: 'POST', url: '/verifications', body: BODY, before: 201 },
    {
      label: 'create with an Idempotency-Key already used',
      operation: 'createVerification',
      method: 'POST',
      url: '/verifications',
      body: BODY,
      headers: { 'idempotency-key': 'rev-idem-1' },
      before: 201,
    },
    { label: 'create with an invalid body', operation: 'createVerification', method: 'POST', url: '/verifications', body: { checks: ['palm'] }, before: 400 },
    {
      label: 'create with invalid metadata',
      operation: 'createVerification',
      method: 'POST',
      url: '/verifications',
      body: { checks: ['document'], metadata: { ['k'.repeat(41)]: 'v' } },
      before: 400,
    },
  ]
}

async function send(b: Built, key: string, a: Attempt) {
  return b.call(a.method, a.url, { key, ...(a.body !== undefined ? { body: a.body } : {}), ...(a.headers ? { headers: a.headers } : {}) })
}

async function countVerifications(b: Built, adminKey: string): Promise<number> {
  return Number((await b.call('GET', '/verifications?limit=1', { key: adminKey })).headers['x-total-count'])
}

/** Every attempt answers as it should before the revoke (which also puts the key in memory), 401 after. */
async function checkRevocation(t: Test, before: Built, after: Built, revoke: () => Promise<void>) {
  const { key } = await before.createKey('acme', 'service')
  const readonly = await before.createKey('acme', 'readonly')
  const created = await before.call('POST', '/verifications', { key, body: BODY })
  t.equal(created.statusCode, 201)
  const id = (created.json() as { id: string }).id
  for (const b of new Set([before, after])) {
    for (const a of attempts(id)) t.equal((await send(b, key, a)).statusCode, a.before, `active key: ${a.label}`)
    t.equal((await b.call('GET', '/verifications', { key: readonly.key })).statusCode, 200, 'active read-only key: list')
    t.equal((await b.call('POST', '/verifications', { key: readonly.key, body: BODY })).statusCode, 403, 'active read-only key: create is forbidden')
  }
  const total = await countVerifications(after, before.adminKey)

  await revoke()

  for (const a of attempts(id)) {
    const res = await send(after, key, a)
    t.equal(res.statusCode, 401, `revoked key: ${a.label}`)
    t.equal(res.headers['www-authenticate'], 'Bearer realm="identity-verification"')
    t.same(specErrors(a.operation, 401, res.json()), [], 'the contract’s 401 body')
  }
  t.equal((await after.call('POST', '/verifications', { key: readonly.key, body: BODY })).statusCode, 401, 'revoked read-only key: 401 before 403')
  t.equal((await after.call('GET', '/verifications', { key: readonly.key })).statusCode, 401, 'revoked read-only key: list')
  t.equal(await countVerifications(after, before.adminKey), total, 'nothing was created for a revoked key')
}

async function revokeAll(b: Built) {
  const keys = (await b.call('GET', '/admin/keys', { key: b.adminKey })).json() as Array<{ id: string; client_name: string }>
  for (const k of keys.filter((k) => k.client_name === 'acme')) {
    t.equal((await b.call('DELETE', `/admin/keys/${k.id}`, { key: b.adminKey })).statusCode, 200)
  }
}

t.test('one instance: a revoked key is refused on its very next request, however that request would end', async (t) => {
  const b = await build(t)
  await checkRevocation(t, b, b, () => revokeAll(b))
})

t.test('one instance, the revoke written by another one: this instance still refuses the key', async (t) => {
  const b = await build(t)
  // What another instance's DELETE /admin/keys/{id} writes.
  await checkRevocation(t, b, b, () => b.app.db.execute(sql`update api_keys set revoked_at = now() where client_name = 'acme'`).then(() => {}))
})

t.test(
  'two instances on one PostgreSQL: a revoke on one holds on the very next request to the other',
  { skip: !serverUrl() && 'DATABASE_URL is not set: run with a PostgreSQL server to test it' },
  async (t) => {
    const a = await build(t)
    const server = Fastify(serverOptions(a.config))
    await server.register(app, { config: a.config })
    await server.ready()
    t.teardown(() => server.close())
    const other: Built = {
      ...a,
      app: server,
      call: (method, url, opts = {}) =>
        server.inject({
          method,
          url,
          headers: { ...opts.headers, ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}) },
          ...(opts.body !== undefined ? { payload: opts.body as never } : {}),
        }),
    }
    await checkRevocation(t, a, other, () => revokeAll(a))
  },
)
