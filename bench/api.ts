// API throughput and latency: the real service (a child process on PostgreSQL, default
// configuration) beside its ceilings measured in the same run: bare Fastify answering the same JSON
// from memory, and postgres.js running the same single-row SELECT and INSERT directly.
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import { hashApiKey, newApiKeySecret } from '../src/domain/api-key-secret.js'
import { loadConfig } from '../src/config.js'
import { benchDatabase, connect, fmt, quick, stats, type Section } from './lib.js'
import { cpuMicros, FullCollections, memory, startChild, stop } from './process.js'

const SECONDS = quick ? 1 : 5
/** Each case runs this many times, the service and its ceiling taking turns; medians are reported. */
const REPEATS = quick ? 1 : 3
/** The cases at 50 connections, which the goals judge, run more often: this machine has slow spells that can take one side of a pair. */
const GOAL_REPEATS = quick ? 1 : 5
const MEMORY_SECONDS = quick ? 2 : 60
/** A run's median heap after full collections, or that it had none. */
const heapText = (m: number) => (Number.isFinite(m) ? `${fmt(m, 1)} MiB` : 'no full collection')
/** The memory instance's warm-up (the JIT, the pool, V8 sizing its spaces), not recorded. */
const MEMORY_WARMUP_SECONDS = quick ? 1 : 10
const CONNECTIONS = [10, 50]
interface Load {
  rps: number
  p50: number
  p99: number
  errors: number
  /** CPU time of the server (all its threads, user and system) per answered request, µs. */
  cpuPerRequest: number
  /** The server's CPU time per second of the run: how much of a core it kept busy. */
  cores: number
}

/** autocannon against `server` (a child process), with the CPU time that process spent meanwhile. */
async function load(
  server: { url: string; child: ChildProcess },
  path: string,
  connections: number,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  seconds = SECONDS,
): Promise<Load> {
  const pid = server.child.pid!
  const cpu = cpuMicros(pid)
  const start = performance.now()
  const r = await autocannon({ url: `${server.url}${path}`, connections, duration: seconds, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body })
  const used = cpuMicros(pid) - cpu
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    cpuPerRequest: used / r.requests.total,
    cores: used / ((performance.now() - start) * 1000),
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function medianLoad(runs: Load[]): Load {
  const m = (f: (r: Load) => number) => median(runs.map(f))
  return { rps: m((r) => r.rps), p50: m((r) => r.p50), p99: m((r) => r.p99), errors: runs.reduce((n, r) => n + r.errors, 0), cpuPerRequest: m((r) => r.cpuPerRequest), cores: m((r) => r.cores) }
}

/** The same statement the service runs, straight through postgres.js, `connections` at a time. */
async function direct(sql: ReturnType<typeof connect>, connections: number, op: () => Promise<unknown>): Promise<Load> {
  const latencies: number[] = []
  const cpu = process.cpuUsage()
  const start = performance.now()
  const end = start + SECONDS * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const s = performance.now()
        await op()
        latencies.push(performance.now() - s)
      }
    }),
  )
  const used = process.cpuUsage(cpu)
  const micros = used.user + used.system
  const st = stats(latencies)
  return { rps: latencies.length / SECONDS, p50: st.p50, p99: st.p99, errors: 0, cpuPerRequest: micros / latencies.length, cores: micros / ((performance.now() - start) * 1000) }
}

/** The floor of plain code for GET by id (bench/plain-server.ts). */
const PLAIN = 'Fastify + postgres.js only'

