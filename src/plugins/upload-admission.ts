// Upload bodies are the largest thing the service holds in memory: up to 70 MB of base64 (or 50 MB of
// files) each, then their images while they wait for an analysis thread. At most `limit` upload
// requests are received and analysed at once; past that, one is answered 503 `overloaded` with
// Retry-After at once, after its key is checked and before its body is read.
import type { FastifyInstance } from 'fastify'
import { overloaded } from '../domain/errors.js'

export function admitUploads(scope: FastifyInstance, limit: number) {
  let inFlight = 0
  scope.addHook('preParsing', async function admitUpload(_request, reply, payload) {
    if (inFlight >= limit) throw overloaded(`${limit} uploads are being received and analysed`)
    scope.metrics.uploadsInFlight(++inFlight)
    // A response's 'close' comes once, whether it was sent or its connection was lost.
    reply.raw.once('close', () => scope.metrics.uploadsInFlight(--inFlight))
    return payload
  })
}
