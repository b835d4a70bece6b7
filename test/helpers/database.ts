// Test databases. With DATABASE_URL (a real PostgreSQL server) every test file gets its own
// database, cloned from a template that the `before` script migrated once; without it, every test
// file gets a copy of an embedded (PGlite) data directory that the `before` script migrated once.
// Either way test files never see each other's rows.
import { createHash, randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresClient } from '../../src/db/postgres-client.js'
import { withDatabase } from '../../src/db/postgres-url.js'

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/**
 * The template's name carries a hash of the migrations: a template is never changed once made, so
 * test runs going on at the same time can share it, and a new migration gets a new template.
 */
export const TEMPLATE_DB = (() => {
  const h = createHash('sha256')
  for (const f of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort()) {
    h.update(f).update(readFileSync(path.join(migrationsDir, f)))
  }
  return `ivs_test_tpl_${h.digest('hex').slice(0, 16)}`
})()

/** The migrated PGlite data directory that embedded-database tests copy (`<dir>/pg`). */
export const PGLITE_TEMPLATE_DIR = path.join(tmpdir(), TEMPLATE_DB)

export function serverUrl(): string | null {
  const url = process.env.DATABASE_URL?.trim()
  return url ? url : null
}

export { withDatabase }

/** A connection of the tests' own to the server `url` names (a socket URL included, as the service takes it). */
export const connect = (url: string, max = 1) => postgresClient(url, { max })

export interface TestDatabase {
  databaseUrl: string | null
  dataDir: string
  drop(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = serverUrl()
  if (!url) {
    // Copying a migrated data directory takes a fraction of the seconds initdb takes.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ivs-test-'))
    cpSync(PGLITE_TEMPLATE_DIR, dataDir, { recursive: true })
    return { databaseUrl: null, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
  }
  return createServerDatabase(url, TEMPLATE_DB)
}

/**
 * A database on the PostgreSQL server of DATABASE_URL with nothing in it, not even the migrations:
 * for tests of start-up. Null without DATABASE_URL.
 */
export async function createEmptyTestDatabase(): Promise<TestDatabase | null> {
  const url = serverUrl()
  return url ? createServerDatabase(url, null) : null
}

async function createServerDatabase(url: string, template: string | null): Promise<TestDatabase> {
  const name = `ivs_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = connect(url)
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`)
        break
      } catch (err) {
        // Two files cloning the template at the same instant can collide; the clone is cheap to retry.
        if (attempt >= 10 || !/being accessed by other users/.test(String(err))) throw err
        await new Promise((r) => setTimeout(r, 100 * attempt))
      }
    }
  } finally {
    await admin.end()
  }
  return {
    databaseUrl: withDatabase(url, name),
    dataDir: 'memory://',
    async drop() {
      const c = connect(url)
      try {
        await c.unsafe(`drop database if exists "${name}" with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}
