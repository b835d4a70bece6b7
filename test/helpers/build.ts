// build(t): the real app, as production registers it, on a database of this test file's own.
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify'
import type { DestinationStream } from 'pino'
import app, { serverOptions } from '../../src/app.js'
import { loadConfig, type Config } from '../../src/config.js'
import { newApiKeySecret } from '../../src/domain/api-key-secret.js'
import { createTestDatabase } from './database.js'

export interface TestContext {
  teardown(fn: () => unknown): void
}

export interface Built {
  app: FastifyInstance
  config: Config
  adminKey: string
  /** A request through app.inject with an optional bearer key and JSON body. */
  call(method: InjectOptions['method'], url: string, opts?: CallOptions): Promise<LightMyRequestResponse>
  /** Creates an API key through the API and returns its secret and id. */
  createKey(clientName: string, role: string): Promise<{ id: string; key: string }>
}

export interface CallOptions {
  key?: string | null
  body?: unknown
  headers?: Record<string, string>
  query?: Record<string, string>
}

export interface Unbuilt {
  server: FastifyInstance
  config: Config
  adminKey: string
}

/**
 * The Fastify instance build() uses, with the test config and a database of its own, before the app
 * is registered: for a test that must hook in first (onRoute) or add a route of its own. It is
 * closed and its database dropped in teardown.
 */
export async function createServer(t: TestContext, overrides: Partial<Config> = {}, logStream?: DestinationStream): Promise<Unbuilt> {
  const database = await createTestDatabase()
  const adminKey = newApiKeySecret()
  const config: Config = {
    ...loadConfig({ DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL }),
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    adminApiKey: adminKey,
    // One key per test database, so that a second instance on it (b.config) opens what the first sealed.
    mediaEncryptionKey: randomBytes(32),
    logLevel: 'silent',
    rateLimitPerSecond: 0,
    ...overrides,
  }
  const server = Fastify(serverOptions(config, logStream))
  t.teardown(async () => {
    await server.close()
    await database.drop()
  })
  return { server, config, adminKey }
}

/** build(t) with the app's log lines written to `logStream` (at the level `overrides.logLevel` says). */
export async function build(t: TestContext, overrides: Partial<Config> = {}, logStream?: DestinationStream): Promise<Built> {
  const { server, config, adminKey } = await createServer(t, overrides, logStream)
  await server.register(app, { config })
  await server.ready()
  return built(server, config, adminKey)
}

/**
 * Another instance of the app on the database of `config` (a Built's, changed): a restart with other
 * settings. The caller closes the first one before, when the database is the embedded one.
 */
export async function reopen(t: TestContext, config: Config, adminKey: string): Promise<Built> {
  const server = Fastify(serverOptions(config))
  t.teardown(() => server.close())
  await server.register(app, { config })
  await server.ready()
  return built(server, config, adminKey)
}

function built(server: FastifyInstance, config: Config, adminKey: string): Built {

  const call: Built['call'] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.key) headers.authorization = `Bearer ${opts.key}`
    return server.inject({
      method,
      url,
      headers,
      ...(opts.query ? { query: opts.query } : {}),
      ...(opts.body !== undefined ? { payload: opts.body as never } : {}),
    })
  }
  const createKey: Built['createKey'] = async (clientName, role) => {
    const res = await call('POST', '/admin/keys', { key: adminKey, body: { client_name: clientName, role } })
    if (res.statusCode !== 201) throw new Error(`createKey failed: ${res.statusCode} ${res.body}`)
    const { id, key } = res.json() as { id: string; key: string }
    return { id, key }
  }
  return { app: server, config, adminKey, call, createKey }
}
