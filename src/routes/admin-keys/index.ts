// API key management.
import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from '../../../generated/schemas.js'
import { actorOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'

/**
 * A key's `client_name` is 1 to 200 characters once trimmed (decisions.md §2): trimmed before the
 * schema counts them, so spaces around a name of 200 are no 201st character.
 */
export function trimClientName(request: FastifyRequest, _reply: unknown, done: HookHandlerDoneFunction) {
  const body = request.body as { client_name?: unknown } | undefined
  if (body && typeof body === 'object' && typeof body.client_name === 'string') body.client_name = body.client_name.trim()
  done()
}

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
    preValidation: trimClientName,
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
