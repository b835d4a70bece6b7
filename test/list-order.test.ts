// Lists read their page from an index in the order the API gives it (newest first), instead of
// sorting every row of the client: the ORDER BY that descending() writes is the one the indexes keep.
import t from 'tap'
import { eq, sql, type SQL } from 'drizzle-orm'
import { descending } from '../src/db/order.js'
import { verifications } from '../src/db/schema.js'
import { build } from './helpers/build.js'

t.test('the list pages of verifications come from an index, not a sort', async (t) => {
  const { app, createKey } = await build(t)
  const acme = await createKey('acme', 'service')
  const other = await createKey('other', 'service')
  for (const [key, client, n] of [[acme.id, 'acme', 3000], [other.id, 'other', 300]] as const) {
    await app.db.execute(sql`insert into verifications (id, client_name, created_by_key_id, checks, created_at, expires_at)
      select ${`vry_${client}_`} || g, ${client}, ${key}, '{document}', now() - g * interval '1 second', now() + interval '7 days'
      from generate_series(1, ${n}::int) g`)
  }
  await app.db.execute(sql`analyze verifications`)

  const plan = async (query: { getSQL(): SQL }): Promise<string> => {
    const rows = (await app.db.execute(sql`explain ${query.getSQL()}`)) as unknown as Array<Record<string, string>> | { rows: Array<Record<string, string>> }
    return (Array.isArray(rows) ? rows : rows.rows).map((r) => r['QUERY PLAN']).join('\n')
  }
  const newestFirst = [descending(verifications.createdAt), descending(verifications.id)]

  const scoped = await plan(app.db.select().from(verifications).where(eq(verifications.clientName, 'acme')).orderBy(...newestFirst).limit(20).offset(40))
  t.match(scoped, /Index Scan using verifications_client_created_idx/, scoped)
  t.notMatch(scoped, /Sort/, scoped)

  const all = await plan(app.db.select().from(verifications).orderBy(...newestFirst).limit(20))
  t.match(all, /Index Scan using verifications_created_idx/, all)
  t.notMatch(all, /Sort/, all)

  // The API's order: newest first, then by id.
  const res = await app.inject({ method: 'GET', url: '/verifications?limit=3&offset=1', headers: { authorization: `Bearer ${acme.key}` } })
  t.equal(res.statusCode, 200)
  t.same((res.json() as Array<{ id: string }>).map((v) => v.id), ['vry_acme_2', 'vry_acme_3', 'vry_acme_4'])
  t.equal(res.headers['x-total-count'], '3000')
})
