// API throughput and latency: the real service (a child process on PostgreSQL, default
// configuration) beside its ceilings measured in the same run: bare Fastify answering the same JSON
// from memory, and postgres.js running the same single-row SELECT and INSERT directly.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'
import { loadConfig } from '../src/config.js'
import { startArgs } from '../scripts/start-command.js'
import { benchDatabase, connect, fmt, quick, stats, type Section } from './lib.js'

const root = new URL('..', import.meta.url).pathname
const SECONDS = quick ? 1 : 5
/** Each case runs this many times, the service and its ceiling taking turns; medians are reported. */
const REPEATS = quick ? 1 : 3
/**
 * The cases at 50 connections, which the goals judge, run more often: this machine has slow spells of
 * tens of seconds that can take one side of a pair (bare Fastify once answered GET by id at half its
 * rate for /healthz in the same run, 2026-11-25).
 */
const GOAL_REPEATS = quick ? 1 : 5
const MEMORY_SECONDS = quick ? 2 : 60
/** A run's median heap after full collections, or that it had none. */
const heapText = (m: number) => (Number.isFinite(m) ? `${fmt(m, 1)} MiB` : 'no full collection')
/** The memory instance's warm-up (the JIT, the pool, V8 sizing its spaces), not recorded. */
const MEMORY_WARMUP_SECONDS = quick ? 1 : 10
const CONNECTIONS = [10, 50]
/** The name of a case run by the instance that reaches PostgreSQL through TCP instead of its socket. */
const TCP = ', PostgreSQL over TCP'
/**
 * Instances with part of the default configuration turned off, each reading by id at 50 connections
 * beside bare Fastify: what that part costs a read, measured rather than read off a profile.
 */
const WITHOUT = [
  { suffix: ', no access log', env: { LOG_LEVEL: 'warn' }, what: 'without the access line (LOG_LEVEL=warn)' },
  { suffix: ', no access log or rate limit', env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_SECOND: '0' }, what: 'without the rate limit as well (RATE_LIMIT_PER_SECOND=0)' },
] as const
/** A case run by another instance than the default one on the socket. */
const isVariant = (name: string) => name.endsWith(TCP) || WITHOUT.some((w) => name.endsWith(w.suffix))

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/**
 * Starts the service as `npm start` does (`script` null), or a script of the bench. With `trace`, node
 * runs with `--trace-gc` and its standard output (its log lines and V8's) goes to `trace.onLine`.
 */
async function startChild(
  script: string | null,
  env: Record<string, string>,
  trace?: { onLine: (line: string) => void },
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const args = script ? ['--import', 'tsx', script] : startArgs()
  const child = spawn(process.execPath, trace ? ['--trace-gc', ...args] : args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', trace ? 'pipe' : 'ignore', 'inherit'],
  })
  if (trace) {
    let partial = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n')
      partial = lines.pop()!
      for (const line of lines) trace.onLine(line)
    })
  }
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(`${url}/verifications/x`)
      return { url, child }
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  child.kill('SIGKILL')
  throw new Error(`bench: ${script ?? 'the service'} did not start`)
}

/**
 * V8's heap after each full collection (mark-compact), from `--trace-gc` lines, by isolate: the main
 * thread's and each worker's (the analysis workers) are told apart by the isolate's address.
 */
class FullCollections {
  readonly #byIsolate = new Map<string, number[]>()

