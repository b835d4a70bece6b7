// Every response carries X-Request-Id: the caller's, when it is a sane token, else a new UUID.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function genReqId(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID()
}

export default fp(
  async function requestIdPlugin(app) {
    // A callback hook, not an async one: no promise and no extra turn of the microtask queue per request.
    app.addHook('onRequest', function echoRequestId(request, reply, done) {
      reply.header('x-request-id', request.id)
      done()
    })
  },
  { name: 'request-id' },
)
