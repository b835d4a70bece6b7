// drizzle/0006_verification_counts.sql: the counts behind X-Total-Count start from the rows already
// there and follow every insert, update, delete and truncate of verifications; on PostgreSQL, writers
// for the same clients at once neither deadlock nor lose a count.
import t, { type Test } from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { connect, createEmptyTestDatabase, serverUrl } from './helpers/database.js'

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle')
const migrations = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort()
const statements = (file: string) =>
  readFileSync(path.join(migrationsDir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean)

interface Sql {
  run(text: string): Promise<Array<Record<string, unknown>>>
}

let next = 0
/** A multi-row insert of `statuses` for `client`. */
const insert = (client: string, ...statuses: string[]) =>
  `insert into verifications (id, client_name, created_by_key_id, status, checks, expires_at) values ${statuses
    .map((s) => `('vry_${client}_${next++}', '${client}', 'key_${client}', '${s}', '{document}', '2100-01-01')`)
    .join(', ')}`

/** What the triggers keep, and what counting the rows gives, per client and status. */
async function compare(t: Test, db: Sql, what: string) {
  const kept = await db.run(`select client_name, status::text, sum(n)::int as n from verification_counts group by 1, 2 having sum(n) <> 0 order by 1, 2`)
  const counted = await db.run(`select client_name, status::text, count(*)::int as n from verifications group by 1, 2 order by 1, 2`)
  t.same(kept, counted, what)
}

async function check(t: Test, db: Sql) {
  for (const f of migrations.filter((f) => f < '0006')) for (const s of statements(f)) await db.run(s)
  for (const c of ['acme', 'globex']) await db.run(`insert into api_keys (id, client_name, role, key_hash) values ('key_${c}', '${c}', 'service', 'h_${c}')`)
  await db.run(insert('acme', 'pending', 'pending', 'completed', 'failed'))
  await db.run(insert('globex', 'completed'))
  for (const f of migrations.filter((f) => f >= '0006')) for (const s of statements(f)) await db.run(s)
  await compare(t, db, 'the rows already there are counted')

  await db.run(insert('globex', 'pending', 'pending', 'failed'))
  await compare(t, db, 'an insert of several rows')
  await db.run(`update verifications set status = 'completed' where client_name = 'acme' and status = 'pending'`)
  await compare(t, db, 'an update of statuses')
  const before = await db.run(`select * from verification_counts order by 1, 2, 3`)
  await db.run(`update verifications set metadata = '{"k": 1}'::jsonb, checks_results = '{}'::jsonb`)
  t.same(await db.run(`select * from verification_counts order by 1, 2, 3`), before, 'an update of neither client nor status changes nothing')
  await db.run(`update verifications set status = case when status = 'failed' then 'pending'::verification_status else 'failed'::verification_status end where client_name = 'globex'`)
  await compare(t, db, 'statuses swapped both ways in one statement')
  await db.run(`delete from verifications where client_name = 'acme' and status = 'completed'`)
  await compare(t, db, 'a delete')
  await db.run(`truncate verifications cascade`)
  t.same(await db.run(`select * from verification_counts`), [], 'a truncate empties the counts')
  await db.run(insert('acme', 'pending'))
  await compare(t, db, 'counting again after a truncate')
}

t.test('PGlite', async (t) => {
  const pg = new PGlite()
  t.teardown(() => pg.close())
  await check(t, {
    async run(text) {
      const results = await pg.exec(text)
      return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>
    },
  })
})

t.test('PostgreSQL', { skip: !serverUrl() && 'DATABASE_URL is not set: run with a PostgreSQL server to test it' }, async (t) => {
  const database = (await createEmptyTestDatabase())!
  const sql = connect(database.databaseUrl!, 12)
  t.teardown(async () => {
    await sql.end()
    await database.drop()
  })
  const db: Sql = { run: async (text) => await sql.unsafe(text) }
  await check(t, db)

  // Twelve sessions at once, each inserting for both clients in one statement (in either order) and
  // then moving a status, in transactions that stay open a while: none deadlocks, no count is lost.
  const row = (client: string, status: string) => `('vry_${client}_${next++}', '${client}', 'key_${client}', '${status}', '{document}', '2100-01-01')`
  await Promise.all(
    Array.from({ length: 12 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 10; i++) {
          await sql.begin(async (tx) => {
            const [a, b] = (w + i) % 2 ? ['acme', 'globex'] : ['globex', 'acme']
            await tx.unsafe(
              `insert into verifications (id, client_name, created_by_key_id, status, checks, expires_at)
               values ${[row(a!, 'pending'), row(b!, 'failed'), row(a!, 'completed'), row(b!, 'pending')].join(', ')}`,
            )
            await tx`select pg_sleep(0.002)`
            await tx.unsafe(
              `update verifications set status = 'completed'
               where id in (select id from verifications where status = 'pending' and client_name = '${a}' order by id limit 1 for update skip locked)`,
            )
          })
        }
      })(),
    ),
  )
  await compare(t, db, 'after concurrent writers')
  t.equal(Number((await sql`select count(*) from verifications`)[0]!.count), 1 + 12 * 10 * 4)
})
