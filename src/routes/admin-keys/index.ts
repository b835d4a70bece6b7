// API key management.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from '../../../generated/schemas.js'
import { actorOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'

export default async function adminKeysRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('listApiKeys'),
    schema: listApiKeysRoute,
    handler: async function listApiKeys() {
      return app.apiKeysService.list()
    },
  })

  app.route({
    ...operation('createApiKey'),
    schema: createApiKeyRoute,
    handler: async function createApiKey(request, reply) {
      return reply.code(201).send(await app.apiKeysService.create(actorOf(request), request.body))
    },
  })

  app.route({
    ...operation('revokeApiKey'),
    schema: revokeApiKeyRoute,
    handler: async function revokeApiKey(request) {
      await app.apiKeysService.revoke(actorOf(request), request.params.id)
      return { status: 'ok' as const }
    },
  })
}
