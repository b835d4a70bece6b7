// Upgrading a database that holds verifications: what drizzle/0008 drops (JSON that triggers wrote,
// counts that triggers kept) was derived from the rows, so every verification reads, lists and counts
// through the API after the upgrade as it did before.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { sql } from 'drizzle-orm'
import { hashApiKey, newApiKeySecret } from '../src/domain/api-key-secret.js'
import { build } from './helpers/build.js'
import { connect, createEmptyTestDatabase, serverUrl } from './helpers/database.js'

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle')

/** A copy of drizzle/ that knows only the migrations before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ivs-migrations-'))
  cpSync(drizzleDir, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> }
  const at = journal.entries.findIndex((e) => e.tag === tag)
  if (at < 0) throw new Error(`no migration ${tag}`)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

/** Opens the database as the service before 0008 left it, runs `write` on it, and closes it. */
async function atOldVersion(folder: string, target: { databaseUrl: string | null; dataDir: string }, write: (run: (q: ReturnType<typeof sql>) => Promise<unknown>) => Promise<void>) {
  if (target.databaseUrl) {
    const { drizzle } = await import('drizzle-orm/postgres-js')
    const { migrate } = await import('drizzle-orm/postgres-js/migrator')
    const client = connect(target.databaseUrl, 2)
    try {
      const db = drizzle(client)
      await migrate(db, { migrationsFolder: folder })
      await write((q) => db.execute(q))
    } finally {
      await client.end()
    }
    return
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = await PGlite.create(path.join(target.dataDir, 'pg'))
  try {
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: folder })
    await write((q) => db.execute(q))
  } finally {
    await client.close()
  }
}

t.test('verifications written before 0008 read, list and count the same after it', async (t) => {
  const folder = migrationsBefore('0008_plain_verification_rows')
  t.teardown(() => rmSync(folder, { recursive: true, force: true }))
  const server = serverUrl() ? await createEmptyTestDatabase() : null
  const dataDir = server ? 'memory://' : mkdtempSync(path.join(tmpdir(), 'ivs-upgrade-'))
  const target = { databaseUrl: server?.databaseUrl ?? null, dataDir }
  t.teardown(async () => {
    await server?.drop()
    if (!server) rmSync(dataDir, { recursive: true, force: true })
  })

  const key = newApiKeySecret()
  const results = { document: { passed: true, reasons: [], document_id: 'doc_00000000-0000-4000-8000-000000000001', completed_at: '2026-11-20T10:00:00.000Z', details: { document_type: 'passport', mrz: null, expired: false } } }
  await atOldVersion(folder, target, async (run) => {
    await run(sql`insert into api_keys (id, client_name, role, key_hash) values ('key_old', 'acme', 'service', ${hashApiKey(key)})`)
    await run(sql`insert into verifications (id, client_name, created_by_key_id, status, client_reference, checks, metadata, checks_results, created_at, completed_at, expires_at) values
      ('vry_old_completed', 'acme', 'key_old', 'completed', 'ref-1', '{document}', '{"channel":"web"}', ${JSON.stringify(results)}::jsonb, '2026-11-20T09:00:00.000Z', '2026-11-20T10:00:00.000Z', '2026-11-27T09:00:00.000Z'),
      ('vry_old_expired', 'acme', 'key_old', 'pending', null, '{document,face_match}', '{}', '{}', '2026-11-20T08:00:00.000Z', null, '2026-11-21T08:00:00.000Z')`)
  })

  const b = await build(t, target)
  const completed = await b.call('GET', '/verifications/vry_old_completed', { key })
  t.equal(completed.statusCode, 200)
  t.match(completed.json(), { status: 'completed', client_reference: 'ref-1', metadata: { channel: 'web' }, checks_results: results, completed_at: '2026-11-20T10:00:00.000Z' })
  t.equal((await b.call('GET', '/verifications/vry_old_expired', { key })).json().status, 'failed', 'expired while pending: failed')
  const list = await b.call('GET', '/verifications', { key })
  t.same((list.json() as Array<{ id: string }>).map((v) => v.id), ['vry_old_completed', 'vry_old_expired'])
  t.equal(list.headers['x-total-count'], '2')
  t.equal((await b.call('GET', '/verifications', { key, query: { status: 'failed' } })).headers['x-total-count'], '1')
  t.equal((await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).statusCode, 201, 'and new ones are created')
})
