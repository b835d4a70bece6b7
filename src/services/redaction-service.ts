// Erasure of a verification's personal data, on request (POST /verifications/{id}/redact) or once it
// is older than RESULT_RETENTION: images, faces, applicant, holder data, metadata and note go for good;
// the results that describe no one stay. Recorded in the audit log and sent as verification.redacted.
import type { Verification } from '../../generated/schemas.js'
import type { Db, Tx } from '../db/client.js'
import type { CaptureLinksRepository } from '../db/capture-links-repository.js'
import type { IdempotencyRepository } from '../db/idempotency-repository.js'
import type { UploadsRepository } from '../db/uploads-repository.js'
import type { VerificationRow, VerificationsRepository } from '../db/verifications-repository.js'
import { REDACTED_UNFINISHED } from '../domain/decision.js'
import { notFound } from '../domain/errors.js'
import { splitResults } from '../domain/personal-data.js'
import { clientScope } from '../domain/permissions.js'
import { effectiveStatus } from '../domain/verification-status.js'
import { SYSTEM, type Actor, type AuditLog } from './audit-log.js'
import { decidedAutomatically, toVerification } from './verification-views.js'
import type { WebhooksService } from './webhooks-service.js'

export interface RedactionDeps {
  db: Db
  verifications: VerificationsRepository
  uploads: UploadsRepository
  idempotency: IdempotencyRepository
  captureLinks: CaptureLinksRepository
  webhooks: WebhooksService
  audit: AuditLog
  reviewMargin: number
  /** Called after a commit that queued a webhook attempt. */
  onQueued: () => void
}

export function createRedactionService(deps: RedactionDeps) {
  /** Erases `current` inside `tx`; returns whether an event was queued. */
  async function erase(tx: Tx, actor: Actor, current: VerificationRow, now: Date): Promise<{ row: VerificationRow; queued: boolean }> {
    let queued = false
    let row = current
    if (current.status === 'pending') {
      // No check can finish without its captures: the verification ends, as an expiry would end it.
      const expired = effectiveStatus(current, now) === 'failed'
      const decision = expired
        ? decidedAutomatically('failed', {}, deps.reviewMargin, now)
        : { decision: REDACTED_UNFINISHED.decision, decisionReasons: REDACTED_UNFINISHED.reasons, decidedBy: 'auto', decidedAt: now }
      ;[row] = (await deps.verifications.failAll([current.id], decision, tx)) as [VerificationRow]
      queued = await deps.webhooks.enqueueEvent(tx, row, 'verification.failed', now)
    }
    row = await deps.verifications.update(
      current.id,
      { applicant: null, metadata: null, checksResults: splitResults(row.checksResults).clear, decisionNote: null, redactedAt: now },
      tx,
    )
    await deps.uploads.eraseForVerification(current.id, tx)
    await deps.idempotency.eraseForVerification(current.id, tx)
    await deps.captureLinks.eraseForVerification(current.id, tx)
    await deps.audit.record(tx, actor, 'verification.redacted', current.id)
    queued = (await deps.webhooks.enqueueEvent(tx, row, 'verification.redacted', now)) || queued
    return { row, queued }
  }

  return {
    /** Erases a verification the actor can see; a second call changes nothing. */
    async redact(actor: Actor, id: string): Promise<Verification> {
      const now = new Date()
      const { row, queued } = await deps.db.transaction(async (tx) => {
        const current = await deps.verifications.findVisibleForUpdate(id, clientScope(actor.principal), tx)
        if (!current) throw notFound('verification')
        if (current.redactedAt) return { row: current, queued: false }
        return erase(tx, actor, current, now)
      })
      if (queued) deps.onQueued()
      return toVerification(row)
    },

    /** Erases up to `limit` verifications created before `cutoff` (RESULT_RETENTION); returns how many. */
    async redactOlderThan(cutoff: Date, limit: number): Promise<number> {
      const now = new Date()
      const { count, queued } = await deps.db.transaction(async (tx) => {
        let queued = false
        const due = await deps.verifications.lockUnredactedBefore(cutoff, limit, tx)
        for (const row of due) queued = (await erase(tx, SYSTEM, row, now)).queued || queued
        return { count: due.length, queued }
      })
      if (queued) deps.onQueued()
      return count
    },
  }
}

export type RedactionService = ReturnType<typeof createRedactionService>
