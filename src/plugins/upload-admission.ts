// Upload bodies are the largest thing the service holds in memory: up to 70 MB of base64 (or 50 MB of
// files) each, then their images while they wait for an analysis thread. At most `limit` upload
// requests are received and analysed at once; past that, one is answered 503 `overloaded` with
// Retry-After at once, after its key is checked and before its body is read. One client (its keys and
// capture links) holds at most `perClient` of them, so that a client sending slowly, or a great deal,
// leaves the others room.
import type { FastifyInstance } from 'fastify'
import { overloaded } from '../domain/errors.js'

/** The uploads one client may have in flight: all but a quarter of them (rounded down), kept for the others. */
export const uploadsPerClient = (limit: number) => limit - Math.floor(limit / 4)

export function admitUploads(scope: FastifyInstance, limit: number) {
  let inFlight = 0
  const perClient = uploadsPerClient(limit)
  const byClient = new Map<string, number>()
  scope.addHook('preParsing', async function admitUpload(request, reply, payload) {
    if (inFlight >= limit) throw overloaded(`${limit} uploads are being received and analysed`)
    const client = request.principal?.clientName ?? ''
    const held = byClient.get(client) ?? 0
    if (held >= perClient) throw overloaded(`${perClient} uploads of this client are being received and analysed`)
    byClient.set(client, held + 1)
    scope.metrics.uploadsInFlight(++inFlight)
    // A response's 'close' comes once, whether it was sent or its connection was lost.
    reply.raw.once('close', () => {
      scope.metrics.uploadsInFlight(--inFlight)
      const left = byClient.get(client)! - 1
      if (left) byClient.set(client, left)
      else byClient.delete(client)
    })
    return payload
  })
}
