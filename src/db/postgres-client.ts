// A postgres.js client for a DATABASE_URL, socket URLs included (postgres-url.ts): the service's pool,
// and the connections of the tests and the benchmarks, all open the server the same way.
import postgres from 'postgres'
import { postgresTarget } from './postgres-url.js'

export function postgresClient(databaseUrl: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const target = postgresTarget(databaseUrl)
  return postgres(target.url, { onnotice: () => {}, ...options, ...(target.host ? { host: target.host } : {}) })
}
