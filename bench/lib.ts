// Shared pieces of the benchmark harness: a database of the bench's own, the app, statistics.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import app, { serverOptions } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'
import { postgresClient } from '../src/db/postgres-client.js'
import { withDatabase } from '../src/db/postgres-url.js'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'

export const quick = process.argv.includes('--quick')

/** Where the machine's own PostgreSQL listens for local connections (Debian's default). */
const LOCAL_SOCKET = '/var/run/postgresql/.s.PGSQL.5432'
const LOCAL_TCP = 'postgres://postgres@127.0.0.1:5432/test'

/**
 * The PostgreSQL server the bench runs on: DATABASE_URL when given, else the machine's own server
 * through its Unix socket (as a service on the database's host would connect), else on 127.0.0.1.
 */
export function benchServer(): { url: string; tcpUrl: string | null } {
  const given = process.env.DATABASE_URL?.trim()
  if (given) return { url: given, tcpUrl: null }
  if (existsSync(LOCAL_SOCKET)) return { url: `postgres://postgres@/test?host=${path.dirname(LOCAL_SOCKET)}`, tcpUrl: LOCAL_TCP }
  return { url: LOCAL_TCP, tcpUrl: null }
}

/** A postgres.js client for `url`, a socket URL included. */
export const connect = (url: string, max = 1) => postgresClient(url, { max })

/**
 * A fresh database of the bench's own on benchServer(). `tcpUrl`: the same database through TCP on
 * 127.0.0.1, when `url` is the local socket.
 */
export async function benchDatabase(): Promise<{ url: string; tcpUrl: string | null; drop(): Promise<void> }> {
  const server = benchServer()
  const name = `ivs_bench_${randomBytes(4).toString('hex')}`
  const admin = connect(server.url)
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  return {
    url: withDatabase(server.url, name),
    tcpUrl: server.tcpUrl && withDatabase(server.tcpUrl, name),
    async drop() {
      const c = connect(server.url)
      await c.unsafe(`drop database if exists "${name}" with (force)`)
      await c.end()
    },
  }
}

export async function startApp(databaseUrl: string, overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; adminKey: string; config: Config }> {
  const adminKey = newApiKeySecret()
  const config: Config = { ...loadConfig({}), databaseUrl, adminApiKey: adminKey, logLevel: 'silent', rateLimitPerSecond: 0, ...overrides }
  const server = Fastify(serverOptions(config))
  await server.register(app, { config })
  await server.ready()
  return { app: server, adminKey, config }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i]!
}

export function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b)
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) }
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–')

export interface Section {
  title: string
  /** Markdown: a table and the notes that explain it. */
  body: string
}
