// Lists asked for together share statements (db/batched.ts, at most 8 lists a statement): each
// answer, page and X-Total-Count, is the one the same request gets on its own, whatever it was
// batched with (other clients, other limits, offsets and status filters, the admin's list of all).
import t from 'tap'
import { sql } from 'drizzle-orm'
import { build } from './helpers/build.js'

t.test('lists asked for together each get their own page and total', async (t) => {
  const { app, call, createKey, adminKey } = await build(t)
  const acme = await createKey('acme', 'service')
  const other = await createKey('other', 'readonly')
  for (const [key, client, n] of [[acme.id, 'acme', 250], [other.id, 'other', 120]] as const) {
    await app.db.execute(sql`insert into verifications (id, client_name, created_by_key_id, status, checks, created_at, expires_at)
      select ${`vry_${client}_`} || g, ${client}, ${key}, (array['pending', 'completed', 'failed'])[g % 3 + 1]::verification_status,
        '{document}', now() - g * interval '1 second', now() + interval '7 days'
      from generate_series(1, ${n}::int) g`)
  }
  const requests: Array<[string, string]> = []
  for (const key of [acme.key, other.key, adminKey]) {
    for (const query of ['', '?limit=100', '?limit=20&offset=20', '?limit=7&offset=113', '?status=completed&limit=50', '?status=failed&limit=100&offset=10', '?limit=1&offset=300']) {
      requests.push([key, `/verifications${query}`])
    }
  }
  const alone: Array<Awaited<ReturnType<typeof call>>> = []
  for (const [key, url] of requests) alone.push(await call('GET', url, { key }))
  for (const res of alone) t.equal(res.statusCode, 200)
  t.equal(alone[0]!.json().length, 20, 'the default page of 20')
  t.equal(alone[1]!.headers['x-total-count'], '250')
  t.equal(alone[8]!.headers['x-total-count'], '120')
  t.equal(alone[15]!.headers['x-total-count'], String(250 + 120 + 0), 'the admin lists every client')
  for (let round = 0; round < 3; round++) {
    const together = await Promise.all([...requests, ...requests].map(([key, url]) => call('GET', url, { key })))
    together.forEach((res, i) => {
      const [, url] = requests[i % requests.length]!
      const own = alone[i % requests.length]!
      t.equal(res.statusCode, 200, url)
      t.equal(res.body, own.body, `${url}: the page it gets alone`)
      t.equal(res.headers['x-total-count'], own.headers['x-total-count'], `${url}: the total it gets alone`)
    })
  }
})
