// What the operator console's pages under /admin show beyond the dashboard's list: one verification
// with its uploads, deliveries and audit trail; an uploaded image, each view recorded; the failing
// deliveries of every client.
import type { AuditEvent, Verification, WebhookDelivery } from '../../generated/schemas.js'
import type { Db } from '../db/client.js'
import type { CaptureLinksRepository } from '../db/capture-links-repository.js'
import type { UploadsRepository } from '../db/uploads-repository.js'
import type { VerificationsRepository } from '../db/verifications-repository.js'
import type { WebhooksRepository } from '../db/webhooks-repository.js'
import { ApiError, notFound } from '../domain/errors.js'
import { decryptMedia, type MediaKeyInput } from '../domain/media-crypto.js'
import { clientScope } from '../domain/permissions.js'
import type { Principal } from './api-keys-service.js'
import type { Actor, AuditLog } from './audit-log.js'
import { toVerification } from './verification-views.js'
import { toDelivery } from './webhooks-service.js'

export const TIMELINE_SIZE = 50

export interface ConsoleUpload {
  id: string
  kind: 'document' | 'selfie' | 'frame'
  /** A document's type; a frame's action. */
  documentType: string
  createdAt: Date
  /** Deleted after MEDIA_RETENTION: the results stay, the image is gone. */
  purged: boolean
  sides: Array<'front' | 'back'>
}

export interface ConsoleVerification {
  verification: Verification
  clientName: string
  applicant: Record<string, string> | null
  uploads: ConsoleUpload[]
  capturedThroughLinkAt: Date | null
  deliveries: WebhookDelivery[]
  audit: AuditEvent[]
}

/** The image types the service accepts, told by their first bytes. */
function imageType(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg'
  if (bytes.subarray(0, 4).toString('latin1') === '\x89PNG') return 'image/png'
  if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp'
  return 'application/octet-stream'
}

export function createConsoleService(deps: {
  db: Db
  verifications: VerificationsRepository
  uploads: UploadsRepository
  webhooks: WebhooksRepository
  captureLinks: CaptureLinksRepository
  audit: AuditLog
  mediaKeys: MediaKeyInput
}) {

  return {
    async verification(principal: Principal, id: string): Promise<ConsoleVerification> {
      const row = await deps.verifications.findVisible(id, clientScope(principal))
      if (!row) throw notFound('verification')
      const [uploads, captured, deliveries, audit] = await Promise.all([
        deps.uploads.listForVerification(id),
        deps.captureLinks.firstUses([id]),
        deps.webhooks.listForVerification(id, TIMELINE_SIZE),
        deps.audit.list({ target: id, limit: TIMELINE_SIZE }),
      ])
      return {
        verification: toVerification(row),
        clientName: row.clientName,
        applicant: row.applicant ?? null,
        uploads: uploads.map((u) => ({
          id: u.id,
          kind: u.kind,
          documentType: u.documentType,
          createdAt: u.createdAt,
          purged: u.purgedAt !== null,
          sides: u.hasBack ? ['front', 'back'] : ['front'],
        })),
        capturedThroughLinkAt: captured.get(id) ?? null,
        deliveries: deliveries.map(toDelivery),
        audit: audit.items,
      }
    },

    /** An uploaded image, opened for an operator who asked to see it; the view is recorded first. */
    async image(actor: Actor, id: string, uploadId: string, side: 'front' | 'back'): Promise<{ bytes: Buffer; type: string }> {
      const row = await deps.verifications.findVisible(id, clientScope(actor.principal))
      if (!row) throw notFound('verification')
      const upload = await deps.uploads.find(uploadId, id)
      if (!upload) throw notFound('upload')
      const sealed = side === 'front' ? upload.front : upload.back
      if (!sealed) {
        throw new ApiError('not_found', upload.purgedAt ? 'image deleted after MEDIA_RETENTION; its results stay' : `upload has no ${side} image`)
      }
      const bytes = decryptMedia(deps.mediaKeys, sealed, `${upload.id}:${side}`)
      await deps.audit.record(deps.db, actor, 'verification.image_viewed', id, { upload_id: upload.id, kind: upload.kind, side })
      return { bytes, type: imageType(bytes) }
    },

    /** Deliveries of every client that failed, or are failing and will be retried, with their client. */
    async failingDeliveries(): Promise<Array<WebhookDelivery & { client_name: string }>> {
      return (await deps.webhooks.listFailing(TIMELINE_SIZE)).map((row) => ({ ...toDelivery(row), client_name: row.clientName }))
    },
  }
}

export type ConsoleService = ReturnType<typeof createConsoleService>
