// Session processing: uploads and checks. Image bodies are large: each route sets its own limit.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  createLivenessChallengeRoute,
  runDocumentLivenessRoute,
  runFaceMatchRoute,
  uploadDocumentRoute,
  uploadSelfieRoute,
  verifyActiveLivenessRoute,
} from '../../../generated/schemas.js'
import { principalOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'

const MB = 1024 * 1024
/** Base64 of the images a body may carry (10 MB decoded each), plus the rest of the body. */
const ONE_IMAGE = 15 * MB
const TWO_IMAGES = 29 * MB
const FIVE_IMAGES = 70 * MB

export default async function processingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('uploadDocument'),
    schema: uploadDocumentRoute,
    bodyLimit: TWO_IMAGES,
    handler: async function uploadDocument(request, reply) {
      const uploaded = await app.documentsService.upload(principalOf(request), request.params.id, request.body)
      return reply.code(201).send(uploaded)
    },
  })

  app.route({
    ...operation('uploadSelfie'),
    schema: uploadSelfieRoute,
    bodyLimit: ONE_IMAGE,
    handler: async function uploadSelfie(request, reply) {
      const uploaded = await app.biometricsService.uploadSelfie(principalOf(request), request.params.id, request.body.image)
      return reply.code(201).send(uploaded)
    },
  })

  app.route({
    ...operation('runFaceMatch'),
    schema: runFaceMatchRoute,
    handler: async function runFaceMatch(request) {
      return app.biometricsService.faceMatch(principalOf(request), request.params.id, request.body ?? {})
    },
  })

  app.route({
    ...operation('runDocumentLiveness'),
    schema: runDocumentLivenessRoute,
    handler: async function runDocumentLiveness(request) {
      return app.biometricsService.passiveLiveness(principalOf(request), request.params.id, request.params.doc_id)
    },
  })

  app.route({
    ...operation('createLivenessChallenge'),
    schema: createLivenessChallengeRoute,
    handler: async function createLivenessChallenge(request, reply) {
      return reply.code(201).send(await app.biometricsService.createChallenge(principalOf(request), request.params.id))
    },
  })

  app.route({
    ...operation('verifyActiveLiveness'),
    schema: verifyActiveLivenessRoute,
    bodyLimit: FIVE_IMAGES,
    handler: async function verifyActiveLiveness(request) {
      return app.biometricsService.verifyChallenge(principalOf(request), request.params.id, request.body)
    },
  })
}
