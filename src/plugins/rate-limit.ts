// Per-key rate limit (RATE_LIMIT_PER_SECOND; 0 turns it off). It runs after authentication, so the
// bucket is the API key; public routes are not limited. Only a refusal (429) carries the limit's
// headers: Retry-After and X-RateLimit-Limit, -Remaining and -Reset (openapi.yaml).
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { ApiError } from '../domain/errors.js'

export default fp(
  async function rateLimitPlugin(app, opts: { perSecond: number }) {
    if (opts.perSecond <= 0) return
    await app.register(rateLimit, {
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
