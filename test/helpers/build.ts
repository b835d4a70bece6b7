// build(t): the real app, as production registers it, on a database of this test file's own.
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify'
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
export async function createServer(t: TestContext, overrides: Partial<Config> = {}): Promise<Unbuilt> {
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
  const server = Fastify(serverOptions(config))
  t.teardown(async () => {
    await server.close()
    await database.drop()
  })
  return { server, config, adminKey }
}

export async function build(t: TestContext, overrides: Partial<Config> = {}): Promise<Built> {
  const { server, config, adminKey } = await createServer(t, overrides)
  await server.register(app, { config })
  await server.ready()

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
