// DATABASE_URL may name a PostgreSQL server's Unix socket as libpq does; postgres.js is handed its
// directory as the host option. On the machine's own server the service then runs over the socket.
import { existsSync } from 'node:fs'
import t from 'tap'
import { loadConfig } from '../src/config.js'
import { postgresTarget, postgresUrlProblem, withDatabase } from '../src/db/postgres-url.js'
import { build } from './helpers/build.js'
import { connect, serverUrl } from './helpers/database.js'

t.test('a TCP URL is passed on as it is', async (t) => {
  for (const url of ['postgres://u:p@db.internal:5433/ivs?sslmode=require', 'postgresql://u@127.0.0.1/ivs', 'postgres://u@h1:5432,h2:5432/ivs']) {
    t.same(postgresTarget(url), { url }, url)
    t.equal(postgresUrlProblem(url), null)
  }
})

t.test('a socket directory in the host parameter, with an empty host', async (t) => {
  t.same(postgresTarget('postgres://postgres@/ivs?host=/var/run/postgresql'), { url: 'postgres://postgres@localhost/ivs', host: '/var/run/postgresql' })
  t.same(postgresTarget('postgresql://u:secret@/ivs?host=%2Ftmp&port=5433&application_name=x'), {
    url: 'postgresql://u:secret@localhost:5433/ivs?application_name=x',
    host: '/tmp',
  })
  t.equal(postgresUrlProblem('postgres://postgres@/ivs?host=/var/run/postgresql'), null)
})

t.test('a socket directory percent-encoded as the host', async (t) => {
  t.same(postgresTarget('postgres://postgres@%2Fvar%2Frun%2Fpostgresql/ivs'), { url: 'postgres://postgres@localhost/ivs', host: '/var/run/postgresql' })
  t.same(postgresTarget('postgres://postgres@%2Ftmp:5433/ivs'), { url: 'postgres://postgres@localhost:5433/ivs', host: '/tmp' })
})

t.test('withDatabase keeps the server, the credentials and the parameters', async (t) => {
  t.equal(withDatabase('postgres://u:p@127.0.0.1:5432/test', 'ivs_x'), 'postgres://u:p@127.0.0.1:5432/ivs_x')
  t.equal(withDatabase('postgres://postgres@/test?host=/var/run/postgresql', 'ivs_x'), 'postgres://postgres@/ivs_x?host=/var/run/postgresql')
})

t.test('a URL with neither a host nor a socket is refused at start-up with a clear message', async (t) => {
  t.throws(() => loadConfig({ DATABASE_URL: 'postgres://postgres@/ivs' }), /DATABASE_URL names no host/)
  t.match(postgresUrlProblem('postgres:///ivs'), /names no host/)
})

const socketDir = '/var/run/postgresql'
const tcpLocal = (url: string | null) => url !== null && /^postgres(ql)?:\/\/([^@/]*@)?(127\.0\.0\.1|localhost)(:5432)?\//.test(url)

t.test(
  'the service works on PostgreSQL through its Unix socket',
  { skip: !(tcpLocal(serverUrl()) && existsSync(`${socketDir}/.s.PGSQL.5432`)) && 'needs DATABASE_URL on this machine with its socket in /var/run/postgresql' },
  async (t) => {
    // The test's own database, named by its socket instead of 127.0.0.1.
    const probe = await build(t)
    const name = new URL(probe.config.databaseUrl!).pathname.slice(1)
    const user = new URL(probe.config.databaseUrl!).username || 'postgres'
    await probe.app.close()
    const b = await build(t, { databaseUrl: `postgres://${user}@/${name}?host=${socketDir}` })
    const { key } = await b.createKey('socket', 'service')
    const created = await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })
    t.equal(created.statusCode, 201)
    const read = await b.call('GET', `/verifications/${created.json().id}`, { key })
    t.equal(read.statusCode, 200)
    t.equal(read.json().id, created.json().id)
    // Connections through a Unix socket have no client address.
    const sql = connect(probe.config.databaseUrl!)
    t.teardown(() => sql.end())
    const rows = await sql<Array<{ addr: string | null }>>`
      select client_addr::text as addr from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`
    t.ok(rows.length >= 1, 'the service is connected')
    t.same(rows.map((r) => r.addr), rows.map(() => null), 'through the socket, not TCP')
  },
)
