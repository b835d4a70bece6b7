// The root plugin: registers the cross-cutting plugins, then one routes plugin per tag of openapi.yaml.
// Tests register exactly this, with their own Config.
import { LogController, type FastifyError, type FastifyHttpOptions, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { STATUS_CODES, type Server } from 'node:http'
import type { Socket } from 'node:net'
import fp from 'fastify-plugin'
import type { DestinationStream } from 'pino'
import type { Config } from './config.js'
import type { ErrorCode } from './domain/errors.js'
import { errorForLog } from './error-log.js'
import accessLogPlugin from './plugins/access-log.js'
import analysisPlugin from './plugins/analysis.js'
import authPlugin from './plugins/auth.js'
import dbPlugin from './plugins/db.js'
import errorsPlugin from './plugins/errors.js'
import metricsPlugin from './plugins/metrics.js'
import overloadPlugin from './plugins/overload.js'
import rateLimitPlugin from './plugins/rate-limit.js'
import requestIdPlugin, { genReqId } from './plugins/request-id.js'
import repositoriesPlugin from './plugins/repositories.js'
import securityHeadersPlugin, { API_HEADERS } from './plugins/security-headers.js'
import servicesPlugin from './plugins/services.js'
import swaggerPlugin from './plugins/swagger.js'
import validationPlugin from './plugins/validation.js'
import verificationSweeperPlugin from './plugins/verification-sweeper.js'
import webhookDispatcherPlugin from './webhooks/index.js'
import adminKeysRoutes from './routes/admin-keys/index.js'
import auditRoutes from './routes/audit/index.js'
import dashboardRoutes from './routes/dashboard/index.js'
import healthRoutes from './routes/health/index.js'
import captureRoutes from './routes/capture/index.js'
import capturePageRoutes from './routes/capture-page/index.js'
import processingRoutes from './routes/processing/index.js'
import verificationsRoutes from './routes/verifications/index.js'
import webhooksRoutes from './routes/webhooks/index.js'

export interface AppOptions {
  config: Config
}

/**
 * Options for the Fastify instance itself, shared by server.ts and the tests. `logStream` is where the
 * log lines go (server.ts: standard output, written asynchronously); without it, pino's default.
 */
export function serverOptions(config: Config, logStream?: DestinationStream): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      // @fastify/multipart writes the request's headers at trace (busboyOptions): keys and tokens are not logged there either.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'busboyOptions.headers.authorization', 'busboyOptions.headers.cookie'], censor: '[redacted]' },
      serializers: { err: errorForLog },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Fastify's own lines (one as a request arrives, one as it is answered, with its host and the
    // client's address) give way to the access log's one line (src/plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId,
    // The router's own limit (100 by default) answers a longer path parameter with a bare 414 that
    // skips every hook; the contract wants auth first, then 400 from the schemas' maxLength: 100.
    // 16 KiB is Node's whole header limit, so no request line can carry a longer parameter.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A URL the router cannot decode (bad percent-encoding) never reaches a route, its hooks or the
    // error handler: answer it here in the API's error shape, with the request id and the API's headers.
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'malformed URL: invalid percent-encoding' : 'bad request'
      void reply
        .code(400)
        .header('x-request-id', request.id)
        .headers(API_HEADERS)
        .send({ error: { code: 'validation_error', message, details: [{ path: '', message }] } })
    },
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy that terminates TLS, its X-Forwarded-Proto is what makes a request https
    // (the session cookie's Secure flag); from anyone else it is ignored.
    trustProxy: config.trustProxy,
    // A client that sends its request slowly holds a socket: its headers, the whole request and an idle
    // kept-alive connection each have a limit, checked every second (Node checks every 30 s by default).
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.bodyTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
    // The app is one plugin, and the embedded database's first start (initdb in wasm, then the
    // migrations) alone can outlast Fastify's default of 10 s on a slow or busy machine.
    pluginTimeout: 120_000,
  }
}

/**
 * A request Node's parser refuses before it reaches Fastify (malformed, headers too large, too slow):
 * answered in the API's error shape, then the connection is closed.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, message]: [number, ErrorCode, string] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'the request did not arrive in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', 'the request headers are too large']
        : [400, 'validation_error', 'malformed HTTP request']
  const body = JSON.stringify({ error: { code, message, ...(code === 'validation_error' ? { details: [{ path: '', message }] } : {}) } })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

async function app(fastify: FastifyInstance, opts: AppOptions) {
  const { config } = opts
  await fastify.register(requestIdPlugin)
  await fastify.register(accessLogPlugin)
  await fastify.register(errorsPlugin)
  await fastify.register(validationPlugin)
  await fastify.register(dbPlugin, { config })
  await fastify.register(metricsPlugin, { token: config.metricsToken })
  // After the database's start (the embedded one's blocks the loop for seconds), so that the lag it
  // causes is not measured as overload; before auth, so that an overloaded request costs nothing.
  await fastify.register(overloadPlugin, { maxEventLoopDelayMs: config.maxEventLoopDelayMs })
  await fastify.register(repositoriesPlugin)
  await fastify.register(webhookDispatcherPlugin, { config })
  await fastify.register(analysisPlugin, { threads: config.analysisThreads, queue: config.analysisQueue, onTaskDone: fastify.metrics.analysisTask })
  await fastify.register(servicesPlugin, { config })
  await fastify.register(verificationSweeperPlugin, { intervalMs: config.sweepIntervalMs, mediaRetentionMs: config.mediaRetentionMs, resultRetentionMs: config.resultRetentionMs, auditRetentionMs: config.auditRetentionMs })
  await fastify.register(securityHeadersPlugin)
  await fastify.register(authPlugin)
  await fastify.register(rateLimitPlugin, { perSecond: config.rateLimitPerSecond, redisUrl: config.redisUrl })
  await fastify.register(swaggerPlugin, { publicUrl: config.publicUrl })

  await fastify.register(healthRoutes)
  await fastify.register(verificationsRoutes)
  await fastify.register(processingRoutes, { uploadsInFlight: config.uploadsInFlight })
  await fastify.register(captureRoutes)
  await fastify.register(capturePageRoutes, { publicUrl: config.publicUrl })
  await fastify.register(adminKeysRoutes)
  await fastify.register(auditRoutes)
  await fastify.register(webhooksRoutes)
  await fastify.register(dashboardRoutes, { publicUrl: config.publicUrl })
}

// Not encapsulated, so the error handler, the 404 handler and the hooks are the root's: they hold
// for every route of the instance, not only for those registered inside this plugin.
export default fp(app, { name: 'app' })
