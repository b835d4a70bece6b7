// One log line per answered request: its method, URL, status and time taken, with the request id
// that request.log carries. Never headers or bodies: they hold API keys, personal data and images.
import fp from 'fastify-plugin'

export default fp(
  async function accessLogPlugin(app) {
    app.addHook('onResponse', function logAccess(request, reply, done) {
      request.log.info(
        { req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      )
      done()
    })
  },
  { name: 'access-log' },
)
