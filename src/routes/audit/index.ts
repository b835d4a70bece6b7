// The audit log, read by admin and auditor keys.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { listAuditEventsRoute } from '../../../generated/schemas.js'
import { operation } from '../operation.js'

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('listAuditEvents'),
    schema: listAuditEventsRoute,
    handler: async function listAuditEvents(request, reply) {
      const { items, total } = await app.auditLog.list(request.query)
      return reply.header('x-total-count', String(total)).send(items)
    },
  })
}
