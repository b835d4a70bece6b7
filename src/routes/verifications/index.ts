// Verification sessions: create, list, read.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createVerificationRoute, getVerificationRoute, listVerificationsRoute } from '../../../generated/schemas.js'
import { principalOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'

/** These three read the key's revocation in their own statement (see checksRevocation in auth.ts). */
function hot(id: 'createVerification' | 'listVerifications' | 'getVerification') {
  const route = operation(id)
  return { ...route, config: { ...route.config, checksRevocation: true } }
}

/**
 * Sends JSON that is already written: Fastify sends a string with a JSON content type as it is,
 * without the route's serialiser (which the text was written to match).
 */
function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}

export default async function verificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...hot('createVerification'),
    schema: createVerificationRoute,
    handler: async function createVerification(request, reply) {
      const { verification, replayed } = await app.verificationsService.create(
        principalOf(request),
        request.body,
        request.headers['idempotency-key'],
      )
      if (replayed) reply.header('idempotent-replayed', 'true')
      // Written by PostgreSQL (see VerificationsService.create): sent as it is; else the verification.
      return typeof verification === 'string' ? sendJsonText(reply.code(201), verification) : reply.code(201).send(verification)
    },
  })

  app.route({
    ...hot('listVerifications'),
    schema: listVerificationsRoute,
    handler: async function listVerifications(request, reply) {
      const { items, total } = await app.verificationsService.list(principalOf(request), request.query)
      // The page arrives as JSON text (written by PostgreSQL, see listSummaries): sent as it is.
      return sendJsonText(reply.header('x-total-count', String(total)), items)
    },
  })

  app.route({
    ...hot('getVerification'),
    schema: getVerificationRoute,
    handler: async function getVerification(request, reply) {
      // Written by PostgreSQL and the schema's serialiser (see getJson): sent as it is; else the
      // verification, which the route's serialiser writes.
      const verification = await app.verificationsService.getJson(principalOf(request), request.params.id)
      return typeof verification === 'string' ? sendJsonText(reply, verification) : reply.send(verification)
    },
  })
}
