// Capture links: created for a pending verification (revoking the one before), and the principal a
// link's token stands for, confined to that verification's capture (the auth plugin enforces which
// operations).
import type { CaptureLink, CreateCaptureLinkBody } from '../../generated/schemas.js'
import type { Db } from '../db/client.js'
import type { CaptureLinksRepository } from '../db/capture-links-repository.js'
import { hashApiKey } from '../domain/api-key-secret.js'
import { CAPTURE_LINK_DEFAULT_SECONDS, looksLikeCaptureToken, newCaptureToken, returnUrlProblem } from '../domain/capture-link.js'
import { ApiError } from '../domain/errors.js'
import { newId } from '../domain/ids.js'
import type { Principal } from './api-keys-service.js'
import type { VerificationsService } from './verifications-service.js'

export function createCaptureLinksService(deps: { db: Db; repo: CaptureLinksRepository; verifications: VerificationsService; publicUrl: string }) {
  return {
    async create(principal: Principal, verificationId: string, body: CreateCaptureLinkBody | undefined): Promise<CaptureLink> {
      const returnUrl = body?.return_url ?? null
      const problem = returnUrl === null ? null : returnUrlProblem(returnUrl)
      if (problem) throw new ApiError('validation_error', 'request validation failed', [{ path: '/return_url', message: problem }])
      const row = await deps.verifications.pendingForProcessing(principal, verificationId)
      const token = newCaptureToken()
      const expiresAt = new Date(Date.now() + (body?.expires_in ?? CAPTURE_LINK_DEFAULT_SECONDS) * 1000)
      await deps.db.transaction((tx) =>
        deps.repo.insertRevokingOthers(
          {
            id: newId('captureLink'),
            verificationId: row.id,
            tokenHash: hashApiKey(token),
            returnUrl,
            allowUpload: body?.allow_upload ?? false,
            createdByKeyId: principal.id,
            expiresAt,
          },
          tx,
        ),
      )
      return { url: `${deps.publicUrl}/capture/${token}`, expires_at: expiresAt.toISOString() }
    },

    /** The principal of a working link's token: its verification's client, for that verification only. */
    async authenticate(token: string): Promise<Principal | null> {
      if (!looksLikeCaptureToken(token)) return null
      const link = await deps.repo.findActive(hashApiKey(token))
      if (!link) return null
      if (!link.firstUsedAt) await deps.repo.markUsed(link.id)
      return { id: link.id, clientName: link.clientName, role: 'service', capture: { verificationId: link.verificationId } }
    },
  }
}

export type CaptureLinksService = ReturnType<typeof createCaptureLinksService>
