// Runs once before the test files (tap's `before`): with a real PostgreSQL server, migrate a
// template database that each test file clones. The embedded database needs nothing.
import postgres from 'postgres'
import { openDatabase } from '../../src/db/client.js'
import { serverUrl, TEMPLATE_DB, withDatabase } from '../helpers/database.js'

const url = serverUrl()
if (url) {
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`drop database if exists "${TEMPLATE_DB}" with (force)`)
    await admin.unsafe(`create database "${TEMPLATE_DB}"`)
  } finally {
    await admin.end()
  }
  const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB), dataDir: 'memory://', poolSize: 1 })
  await database.close()
  console.log(`test databases: PostgreSQL (template ${TEMPLATE_DB} migrated)`)
} else {
  console.log('test databases: embedded PGlite, one in memory per test file')
}
