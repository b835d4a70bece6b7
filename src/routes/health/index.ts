// Liveness and readiness probes (public).
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { getHealthRoute, getReadinessRoute } from '../../../generated/schemas.js'
import { ping } from '../../db/client.js'
import { operation } from '../operation.js'

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('getHealth'),
    schema: getHealthRoute,
    handler: async function getHealth() {
      return { status: 'ok' as const }
    },
  })

  app.route({
    ...operation('getReadiness'),
    schema: getReadinessRoute,
    handler: async function getReadiness(_request, reply) {
      const up = await ping(app.db)
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: up ? 'ok' : 'unavailable' } as const)
    },
  })
}
