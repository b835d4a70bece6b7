// Document uploads: images checked and stored encrypted, the MRZ read (or taken as sent) and
// validated, and the `document` and `identity` checks recorded before the answer.
import type { DocumentUploaded, UploadDocumentBody, UploadDocumentForm } from '../../generated/schemas.js'
import type { AnalysisPool } from '../analysis/pool.js'
import type { FacesAnalysis } from '../analysis/worker.js'
import type { UploadsRepository } from '../db/uploads-repository.js'
import { documentCheck } from '../domain/document-check.js'
import { ApiError, conflict } from '../domain/errors.js'
import { identityCheck } from '../domain/identity-check.js'
import { facesOnPage, pageTurn, turnedArea } from '../domain/face-checks.js'
import { intakeImage } from './image-intake.js'
import { newId } from '../domain/ids.js'
import { encryptMedia, type MediaKeyInput } from '../domain/media-crypto.js'
import { mrzTextLines, parseMrzLines, parseMrzText, toMrzReading, type MrzReading } from '../domain/mrz.js'
import { inPrintedCentury, vizCrossCheck, type VizResult } from '../domain/viz-check.js'
import { sentZoneCrossCheck } from '../domain/sent-zone.js'
import { NO_LAYOUT } from '../domain/viz-dates.js'
import { retakeMessage, retakeReasons } from '../domain/document-quality.js'
import { FACE_NEEDS, sealFaces } from './stored-faces.js'
import type { Principal } from './api-keys-service.js'
import type { CheckName, CheckResult, VerificationsService } from './verifications-service.js'

/** The checks a document photo feeds. */
const FED_BY_DOCUMENT: CheckName[] = ['document', 'identity', 'face_match']

export interface DocumentsServiceDeps {
  verifications: VerificationsService
  uploads: UploadsRepository
  pool: AnalysisPool
  mediaKeys: MediaKeyInput
}

