// Selfies, face match, passive liveness and active-liveness challenges. Each image is analysed once,
// in the worker pool, when it is uploaded: the faces found are sealed beside it (same key, same
// retention) and the checks read them instead of analysing the image again.
import { randomInt } from 'node:crypto'
import type {
  ActiveLivenessVerifyRequest,
  FaceMatchCheckResult,
  FaceMatchRequest,
  LivenessAction,
  LivenessChallenge,
  LivenessCheckResult,
  SelfieUploaded,
} from '../../generated/schemas.js'
import type { AnalysisPool } from '../analysis/pool.js'
import type { FaceMotion, FaceObservation, PresentationMeasures } from '../domain/face-observation.js'
import type { ChallengesRepository } from '../db/challenges-repository.js'
import type { UploadRow, UploadsRepository } from '../db/uploads-repository.js'
import { ApiError, conflict, notFound } from '../domain/errors.js'
import { activeLiveness, askableActions } from '../domain/active-liveness.js'
import { faceMatchResult, passiveLiveness, selfieRetakeReasons } from '../domain/face-checks.js'
import { challengeActions, HEAD_MOVEMENTS, SELFIE } from '../domain/depth-motion.js'
import { newId } from '../domain/ids.js'
import { intakeImage, type ImageInput } from './image-intake.js'
import { decryptMedia, encryptMedia, type MediaKeyInput } from '../domain/media-crypto.js'
import { FACE_NEEDS, openFaces, sealFaces, type FacesFound } from './stored-faces.js'
import type { Principal } from './api-keys-service.js'
import type { CheckName, VerificationsService } from './verifications-service.js'

/** An active-liveness body: as JSON sends it, or with the frames of a form (bytes, not base64). */
export type LivenessFrames = Omit<ActiveLivenessVerifyRequest, 'frames'> & { frames: Array<{ action: LivenessAction; image: ImageInput }> }

export const ACTIONS: LivenessAction[] = ['turn_left', 'turn_right', 'look_up', 'blink', 'smile', 'open_mouth']
export const CHALLENGE_TTL_MS = 2 * 60_000
/** Challenges one verification may have, used or not. */
export const CHALLENGES_PER_VERIFICATION = 5
const ACTIVE_ONLY = 'this verification has answered an active-liveness challenge: only challenges judge its liveness now'

export interface BiometricsDeps {
  verifications: VerificationsService
  uploads: UploadsRepository
  challenges: ChallengesRepository
  pool: AnalysisPool
  mediaKeys: MediaKeyInput
  faceMatchThreshold: number
  faces: {
    model: { name: string; version: string }
    similarity(a: number[], b: number[]): number
  }
}

/** What the person is told to do about each reason a selfie was refused. */
const SELFIE_RETAKE = {
  no_face: 'no face can be seen: take a photo of your face, looking at the camera',
  multiple_faces: 'more than one face can be seen: take a photo of your face alone',
  face_blurry: 'the face is blurred: hold the camera still, in focus on your face',
  face_too_dark: 'the face is too dark: take the photo in more light',
} as const

function requireCheck(checks: string[], check: CheckName) {
  if (!checks.includes(check)) throw conflict(`the ${check} check was not requested for this verification`)
}

