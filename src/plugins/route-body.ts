// The answering operation's body schemas, by media type. generated/ gives an operation that takes one
// kind of body its plain schema (JSON, or a console form, which Fastify parses to the same shape), and
// one that takes several (an upload: JSON or a multipart form) `content` keyed by media type.
import type { FastifyRequest } from 'fastify'

export type BodySchemas = Readonly<Record<string, object>>

const NONE: BodySchemas = {}

/** Media type → schema of the route's body; a plain schema counts as JSON's; {} with no body. */
export function bodySchemas(request: FastifyRequest): BodySchemas {
  const body = request.routeOptions.schema?.body as { content?: Record<string, { schema: object }> } | undefined
  if (!body) return NONE
  if (!body.content) return { 'application/json': body }
  return Object.fromEntries(Object.entries(body.content).map(([type, c]) => [type, c.schema]))
}
