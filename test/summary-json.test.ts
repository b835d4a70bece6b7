// drizzle/0005_list_summary_json.sql (and 0007's detail_json): the verifications already there when it
// runs get their summary_json, and the trigger keeps it what the API writes for the row, through
// inserts and updates.
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
  run(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>
}

/** What the API writes for a VerificationSummary (openapi.yaml's order of fields). */
function summary(row: { id: string; status: string; client_reference: string | null; checks: string[]; created_at: string; completed_at: string | null }) {
  return JSON.stringify({
    id: row.id,
    status: row.status,
    client_reference: row.client_reference,
    checks: row.checks,
    created_at: row.created_at,
    completed_at: row.completed_at,
  })
}

const ROWS = [
  { id: 'vry_a', status: 'pending', client_reference: 'quote " backslash \\ </script> \n\t\u0001 é 🙂 ,"status":"pending",', checks: ['document', 'identity'], created_at: '2026-11-21T20:31:00.000Z', completed_at: null },
  { id: 'vry_b', status: 'completed', client_reference: null, checks: ['face_match'], created_at: '2026-11-21T20:31:07.089Z', completed_at: '2026-11-21T21:00:00.120Z' },
  { id: 'vry_c', status: 'failed', client_reference: '', checks: [], created_at: '2026-01-02T03:04:05.006Z', completed_at: null },
]

async function check(t: Test, db: Sql) {
  const before = migrations.filter((f) => f < '0005')
  for (const f of before) for (const s of statements(f)) await db.run(s)
  await db.run(`insert into api_keys (id, client_name, role, key_hash) values ('key_1', 'acme', 'service', 'h')`)
  for (const r of ROWS) {
    await db.run(
      `insert into verifications (id, client_name, created_by_key_id, status, client_reference, checks, created_at, completed_at, expires_at)
       values ($1, 'acme', 'key_1', $2, $3, $4::text[], $5, $6, '2030-01-01T00:00:00Z')`,
      [r.id, r.status, r.client_reference, `{${r.checks.map((c) => `"${c}"`).join(',')}}`, r.created_at, r.completed_at],
    )
  }
  for (const f of migrations.filter((f) => f >= '0005')) for (const s of statements(f)) await db.run(s)

  const read = async () => new Map((await db.run(`select id, summary_json from verifications`)).map((r) => [r.id as string, r.summary_json as string]))
  let stored = await read()
  for (const r of ROWS) t.equal(stored.get(r.id), summary(r), `${r.id}: written for the rows already there`)

  await db.run(`update verifications set status = 'completed', completed_at = '2026-11-22T01:02:03.004Z' where id = 'vry_a'`)
  await db.run(
    `insert into verifications (id, client_name, created_by_key_id, checks, created_at, expires_at)
     values ('vry_d', 'acme', 'key_1', '{liveness}', '2026-11-22T00:00:00.5Z', '2030-01-01T00:00:00Z')`,
  )
  stored = await read()
  t.equal(stored.get('vry_a'), summary({ ...ROWS[0]!, status: 'completed', completed_at: '2026-11-22T01:02:03.004Z' }), 'rewritten by an update')
  t.equal(
    stored.get('vry_d'),
    summary({ id: 'vry_d', status: 'pending', client_reference: null, checks: ['liveness'], created_at: '2026-11-22T00:00:00.500Z', completed_at: null }),
    'written by an insert that does not name it',
  )
  await db.run(`update verifications set summary_json = 'stale' where id = 'vry_b'`)
  t.equal((await read()).get('vry_b'), summary(ROWS[1]!), 'a write of the column itself is overwritten by the trigger')

  // drizzle/0007: detail_json, the row as a Verification, for the rows already there too.
  const detail = async (id: string) => (await db.run(`select detail_json from verifications where id = $1`, [id]))[0]!.detail_json as string | null
  const verification = (r: (typeof ROWS)[number]) =>
    JSON.stringify({
      id: r.id,
      status: r.status,
      client_reference: r.client_reference,
      redirect_url: '',
      checks: r.checks,
      checks_results: {},
      metadata: {},
      created_at: r.created_at,
      completed_at: r.completed_at,
      expires_at: '2030-01-01T00:00:00.000Z',
    })
  t.equal(await detail('vry_b'), verification(ROWS[1]!), 'detail_json written for the rows already there')
  t.equal(await detail('vry_c'), verification(ROWS[2]!))
  await db.run(`update verifications set checks_results = '{"document": {"passed": true}}' where id = 'vry_b'`)
  t.equal(await detail('vry_b'), null, 'results written without their JSON: none held')
  await db.run(`update verifications set checks_results = '{"document": {"passed": true}}', checks_results_json = '{"document":{"passed":true}}' where id = 'vry_c'`)
  t.match(await detail('vry_c'), /,"checks_results":\{"document":\{"passed":true\}\},"metadata":\{\},/, 'with their JSON: held')
  await db.run(`update verifications set checks_results = '{"document": {"passed": false}}' where id = 'vry_c'`)
  t.equal(await detail('vry_c'), null, 'results changed without their JSON: the stale JSON is not kept')
}

t.test('PGlite', async (t) => {
  const pg = new PGlite()
  t.teardown(() => pg.close())
  await check(t, {
    async run(text, params) {
      if (!params) {
        const results = await pg.exec(text)
        return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>
      }
      return (await pg.query<Record<string, unknown>>(text, params)).rows
    },
  })
})

t.test('PostgreSQL', { skip: !serverUrl() && 'DATABASE_URL is not set: run with a PostgreSQL server to test it' }, async (t) => {
  const database = (await createEmptyTestDatabase())!
  const sql = connect(database.databaseUrl!)
  t.teardown(async () => {
    await sql.end()
    await database.drop()
  })
  await check(t, {
    async run(text, params) {
      return params ? await sql.unsafe(text, params as never[]) : await sql.unsafe(text)
    },
  })
})
