// Reads and validates the environment once; the rest of the service gets a typed Config.
import { availableParallelism, totalmem } from 'node:os'
import path from 'node:path'
import { postgresUrlProblem } from './db/postgres-url.js'
import { looksLikeApiKey } from './domain/api-key-secret.js'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Config {
  port: number
  host: string
  /** postgres:// URL of a PostgreSQL server; null means the embedded PGlite in dataDir. */
  databaseUrl: string | null
  /** Connections to PostgreSQL per instance (postgres.js pipelines queries over them). */
  databasePoolSize: number
  dataDir: string
  adminApiKey: string | null
  adminClientName: string
  logLevel: LogLevel
  rateLimitPerSecond: number
  /** Milliseconds a pending verification lives before it fails. */
  verificationTtlMs: number
  /** How often expired pending verifications are looked for. */
  sweepIntervalMs: number
  webhookTimeoutMs: number
  /** Delay before each retry, in order; its length is max_attempts (the number of retries). */
  webhookRetryDelaysMs: number[]
  /** Lets webhooks reach loopback and private addresses: local development and tests only. */
  webhookAllowPrivateNetworks: boolean
  /** 32-byte AES-256-GCM key that seals personal data; null: generated into dataDir on first start. */
  mediaEncryptionKey: Buffer | null
  /** Earlier keys, still opening what they sealed until `npm run reseal` has moved it to the current key. */
  previousMediaEncryptionKeys: Buffer[]
  /** Uploaded images are deleted this long after upload; results stay. */
  mediaRetentionMs: number
  /** Audit entries are deleted this long after they were written; 0 keeps them forever. */
  auditRetentionMs: number
  /** Verifications older than this are redacted (their personal data erased); 0 keeps them forever. */
  resultRetentionMs: number
  /** Worker threads for image analysis (from 2, split between documents and faces: src/analysis/pool.ts). */
  analysisThreads: number
  /** Image analyses that may wait for a thread; past them a request is answered 503 overloaded. */
  analysisQueue: number
  /** Upload requests (document, selfie, liveness frames) received and analysed at once. */
  uploadsInFlight: number
  /** Event-loop delay (ms) past which every request is answered 503 overloaded until it recovers. */
  maxEventLoopDelayMs: number
  /** Redis for state shared by instances (the rate limit's counters); null: this process's memory. */
  redisUrl: string | null
  /** Bearer token a Prometheus scraper sends to GET /metrics; null: no metrics are served. */
  metricsToken: string | null
  /** Where clients reach this service: the served spec's server, links. Never taken from a request. */
  publicUrl: string
  /** Whether X-Forwarded-Proto (and -For) from a reverse proxy count. */
  trustProxy: boolean
  /** How long a client may take to send a request's headers. */
  headersTimeoutMs: number
  /** How long a client may take to send a whole request, headers and body. */
  bodyTimeoutMs: number
  /** How long a kept-alive connection may stay idle between requests. */
  keepAliveTimeoutMs: number
  /** Embedding similarity (0–1) at or above which two faces are the same person. */
  faceMatchThreshold: number
  /** How close to its threshold a score must be for the decision to be `review` (src/domain/decision.ts). */
  reviewMargin: number
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, y: 365 * 86_400_000 }
/** The longest a Node timer waits (2^31 - 1 ms, about 24.8 days): a longer one fires at once. */
const TIMER_LIMIT_MS = 2 ** 31 - 1

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = []
  const str = (name: string) => {
    const v = env[name]?.trim()
    return v === undefined || v === '' ? undefined : v
  }
  const int = (name: string, def: number, min: number, max: number) => {
    const raw = str(name)
    if (raw === undefined) return def
    const n = Number(raw)
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`)
      return def
    }
    return n
  }
  /** A duration; one that a timer waits (`timer`) is at most a timer's limit, or Node fires it at once. */
  const duration = (name: string, def: number, timer = false) => {
    const raw = str(name)
    if (raw === undefined) return def
    const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(raw)
    if (!m || Number(m[1]) <= 0) {
      problems.push(`${name} must be a positive duration such as 3600, 90s, 30m, 12h or 7d (got "${raw}")`)
      return def
    }
    const ms = Math.round(Number(m[1]) * DURATION_UNITS[m[2] ?? 's']!)
    if (timer && ms > TIMER_LIMIT_MS) {
      problems.push(`${name} must be at most 24d, a timer's limit (got "${raw}")`)
      return def
    }
    return ms
  }
  /** How long something is kept: a duration in days or years, or 0 for ever. */
  const retention = (name: string, def: number) => {
    const raw = str(name)
    if (raw === undefined) return def
    const m = /^(?:0|([1-9]\d*)(d|y))$/.exec(raw)
    if (!m) {
      problems.push(`${name} must be 0 (keep forever) or a number of days or years such as 90d or 3y (got "${raw}")`)
      return def
    }
    return m[1] === undefined ? 0 : Number(m[1]) * DURATION_UNITS[m[2]!]!
  }

  const bool = (name: string, def: boolean) => {
    const raw = str(name)?.toLowerCase()
    if (raw === undefined) return def
    if (['true', '1', 'yes'].includes(raw)) return true
    if (['false', '0', 'no'].includes(raw)) return false
    problems.push(`${name} must be true or false (got "${raw}")`)
    return def
  }
  const secondsList = (name: string, def: number[]) => {
    const raw = str(name)
    if (raw === undefined) return def
    const parts = raw.split(',').map((p) => p.trim())
    if (parts.length > 10 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) {
      problems.push(`${name} must be up to 10 comma-separated numbers of seconds, such as 1,4,9 or 0.1,0.2 (got "${raw}")`)
      return def
    }
    return parts.map((p) => Math.round(Number(p) * 1000))
  }

  /** A comma-separated list of 32-byte keys: the first seals, the others only open. */
  const keys32 = (name: string): Buffer[] => {
    const raw = str(name)
    if (raw === undefined) return []
    const keys = raw.split(',').map((part) => {
      const p = part.trim()
      return /^[0-9a-fA-F]{64}$/.test(p) ? Buffer.from(p, 'hex') : Buffer.from(p, 'base64')
    })
    if (keys.some((k) => k.length !== 32)) {
      problems.push(`${name} must be 32-byte keys, each as 64 hex characters or base64, separated by commas (the first seals)`)
      return []
    }
    return keys
  }
  const mediaKeyList = keys32('MEDIA_ENCRYPTION_KEY')

  const fraction = (name: string, def: number) => {
    const raw = str(name)
    if (raw === undefined) return def
    const n = Number(raw)
    if (!/^\d*\.?\d+$/.test(raw) || n <= 0 || n >= 1) {
      problems.push(`${name} must be a number between 0 and 1 (got "${raw}")`)
      return def
    }
    return n
  }

  const databaseUrl = str('DATABASE_URL') ?? null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database)')
  } else if (databaseUrl) {
    const problem = postgresUrlProblem(databaseUrl)
    if (problem) problems.push(problem)
  }
  const adminApiKey = str('ADMIN_API_KEY') ?? null
  if (adminApiKey && !looksLikeApiKey(adminApiKey)) {
    problems.push('ADMIN_API_KEY must be "ivs_" followed by 43 base64url characters (256 random bits)')
  }
  const logLevel = (str('LOG_LEVEL') ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  const adminClientName = str('ADMIN_CLIENT_NAME') ?? 'admin'
  if ([...adminClientName].length > 200) problems.push('ADMIN_CLIENT_NAME must be at most 200 characters')

  const redisUrl = str('REDIS_URL') ?? null
  if (redisUrl && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) problems.push(`REDIS_URL must be a redis:// or rediss:// URL (got "${redisUrl}")`)
  const metricsToken = str('METRICS_TOKEN') ?? null
  if (metricsToken !== null && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) problems.push('METRICS_TOKEN must be 16 to 256 visible ASCII characters')
  const port = int('PORT', 3000, 0, 65535)
  const publicUrl = str('PUBLIC_URL') ?? `http://localhost:${port}`
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(publicUrl)) {
    problems.push(`PUBLIC_URL must be an absolute http or https URL without a query or fragment (got "${publicUrl}")`)
  }

  const analysisThreads = int('ANALYSIS_THREADS', defaultAnalysisThreads(), 1, 64)
  const config: Config = {
    port,
    host: str('HOST') ?? '127.0.0.1',
    databaseUrl,
    databasePoolSize: int('DATABASE_POOL_SIZE', 10, 2, 1000),
    dataDir: resolveDataDir(str('DATA_DIR') ?? './data'),
    adminApiKey,
    adminClientName,
    logLevel,
    rateLimitPerSecond: int('RATE_LIMIT_PER_SECOND', 100, 0, 1_000_000),
    verificationTtlMs: duration('VERIFICATION_TTL', 7 * DURATION_UNITS.d!),
    sweepIntervalMs: duration('SWEEP_INTERVAL', 30 * DURATION_UNITS.s!, true),
    webhookTimeoutMs: duration('WEBHOOK_TIMEOUT', 10 * DURATION_UNITS.s!, true),
    webhookRetryDelaysMs: secondsList('WEBHOOK_RETRY_DELAYS', [1000, 4000, 9000]),
    webhookAllowPrivateNetworks: bool('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
    mediaEncryptionKey: mediaKeyList[0] ?? null,
    previousMediaEncryptionKeys: mediaKeyList.slice(1),
    mediaRetentionMs: duration('MEDIA_RETENTION', 30 * DURATION_UNITS.d!),
    auditRetentionMs: retention('AUDIT_RETENTION', 0),
    resultRetentionMs: retention('RESULT_RETENTION', 0),
    faceMatchThreshold: fraction('FACE_MATCH_THRESHOLD', 0.75),
    reviewMargin: fraction('REVIEW_MARGIN', 0.05),
    analysisThreads,
    analysisQueue: int('ANALYSIS_QUEUE', 32, 0, 10_000),
    uploadsInFlight: int('UPLOADS_IN_FLIGHT', 2 * analysisThreads, 1, 10_000),
    maxEventLoopDelayMs: duration('MAX_EVENT_LOOP_DELAY', 1000, true),
    redisUrl,
    metricsToken,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    trustProxy: bool('TRUST_PROXY', false),
    headersTimeoutMs: duration('HEADERS_TIMEOUT', 10 * DURATION_UNITS.s!, true),
    bodyTimeoutMs: duration('BODY_TIMEOUT', 30 * DURATION_UNITS.s!, true),
    keepAliveTimeoutMs: duration('KEEP_ALIVE_TIMEOUT', 5 * DURATION_UNITS.s!, true),
  }
  if (config.headersTimeoutMs > config.bodyTimeoutMs) problems.push('HEADERS_TIMEOUT must not be longer than BODY_TIMEOUT')
  if (problems.length) throw new ConfigError(problems)
  return config
}

/** "memory://" keeps the embedded database in memory (tests); anything else is a directory. */
function resolveDataDir(raw: string): string {
  return raw.startsWith('memory://') ? raw : path.resolve(raw)
}

/** What an analysis thread holds once its models are loaded, and what the rest of the process needs (BENCHMARKS.md). */
const THREAD_MEMORY = 450 * 2 ** 20
const PROCESS_MEMORY = 300 * 2 ** 20

/** Analysis threads by default: one a core, at most 4, and no more than the machine's (or container's) memory holds. */
function defaultAnalysisThreads(): number {
  const memory = Math.min(totalmem(), process.constrainedMemory?.() || Infinity)
  return Math.max(1, Math.min(4, availableParallelism(), Math.floor((memory - PROCESS_MEMORY) / THREAD_MEMORY)))
}
