// The real process, as `npm start` runs it: the first-run admin key, a restart on the same embedded
// database, a chosen ADMIN_API_KEY, configuration errors, and instances sharing a PostgreSQL server.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'
import { connect, createEmptyTestDatabase, serverUrl } from './helpers/database.js'
import { request, runToExit, startServer, type ServerProcess } from './helpers/server-process.js'

const KEY = /ivs_[A-Za-z0-9_-]{43}/g
const STOP_MS = 5_000

async function createAndRead(t: Test, a: ServerProcess, b: ServerProcess, key: string): Promise<string> {
  const created = await request(a, 'POST', '/verifications', { key, body: { checks: ['document'], client_reference: 'proc-1' } })
  t.equal(created.status, 201, 'POST /verifications')
  const id = (created.body as { id: string }).id
  const read = await request(b, 'GET', `/verifications/${id}`, { key })
  t.equal(read.status, 200, 'GET /verifications/{id}')
  t.match(read.body, { id, status: 'pending', client_reference: 'proc-1' })
  return id
}

t.test('embedded database on disk: a generated admin key, printed once, that survives a restart', async (t) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ivs-server-test-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))

  const first = await startServer(t, { DATA_DIR: dataDir })
  const keys = first.stderr().match(KEY) ?? []
  t.equal(keys.length, 1, 'one generated key on stderr')
  const key = keys[0]!
  t.match(first.stderr(), /={20,}\n[^=]*No admin API key existed[^=]*\n\s+ivs_\S{43}\n={20,}\n/, 'inside a clearly marked block')
  t.equal((await request(first, 'GET', '/verifications', { key: `ivs_${'x'.repeat(43)}` })).status, 401, 'another key is refused')
  const created = await request(first, 'POST', '/verifications', { key, body: { checks: ['document'] } })
  t.equal(created.status, 201, 'the generated key works')
  const id = (created.body as { id: string }).id
  const firstExit = await first.stop('SIGTERM')
  t.same([firstExit.code, firstExit.signal], [0, null], 'SIGTERM exits 0')
  t.ok(firstExit.ms < STOP_MS, `promptly (${firstExit.ms} ms)`)
  t.notMatch(first.stdout(), key, 'the key never reaches the logs')
  t.equal(first.stderr().split(key).length - 1, 1, 'printed exactly once')

  const second = await startServer(t, { DATA_DIR: dataDir })
  t.notMatch(second.stderr(), /ivs_|No admin API key/, 'no new key on a restart')
  const read = await request(second, 'GET', `/verifications/${id}`, { key })
  t.equal(read.status, 200, 'the old key still works')
  t.match(read.body, { id, status: 'pending' }, 'the verification is still there')
  const secondExit = await second.stop('SIGTERM')
  t.same([secondExit.code, secondExit.signal], [0, null])
  t.notMatch(second.stdout() + second.stderr(), key)
})

t.test("npm start's environment: large buffers are given back to the system, malloc's arenas and the young generation are bounded", { skip: process.platform !== 'linux' }, async (t) => {
  // The models' intermediate buffers would otherwise stay resident in the analysis threads' heaps
  // (README, "Memory of the models"; measured in BENCHMARKS.md).
  const server = await startServer(t, { DATA_DIR: 'memory://', ADMIN_API_KEY: newApiKeySecret() })
  const environ = (await readFile(`/proc/${server.pid}/environ`, 'utf8')).split('\0')
  t.ok(environ.includes('MALLOC_MMAP_THRESHOLD_=131072'), "glibc's mmap threshold is fixed")
  t.ok(environ.includes('MALLOC_ARENA_MAX=2'), "glibc's arenas are bounded")
  // V8's young generation, in the main thread and in each analysis thread (the flag is process-wide),
  // stays at 8 MiB instead of growing to 32 MiB under large bodies.
  const cmdline = (await readFile(`/proc/${server.pid}/cmdline`, 'utf8')).split('\0')
  t.ok(cmdline.includes('--max-semi-space-size=4'), "V8's semi-spaces are bounded")
  await server.stop('SIGTERM')
})

