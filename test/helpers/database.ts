// Test databases. With DATABASE_URL (a real PostgreSQL server) every test file gets its own
// database, cloned from a template that the `before` script migrated once; without it, every test
// file gets an in-memory PGlite. Either way test files never see each other's rows.
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'

export const TEMPLATE_DB = 'ivs_test_template'

export function serverUrl(): string | null {
  const url = process.env.DATABASE_URL?.trim()
  return url ? url : null
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

export interface TestDatabase {
  databaseUrl: string | null
  dataDir: string
  drop(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = serverUrl()
  if (!url) return { databaseUrl: null, dataDir: 'memory://', drop: async () => {} }
  const name = `ivs_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${TEMPLATE_DB}"`)
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
      const c = postgres(url, { max: 1, onnotice: () => {} })
      try {
        await c.unsafe(`drop database if exists "${name}" with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}
