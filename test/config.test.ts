import t from 'tap'
import { ConfigError, loadConfig } from '../src/config.js'

t.test('defaults run on a laptop with no configuration', async (t) => {
  const c = loadConfig({})
  t.equal(c.port, 3000)
  t.equal(c.host, '127.0.0.1')
  t.equal(c.databaseUrl, null)
  t.match(c.dataDir, /\/data$/)
  t.equal(c.adminApiKey, null)
  t.equal(c.adminClientName, 'admin')
  t.equal(c.logLevel, 'info')
  t.equal(c.rateLimitPerSecond, 100)
  t.equal(c.verificationTtlMs, 7 * 86_400_000)
  t.equal(c.databasePoolSize, 10)
})

t.test('values are parsed', async (t) => {
  const c = loadConfig({
    PORT: '8080',
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgres://u@db:5432/ivs',
    DATA_DIR: 'memory://',
    ADMIN_API_KEY: `ivs_${'a'.repeat(43)}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_SECOND: '0',
    VERIFICATION_TTL: '36h',
    DATABASE_POOL_SIZE: '4',
  })
  t.equal(c.databasePoolSize, 4)
  t.equal(c.port, 8080)
  t.equal(c.databaseUrl, 'postgres://u@db:5432/ivs')
  t.equal(c.dataDir, 'memory://')
  t.equal(c.rateLimitPerSecond, 0)
  t.equal(c.verificationTtlMs, 36 * 3_600_000)
})

t.test('every bad value is reported at once, by name', async (t) => {
  try {
    loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_API_KEY: 'secret', LOG_LEVEL: 'loud', VERIFICATION_TTL: '-1d', DATABASE_POOL_SIZE: '1' })
    t.fail('should throw')
  } catch (err) {
    t.ok(err instanceof ConfigError)
    const message = (err as Error).message
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_API_KEY', 'LOG_LEVEL', 'VERIFICATION_TTL', 'DATABASE_POOL_SIZE']) {
      t.match(message, name, `${name} is named`)
    }
    t.notMatch(message, 'secret', 'the rejected key value is not echoed')
  }
})

t.test('a duration a timer waits is at most a timer’s limit, or Node would fire it at once', async (t) => {
  t.equal(loadConfig({ WEBHOOK_TIMEOUT: '24d' }).webhookTimeoutMs, 24 * 86_400_000)
  for (const name of ['WEBHOOK_TIMEOUT', 'SWEEP_INTERVAL', 'HEADERS_TIMEOUT', 'BODY_TIMEOUT', 'KEEP_ALIVE_TIMEOUT', 'MAX_EVENT_LOOP_DELAY']) {
    t.throws(() => loadConfig({ [name]: '30d' }), new RegExp(`${name} must be at most 24d`), name)
  }
  t.equal(loadConfig({ VERIFICATION_TTL: '400d' }).verificationTtlMs, 400 * 86_400_000, 'a duration no timer waits may be longer')
})

t.test('AUDIT_RETENTION: kept forever by default, 0 too, else days or years', async (t) => {
  t.equal(loadConfig({}).auditRetentionMs, 0)
  t.equal(loadConfig({ AUDIT_RETENTION: '0' }).auditRetentionMs, 0)
  t.equal(loadConfig({ AUDIT_RETENTION: '90d' }).auditRetentionMs, 90 * 86_400_000)
  t.equal(loadConfig({ AUDIT_RETENTION: '3y' }).auditRetentionMs, 3 * 365 * 86_400_000)
  for (const bad of ['3', '12h', '-1y', 'forever', '0d']) {
    t.throws(() => loadConfig({ AUDIT_RETENTION: bad }), /AUDIT_RETENTION must be 0 \(keep forever\)/, bad)
  }
})

t.test('MEDIA_ENCRYPTION_KEY: one key, or a list whose first seals and whose others still open', async (t) => {
  const [a, b] = ['a'.repeat(64), Buffer.alloc(32, 2).toString('base64')]
  const one = loadConfig({ MEDIA_ENCRYPTION_KEY: a })
  t.same(one.mediaEncryptionKey, Buffer.from(a, 'hex'))
  t.same(one.previousMediaEncryptionKeys, [])
  const two = loadConfig({ MEDIA_ENCRYPTION_KEY: `${b}, ${a}` })
  t.same(two.mediaEncryptionKey, Buffer.alloc(32, 2))
  t.same(two.previousMediaEncryptionKeys, [Buffer.from(a, 'hex')])
  t.throws(() => loadConfig({ MEDIA_ENCRYPTION_KEY: `${a},short` }), /MEDIA_ENCRYPTION_KEY must be 32-byte keys/)
})
