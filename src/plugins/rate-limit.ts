// Per-key rate limit (RATE_LIMIT_PER_SECOND; 0 turns it off). It runs after authentication, so the
// bucket is the API key; public routes are not limited.
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
      keyGenerator: (request) => request.principal?.id ?? request.ip,
      allowList: (request) => request.principal === null,
      errorResponseBuilder: (_request, context) =>
        new ApiError('rate_limited', `rate limit of ${context.max} requests per second exceeded; retry after ${context.after}`),
    })
  },
  { name: 'rate-limit', dependencies: ['auth'] },
)
