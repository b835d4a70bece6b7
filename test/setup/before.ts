// Runs once before the test files (tap's `before`): with a real PostgreSQL server, make sure the
// migrated template database that each test file clones exists. The embedded database needs nothing.
import { existsSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../../src/db/client.js'
import { connect, PGLITE_TEMPLATE_DIR, serverUrl, TEMPLATE_DB, withDatabase } from '../helpers/database.js'

const TEMPLATE_LOCK = 727_160_432
const url = serverUrl()
if (url) {
  const admin = connect(url)
  try {
    await admin`select pg_advisory_lock(${TEMPLATE_LOCK})`
    const [exists] = await admin`select 1 from pg_database where datname = ${TEMPLATE_DB}`
    if (!exists) {
      // Built under another name and renamed when complete, so nobody clones a half-migrated one.
      const building = `${TEMPLATE_DB}_building`
      await admin.unsafe(`drop database if exists "${building}" with (force)`)
      await admin.unsafe(`create database "${building}"`)
      const database = await openDatabase({ databaseUrl: withDatabase(url, building), dataDir: 'memory://', poolSize: 1 })
      await database.close()
      await admin.unsafe(`alter database "${building}" rename to "${TEMPLATE_DB}"`)
    }
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK})`
  } finally {
    await admin.end()
  }
  console.log(`test databases: PostgreSQL, cloned from ${TEMPLATE_DB}`)
} else {
  if (!existsSync(path.join(PGLITE_TEMPLATE_DIR, 'pg', 'PG_VERSION'))) {
    // Built beside its final place and renamed when complete, like the server's template.
    const building = `${PGLITE_TEMPLATE_DIR}.${process.pid}`
    rmSync(building, { recursive: true, force: true })
    const database = await openDatabase({ databaseUrl: null, dataDir: building })
    await database.close()
    try {
      renameSync(building, PGLITE_TEMPLATE_DIR)
    } catch {
      // Another run made it first; theirs is as good as ours.
      rmSync(building, { recursive: true, force: true })
    }
  }
  console.log(`test databases: embedded PGlite, a copy of ${PGLITE_TEMPLATE_DIR} per test file`)
}
