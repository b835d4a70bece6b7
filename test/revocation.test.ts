// A revoked key is refused on its very next request, although the busiest routes (create, list and
// read verifications) take a known key's identity from memory and read its revocation in their own
// SQL statement: every way such a request can end (found, not found, an empty page, a validation
// error, a replay, a forbidden action) answers 401 once the key is revoked, on this instance and on
// another one sharing the database, and nothing is created for it.
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
    { label: 'read with a malformed id', operation: 'getVerification', method: 'GET', url: `/verifications/${'x'.repeat(101)}`, before: 400 },
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

t.test('one instance, the revoke written by another one: this instance never hears of it, and still refuses the key', async (t) => {
  const b = await build(t)
  // What another instance's DELETE /admin/keys/{id} writes; this one's memory is not told.
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

t.test('reads that arrive together share a statement, and each still gets its own answer', async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const globex = await b.createKey('globex', 'service')
  const gone = await b.createKey('acme', 'readonly')
  const create = async (key: string) => ((await b.call('POST', '/verifications', { key, body: BODY })).json() as { id: string }).id
  const [a, g] = [await create(acme.key), await create(globex.key)]
  t.equal((await b.call('GET', `/verifications/${a}`, { key: gone.key })).statusCode, 200, 'the read-only key is known to this instance')
  await b.app.db.execute(sql`update api_keys set revoked_at = now() where id = ${gone.id}`)

  const cases: Array<[key: string, id: string, status: number]> = [
    [acme.key, a, 200],
    [acme.key, g, 404],
    [globex.key, g, 200],
    [globex.key, a, 404],
    [b.adminKey, a, 200],
    [b.adminKey, g, 200],
    [gone.key, a, 401],
    [gone.key, 'vry_unknown', 401],
    [acme.key, 'vry_unknown', 404],
  ]
  const all = [...cases, ...cases.slice().reverse(), ...cases]
  const answers = await Promise.all(all.map(([key, id]) => b.call('GET', `/verifications/${id}`, { key })))
  answers.forEach((res, i) => {
    const [, id, status] = all[i]!
    t.equal(res.statusCode, status, `request ${i}: ${status}`)
    if (status === 200) t.equal((res.json() as { id: string }).id, id, `request ${i}: its own verification`)
  })
})

t.test('creations that arrive together share a statement, and each gets its own verification', async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const globex = await b.createKey('globex', 'service')
  const gone = await b.createKey('acme', 'service')
  t.equal((await b.call('GET', '/verifications', { key: gone.key })).statusCode, 200, 'the key to revoke is known to this instance')
  const total = await countVerifications(b, b.adminKey)
  await b.app.db.execute(sql`update api_keys set revoked_at = now() where id = ${gone.id}`)

  const bodies = Array.from({ length: 12 }, (_, i) => ({
    checks: i % 2 ? ['identity', 'document'] : ['face_match'],
    client_reference: i % 3 ? `ref-"${i}"\\{x}` : undefined,
    metadata: { n: String(i), 'quote"key': 'a,b' },
    ...(i % 4 === 0 ? { applicant: { first_name: `Ann ${i}`, last_name: 'O"Neil' } } : {}),
  }))
  const keys = [acme.key, globex.key, gone.key]
  const answers = await Promise.all(bodies.map((body, i) => b.call('POST', '/verifications', { key: keys[i % 3]!, body })))
  for (const [i, res] of answers.entries()) {
    if (keys[i % 3] === gone.key) {
      t.equal(res.statusCode, 401, `request ${i}: revoked key`)
      continue
    }
    t.equal(res.statusCode, 201, `request ${i}: created`)
    const created = res.json() as { id: string; checks: string[]; client_reference: string | null; metadata: Record<string, string> }
    t.same([created.checks, created.client_reference, created.metadata], [bodies[i]!.checks, bodies[i]!.client_reference ?? null, bodies[i]!.metadata], `request ${i}: its own body`)
    const read = await b.call('GET', `/verifications/${created.id}`, { key: keys[i % 3]! })
    t.same(read.json(), created, `request ${i}: stored as answered, for its own client`)
    const other = keys[i % 3] === acme.key ? globex.key : acme.key
    t.equal((await b.call('GET', `/verifications/${created.id}`, { key: other })).statusCode, 404, `request ${i}: not the other client's`)
  }
  t.equal(await countVerifications(b, b.adminKey), total + 8, 'eight created, none for the revoked key')
})

t.test('lists asked for together share a statement, and each gets its own page and total', async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const globex = await b.createKey('globex', 'readonly')
  const globexWriter = await b.createKey('globex', 'service')
  const gone = await b.createKey('acme', 'readonly')
  const made: Record<string, string[]> = { acme: [], globex: [] }
  for (let i = 0; i < 5; i++) made.acme!.unshift(((await b.call('POST', '/verifications', { key: acme.key, body: BODY })).json() as { id: string }).id)
  for (let i = 0; i < 3; i++) made.globex!.unshift(((await b.call('POST', '/verifications', { key: globexWriter.key, body: BODY })).json() as { id: string }).id)
  t.equal((await b.call('GET', '/verifications', { key: gone.key })).statusCode, 200, 'the key to revoke is known to this instance')
  await b.app.db.execute(sql`update api_keys set revoked_at = now() where id = ${gone.id}`)
  const all = ((await b.call('GET', '/verifications?limit=100', { key: b.adminKey })).json() as Array<{ id: string }>).map((v) => v.id)

  const cases: Array<[key: string, query: string, status: number, ids: string[], total?: number]> = [
    [acme.key, 'limit=2', 200, made.acme!.slice(0, 2), 5],
    [acme.key, 'limit=2&offset=2', 200, made.acme!.slice(2, 4), 5],
    [acme.key, 'limit=2&offset=4', 200, made.acme!.slice(4), 5],
    [acme.key, 'offset=10', 200, [], 5],
    [globex.key, 'limit=20', 200, made.globex!, 3],
    [globex.key, 'status=pending&limit=1', 200, made.globex!.slice(0, 1), 3],
    [globex.key, 'status=completed', 200, [], 0],
    [b.adminKey, 'limit=3', 200, all.slice(0, 3), all.length],
    [b.adminKey, 'limit=3&offset=3', 200, all.slice(3, 6), all.length],
    [gone.key, 'limit=2', 401, []],
    [gone.key, 'offset=50', 401, []],
  ]
  const asked = [...cases, ...cases.slice().reverse()]
  const answers = await Promise.all(asked.map(([key, query]) => b.call('GET', `/verifications?${query}`, { key })))
  answers.forEach((res, i) => {
    const [, query, status, ids, total] = asked[i]!
    t.equal(res.statusCode, status, `${query}: ${status}`)
    if (status !== 200) return
    t.same((res.json() as Array<{ id: string }>).map((v) => v.id), ids, `${query}: its own page`)
    t.equal(res.headers['x-total-count'], String(total), `${query}: its own total`)
  })
})
