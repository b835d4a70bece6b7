// Session processing: uploads and checks. Built by the document, face and liveness issues.
import type { FastifyInstance } from 'fastify'
import { notImplemented } from '../operation.js'

export default async function processingRoutes(app: FastifyInstance) {
  for (const id of [
    'uploadDocument',
    'uploadSelfie',
    'runFaceMatch',
    'runDocumentLiveness',
    'createLivenessChallenge',
    'verifyActiveLiveness',
  ] as const) {
    notImplemented(app, id)
  }
}
