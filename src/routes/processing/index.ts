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
  type UploadDocumentBody,
  type UploadDocumentForm,
  type UploadSelfieBody,
  type UploadSelfieForm,
  type VerifyActiveLivenessBody,
  type VerifyActiveLivenessForm,
} from '../../../generated/schemas.js'
import { ApiError } from '../../domain/errors.js'
import { uploadAsSeenByLink } from '../../domain/capture-link.js'
import { principalOf } from '../../plugins/auth.js'
import { multipartForms } from '../../plugins/multipart-forms.js'
import { admitUploads } from '../../plugins/upload-admission.js'
import type { LivenessFrames } from '../../services/biometrics-service.js'
import { operation } from '../operation.js'

const MB = 1024 * 1024
/** Base64 of the images a body may carry (10 MB decoded each), plus the rest of the body. */
const ONE_IMAGE = 15 * MB
const TWO_IMAGES = 29 * MB
const FIVE_IMAGES = 70 * MB

export default async function processingRoutes(fastify: FastifyInstance, opts: { uploadsInFlight: number }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

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

  // Uploads take JSON (base64 images) or multipart/form-data (file parts).
  await app.register(async function uploads(scope) {
    admitUploads(scope, opts.uploadsInFlight)
    await multipartForms(scope)
    const app = scope.withTypeProvider<TypeBoxTypeProvider>()

    app.route({
      ...operation('uploadDocument'),
      schema: uploadDocumentRoute,
      bodyLimit: TWO_IMAGES,
      handler: async function uploadDocument(request, reply) {
        const body = request.body as UploadDocumentBody | UploadDocumentForm
        const principal = principalOf(request)
        const uploaded = await app.documentsService.upload(principal, request.params.id, body)
        return reply.code(201).send(principal.capture ? uploadAsSeenByLink(uploaded) : uploaded)
      },
    })

    app.route({
      ...operation('uploadSelfie'),
      schema: uploadSelfieRoute,
      bodyLimit: ONE_IMAGE,
      handler: async function uploadSelfie(request, reply) {
        const { image } = request.body as UploadSelfieBody | UploadSelfieForm
        return reply.code(201).send(await app.biometricsService.uploadSelfie(principalOf(request), request.params.id, image))
      },
    })

    app.route({
      ...operation('verifyActiveLiveness'),
      schema: verifyActiveLivenessRoute,
      bodyLimit: FIVE_IMAGES,
      handler: async function verifyActiveLiveness(request) {
        const body = request.body as VerifyActiveLivenessBody | VerifyActiveLivenessForm
        return app.biometricsService.verifyChallenge(principalOf(request), request.params.id, 'frames' in body ? body : framesOf(body))
      },
    })
  })
}

/** A form's frames: its n-th `action` part with its n-th `image` part. */
function framesOf(form: VerifyActiveLivenessForm): LivenessFrames {
  if (form.action.length !== form.image.length) {
    const message = `must have as many parts as action (${form.action.length}), one image per action in the same order`
    throw new ApiError('validation_error', 'request validation failed', [{ path: '/image', message }])
  }
  return { challenge_id: form.challenge_id, frames: form.action.map((action, i) => ({ action, image: form.image[i]! })) }
}
