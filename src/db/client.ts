// Opens the database the configuration names, applies the committed migrations, and hands back a
// driver-neutral Drizzle instance: postgres.js for a server, PGlite (PostgreSQL in wasm) embedded.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import * as schema from './schema.js'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** What a repository method runs on: the pool, or the transaction its caller opened. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  close(): Promise<void>
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')
const MIGRATION_LOCK = 727_160_431

export interface DatabaseOptions {
  databaseUrl: string | null
  /** Directory of the embedded database's files, or "memory://" for a throw-away one. */
  dataDir: string
  poolSize?: number
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : openPglite(opts.dataDir)
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { postgresClient } = await import('./postgres-client.js')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const { migrate } = await import('drizzle-orm/postgres-js/migrator')
  // The migration lock holds one connection while migrate() uses another.
  const client = postgresClient(url, { max: Math.max(2, max), connect_timeout: 10 })
  try {
    const db = drizzle(client, { schema })
    // Instances starting together on one server take turns, so a migration never runs twice at once.
    const lock = await client.reserve()
    try {
      await lock`select pg_advisory_lock(${MIGRATION_LOCK})`
      await migrate(db, { migrationsFolder })
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {})
      lock.release()
    }
    return { db: db as unknown as Db, close: () => client.end({ timeout: 5 }) }
  } catch (err) {
    await client.end({ timeout: 1 }).catch(() => {})
    throw err
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  let location = dataDir
  if (!dataDir.startsWith('memory://')) {
    location = path.join(dataDir, 'pg')
    mkdirSync(location, { recursive: true })
  }
  const client = await PGlite.create(location)
  try {
    const db = drizzle(client, { schema })
    await migrate(db, { migrationsFolder })
    return { db: db as unknown as Db, close: () => client.close() }
  } catch (err) {
    await client.close().catch(() => {})
    throw err
  }
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