  onLine = (line: string) => {
    const m = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line)
    if (!m) return
    const list = this.#byIsolate.get(m[1]!) ?? []
    list.push(Number(m[2])) // MiB (V8 prints MB of 1024 × 1024 bytes)
    this.#byIsolate.set(m[1]!, list)
  }

  /** How many full collections each isolate has made so far. */
  mark(): Map<string, number> {
    return new Map([...this.#byIsolate].map(([isolate, list]) => [isolate, list.length]))
  }

  /** The main thread's results between two marks: its isolate collected most often (it answers every request). */
  mainBetween(from: Map<string, number>, to: Map<string, number>): number[] {
    const [isolate, list] = [...this.#byIsolate].reduce<[string, number[]]>((a, b) => (b[1].length > a[1].length ? b : a), ['', []])
    return list.slice(from.get(isolate) ?? 0, to.get(isolate) ?? 0)
  }
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : NaN
}

/** CPU time a process has used so far (user and system, all its threads), in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS
}
/** Linux's clock ticks per second for /proc/<pid>/stat (sysconf(_SC_CLK_TCK), 100 on Linux's ABIs). */
const CLOCK_TICKS = 100

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
  const memory: number[] = []
  /** The median resident set of each memory run's second half. */
  const memoryMedians: number[] = []
  /** The median of V8's heap after each full collection of each memory run (MiB). */
  const heapMedians: number[] = []
  /** GET by id at 50 connections, the service and bare Fastify; GET /healthz of the service. */
  let byIdLoads: { service: Load; bare: Load; health: Load } | null = null
  const goals: string[] = []
  try {
    const admin = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' }
    const keyRes = await fetch(`${service.url}/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ client_name: 'bench' }) })
    const key = ((await keyRes.json()) as { key: string }).key
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
    const body = JSON.stringify({ checks: ['document', 'identity'], client_reference: 'order-1' })
    let sample: Record<string, unknown> = {}
    for (let i = 0; i < 200; i++) {
      const r = await fetch(`${service.url}/verifications`, { method: 'POST', headers: auth, body })
      sample = (await r.json()) as Record<string, unknown>
    }
    const id = sample.id as string
    // As autovacuum leaves a database in use: planner statistics and the visibility map up to date
    // (a fresh table of 200 rows otherwise gets plans made for an empty one).
    await sql`vacuum analyze`
    const bare = await startChild('bench/bare-server.ts', { BENCH_VERIFICATION: JSON.stringify(sample) })
    const [row] = await sql<Array<{ created_by_key_id: string }>>`select created_by_key_id from verifications where id = ${id}`
    const keyId = row!.created_by_key_id
    try {
      // Reads first, at both connection counts, writes last: the list's count stays the same size for
      // every read case.
      type Case = [string, number, Load, Load, string]
      const cases: Case[] = []
      // The service and its ceiling take turns, REPEATS times (GOAL_REPEATS at 50 connections): a machine that slows down for a while
      // slows both, and the median of each figure is kept.
      const pair = async (name: string, c: number, service: () => Promise<Load>, ceiling: () => Promise<Load>, ceilingName: string): Promise<Case> => {
        const runs: Array<[Load, Load]> = []
        for (let r = 0; r < (c === 50 ? GOAL_REPEATS : REPEATS); r++) runs.push([await service(), await ceiling()])
        return [name, c, medianLoad(runs.map((x) => x[0])), medianLoad(runs.map((x) => x[1])), ceilingName]
      }
      // Warm-up, not recorded: the JIT, the pools' connections and prepared statements of both servers.
      for (const path of [`/verifications/${id}`, '/verifications?limit=20']) await load(service, path, 50, { headers: auth }, quick ? 1 : 5)
      for (const path of [`/verifications/${id}`, '/verifications']) await load(bare, path, 50, {}, quick ? 1 : 5)
      for (const c of CONNECTIONS) {
        // The service's own stack (hooks, security headers, access log) with no key and no database.
        cases.push(await pair('GET /healthz', c, () => load(service, '/healthz', c, {}), () => load(bare, '/healthz', c, {}), 'bare Fastify'))
        cases.push(
          await pair(
            'GET /verifications/{id}',
            c,
            () => load(service, `/verifications/${id}`, c, { headers: auth }),
            () => load(bare, `/verifications/${id}`, c, {}),
            'bare Fastify',
          ),
        )
        cases.push(
          await pair(
            'GET /verifications?limit=20',
            c,
            () => load(service, '/verifications?limit=20', c, { headers: auth }),
            () => load(bare, '/verifications', c, {}),
            'bare Fastify',
          ),
        )
        cases.push(
          await pair(
            'GET /verifications/{id}',
            c,
            () => load(service, `/verifications/${id}`, c, { headers: auth }),
            // The single-row statement a request would send on its own (the key's revocation read with the row).
            () =>
              direct(
                sql,
                Math.min(c, 10),
                () => sql`select * from verifications where id = ${id} and client_name = 'bench'
                          and exists (select 1 from api_keys where id = ${keyId} and revoked_at is null) limit 1`,
              ),
            'postgres.js SELECT',
          ),
        )
      }
      // The same reads at 50 connections by a second instance of the service on the same database
      // through TCP on 127.0.0.1 instead of the socket, beside the same ceiling.
      if (db.tcpUrl) {
        const tcp = await startChild(null, { ...serviceEnv, DATABASE_URL: db.tcpUrl })
        try {
          for (const path of [`/verifications/${id}`, '/verifications?limit=20']) await load(tcp, path, 50, { headers: auth }, quick ? 1 : 5)
          for (const [name, path, barePath] of [
            ['GET /verifications/{id}', `/verifications/${id}`, `/verifications/${id}`],
            ['GET /verifications?limit=20', '/verifications?limit=20', '/verifications'],
          ] as const) {
            cases.push(await pair(`${name}${TCP}`, 50, () => load(tcp, path, 50, { headers: auth }), () => load(bare, barePath, 50, {}), 'bare Fastify'))
          }
        } finally {
          await stop(tcp.child)
        }
      }
      for (const w of WITHOUT) {
        const instance = await startChild(null, { ...serviceEnv, ...w.env })
        try {
          await load(instance, `/verifications/${id}`, 50, { headers: auth }, quick ? 1 : 5)
          cases.push(
            await pair(
              `GET /verifications/{id}${w.suffix}`,
              50,
              () => load(instance, `/verifications/${id}`, 50, { headers: auth }),
              () => load(bare, `/verifications/${id}`, 50, {}),
              'bare Fastify',
            ),
          )
        } finally {
          await stop(instance.child)
        }
      }
      for (const c of CONNECTIONS) {
        cases.push(
          await pair(
            'POST /verifications',
            c,
            () => load(service, '/verifications', c, { method: 'POST', headers: auth, body }),
            () =>
              direct(
                sql,
                Math.min(c, 10),
                // The single-row statement a request would send on its own: inserted only if the key is
                // active, answering the new row's JSON.
                () => sql`insert into verifications (id, client_name, created_by_key_id, status, client_reference, checks, applicant,
                            metadata, checks_results, created_at, completed_at, expires_at)
                          select ${`vry_${randomUUID()}`}, 'bench', k.id, 'pending', 'order-1', ${'{document,identity}'}::text[], null,
                            '{}'::jsonb, '{}'::jsonb, now(), null, now() + interval '7 days'
                          from api_keys k where k.id = ${keyId} and k.revoked_at is null returning id, detail_json`,
              ),
            'postgres.js INSERT',
          ),
        )
      }
      const at50 = cases.filter(([n, c]) => c === 50 && !isVariant(n))
      const overTcp = cases.filter(([n]) => n.endsWith(TCP))
      const byId = at50.find(([n, , , , ceil]) => n.startsWith('GET /verifications/{id}') && ceil === 'bare Fastify')!
      const select = at50.find(([n, , , , ceil]) => n.startsWith('GET /verifications/{id}') && ceil === 'postgres.js SELECT')!
      const health = at50.find(([n]) => n === 'GET /healthz')!
      const post = at50.find(([n]) => n.startsWith('POST'))!
      const worst = at50.reduce((a, b) => (b[2].p99 > a[2].p99 ? b : a))
      const pct = (x: number) => `${fmt(x * 100, 0)} %`
      /** A goal's ratio and whether it reaches `target`. */
      const verdict = (ratio: number, target: number) => `${pct(ratio)} — ${ratio >= target ? 'met' : 'not met'}`
      // A case measured against two ceilings is listed once, with the worse of its two p99s.
      const worstByCase = (rows: typeof at50) => {
        const worstOf = new Map<string, number>()
        for (const [n, , s] of rows) worstOf.set(n, Math.max(worstOf.get(n) ?? 0, s.p99))
        return [...worstOf]
      }
      byIdLoads = { service: byId[2], bare: byId[3], health: health[2] }
      goals.push(
        `- GET by id ≥ 50 % of bare Fastify's requests per second: ${verdict(byId[2].rps / byId[3].rps, 0.5)}` +
          ` (the service's stack answering GET /healthz, with no key and no database: ${pct(health[2].rps / health[3].rps)};` +
          ` postgres.js alone, sending only the same SELECT: ${pct(select[3].rps / byId[3].rps)})`,
        `  - CPU per read: the service's process used ${fmt(byId[2].cpuPerRequest, 0)} µs per answer and kept ${fmt(byId[2].cores, 2)} of a core busy;` +
          ` bare Fastify ${fmt(byId[3].cpuPerRequest, 0)} µs (${fmt(byId[3].cores, 2)} of a core); the service's stack alone (GET /healthz) ${fmt(health[2].cpuPerRequest, 0)} µs.` +
          ` Each keeps most of a core busy, so the ratio of rates is about the inverse of the ratio of CPU per answer (${fmt(byId[3].cpuPerRequest / byId[2].cpuPerRequest, 2)})`,
        `- POST ≥ 60 % of the raw INSERT rate: ${verdict(post[2].rps / post[3].rps, 0.6)}`,
        `- p99 under 25 ms at 50 connections: worst p99 ${fmt(worst[2].p99, 0)} ms (${worst[0]}) — ${worst[2].p99 < 25 ? 'met' : 'not met'};` +
          ` ${worstByCase(at50.filter(([, , s]) => s.p99 < 25)).map(([n, p99]) => `${n} ${fmt(p99, 0)} ms`).join(', ') || 'no case'} under it`,
        // Little's law: with every connection always waiting, the mean latency is connections / rate.
        `  - At 50 connections every request waits behind the 49 others, so the mean latency is about 50 divided by the rate, and the tail follows the rate:` +
          ` POST ${fmt(post[2].rps, 0)} a second, so ${fmt(50_000 / post[2].rps, 1)} ms on average (p50 ${fmt(post[2].p50, 0)} ms, p99 ${fmt(post[2].p99, 0)} ms);` +
          ` a single INSERT and its commit alone, one at a time on each of 10 connections, had a p99 of ${fmt(post[3].p99, 1)} ms in this run`,
      )
      if (overTcp.length) {
        goals.push(
          `- The same reads with the service reaching PostgreSQL through TCP on 127.0.0.1 instead of its socket: ` +
            overTcp.map(([n, , s, ceil]) => `${n.slice(0, -TCP.length)} ${pct(s.rps / ceil.rps)} of bare Fastify, p99 ${fmt(s.p99, 0)} ms`).join('; '),
        )
      }
      const without = WITHOUT.map((w) => ({ w, found: cases.find(([n]) => n.endsWith(w.suffix)) })).filter((x) => x.found)
      if (without.length) {
        let before = byId[2].cpuPerRequest
        goals.push(
          `- What parts of the default configuration cost a read by id (instances on the same database with them off, at 50 connections): ` +
            without
              .map(({ w, found }) => {
                const s = found![2]
                const saved = before - s.cpuPerRequest
                before = s.cpuPerRequest
                return `${w.what} ${pct(s.rps / found![3].rps)} of bare Fastify, ${fmt(s.cpuPerRequest, 0)} µs a read (${Math.abs(saved) < 0.5 ? 'about the same' : saved > 0 ? `${fmt(saved, 0)} µs less` : `${fmt(-saved, 0)} µs more`})`
              })
              .join('; '),
        )
      }
      for (const [name, c, s, ceil, ceilName] of cases) {
        rows.push(
          `| ${name} | ${c} | ${fmt(s.rps, 0)} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.cpuPerRequest, 0)} | ${ceilName} | ${fmt(ceil.rps, 0)} | ${fmt(ceil.p50, 1)} | ${fmt(ceil.p99, 1)} | ${fmt(ceil.cpuPerRequest, 0)} | **${fmt(s.rps / ceil.rps, 2)}** |${s.errors ? ` ${s.errors} errors` : ''}`,
        )
      }
      // Memory: three runs at 50 connections by an instance of its own, started with --trace-gc. The
      // resident set after each run (and the median of each run's second half, sampled every half
      // second), and V8's heap after each full collection: a leak raises what a full collection
      // leaves, while the resident set moves by tens of MiB as V8 resizes its spaces.
      const gc = new FullCollections()
      const traced = await startChild(null, serviceEnv, gc)
      try {
        const pid = traced.child.pid!
        const marks: Array<[Map<string, number>, Map<string, number>]> = []
        await load(traced, `/verifications/${id}`, 50, { headers: auth }, MEMORY_WARMUP_SECONDS)
        for (let run = 0; run < 3; run++) {
          const samples: number[] = []
          const sampler = setInterval(() => samples.push(rssMiB(pid)), 500)
          const from = gc.mark()
          await load(traced, `/verifications/${id}`, 50, { headers: auth }, MEMORY_SECONDS)
          clearInterval(sampler)
          memory.push(rssMiB(pid))
          memoryMedians.push(median(samples.slice(Math.floor(samples.length / 2))))
          marks.push([from, gc.mark()])
        }
        // The isolate that collected most is known once every run is over.
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
        `- No growth over three runs of ${MEMORY_SECONDS} s at 50 connections (a leak check: V8's heap after full collections, at most 5 % from the first run's median to the third's):` +
          ` ${heapMedians.map(heapText).join(' → ')} — ${heapVerdict}; the resident set's medians ${memoryMedians.map((m) => `${fmt(m, 0)} MiB`).join(' → ')}`,
      )
    } finally {
      await stop(bare.child)
    }
  } finally {
    await stop(service.child)
    await sql.end()
    await db.drop()
  }
  const growth = memoryMedians[2]! - memoryMedians[0]!
  const heapGrowth = heapMedians[2]! - heapMedians[0]!
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${fmt(x, 1)}`
  return {
    title: 'API throughput and latency',
    body: [
      `autocannon, ${SECONDS} s per run, ${REPEATS} runs per case (${GOAL_REPEATS} at 50 connections, which the goals judge) with the service and its ceiling taking turns (medians), from the same machine (2 cores shared by autocannon, the service and PostgreSQL).`,
      `The service runs as \`npm start\` runs it, on PostgreSQL ${db.tcpUrl ? "through the server's Unix socket (DATABASE_URL=postgres://postgres@/<db>?host=/var/run/postgresql), as a service on the database's own machine would connect; the rows marked \"over TCP\" are a second instance on the same database through 127.0.0.1:5432" : 'at DATABASE_URL'},`,
      'with its default configuration (info logging of every request, rate limiting on), one key; the ceilings are measured in the same run, postgres.js over the same connection as the service. Ratio = service / ceiling.',
      "CPU µs/req: CPU time (user and system, all threads, from /proc/<pid>/stat) the server's process used per answered request; for postgres.js, the bench's own process, which then only sends statements and reads their rows.",
      '',
      '| case | connections | req/s | p50 ms | p99 ms | CPU µs/req | ceiling | ceiling req/s | p50 ms | p99 ms | CPU µs/req | ratio |',
      '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Memory, by an instance of its own started as \`npm start\` starts it but with node's \`--trace-gc\` (the bench reads its standard output), three runs of ${MEMORY_SECONDS} s at 50 connections (GET by id) after ${MEMORY_WARMUP_SECONDS} s of warm-up:`,
      `resident memory after each run: ${memory.map((m) => `${fmt(m, 0)} MiB`).join(', ')}; median of each run's second half: ${memoryMedians.map((m) => `${fmt(m, 0)} MiB`).join(', ')} (first to third: ${signed(growth)} MiB, ${signed((100 * growth) / memoryMedians[0]!)} %);`,
      `V8's heap after each full collection, median of each run: ${heapMedians.map(heapText).join(', ')} (first to third: ${signed(heapGrowth)} MiB, ${signed((100 * heapGrowth) / heapMedians[0]!)} %).`,
      '',
      'The leak check is judged on the heap. V8 resizes its spaces as it goes, so the resident set moves by',
      'tens of MiB while the heap holds the same: in five runs of 60 s on 2026-11-23 the medians of the',
      'resident set went from 251 to 286 MiB while every full collection left 32.5 to 32.6 MiB. The heap',
      'found a leak the resident set hid: over eight runs of 60 s it rose from 32.5 to 37 MiB, about 0.6 MiB',
      "a minute. Two heap snapshots four minutes apart put all of it in one array: postgres.js keeps its",
      "pool's connections in queues that drop their taken slots only when they are empty, and under constant",
      "load the queue of busy connections never is, so it grew by a slot for every statement.",
      'patches/postgres+3.4.9.patch (applied by `npm ci`) drops the taken slots once they are half of the',
      'array; test/driver-queue.test.ts holds the driver to it.',
      '',
      'Goals of issue 7, from this run:',
      ...goals,
      '',
      'The ceilings: bare Fastify answers the same JSON from memory, and postgres.js sends, one request at a',
      'time per connection, the single-row statement a request needs on its own (the row read or inserted',
      "together with its key's revocation); the service sends the same work for a batch of requests (below).",
      '',
      'What profiling the service under autocannon (`node --cpu-prof`) found on the hot path, and what was done:',
      '- helmet ran for every response (a tenth of the CPU): its headers are the same for every request, so',
      '  they are computed once at start-up and set in one call.',
      '- Logging: Fastify logs two lines per request, each a synchronous write, and makes a pino child logger',
      '  for every request. Now one line is written when the request is answered, and the lines of a turn',
      '  of the event loop leave in one write (flushed at exit); the child logger is made only when something',
      '  logs through it, and the access line, which holds only method, URL, status and time, skips the',
      '  redaction paths.',
      '- The key was a round trip of its own before the work. A key\'s identity (id, client, role) never',
      '  changes, so it is kept in memory after first use; its revocation is never cached. Creating, listing',
      '  and reading verifications read it in the statement that does the work (`AND EXISTS (SELECT 1 FROM',
      '  api_keys WHERE id = $key AND revoked_at IS NULL)`, `INSERT … SELECT … JOIN api_keys …`): a revoked',
      '  key is refused on its very next request on every instance (an empty result or an error answer reads',
      '  the key before answering; test/revocation.test.ts covers each way).',
      '- POST was four round trips (key, BEGIN, INSERT, COMMIT) and the list three (key, page, count): each',
      '  is one statement now (the list\'s total is computed in the same statement as its page).',
      '- One statement per request was still most of the cost of a read by id: building and sending it,',
      '  the wake-up of a PostgreSQL backend, its reply. Requests that arrive in the same turn of the event',
      '  loop now share one: reads by id, creations, and lists of the same shape each go out as one',
      '  statement with every request a row of `unnest(…) WITH ORDINALITY` (joined to its verification, its',
      '  key, its page and total; the creations in one INSERT … SELECT and one commit). A batch leaves after',
      '  its requests arrived, so each answer is as fresh as a statement of its own would give, and a batch',
      '  that fails is retried one request at a time, so one bad request fails alone. This doubled GET by id',
      '  and raised POST by three quarters.',
      '- Building queries with drizzle was a third of POST\'s CPU: the hot statements are prepared once.',
      '- Cookies were parsed for every request: only the dashboard\'s routes read them now.',
      '- Every list sorted all of its client\'s rows for each page: drizzle writes an index\'s `.desc()` as',
      '  DESC NULLS LAST and a plain ORDER BY … DESC means NULLS FIRST, so no index could give the order.',
      '  The lists now order by DESC NULLS LAST (the columns are NOT NULL: the same rows), and read their',
      '  page from the index (test/list-order.test.ts checks the plans). This cut PostgreSQL\'s time per list',
      '  request by more than half here, and more for a client with many verifications.',
      '- Parsing twenty rows into objects and serialising them again was most of the list\'s CPU in the',
      '  service: PostgreSQL now writes the page as the response\'s JSON in the same statement (by string',
      '  concatenation, half the cost of json_build_object), and the service sends that text as it is.',
      '  The tests hold every item to the schema and to the same verification read by id.',
      '- Writing those twenty summaries (to_char, to_json and a dozen concatenations per item) was then most',
      '  of PostgreSQL\'s time per list request. A trigger now writes each verification\'s summary when its',
      '  row is written (drizzle/0005_list_summary_json.sql), and the list sends the stored text; only an',
      '  expired pending session\'s status is changed on the way out. In alternating runs, PostgreSQL\'s CPU',
      '  time per list request fell from about 155 to 90 µs and the list\'s rate rose by a fifth; an insert',
      '  costs PostgreSQL about 8 µs more.',
      '- GET by id did the same for its one row: its read (its share of the statement, parsing fourteen',
      '  columns into objects, three of them dates, mapping and serialising them again) was about a third',
      '  of its CPU time in the service. PostgreSQL now writes the verification\'s JSON around its',
      '  checks_results and metadata, which the service writes with the schema\'s own serialisers (so only',
      '  what the schema has reaches a client).',
      '  In alternating runs of the two versions, the service\'s CPU time per read fell from 55 to 43 µs.',
      '  The body is byte for byte what it was: test/verifications.test.ts compares the two for odd text,',
      '  stored results with fields the schema lacks, and every state.',
      '- Writing that JSON (three timestamps, the checks, and the results and metadata parsed from jsonb and',
      '  written again) was then most of PostgreSQL\'s time per read, and the results\' two jsonb columns',
      '  most of what the service parsed. A trigger now writes the whole body when the row is written',
      '  (drizzle/0007_verification_detail_json.sql), with the results as the schema\'s serialiser wrote',
      '  them when the service recorded them (kept only while they hold the same JSON as checks_results), and',
      '  a read sends the stored text; a row that cannot hold it (results with fields the schema lacks,',
      '  a metadata key with a line break, which the trigger leaves to the serialiser) is read from its',
      '  columns as before. On 2026-11-25, in six alternating pairs of runs, PostgreSQL\'s CPU time per read',
      '  fell from about 16 to 10 µs, the service\'s from 66 to 60 µs (a slow day), and its rate rose by 6',
      '  to 16 % in every pair (median 11 %).',
      '- POST then still returned the whole new row (RETURNING *), which the service parsed (three jsonb',
      '  columns, three timestamps, the checks) and serialised again. Its insert now returns the id and the',
      '  JSON that the same trigger wrote, sent as it is (a row that does not hold it is read back from its',
      '  columns). In three alternating pairs of runs on 2026-11-25 the service\'s CPU time per creation fell',
      '  by about a tenth (from 104 to 171 µs to 88 to 150 µs; this machine\'s speed drifted more than that',
      '  within the hour), and the rate moved within the noise. The INSERT ceiling returns the same two',
      '  columns.',
      '- Headers: every JSON answer carried helmet\'s twelve headers for pages and three rate-limit headers,',
      '  which the service writes and every client parses (autocannon spent half again as long per answer).',
      '  JSON answers now carry the five that mean something for JSON (OWASP\'s REST Security Cheat Sheet:',
      '  Cache-Control: no-store, nosniff, X-Frame-Options DENY, a CSP of default-src \'none\' and',
      '  frame-ancestors \'none\', Cross-Origin-Resource-Policy same-origin); the rate limit\'s headers come',
      '  with a 429 only; pages keep helmet\'s whole set (openapi.yaml, README).',
      '- Authentication on the hot routes takes a known key in a callback hook, without a promise, and',
      '  hashes it with the one-shot crypto.hash (a third of the cost of a Hash object).',
      '- Log lines: pino\'s asynchronous destination (sonic-boom) measured the text it was holding again for',
      '  every line it was given (the byte length of a string that grows while a write is in flight), a few',
      '  microseconds a line under load. The lines that arrive together now leave in one write',
      '  (src/log-stream.ts: gathered during a turn of the event loop, or while a full pipe is emptied; at',
      '  exit and on SIGTERM what is left is written first), and the access line is written as pino writes',
      '  it, without its generic path (test/logging.test.ts compares the two). In alternating runs GET by id',
      '  rose by a tenth and GET /healthz by a quarter. The write itself was then handed to Node\'s thread',
      '  pool, as sonic-boom does, until 2026-11-24: a flush could call back, and an exit write the last',
      '  lines, while an earlier write was still there, so at exit lines came out of order or not at all. The',
      '  write is now made on the main thread, once a turn, without waiting for a full pipe (the rest is',
      '  tried again 10 ms later); in alternating quick runs GET by id measured the same or slightly faster.',
      '- X-Total-Count counted the client\'s rows for every list request (O(rows of the client), about half',
      '  of PostgreSQL\'s time per list request even at 200 rows). Triggers now keep per-client, per-status',
      '  counts as rows are written (drizzle/0006_verification_counts.sql, spread over 16 rows a client so',
      '  that writers seldom wait on each other), and the list adds them up. In alternating runs',
      '  PostgreSQL\'s time per list request fell from about 55 to 35 µs and the list\'s rate rose by a sixth;',
      '  an insert costs PostgreSQL about 10 µs more, and POST\'s rate fell by about 7 %.',
      '',
      'Where the rest of the gap goes:',
      `- GET by id reaches ${byIdLoads ? fmt((byIdLoads.service.rps / byIdLoads.bare.rps) * 100, 0) : '–'} % of bare Fastify in this run. The CPU time per read (goals above) says why:`,
      '  each server keeps most of a core busy, so its rate is about that share of a core divided by its CPU',
      `  time per answer. Half of bare Fastify's rate needs a read to cost the service at most about twice`,
      `  what it costs bare Fastify${byIdLoads ? ` (${fmt((2 * byIdLoads.bare.cpuPerRequest * byIdLoads.service.cores) / byIdLoads.bare.cores, 0)} µs here, at the service's share of a core)` : ''}, and the service's stack alone`,
      '  (GET /healthz: request id, security headers, the authentication hook, the rate limit, the access',
      '  line, with no key and no database) costs most of that.',
      '  What two parts of that stack cost is measured by turning them off (goals above). The access line is',
      '  the larger. A CPU profile gives it under 1 µs a read; comparing `perf` samples of an instance with it',
      '  and one without (`--perf-basic-prof`, 2026-11-23) shows its work spread over the process: turning the',
      "  response time (a fraction of a millisecond) into text, 0.5 µs, inside Fastify's onResFinished, where",
      "  V8 inlined it; flattening and joining the lines for their write, 0.5 µs, in V8's string code; quoting",
      '  its fields and its own function, 0.3 µs; and many smaller differences (allocation, property stores).',
      '  Both stay on: a service in production keeps an access log and a limit per key.',
      '  Since 2026-11-25 a read\'s row is one column of stored JSON (detail_json, above), and PostgreSQL\'s',
      '  own time per read (about 10 µs on that slow day, 4 µs of it the row\'s own work) no longer holds the',
      '  service\'s answers back for long.',
      '  Of the rest of a read by id, a profile of the service under autocannon on 2026-11-23',
      '  (`node --cpu-prof`, 37 µs a read) gave, per read: postgres.js building the batch\'s statement and',
      '  parsing its rows, 3 µs; the write of each batch\'s statement to PostgreSQL, 2 µs, most of it the',
      '  service\'s thread waiting while the backend it woke runs on its core (strace gives that write 2 µs a',
      '  call, for a batch of about 20 reads, from the write calls a second against the answers,',
      '  /proc/<pid>/io; a CPU profile counts the wait to the write); garbage collection, 2; hashing the key',
      '  and making the request id, 1; then Fastify\'s hooks and validation, each under 1; no function of the',
      '  service\'s own is above a fiftieth. Running it from JavaScript compiled ahead of time (esbuild)',
      '  instead of through tsx, as `npm start` does, saved about 1 µs a read in alternating runs: within',
      '  what one instance of the service differs from the next (1 to 2 µs), and not done. Both servers read',
      '  each request with one read and write its answer with one writev (strace), about 4 µs of either\'s',
      '  time. Autocannon also spends more per answer of the service (about 20 µs against 16) for its six more',
      '  headers (request id and the five security headers). All of it shares two cores with autocannon and',
      '  PostgreSQL, and one run differs from the next by 10 to 30 % on this machine.',
      '  This machine\'s speed also changes from day to day, and not evenly: on the days of this work bare',
      '  Fastify answered from 12 to 82 thousand reads a second and the service 7 to 25 thousand (32 to 65 %).',
      '  A slow day slows most what both servers do alike (the kernel\'s share of reading a request and writing',
      '  its answer) and less the service\'s own code, so the ratio rises as the latencies grow.',
      '  Tried, not kept: writing log lines in blocks of 4 KiB (sonic-boom\'s minLength) cost more than it',
      '  saved, because sonic-boom\'s buffer is a string flattened again for every line. Cutting the waves of',
      '  50 reads into batches of 16 or 8, so that PostgreSQL starts sooner, measured the same or up to a',
      '  third slower (a statement\'s own cost, paid more often). Serving the verification from memory after',
      '  its key, with no statement at all, measured about half of bare Fastify on a fast day; but a status',
      '  could then be stale on another instance, and the key\'s revocation has to be read on every request',
      '  anyway (no cache may outlive a revoke, decisions.md).',
      '- POST is above its ceiling: the ceiling is one single-row INSERT and one commit per request, as the',
      '  goal defines it, while the service commits the creations that arrive together at once. Most of a',
      '  creation\'s cost is PostgreSQL\'s (the insert, its four indexes, its key\'s foreign key, the triggers',
      '  that write its summary, its JSON and its client\'s counts, and the commit): 130 to 180 µs of',
      '  PostgreSQL\'s CPU per creation on 2026-11-25, a slow day, against 110 to 200 µs of the service\'s. Its',
      '  p99 at 50 connections is set by its rate (goals above): on a day when this machine runs at half its',
      '  speed it can pass 25 ms, as a single INSERT\'s own p99 comes near it (21 ms on 2026-11-25).',
      '  The largest part of PostgreSQL\'s share is the primary key: ids are random (`vry_<uuid v4>`,',
      '  decisions.md), so each insert lands on a leaf of the index that no other recent insert touched. With',
      '  EXPLAIN ANALYZE, 200 rows inserted into a table of 500,000 took 11 to 21 ms with a random key (text',
      '  or uuid about alike; a "C" collation changed nothing) against 2 to 3 ms with an increasing one: about',
      '  60 µs a row. The other three indexes add 15 to 25 µs a row, the triggers about 35 (the JSON 17 µs,',
      '  the counts 12, the foreign key\'s 7), and the row itself about 40. Keys in time order (uuid v7)',
      '  would remove most of it, but the id format is part of the contract.',
      '  The tail is PostgreSQL\'s too: timing each statement in the service (a scratch build, 2026-11-25)',
      '  showed a median of 10 creations per statement at 50 connections, statements taking 5.6 ms at the',
      '  median and 23 ms at the 99th percentile, and a few stalls of 100 to 180 ms in which every statement',
      '  in flight waited for its commit; the slow requests came in groups, a whole statement\'s at once,',
      '  a few times a second. Capping the statements in flight at one, two or three (larger batches, fewer',
      '  commits) measured within the noise of the uncapped version, and was not kept.',
      '  What the commits wait for is the disk. Sampling pg_stat_activity every 10 ms during the same load,',
      '  the busy backends were waiting for the WAL to reach the disk (IO:WALSync, or LWLock:WALWrite behind',
      '  another backend\'s sync) in about 70 % of the samples, and running in the rest; a WAL segment being',
      '  created (IO:WALInitSync) showed up in one run of two. pg_test_fsync on this disk: one 8 kB write',
      '  and its fdatasync 170 µs, two 468 µs, so a commit\'s wait grows with its WAL. A creation writes',
      '  1,340 bytes of WAL (pg_waldump --stats): its row 54 %, two-thirds of which are the row\'s two JSON',
      '  texts (summary_json 194 bytes, detail_json 286, which the list and GET by id send as they are),',
      '  its four index entries 30 %, index page splits 12 %. Fewer bytes per creation (the JSON texts',
      '  written at read time again, at the cost of the reads), wal_compression, or a faster disk are what',
      '  would shorten that wait; the server\'s settings are the operator\'s, and were left as they are.',
      '- The list: the service and PostgreSQL take turns on a batch, so at 50 connections the median',
      '  latency is about 50 divided by the rate. Identical requests in a batch are not merged: that would',
      '  flatter this benchmark, whose requests are all alike, more than it would help clients.',
      "- The list's p99 over TCP loopback (the rows over TCP; 19 to 48 ms in earlier runs) was set by stalls",
      '  in which no answer left for 40 to 80 ms, two to five times a second, while the service\'s event',
      '  loop was free (no turn above 10 ms; scavenges took 1 to 4 ms, `--trace-gc`) and no statement took',
      '  5 ms in PostgreSQL (log_min_duration_statement). Timing every batch in the service showed a batch of',
      '  50 lists waiting 80 ms between the write of its statement and its rows with nothing else in flight;',
      '  perf sched over that window showed one core idle for 48 ms while, on the other, ksoftirqd (which',
      '  had waited 96 ms) ran behind other tasks. Loopback TCP delivers each packet as deferred network',
      '  work (a softirq) on the core that sent it; under load that work is handed to ksoftirqd, which',
      '  queues for that core like any task, and the process it would wake waits, however idle the other',
      '  core. A Unix socket hands the bytes to the reader directly: through PostgreSQL\'s socket the',
      "  list's p99 fell to 5 or 6 ms and its rate rose by 5 to 25 % in alternating runs; GET by id, with",
      '  smaller answers, changed within the noise. So the bench runs the service as a service on the',
      "  database's machine should run (DATABASE_URL naming the socket, README) and keeps the TCP rows",
      '  beside it. Tried before: turning off Nagle\'s algorithm on the database sockets, and a pool of three',
      '  connections instead of ten, changed nothing beyond the noise.',
      '  What removed the TCP tail (2026-11-25) was fewer lists a statement: a whole wave of 50 lists in one',
      '  statement held every one of them until PostgreSQL had written all 50 pages, about 200 kB for pages',
      '  of 20. A list statement now holds at most 8. In alternating runs over TCP of two instances, one',
      '  capped, one not, on a fast day: pages of 20, p99 4 to 5 ms capped against 5 to 25 ms, and 10 to 15 %',
      '  more lists a second; pages of 100, p99 8 to 11 ms against 31 to 42 ms, and 20 to 45 % more. Through',
      '  the socket: pages of 20 the same (p99 4 ms both), pages of 100 about 15 % more. A cap of 4 answered',
      '  a quarter fewer lists than none (a statement\'s own cost, paid twice as often); one of 16, pages of',
      '  100, p99 16 ms. Turning Nagle\'s algorithm off on the database sockets was tried again, with no',
      '  gain (TcpExtDelayedACKs, nstat, rose and fell with the stalls either way). test/list-batch.test.ts',
      '  holds every list asked for together to the answer it gets alone.',
      '- The tail otherwise adds garbage collection pauses and the scheduling of autocannon, the service and',
      '  the PostgreSQL backends on two cores. Figures move by 10 to 20 % from one run to the next on this',
      '  machine, the ceilings as much as the service (`--max-semi-space-size=64` changed throughput by less',
      '  than that noise for 90 MiB more memory, and was not kept).',
    ].join('\n'),
  }
}
