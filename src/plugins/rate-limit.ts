// Per-key rate limit (RATE_LIMIT_PER_SECOND; 0 turns it off). It runs after authentication, so the
// bucket is the API key; public routes are not limited. Only a refusal (429) carries the limit's
// headers: Retry-After and X-RateLimit-Limit, -Remaining and -Reset (openapi.yaml). With REDIS_URL
// the counters live in Redis, so that instances behind one load balancer share each key's budget.
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import { ApiError } from '../domain/errors.js'

export default fp(
  async function rateLimitPlugin(app, opts: { perSecond: number; redisUrl: string | null }) {
    if (opts.perSecond <= 0) return
    // While Redis is unreachable a request does not wait for it: commands fail at once (no offline
    // queue) and the request is served unlimited, the failure logged, rather than refused or held.
    const redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true })
      : null
    if (redis) {
      redis.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'rate limit store (Redis) unavailable'))
      await redis.connect().catch((err: Error) => app.log.warn({ err: { message: err.message } }, 'rate limit store (Redis) not reachable at start'))
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect())
      })
    }
    await app.register(rateLimit, {
      ...(redis ? { redis, nameSpace: 'ivs-rate-limit:', skipOnError: true } : {}),
      global: true,
      hook: 'preParsing',
      max: opts.perSecond,
      timeWindow: 1000,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      keyGenerator: (request) => request.principal?.id ?? request.ip,
      allowList: (request) => request.principal === null,
      errorResponseBuilder: (_request, context) =>
        new ApiError('rate_limited', `rate limit of ${context.max} requests per second exceeded; retry after ${context.after}`),
    })
  },
  { name: 'rate-limit', dependencies: ['auth'] },
)
