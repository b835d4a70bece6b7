// Capture links: created for a pending verification (revoking the one before), and the principal a
// link's token stands for, confined to that verification's capture (the auth plugin enforces which
// operations).
import type { CaptureLink, CheckName, CreateCaptureLinkBody } from '../../generated/schemas.js'
import type { Db } from '../db/client.js'
import type { CaptureLinksRepository } from '../db/capture-links-repository.js'
import { hashApiKey } from '../domain/api-key-secret.js'
import { CAPTURE_LINK_DEFAULT_SECONDS, looksLikeCaptureToken, newCaptureToken, returnUrlProblem } from '../domain/capture-link.js'
import { ApiError } from '../domain/errors.js'
import { newId } from '../domain/ids.js'
import { effectiveStatus } from '../domain/verification-status.js'
import type { Principal } from './api-keys-service.js'
import type { VerificationsService } from './verifications-service.js'

export function createCaptureLinksService(deps: { db: Db; repo: CaptureLinksRepository; verifications: VerificationsService; publicUrl: string }) {
  /** A working link by its token, its first use recorded (the dashboard shows it). */
  async function used(token: string) {
    if (!looksLikeCaptureToken(token)) return null
    const link = await deps.repo.findActive(hashApiKey(token))
    if (link && !link.firstUsedAt) await deps.repo.markUsed(link.id)
    return link ?? null
  }

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

    /** The capture page's link: working, and its verification still pending; null otherwise. */
    async open(token: string): Promise<{ verificationId: string; checks: CheckName[]; allowUpload: boolean; returnUrl: string | null } | null> {
      const link = await used(token)
      if (!link || effectiveStatus({ status: link.status, expiresAt: link.verificationExpiresAt }) !== 'pending') return null
      return { verificationId: link.verificationId, checks: link.checks as CheckName[], allowUpload: link.allowUpload, returnUrl: link.returnUrl }
    },

    /** The principal of a working link's token: its verification's client, for that verification only. */
    async authenticate(token: string): Promise<Principal | null> {
      const link = await used(token)
      return link ? { id: link.id, clientName: link.clientName, role: 'service', capture: { verificationId: link.verificationId } } : null
    },
  }
}

export type CaptureLinksService = ReturnType<typeof createCaptureLinksService>
