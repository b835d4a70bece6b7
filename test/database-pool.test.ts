// DATABASE_POOL_SIZE bounds the connections an instance opens to PostgreSQL, however many requests
// arrive at once (postgres.js pipelines the rest over them), and every request is still answered.
import t from 'tap'
import { build } from './helpers/build.js'
import { connect, serverUrl } from './helpers/database.js'

t.test(
  'DATABASE_POOL_SIZE caps the connections under concurrent requests',
  { skip: !serverUrl() && 'DATABASE_URL is not set: run with a PostgreSQL server to test it' },
  async (t) => {
    const b = await build(t, { databasePoolSize: 3 })
    const { key } = await b.createKey('pool', 'service')
    const codes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 ? b.call('GET', '/verifications', { key }) : b.call('POST', '/verifications', { key, body: { checks: ['document'] } }),
      ).map(async (r) => (await r).statusCode),
    )
    t.same([...new Set(codes)].sort(), [200, 201], 'every request answered')
    const sql = connect(b.config.databaseUrl!)
    t.teardown(() => sql.end())
    const [row] = await sql<Array<{ n: number }>>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`
    t.ok(row!.n <= 3, `at most 3 connections from the instance (saw ${row!.n})`)
    t.ok(row!.n >= 1, 'and it does use the database')
  },
)