export function createDocumentsService(deps: DocumentsServiceDeps) {
  return {
    async upload(principal: Principal, verificationId: string, body: UploadDocumentBody | UploadDocumentForm): Promise<DocumentUploaded> {
      const verification = await deps.verifications.pendingForProcessing(principal, verificationId)
      const checks = verification.checks as CheckName[]
      if (!checks.some((c) => FED_BY_DOCUMENT.includes(c))) {
        throw conflict('a document photo feeds the document, identity and face_match checks, and none of them was requested')
      }
      let reading: MrzReading | null = null
      if (body.mrz !== undefined) {
        const parsed = parseMrzText(body.mrz)
        if (!parsed) {
          throw new ApiError('validation_error', 'request validation failed', [
            { path: '/mrz', message: 'must be a TD1 (3 × 30), TD2, MRV-B or French identity card (2 × 36), or TD3 or MRV-A (2 × 44) machine-readable zone, lines separated by \\n' },
          ])
        }
        reading = toMrzReading(parsed)
      }
      const front = await intakeImage('front_image', body.front_image)
      const back = body.back_image === undefined ? null : await intakeImage('back_image', body.back_image)

      // The portrait is analysed for face match beside the OCR, once: the check reads what is kept.
      // Room for both is taken at once, so that the upload is refused whole or not at all.
      const portraitNeeded = checks.includes('face_match')
      // The zone and the printed page are read for the checks that judge them, an MRZ sent as text too
      // (its page must agree with it); of a photo for face match alone, only where its page lies and
      // which way it reads are found (its portrait is on it, upright).
      const readMrz = checks.includes('document') || checks.includes('identity')
      const room = deps.pool.reserve(portraitNeeded ? 2 : 1)
      // Both are waited for, even when one fails: no task is left running behind the answer.
      const [ocr, face] = await Promise.allSettled([
        room.analyseDocument({ front, back, readMrz, sentZone: body.mrz === undefined ? null : mrzTextLines(body.mrz) }),
        portraitNeeded ? room.analyseFaces({ image: front, opts: FACE_NEEDS.match, quality: false }) : null,
      ])
      room.release()
      if (ocr.status === 'rejected') throw ocr.reason
      if (face.status === 'rejected') throw face.reason
      const [analysis, found] = [ocr.value, face.value]
      // The portrait on the page, its faces found with the page upright: a page photographed upside down
      // or on its side is analysed again, turned (its portrait misread otherwise, or not found at all).
      // No page found, no portrait: a face photographed alone, or beside a page too blurred to be found.
      const onPage = async (faces: FacesAnalysis & { ok: true }, area: ReadonlyArray<readonly [number, number]> | null) => {
        const turn = area ? pageTurn(area, faces) : 0
        const upright = turn ? await deps.pool.analyseFaces({ image: front, opts: FACE_NEEDS.match, quality: false, turn }) : faces
        if (!upright.ok) return upright
        return { ...upright, faces: facesOnPage(upright.faces, upright, area && turnedArea(area, turn)) }
      }
      if (!analysis.ok) {
        throw new ApiError('unprocessable', `${analysis.part === 'front' ? 'front_image' : 'back_image'} could not be decoded`)
      }
      const portrait = found?.ok ? await onPage(found, analysis.frontArea) : found
      const now = new Date()
      let viz: VizResult | null = null
      const photoZone = analysis.reading ? parseMrzLines(analysis.reading.mrzLines) : null
      const { page, layout } = analysis.reading ?? analysis.sentZonePage ?? { page: [], layout: NO_LAYOUT }
      if (reading && readMrz) {
        // An MRZ sent as text is judged as sent, and its page and zone must agree with it: a photo
        // whose page could not be read says so, for a person to look at.
        reading = { ...reading, data: inPrintedCentury(reading.data, page) }
        viz = sentZoneCrossCheck(reading.data, page, layout, photoZone ? inPrintedCentury(toMrzReading(photoZone, now).data, page) : null, now)
      } else if (photoZone) {
        const read = toMrzReading(photoZone, now)
        reading = { ...read, data: inPrintedCentury(read.data, page) }
        viz = vizCrossCheck(reading.data, page, layout, now)
      }

      // A photo whose zone could not be read because of how it was taken finishes no check: the
      // person retakes it while the verification is pending (openapi.yaml: RetakeReason).
      const retake = !reading && analysis.quality ? retakeReasons(analysis.quality) : []
      if (retake.length) {
        const field = back ? 'back_image' : 'front_image'
        const message = `${field} cannot be read: ${retake.map(retakeMessage).join('; ')}`
        await deps.verifications.recordLastError(principal, verificationId, { code: 'document_unreadable', message, reasons: retake, occurred_at: now.toISOString() })
        throw new ApiError('unprocessable', message, retake.map((reason) => ({ path: `/${field}`, message: retakeMessage(reason), reason })))
      }

      const documentId = newId('document')
      const document = documentCheck(documentId, body.document_type, reading, now, viz)
      const results: Partial<Record<CheckName, CheckResult>> = {}
      if (checks.includes('document')) results.document = document
      if (checks.includes('identity')) {
        results.identity = identityCheck(verification.applicant, document, now, checks.includes('document'))
      }
      const updated = await deps.verifications.recordResults(principal, verificationId, results, {
        store: async (tx) => {
          await deps.uploads.insert(
            {
              id: documentId,
              verificationId,
              kind: 'document',
              documentType: body.document_type,
              front: encryptMedia(deps.mediaKeys, front, `${documentId}:front`),
              back: back ? encryptMedia(deps.mediaKeys, back, `${documentId}:back`) : null,
              faces: portrait?.ok ? sealFaces(deps.mediaKeys, documentId, portrait) : null,
              analysis: { mrz_source: body.mrz !== undefined ? 'provided' : reading ? 'ocr' : null, ocr_ms: analysis.ocrMs },
              createdAt: now,
            },
            tx,
          )
        },
        sent: { document_id: documentId },
        clearLastError: 'document_unreadable',
      })
      return {
        document_id: documentId,
        verification_id: verificationId,
        document_type: body.document_type,
        created_at: now.toISOString(),
        verification_status: updated.status,
        checks_results: results as DocumentUploaded['checks_results'],
      }
    },
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>