export async function apiBench(): Promise<Section> {
  const db = await benchDatabase()
  const adminKey = newApiKeySecret()
  // The service's default pool, unless DATABASE_POOL_SIZE is given to the bench; the ceiling's
  // postgres.js gets as many connections.
  const pool = loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).databasePoolSize
  const serviceEnv = {
    DATABASE_URL: db.url,
    ADMIN_API_KEY: adminKey,
    RATE_LIMIT_PER_SECOND: '1000000',
    DATA_DIR: '/tmp/ivs-bench-data',
    DATABASE_POOL_SIZE: String(pool),
  }
  const service = await startChild(null, serviceEnv)
  const sql = connect(db.url, pool)
  const rows: string[] = []
  const goals: string[] = []
  const memoryMedians: number[] = []
  const heapMedians: number[] = []
  try {
    const admin = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' }
    const keyRes = await fetch(`${service.url}/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ client_name: 'bench' }) })
    const key = ((await keyRes.json()) as { key: string }).key
    const keyHash = hashApiKey(key)
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
    const body = JSON.stringify({ checks: ['document', 'identity'], client_reference: 'order-1' })
    let sample: Record<string, unknown> = {}
    for (let i = 0; i < 200; i++) {
      const r = await fetch(`${service.url}/verifications`, { method: 'POST', headers: auth, body })
      sample = (await r.json()) as Record<string, unknown>
    }
    const id = sample.id as string
    // As autovacuum leaves a database in use: planner statistics and the visibility map up to date.
    await sql`vacuum analyze`
    const bare = await startChild('bench/bare-server.ts', { BENCH_VERIFICATION: JSON.stringify(sample) })
    const plain = await startChild('bench/plain-server.ts', { BENCH_DATABASE_URL: db.url, BENCH_POOL: String(pool) })
    const [row] = await sql<Array<{ created_by_key_id: string }>>`select created_by_key_id from verifications where id = ${id}`
    const keyId = row!.created_by_key_id
    // What a request sends on its own: the key read by its hash, then its work.
    const readKey = () => sql`select id, client_name, role from api_keys where key_hash = ${keyHash} and revoked_at is null limit 1`
    try {
      type Case = [string, number, Load, Load, string]
      const cases: Case[] = []
      // The service and its ceiling take turns; a machine that slows down for a while slows both, and
      // the median of each figure is kept.
      const pair = async (name: string, c: number, service: () => Promise<Load>, ceiling: () => Promise<Load>, ceilingName: string): Promise<Case> => {
        const runs: Array<[Load, Load]> = []
        for (let r = 0; r < (c === 50 ? GOAL_REPEATS : REPEATS); r++) runs.push([await service(), await ceiling()])
        return [name, c, medianLoad(runs.map((x) => x[0])), medianLoad(runs.map((x) => x[1])), ceilingName]
      }
      // Warm-up, not recorded: the JIT and the pools' connections of both servers.
      for (const path of [`/verifications/${id}`, '/verifications?limit=20']) await load(service, path, 50, { headers: auth }, quick ? 1 : 5)
      for (const path of [`/verifications/${id}`, '/verifications']) await load(bare, path, 50, {}, quick ? 1 : 5)
      await load(plain, `/verifications/${id}`, 50, { headers: auth }, quick ? 1 : 5)
      // Reads first, writes last: the list's count stays the same size for every read case.
      for (const c of CONNECTIONS) {
        // The service's own stack (hooks, security headers, access log) with no key and no database.
        cases.push(await pair('GET /healthz', c, () => load(service, '/healthz', c, {}), () => load(bare, '/healthz', c, {}), 'bare Fastify'))
        const byId = () => load(service, `/verifications/${id}`, c, { headers: auth })
        cases.push(await pair('GET /verifications/{id}', c, byId, () => load(bare, `/verifications/${id}`, c, {}), 'bare Fastify'))
        const select = () => readKey().then(() => sql`select * from verifications where id = ${id} and client_name = 'bench' limit 1`)
        cases.push(await pair('GET /verifications/{id}', c, byId, () => direct(sql, Math.min(c, pool), select), 'postgres.js key + SELECT'))
        cases.push(await pair('GET /verifications/{id}', c, byId, () => load(plain, `/verifications/${id}`, c, { headers: auth }), PLAIN))
        const list = () => load(service, '/verifications?limit=20', c, { headers: auth })
        cases.push(await pair('GET /verifications?limit=20', c, list, () => load(bare, '/verifications', c, {}), 'bare Fastify'))
      }
      for (const c of CONNECTIONS) {
        const insert = () =>
          readKey().then(
            () => sql`insert into verifications (id, client_name, created_by_key_id, client_reference, checks, created_at, expires_at)
                      values (${`vry_${randomUUID()}`}, 'bench', ${keyId}, 'order-1', ${'{document,identity}'}::text[], now(), now() + interval '7 days')
                      returning *`,
          )
        cases.push(
          await pair(
            'POST /verifications',
            c,
            () => load(service, '/verifications', c, { method: 'POST', headers: auth, body }),
            () => direct(sql, Math.min(c, pool), insert),
            'postgres.js key + INSERT',
          ),
        )
      }
      const at50 = cases.filter(([, c]) => c === 50)
      const find = (name: string, ceiling: string) => at50.find(([n, , , , ceil]) => n === name && ceil === ceiling)!
      const byId = find('GET /verifications/{id}', 'bare Fastify')
      const health = find('GET /healthz', 'bare Fastify')
      const floor = find('GET /verifications/{id}', PLAIN)
      const pct = (x: number) => `${fmt(x * 100, 0)} %`
      const ratio = byId[2].rps / byId[3].rps
      goals.push(
        `- GET by id ≥ 20 % of bare Fastify's requests per second: ${pct(ratio)} — ${ratio >= 0.2 ? 'met' : 'not met'}` +
          ` (the service's stack answering GET /healthz, with no key and no database: ${pct(health[2].rps / health[3].rps)});` +
          ` CPU per read ${fmt(byId[2].cpuPerRequest, 0)} µs against bare Fastify's ${fmt(byId[3].cpuPerRequest, 0)} µs.` +
          ` The floor of plain code (${PLAIN}: the same two reads and nothing else) reaches ${pct(floor[3].rps / byId[3].rps)} of bare Fastify's rate` +
          ` at ${fmt(floor[3].cpuPerRequest, 0)} µs a read; the service reaches ${pct(floor[2].rps / floor[3].rps)} of that floor`,
      )
      for (const name of ['GET /verifications/{id}', 'GET /verifications?limit=20', 'POST /verifications']) {
        const p99 = Math.max(...at50.filter(([n]) => n === name).map(([, , s]) => s.p99))
        goals.push(`- ${name}: p99 under 25 ms at 50 connections: ${fmt(p99, 1)} ms — ${p99 < 25 ? 'met' : 'not met'}`)
      }
      for (const [name, c, s, ceil, ceilName] of cases) {
        rows.push(
          `| ${name} | ${c} | ${fmt(s.rps, 0)} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.cpuPerRequest, 0)} | ${ceilName} | ${fmt(ceil.rps, 0)} | ${fmt(ceil.p50, 1)} | ${fmt(ceil.p99, 1)} | ${fmt(ceil.cpuPerRequest, 0)} | **${fmt(s.rps / ceil.rps, 2)}** |${s.errors ? ` ${s.errors} errors` : ''}`,
        )
      }
      // Memory: three runs at 50 connections by an instance of its own, started with --trace-gc. A
      // leak raises what a full collection leaves, while the resident set moves by tens of MiB as V8
      // resizes its spaces: the check is judged on the heap.
      const gc = new FullCollections()
      const traced = await startChild(null, serviceEnv, gc)
      try {
        const pid = traced.child.pid!
        const marks: Array<[Map<string, number>, Map<string, number>]> = []
        await load(traced, `/verifications/${id}`, 50, { headers: auth }, MEMORY_WARMUP_SECONDS)
        for (let run = 0; run < 3; run++) {
          const samples: number[] = []
          const sampler = setInterval(() => samples.push(memory(pid).rss), 500)
          const from = gc.mark()
          await load(traced, `/verifications/${id}`, 50, { headers: auth }, MEMORY_SECONDS)
          clearInterval(sampler)
          memoryMedians.push(median(samples.slice(Math.floor(samples.length / 2))))
          marks.push([from, gc.mark()])
        }
        for (const [from, to] of marks) {
          const heaps = gc.mainBetween(from, to)
          heapMedians.push(heaps.length ? median(heaps) : NaN)
        }
      } finally {
        await stop(traced.child)
      }
      const [first, , third] = heapMedians as [number, number, number]
      const heapVerdict = Number.isFinite(first) && Number.isFinite(third) ? (third <= first * 1.05 ? 'met' : 'not met') : `not measured (a run of ${MEMORY_SECONDS} s without a full collection)`
      goals.push(
        `- No growth over three runs of ${MEMORY_SECONDS} s at 50 connections (V8's heap after full collections, at most 5 % from the first run's median to the third's):` +
          ` ${heapMedians.map(heapText).join(' → ')} — ${heapVerdict}; the resident set's medians ${memoryMedians.map((m) => `${fmt(m, 0)} MiB`).join(' → ')}`,
      )
    } finally {
      await Promise.all([stop(bare.child), stop(plain.child)])
    }
  } finally {
    await stop(service.child)
    await sql.end()
    await db.drop()
  }
  return {
    title: 'API throughput and latency',
    body: [
      `autocannon, ${SECONDS} s per run, ${REPEATS} runs per case (${GOAL_REPEATS} at 50 connections, which the goals judge) with the service and its ceiling taking turns (medians), from the same machine (2 cores shared by autocannon, the service and PostgreSQL).`,
      'The service runs as `npm start` runs it, on PostgreSQL, with its default configuration (info logging of every request, rate limiting on), one key.',
      `Ceilings: bare Fastify answers the same JSON from memory; ${PLAIN} is the floor of plain code for a read (bench/plain-server.ts: the key read by its hash, then the row, with no hooks, sealing, validation or logging); postgres.js sends what one request needs on its own (the key read by its hash, then the row's SELECT or INSERT) over as many connections as the service's pool. Ratio = service / ceiling.`,
      "CPU µs/req: CPU time (user and system, all threads, from /proc/<pid>/stat) the server's process used per answered request; for postgres.js, the bench's own process.",
      '',
      '| case | connections | req/s | p50 ms | p99 ms | CPU µs/req | ceiling | ceiling req/s | p50 ms | p99 ms | CPU µs/req | ratio |',
      '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      'Goals (issue 26), from this run:',
      ...goals,
    ].join('\n'),
  }
}
