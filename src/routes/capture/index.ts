// The hosted capture flow's API: a link for a verification, and the progress its page reads.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createCaptureLinkRoute, getCaptureProgressRoute } from '../../../generated/schemas.js'
import { principalOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'

export default async function captureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('createCaptureLink'),
    schema: createCaptureLinkRoute,
    handler: async function createCaptureLink(request, reply) {
      return reply.code(201).send(await app.captureLinksService.create(principalOf(request), request.params.id, request.body))
    },
  })

  app.route({
    ...operation('getCaptureProgress'),
    schema: getCaptureProgressRoute,
    handler: async function getCaptureProgress(request) {
      return app.verificationsService.progress(principalOf(request), request.params.id)
    },
  })
}
