// Shared pieces of the benchmark harness: a database of the bench's own, the app, statistics.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import Fastify, { type FastifyInstance } from 'fastify'
import postgres from 'postgres'
import app, { serverOptions } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'

export const quick = process.argv.includes('--quick')

/** The machine's PostgreSQL (DATABASE_URL, else the local default); the bench gets a fresh database. */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test'
  const name = `ivs_bench_${randomBytes(4).toString('hex')}`
  const admin = postgres(server, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const u = new URL(server)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    async drop() {
      const c = postgres(server, { max: 1, onnotice: () => {} })
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