t.test('ADMIN_API_KEY: that key works and is never printed', async (t) => {
  const key = newApiKeySecret()
  const server = await startServer(t, { DATA_DIR: 'memory://', ADMIN_API_KEY: key })
  t.notMatch(server.stderr(), /ivs_|No admin API key/, 'no key generated')
  const id = await createAndRead(t, server, server, key)
  t.equal((await request(server, 'GET', '/admin/keys', { key })).status, 200)
  const traced = await fetch(new URL(`/verifications/${id}?x=1`, server.url), { headers: { authorization: `Bearer ${key}`, 'x-request-id': 'trace-7' } })
  t.equal(traced.status, 200)
  const exit = await server.stop('SIGTERM')
  t.same([exit.code, exit.signal], [0, null])
  t.match(server.stdout(), /"msg":"default admin key from ADMIN_API_KEY registered"/, 'structured logs on stdout')
  // One access line per request, written when it is answered, with the request id and nothing else
  // of the request than its method and URL.
  const lines = server
    .stdout()
    .split('\n')
    .filter((l) => l.includes('"trace-7"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
  t.equal(lines.length, 1, 'one line for the request')
  t.match(lines[0], { level: 30, reqId: 'trace-7', req: { method: 'GET', url: `/verifications/${id}?x=[redacted]` }, res: { statusCode: 200 }, responseTime: Number, msg: 'request completed' })
  t.same(Object.keys(lines[0]!.req as object), ['method', 'url'], 'no headers in the line')
  t.notMatch(server.stdout(), key, 'not in stdout')
  t.notMatch(server.stderr(), key, 'not in stderr')
})

t.test('an invalid configuration stops the start with a clear message', async (t) => {
  const res = await runToExit({ PORT: 'abc', LOG_LEVEL: 'loud', DATA_DIR: 'memory://' })
  t.not(res.code, 0, `exits non-zero (${res.code})`)
  t.equal(res.signal, null, 'by itself')
  t.ok(res.ms < 15_000, `quickly (${res.ms} ms)`)
  t.match(res.stderr, /PORT/)
  t.match(res.stderr, /LOG_LEVEL/)
  t.notMatch(res.stderr, /\n\s+at .+[:(]/, 'no stack trace')
  t.notMatch(res.stdout, /listening/)
})

t.test('PostgreSQL: migrations at start-up, instances side by side', { skip: !serverUrl() && 'DATABASE_URL is not set: run with a PostgreSQL server to test it' }, async (t) => {
  const database = (await createEmptyTestDatabase())!
  t.teardown(() => database.drop())
  const env = { DATABASE_URL: database.databaseUrl!, ADMIN_API_KEY: newApiKeySecret() }

  // Two instances starting at once on an empty database: the advisory lock lets one migrate, the
  // other finds the work done, and both register the same default admin key.
  const [a, b] = await Promise.all([startServer(t, env), startServer(t, env)])
  await createAndRead(t, a!, b!, env.ADMIN_API_KEY)
  await createAndRead(t, b!, a!, env.ADMIN_API_KEY)

  const journal = JSON.parse(await readFile(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }
  const sql = connect(database.databaseUrl!)
  try {
    const [migrations] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`
    t.equal(migrations!.n, journal.entries.length, 'every migration applied once')
    const [admins] = await sql`select count(*)::int as n from api_keys where role = 'admin'`
    t.equal(admins!.n, 1, 'one default admin key, not one per instance')
  } finally {
    await sql.end()
  }

  for (const server of [a!, b!]) {
    const exit = await server.stop('SIGTERM')
    t.same([exit.code, exit.signal], [0, null], 'SIGTERM exits 0')
    t.ok(exit.ms < STOP_MS, `promptly (${exit.ms} ms)`)
    t.notMatch(server.stdout() + server.stderr(), env.ADMIN_API_KEY)
  }

  // A restart on the migrated database: nothing to do, and the data is there.
  const c = await startServer(t, env)
  const list = await request(c, 'GET', '/verifications', { key: env.ADMIN_API_KEY })
  t.equal(list.status, 200)
  t.equal((list.body as unknown[]).length, 2)
  t.same((await c.stop('SIGTERM')).code, 0)
})
