// The root plugin: registers the cross-cutting plugins, then one routes plugin per tag of openapi.yaml.
// Tests register exactly this, with their own Config.
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import type { Config } from './config.js'
import authPlugin from './plugins/auth.js'
import dbPlugin from './plugins/db.js'
import errorsPlugin from './plugins/errors.js'
import rateLimitPlugin from './plugins/rate-limit.js'
import requestIdPlugin, { genReqId } from './plugins/request-id.js'
import servicesPlugin from './plugins/services.js'
import swaggerPlugin from './plugins/swagger.js'
import validationPlugin from './plugins/validation.js'
import adminKeysRoutes from './routes/admin-keys/index.js'
import dashboardRoutes from './routes/dashboard/index.js'
import healthRoutes from './routes/health/index.js'
import processingRoutes from './routes/processing/index.js'
import verificationsRoutes from './routes/verifications/index.js'
import webhooksRoutes from './routes/webhooks/index.js'

export interface AppOptions {
  config: Config
}

/** Options for the Fastify instance itself, shared by server.ts and the tests. */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    genReqId,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }
}

export default async function app(fastify: FastifyInstance, opts: AppOptions) {
  const { config } = opts
  await fastify.register(requestIdPlugin)
  await fastify.register(errorsPlugin)
  await fastify.register(validationPlugin)
  await fastify.register(dbPlugin, { config })
  await fastify.register(servicesPlugin, { config })
  await fastify.register(authPlugin)
  await fastify.register(rateLimitPlugin, { perSecond: config.rateLimitPerSecond })
  await fastify.register(swaggerPlugin)

  await fastify.register(healthRoutes)
  await fastify.register(verificationsRoutes)
  await fastify.register(processingRoutes)
  await fastify.register(adminKeysRoutes)
  await fastify.register(webhooksRoutes)
  await fastify.register(dashboardRoutes)
}
