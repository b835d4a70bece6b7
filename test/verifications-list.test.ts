// GET /verifications: order, pagination, X-Total-Count, the status filter, tenancy, query validation.
import t from 'tap'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { type Verification, type Summary, ISO_MS, json, newestFirst, create, setStatus, expectValidationError } from './helpers/verifications.js'

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
      clientReference: null,
      checks: ['document'],
      applicant: null,
      metadata: {},
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
    // Whole numbers only as decimal digits: JavaScript's other spellings of 16 and 10 are not limits.
    [{ limit: '0x10' }, /limit/],
    [{ limit: '1e1' }, /limit/],
    [{ limit: '10.0' }, /limit/],
    [{ limit: ' 10' }, /limit/],
    [{ offset: '0b1' }, /offset/],
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
