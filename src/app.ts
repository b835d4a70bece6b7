// The root plugin: registers the cross-cutting plugins, then one routes plugin per tag of openapi.yaml.
// Tests register exactly this, with their own Config.
import { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import pino, { type Bindings, type ChildLoggerOptions } from 'pino'
import type { Config } from './config.js'
import { LogStream } from './log-stream.js'
import analysisPlugin from './plugins/analysis.js'
import authPlugin from './plugins/auth.js'
import dbPlugin from './plugins/db.js'
import errorsPlugin from './plugins/errors.js'
import overloadPlugin from './plugins/overload.js'
import rateLimitPlugin from './plugins/rate-limit.js'
import requestIdPlugin, { genReqId } from './plugins/request-id.js'
import repositoriesPlugin from './plugins/repositories.js'
import securityHeadersPlugin from './plugins/security-headers.js'
import servicesPlugin from './plugins/services.js'
import swaggerPlugin from './plugins/swagger.js'
import validationPlugin from './plugins/validation.js'
import verificationSweeperPlugin from './plugins/verification-sweeper.js'
import webhookDispatcherPlugin from './plugins/webhook-dispatcher.js'
import adminKeysRoutes from './routes/admin-keys/index.js'
import dashboardRoutes from './routes/dashboard/index.js'
import healthRoutes from './routes/health/index.js'
import processingRoutes from './routes/processing/index.js'
import verificationsRoutes from './routes/verifications/index.js'
import webhooksRoutes from './routes/webhooks/index.js'

export interface AppOptions {
  config: Config
}

/**
 * One log line per request, when it is answered (Fastify writes a second one as it arrives): method,
 * URL, status and time taken, never headers or bodies (keys, personal data). Half the lines halved
 * logging's share of the CPU under load. The line holds those four fields only, so it needs none of
 * the redaction paths: it is written as pino would write it, straight to pino's stream (pino's generic
 * path was most of logging's cost; test/logging.test.ts compares the two), or, with a logger that has
 * a mixin, a log formatter or a write hook, through a child logger without the redaction paths.
 */
class AccessLog extends LogController {
  #log: FastifyBaseLogger | undefined
  #fast: boolean | undefined

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    if (error) {
      request.log.error({ reqId: request.id, req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime, err: error }, 'request errored')
      return
    }
    const root = request.server.log as pino.Logger
    if (!root.isLevelEnabled('info')) return
    if (this.#fast === undefined) this.#fast = writesPlainLines(root)
    if (this.#fast) {
      // pino's own line (its level and time fields, the logger's bindings, then these fields), written
      // to its stream: building it through pino's generic path was most of logging's cost.
      const l = root as unknown as PinoInternals
      l[streamSym].write(
        l[lsCacheSym][30] +
          l[timeSym]() +
          l[chindingsSym] +
          ',"reqId":' +
          JSON.stringify(request.id) +
          ',"req":{"method":' +
          JSON.stringify(request.method) +
          ',"url":' +
          JSON.stringify(request.url) +
          '},"res":{"statusCode":' +
          reply.statusCode +
          '},"responseTime":' +
          reply.elapsedTime +
          ',"msg":"request completed"' +
          l[endSym],
      )
      return
    }
    const log = (this.#log ??= root.child({}, { redact: [] }))
    log.info({ reqId: request.id, req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed')
  }
}

const { lsCacheSym, timeSym, chindingsSym, streamSym, endSym, mixinSym, formattersSym, hooksSym, needsMetadataGsym } = pino.symbols
type PinoInternals = Record<symbol, any>
/** Whether pino would write an info line as is: no mixin, log formatter, write hook or metadata stream. */
function writesPlainLines(log: pino.Logger): boolean {
  const l = log as unknown as PinoInternals
  return !l[mixinSym] && !l[formattersSym]?.log && !l[hooksSym]?.streamWrite && l[streamSym]?.[needsMetadataGsym] !== true && typeof l[timeSym] === 'function'
}

/**
 * `request.log`: Fastify makes a pino child logger (bound to the request id) for every request, and
 * making it cost more than writing the access line. Most requests log nothing else, so the child is
 * made when something first logs through it.
 */
class RequestLogger {
  #parent: FastifyBaseLogger
  #bindings: Bindings
  #opts: ChildLoggerOptions
  #made: FastifyBaseLogger | undefined

  constructor(parent: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#opts = opts
  }

  get #log(): FastifyBaseLogger {
    // Child options, even empty ones, put pino on its slow path of building the child.
    return (this.#made ??= Object.keys(this.#opts).length ? this.#parent.child(this.#bindings, this.#opts) : this.#parent.child(this.#bindings))
  }

  get level() {
    return this.#log.level
  }
  set level(level: string) {
    this.#log.level = level
  }
  fatal(...args: unknown[]) {
    ;(this.#log.fatal as (...a: unknown[]) => void)(...args)
  }
  error(...args: unknown[]) {
    ;(this.#log.error as (...a: unknown[]) => void)(...args)
  }
  warn(...args: unknown[]) {
    ;(this.#log.warn as (...a: unknown[]) => void)(...args)
  }
  info(...args: unknown[]) {
    ;(this.#log.info as (...a: unknown[]) => void)(...args)
  }
  debug(...args: unknown[]) {
    ;(this.#log.debug as (...a: unknown[]) => void)(...args)
  }
  trace(...args: unknown[]) {
    ;(this.#log.trace as (...a: unknown[]) => void)(...args)
  }
  silent() {}
  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#log.child(bindings, opts)
  }
}

/** Options for the Fastify instance itself, shared by server.ts and the tests. */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      // The lines of a turn of the event loop are written together, never waiting for a full pipe
      // (src/log-stream.ts); what is left is written when the process exits.
      ...(config.logLevel === 'silent' ? {} : { stream: new LogStream(1) }),
    },
    logController: new AccessLog(),
    childLoggerFactory: (logger, bindings, opts) => new RequestLogger(logger, bindings, opts) as unknown as FastifyBaseLogger,
    genReqId,
    // The router's own limit (100 by default) answers a longer path parameter with a bare 414 that
    // skips every hook; the contract wants auth first, then 400 from the schemas' maxLength: 100.
    // 16 KiB is Node's whole header limit, so no request line can carry a longer parameter.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A URL the router cannot decode (bad percent-encoding) never reaches a route, its hooks or the
    // error handler: answer it here in the API's error shape, with the request id.
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'malformed URL: invalid percent-encoding' : 'bad request'
      void reply
        .code(400)
        .header('x-request-id', request.id)
        .send({ error: { code: 'validation_error', message, details: [{ path: '', message }] } })
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // The app is one plugin, and the embedded database's first start (initdb in wasm, then the
    // migrations) alone can outlast Fastify's default of 10 s on a slow or busy machine.
    pluginTimeout: 120_000,
  }
}

async function app(fastify: FastifyInstance, opts: AppOptions) {
  const { config } = opts
  await fastify.register(requestIdPlugin)
  await fastify.register(errorsPlugin)
  await fastify.register(validationPlugin)
  await fastify.register(dbPlugin, { config })
  // After the database's start (the embedded one's blocks the loop for seconds), so that the lag it
  // causes is not measured as overload; before auth, so that an overloaded request costs nothing.
  await fastify.register(overloadPlugin, { maxEventLoopDelayMs: config.maxEventLoopDelayMs })
  await fastify.register(repositoriesPlugin)
  await fastify.register(webhookDispatcherPlugin, { config })
  await fastify.register(analysisPlugin, { threads: config.analysisThreads, queue: config.analysisQueue })
  await fastify.register(servicesPlugin, { config })
  await fastify.register(verificationSweeperPlugin, { intervalMs: config.sweepIntervalMs, mediaRetentionMs: config.mediaRetentionMs })
  await fastify.register(securityHeadersPlugin)
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

// Not encapsulated, so the error handler, the 404 handler and the hooks are the root's: they hold
// for every route of the instance, not only for those registered inside this plugin.
export default fp(app, { name: 'app' })