export function createBiometricsService(deps: BiometricsDeps) {
  const image = (row: UploadRow): Buffer => {
    if (!row.front) throw conflict(`the images of ${row.id} were deleted after MEDIA_RETENTION`)
    return decryptMedia(deps.mediaKeys, row.front, `${row.id}:front`)
  }

  async function faces(bytes: Uint8Array, need: keyof typeof FACE_NEEDS, what: string, pool: Pick<AnalysisPool, 'analyseFaces'> = deps.pool): Promise<FacesFound> {
    const result = await pool.analyseFaces({ image: bytes, opts: FACE_NEEDS[need], quality: need === 'selfie' })
    if (!result.ok) throw new ApiError('unprocessable', `${what} could not be decoded`)
    // A selfie's face is measured for replays too (passive liveness).
    const face = result.faces[0]
    if (need === 'selfie' && face) result.faces[0] = { ...face, presentation: await deps.pool.analysePresentation({ image: bytes, box: face.box }) }
    return result
  }

  /**
   * The faces of an upload as found when it was uploaded; an upload from before they were kept is
   * analysed now, with the models `need` asks for, and a selfie from before replays were measured is
   * measured now.
   */
  async function facesOf(row: UploadRow, need: keyof typeof FACE_NEEDS, what: string, pool?: Pick<AnalysisPool, 'analyseFaces'>): Promise<FacesFound> {
    if (!row.faces) return faces(image(row), need, what, pool)
    const kept = openFaces(deps.mediaKeys, row.id, row.faces)
    const face = kept.faces[0]
    if (need === 'selfie' && face && !face.presentation) kept.faces[0] = { ...face, presentation: await deps.pool.analysePresentation({ image: image(row), box: face.box }) }
    return kept
  }

  /**
   * How each frame's face moved against the selfie's and the other frames' (depth-motion.ts indices:
   * frames by their order, the selfie as SELFIE; the selfie is left out once its image was deleted).
   */
  async function depthOf(selfieRow: UploadRow, selfie: FacesFound, frameBytes: Buffer[], frames: FacesFound[], pool: Pick<AnalysisPool, 'analyseMotion'>): Promise<FaceMotion[]> {
    const withSelfie = selfieRow.front !== null
    const images = [...(withSelfie ? [image(selfieRow)] : []), ...frameBytes]
    const boxes = [...(withSelfie ? [selfie.faces[0]!.box] : []), ...frames.map((f) => f.faces[0]!.box)]
    const index = (i: number) => (withSelfie ? (i === 0 ? SELFIE : i - 1) : i)
    return (await pool.analyseMotion({ images, boxes })).map((m) => ({ ...m, from: index(m.from), to: index(m.to) }))
  }

  /** An upload of this verification by id (404 otherwise), or the latest of its kind (409 if none). */
  async function upload(verificationId: string, id: string | undefined, kind: UploadRow['kind']): Promise<UploadRow> {
    if (id) {
      const row = await deps.uploads.find(id, verificationId)
      if (!row) throw notFound('upload')
      if (row.kind !== kind) throw conflict(`${id} is a ${row.kind} upload, not a ${kind}`)
      return row
    }
    const row = await deps.uploads.latest(verificationId, kind)
    if (!row) throw conflict(kind === 'selfie' ? 'no selfie uploaded yet: POST /verifications/{id}/selfie first' : 'no document uploaded yet: POST /verifications/{id}/documents first')
    return row
  }

  return {
    async uploadSelfie(principal: Principal, verificationId: string, image: ImageInput): Promise<SelfieUploaded> {
      const v = await deps.verifications.pendingForProcessing(principal, verificationId)
      if (!v.checks.includes('face_match') && !v.checks.includes('liveness')) {
        throw conflict('a selfie feeds the face_match and liveness checks, and neither was requested')
      }
      const bytes = await intakeImage('image', image)
      // Decoded in full and analysed now (a truncated file is refused here), with every model a check may need.
      const analysed = await faces(bytes, 'selfie', 'image')
      const now = new Date()
      // A selfie nothing can be judged from finishes no check: the person takes another.
      const retake = selfieRetakeReasons(analysed.faces)
      if (retake.length) {
        const message = `image cannot be judged: ${retake.map((r) => SELFIE_RETAKE[r]).join('; ')}`
        await deps.verifications.recordLastError(principal, verificationId, { code: 'selfie_unusable', message, reasons: retake, occurred_at: now.toISOString() })
        throw new ApiError('unprocessable', message, retake.map((reason) => ({ path: '/image', message: SELFIE_RETAKE[reason], reason })))
      }
      const id = newId('document')
      await deps.verifications.recordResults(principal, verificationId, {}, {
        store: async (tx) => {
          await deps.uploads.insert(
            {
              id,
              verificationId,
              kind: 'selfie',
              documentType: 'selfie',
              front: encryptMedia(deps.mediaKeys, bytes, `${id}:front`),
              faces: sealFaces(deps.mediaKeys, id, analysed),
              createdAt: now,
            },
            tx,
          )
        },
        sent: { selfie_id: id },
        clearLastError: 'selfie_unusable',
      })
      return { document_id: id, verification_id: verificationId, document_type: 'selfie', created_at: now.toISOString() }
    },

    async faceMatch(principal: Principal, verificationId: string, body: FaceMatchRequest): Promise<FaceMatchCheckResult> {
      const v = await deps.verifications.pendingForProcessing(principal, verificationId)
      requireCheck(v.checks, 'face_match')
      const document = await upload(verificationId, body.document_id, 'document')
      const selfie = await upload(verificationId, body.selfie_id, 'selfie')
      const [docFaces, selfieFaces] = await Promise.all([facesOf(document, 'match', 'the document image'), facesOf(selfie, 'match', 'the selfie')])
      const result = faceMatchResult({
        documentId: document.id,
        selfieId: selfie.id,
        documentFaces: docFaces.faces,
        selfieFaces: selfieFaces.faces,
        threshold: deps.faceMatchThreshold,
        model: deps.faces.model,
        similarity: deps.faces.similarity,
        now: new Date(),
      })
      await deps.verifications.recordResults(principal, verificationId, { face_match: result })
      return result
    },

    async passiveLiveness(principal: Principal, verificationId: string, uploadId: string): Promise<LivenessCheckResult> {
      const v = await deps.verifications.pendingForProcessing(principal, verificationId)
      if (await deps.challenges.anyAnswered(verificationId)) throw conflict(ACTIVE_ONLY)
      const row = await deps.uploads.find(uploadId, verificationId)
      if (!row) throw notFound('upload')
      requireCheck(v.checks, 'liveness')
      if (row.kind !== 'selfie') throw conflict(`${uploadId} is a ${row.kind} upload: passive liveness examines a selfie`)
      const analysed = await facesOf(row, 'selfie', 'the selfie')
      const result = passiveLiveness({ selfieId: row.id, faces: analysed.faces, quality: analysed.quality!, model: deps.faces.model, now: new Date() })
      // A weaker check never replaces a stronger one: once a challenge was answered, only challenges judge.
      await deps.verifications.recordResults(principal, verificationId, { liveness: result }, undefined, async (tx) => {
        if (await deps.challenges.anyAnswered(verificationId, tx)) throw conflict(ACTIVE_ONLY)
      })
      return result
    },

    async createChallenge(principal: Principal, verificationId: string): Promise<LivenessChallenge> {
      const v = await deps.verifications.pendingForProcessing(principal, verificationId)
      requireCheck(v.checks, 'liveness')
      // Only actions that can be told from the selfie's face (a challenge made before any selfie may ask any).
      const selfie = await deps.uploads.latest(verificationId, 'selfie')
      const askable = askableActions(ACTIONS, selfie?.faces ? openFaces(deps.mediaKeys, selfie.id, selfie.faces).faces[0] : undefined)
      const actions = challengeActions(askable, randomInt(2, 5), (n) => randomInt(n))
      const now = new Date()
      const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS)
      const row = await deps.challenges.insert({ id: newId('challenge'), verificationId, actions, createdAt: now, expiresAt }, CHALLENGES_PER_VERIFICATION)
      // Each challenge is another try at the frames: unlimited, they could be sent until some passed.
      if (!row) throw conflict(`this verification has had its ${CHALLENGES_PER_VERIFICATION} challenges: start a new verification`)
      return { challenge_id: row.id, verification_id: verificationId, actions, expires_at: row.expiresAt.toISOString() }
    },

    async verifyChallenge(principal: Principal, verificationId: string, body: LivenessFrames): Promise<LivenessCheckResult> {
      const v = await deps.verifications.pendingForProcessing(principal, verificationId)
      requireCheck(v.checks, 'liveness')
      const challenge = await deps.challenges.find(body.challenge_id, verificationId)
      if (!challenge) throw notFound('challenge')
      const actions = challenge.actions as LivenessAction[]
      const stray = body.frames.find((f) => !actions.includes(f.action))
      if (stray) {
        throw new ApiError('validation_error', 'request validation failed', [{ path: '/frames', message: `${stray.action} is not an action of this challenge` }])
      }
      const selfieRow = await upload(verificationId, undefined, 'selfie')
      // Room for every image is taken before the challenge is used up: an overloaded pool answers 503
      // and leaves the challenge for the same request sent again.
      const measuresDepth = body.frames.some((f) => HEAD_MOVEMENTS.includes(f.action))
      // Each frame: its faces, then its replay measures; and the depth of the head movements.
      const room = deps.pool.reserve((selfieRow.faces ? 0 : 1) + 2 * body.frames.length + (measuresDepth ? 1 : 0))
      let analysed: FacesFound[]
      let frameBytes: Buffer[]
      let motion: FaceMotion[] | undefined
      let presentation: PresentationMeasures[]
      try {
        // Used up by this attempt whatever its outcome: a challenge cannot be retried frame by frame.
        if (!(await deps.challenges.consume(challenge.id))) throw conflict('this challenge was already used or has expired: create a new one')
        frameBytes = await Promise.all(body.frames.map((f, i) => intakeImage(`frames/${i}/image`, f.image)))
        analysed = await Promise.all([
          facesOf(selfieRow, 'active', 'the selfie', room),
          ...frameBytes.map((bytes, i) => faces(bytes, 'active', `frames/${i}/image`, room)),
        ])
        const [selfie, ...frames] = analysed
        if (!selfie!.faces[0]) throw conflict('no face was found in the selfie: upload another selfie first')
        // Frames nothing can be judged from finish no check: the person takes a new challenge and retakes them.
        const unusable = frames.flatMap((f, i) => selfieRetakeReasons(f.faces).map((reason) => ({ path: `/frames/${i}/image`, message: SELFIE_RETAKE[reason], reason })))
        if (unusable.length) {
          const reasons = [...new Set(unusable.map((u) => u.reason))]
          const message = `frames cannot be judged: ${reasons.map((r) => SELFIE_RETAKE[r]).join('; ')}; take a new challenge`
          await deps.verifications.recordLastError(principal, verificationId, { code: 'frames_unusable', message, reasons, occurred_at: new Date().toISOString() })
          throw new ApiError('unprocessable', message, unusable)
        }
        ;[motion, presentation] = await Promise.all([
          measuresDepth ? depthOf(selfieRow, selfie!, frameBytes, frames, room) : undefined,
          Promise.all(frameBytes.map((image, i) => room.analysePresentation({ image, box: frames[i]!.faces[0]!.box }))),
        ])
      } finally {
        room.release()
      }
      const [selfie, ...frames] = analysed
      const neutral: FaceObservation = selfie!.faces[0]!
      const current = (await deps.verifications.get(principal, verificationId)).checks_results.liveness ?? null
      const result = activeLiveness({
        challengeId: challenge.id,
        actions,
        frames: body.frames.map((f, i) => ({ action: f.action, faces: frames[i]!.faces })),
        selfieId: selfieRow.id,
        selfie: neutral,
        threshold: deps.faceMatchThreshold,
        similarity: deps.faces.similarity,
        model: deps.faces.model,
        previous: current,
        now: new Date(),
        motion,
        presentation,
      })
      // The frames judged are kept with the result, sealed like the selfie, for a reviewer to look at.
      const now = new Date()
      await deps.verifications.recordResults(
        principal,
        verificationId,
        { liveness: result },
        {
          store: async (tx) => {
            for (const [i, bytes] of frameBytes.entries()) {
              const id = newId('document')
              await deps.uploads.insert(
                { id, verificationId, kind: 'frame', documentType: body.frames[i]!.action, front: encryptMedia(deps.mediaKeys, bytes, `${id}:front`), createdAt: now },
                tx,
              )
            }
          },
          // The frames are judged with the result, against the selfie it names.
          sent: null,
          clearLastError: 'frames_unusable',
        },
      )
      return result
    },
  }
}

export type BiometricsService = ReturnType<typeof createBiometricsService>
