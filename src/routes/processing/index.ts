// Session processing: uploads and checks. Image bodies are large: each route sets its own limit.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { uploadDocumentRoute } from '../../../generated/schemas.js'
import { principalOf } from '../../plugins/auth.js'
import { notImplemented, operation } from '../operation.js'

/** Two images of at most 10 MB decoded, in base64, plus the rest of the body. */
const DOCUMENT_BODY_LIMIT = 29 * 1024 * 1024

export default async function processingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('uploadDocument'),
    schema: uploadDocumentRoute,
    bodyLimit: DOCUMENT_BODY_LIMIT,
    handler: async function uploadDocument(request, reply) {
      const uploaded = await app.documentsService.upload(principalOf(request), request.params.id, request.body)
      return reply.code(201).send(uploaded)
    },
  })

  for (const id of ['uploadSelfie', 'runFaceMatch', 'runDocumentLiveness', 'createLivenessChallenge', 'verifyActiveLiveness'] as const) {
    notImplemented(app, id)
  }
}
