// Verification sessions: create, list, read, a person's decision, and the erasure of personal data.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createVerificationRoute, getVerificationRoute, listVerificationsRoute, redactVerificationRoute, reviewVerificationRoute } from '../../../generated/schemas.js'
import { actorOf, principalOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'

export default async function verificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('createVerification'),
    schema: createVerificationRoute,
    handler: async function createVerification(request, reply) {
      const { verification, replayed } = await app.verificationsService.create(
        principalOf(request),
        request.body,
        request.headers['idempotency-key'],
      )
      if (replayed) reply.header('idempotent-replayed', 'true')
      return reply.code(201).send(verification)
    },
  })

  app.route({
    ...operation('listVerifications'),
    schema: listVerificationsRoute,
    handler: async function listVerifications(request, reply) {
      const { items, total } = await app.verificationsService.list(principalOf(request), request.query)
      return reply.header('x-total-count', String(total)).send(items)
    },
  })

  app.route({
    ...operation('getVerification'),
    schema: getVerificationRoute,
    handler: async function getVerification(request) {
      return app.verificationsService.get(principalOf(request), request.params.id)
    },
  })

  app.route({
    ...operation('reviewVerification'),
    schema: reviewVerificationRoute,
    handler: async function reviewVerification(request) {
      return app.verificationsService.review(actorOf(request), request.params.id, request.body)
    },
  })

  app.route({
    ...operation('redactVerification'),
    schema: redactVerificationRoute,
    handler: async function redactVerification(request) {
      return app.redactionService.redact(actorOf(request), request.params.id)
    },
  })
}
