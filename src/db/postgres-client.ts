// A postgres.js client for a DATABASE_URL, socket URLs included (postgres-url.ts): the service's pool,
// and the connections of the tests and the benchmarks, all open the server the same way.
import postgres from 'postgres'
import { postgresTarget } from './postgres-url.js'

/**
 * A connection takes a second statement only while it runs one. At the driver's default (100), a pool
 * given more statements than it has connections keeps its busy connections in a queue that forgets
 * taken entries only once it is empty, which under constant load it never is: each statement then
 * scans a longer array, and throughput halves within a minute (bench/NOTES.md, "The driver's
 * pipeline"). The option is read like the documented ones (also as PGMAX_PIPELINE) but is not in the
 * driver's typings.
 */
const PIPELINE = { max_pipeline: 1 } as postgres.Options<Record<string, postgres.PostgresType>>

export function postgresClient(databaseUrl: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const target = postgresTarget(databaseUrl)
  return postgres(target.url, { onnotice: () => {}, ...PIPELINE, ...options, ...(target.host ? { host: target.host } : {}) })
}
