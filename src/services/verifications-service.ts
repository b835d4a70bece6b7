// Verification sessions: creation (with Idempotency-Key), listing and reading, scoped by client.
import type { CaptureProgress, CreateVerificationBody, ListVerificationsQuerystring, ReviewVerificationBody, Verification, VerificationLastError, VerificationSummary } from '../../generated/schemas.js'
import type { Db, Tx } from '../db/client.js'
import type { IdempotencyRepository } from '../db/idempotency-repository.js'
import type { VerificationRow, VerificationsRepository } from '../db/verifications-repository.js'
import { dateOfBirthProblem } from '../domain/applicant.js'
import { ApiError, conflict, notFound } from '../domain/errors.js'
import { validateMetadata } from '../domain/metadata.js'
import { newId } from '../domain/ids.js'
import { mergeResults } from '../domain/check-results.js'
import { clientScope } from '../domain/permissions.js'
import { effectiveStatus } from '../domain/verification-status.js'
import type { Principal } from './api-keys-service.js'
import type { Actor, AuditLog } from './audit-log.js'
import { decidedAutomatically, toSummary, toVerification } from './verification-views.js'
import type { WebhooksService } from './webhooks-service.js'

export type CheckName = Verification['checks'][number]
export type CheckResult = NonNullable<Verification['checks_results'][CheckName]>

export interface CreateResult {
  verification: Verification
  /** True when an earlier request with the same Idempotency-Key and body produced this answer. */
  replayed: boolean
}

export interface ListPage {
  items: VerificationSummary[]
  /** How many verifications match the filter, on every page. */
  total: number
}

class IdempotencyRace extends Error {}

export interface VerificationsServiceOptions {
  ttlMs: number
  /** REVIEW_MARGIN (src/domain/decision.ts). */
  reviewMargin: number
  webhooks: WebhooksService
  audit: AuditLog
  /** Called after a commit that queued a webhook attempt. */
  onQueued: () => void
  /** Called after a commit that finished a verification, with its check results. */
  onFinished?: (status: 'completed' | 'failed', results: Record<string, { passed?: unknown }>) => void
}

export function createVerificationsService(
  db: Db,
  repo: VerificationsRepository,
  idempotency: IdempotencyRepository,
  opts: VerificationsServiceOptions,
) {

  async function replay(clientName: string, key: string, body: CreateVerificationBody): Promise<CreateResult | null> {
    const existing = await idempotency.find(clientName, key)
    if (!existing) return null
    // Its verification was redacted since: the first response and the body's hash went with it, and
    // nothing is compared (an answer that told one body from another would confirm a guess).
    if (existing.response === null) {
      throw conflict(`Idempotency-Key created ${existing.verificationId}, which has been redacted since: use a new key to create another`)
    }
    // A record whose digest no key still known can check is replayed: that makes nothing twice.
    if (idempotency.sameRequest(existing.requestHash, body) === false) {
      throw conflict('Idempotency-Key was already used with a different request body')
    }
    return { verification: existing.response as Verification, replayed: true }
  }

  return {
    async create(principal: Principal, body: CreateVerificationBody, idempotencyKey?: string): Promise<CreateResult> {
      validateMetadata(body.metadata)
      const birthProblem = body.applicant?.date_of_birth ? dateOfBirthProblem(body.applicant.date_of_birth, new Date()) : null
      if (birthProblem) throw new ApiError('validation_error', 'request validation failed', [{ path: '/applicant/date_of_birth', message: birthProblem }])
      // Only an Idempotency-Key needs the request's hash (it tells a retry from a reuse).
      const requestHash = idempotencyKey ? idempotency.digest(body) : ''
      if (idempotencyKey) {
        const earlier = await replay(principal.clientName, idempotencyKey, body)
        if (earlier) return earlier
      }
      const now = new Date()
      const row = {
        id: newId('verification'),
        clientName: principal.clientName,
        createdByKeyId: principal.id,
        clientReference: body.client_reference ?? null,
        checks: body.checks,
        applicant: body.applicant ?? null,
        metadata: body.metadata ?? {},
        createdAt: now,
        expiresAt: new Date(now.getTime() + opts.ttlMs),
      }
      if (!idempotencyKey) return { verification: toVerification(await repo.insert(row)), replayed: false }
      try {
        const verification = await db.transaction(async (tx) => {
          const v = toVerification(await repo.insert(row, tx))
          const claimed = await idempotency.claim({ clientName: principal.clientName, key: idempotencyKey, requestHash, statusCode: 201, response: v, verificationId: v.id }, tx)
          if (!claimed) throw new IdempotencyRace()
          return v
        })
        return { verification, replayed: false }
      } catch (err) {
        if (!(err instanceof IdempotencyRace)) throw err
        const winner = await replay(principal.clientName, idempotencyKey, body)
        if (!winner) throw conflict('a request with this Idempotency-Key is in progress; retry')
        return winner
      }
    },

    /** A page of summaries, newest first, and how many verifications match the filter. */
    async list(principal: Principal, query: ListVerificationsQuerystring): Promise<ListPage> {
      const filter = { clientName: clientScope(principal), status: query.status, decision: query.decision, limit: query.limit ?? 20, offset: query.offset ?? 0 }
      const [rows, total] = await Promise.all([repo.list(filter), repo.count(filter)])
      const now = new Date()
      return { items: rows.map((row) => toSummary(row, now)), total }
    },

    async get(principal: Principal, id: string): Promise<Verification> {
      const row = await repo.findVisible(id, clientScope(principal))
      if (!row) throw notFound('verification')
      return toVerification(row)
    },

    /**
     * A person's decision on a finished verification: replaces the decision (an automatic one too),
     * recorded with the reviewing key, and sent as a verification.reviewed event in the same transaction.
     */
    async review(actor: Actor, id: string, body: ReviewVerificationBody): Promise<Verification> {
      const { principal } = actor
      const now = new Date()
      const { row, queued } = await db.transaction(async (tx) => {
        const current = await repo.findVisibleForUpdate(id, clientScope(principal), tx)
        if (!current) throw notFound('verification')
        if (effectiveStatus(current, now) === 'pending') throw conflict('verification is pending: only a finished verification can be reviewed')
        if (current.redactedAt && body.note) throw conflict('verification was redacted: a review takes no note, which would keep personal data it erased')
        // Approved means every requested check ran: a failed one can be passed by hand, a missing one not.
        const neverRan = (current.checks as CheckName[]).filter((c) => !(c in current.checksResults))
        if (body.decision === 'approved' && neverRan.length) {
          const ended = current.redactedAt ? 'was redacted' : 'expired'
          throw conflict(`verification ${ended} before ${neverRan.join(', ')} ran: it can be declined, not approved`)
        }
        let queued = false
        if (current.status === 'pending') {
          // Past its expiry and not swept yet: failed first, as the sweeper would, with its event.
          const [failed] = await repo.failAll([id], decidedAutomatically('failed', {}, opts.reviewMargin, now), tx)
          queued = await opts.webhooks.enqueueEvent(tx, failed!, 'verification.failed', now)
        }
        const row = await repo.update(
          id,
          {
            decision: body.decision,
            decisionReasons: [body.reason],
            decidedBy: principal.id,
            decidedAt: now,
            decisionNote: body.note ?? null,
          },
          tx,
        )
        queued = (await opts.webhooks.enqueueEvent(tx, row, 'verification.reviewed', now)) || queued
        await opts.audit.record(tx, actor, 'verification.reviewed', id, { decision: body.decision, reason: body.reason })
        return { row, queued }
      })
      if (queued) opts.onQueued()
      return toVerification(row)
    },

    /** What the hosted capture page shows of a verification: nothing personal, no results. */
    async progress(principal: Principal, id: string): Promise<CaptureProgress> {
      const row = await repo.findVisible(id, clientScope(principal))
      if (!row) throw notFound('verification')
      const checks = row.checks as CheckName[]
      return {
        verification_id: row.id,
        status: effectiveStatus(row),
        checks,
        finished_checks: checks.filter((c) => c in row.checksResults),
        last_error: row.lastError ?? null,
      }
    },

    /**
     * The verification a processing request works on: visible to the caller and still pending
     * (404 and 409 otherwise). A cheap read made before any heavy analysis.
     */
    async pendingForProcessing(principal: Principal, id: string): Promise<VerificationRow> {
      const row = await repo.findVisible(id, clientScope(principal))
      if (!row) throw notFound('verification')
      const status = effectiveStatus(row)
      if (status !== 'pending') throw conflict(`verification is ${status}: a finished verification cannot change`)
      return row
    },

    /**
     * Stores finished checks' results (only requested checks may be given). When every requested
     * check has a result, the session completes, and its verification.completed event enters the
     * outbox in the same transaction. Earlier results that judged other uploads than these, or than
     * the upload stored with them, are taken out (src/domain/check-results.ts).
     */
    async recordResults(
      principal: Principal,
      id: string,
      results: Partial<Record<CheckName, CheckResult>>,
      upload?: {
        /** Writes the upload in the results' transaction. */
        store: (tx: Tx) => Promise<void>
        /** The upload's id, as a result names it: it is what the verification judges from now on. */
        sent: { document_id: string } | { selfie_id: string } | null
        /** An accepted capture of this kind: the refusal of an earlier one of its kind is no longer the last word. */
        clearLastError: VerificationLastError['code']
      },
      /** Checked with the verification's row locked, before anything is written: throws to refuse the results. */
      guard?: (tx: Tx) => Promise<void>,
    ): Promise<Verification> {
      const now = new Date()
      const { row, queued } = await db.transaction(async (tx) => {
        const current = await repo.findVisibleForUpdate(id, clientScope(principal), tx)
        if (!current) throw notFound('verification')
        const status = effectiveStatus(current, now)
        if (status !== 'pending') throw conflict(`verification is ${status}: a finished verification cannot change`)
        for (const check of Object.keys(results)) {
          if (!current.checks.includes(check)) throw conflict(`the ${check} check was not requested for this verification`)
        }
        await guard?.(tx)
        if (upload) await upload.store(tx)
        const merged = mergeResults(current.checksResults, results, upload?.sent)
        const done = current.checks.every((c) => c in merged)
        const updated = await repo.update(
          id,
          {
            checksResults: merged,
            ...(upload && current.lastError?.code === upload.clearLastError ? { lastError: null } : {}),
            ...(done ? { status: 'completed' as const, completedAt: now, ...decidedAutomatically('completed', merged, opts.reviewMargin, now) } : {}),
          },
          tx,
        )
        const queued = done ? await opts.webhooks.enqueueEvent(tx, updated, 'verification.completed', now) : false
        return { row: updated, queued }
      })
      if (queued) opts.onQueued()
      if (row.status === 'completed') opts.onFinished?.('completed', row.checksResults as Record<string, { passed?: unknown }>)
      return toVerification(row)
    },

    /**
     * Records on a pending verification why a capture was refused (a photo to retake), for the
     * person and the client to see while it is still pending. Nothing else changes.
     */
    async recordLastError(principal: Principal, id: string, lastError: VerificationLastError): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.findVisibleForUpdate(id, clientScope(principal), tx)
        if (current && effectiveStatus(current) === 'pending') await repo.update(id, { lastError }, tx)
      })
    },

    /**
     * Records the automatic decision of verifications that finished before decisions were recorded
     * (at start-up, a batch at a time); returns how many.
     */
    async decideEarlierVerifications(batch = 500): Promise<number> {
      let total = 0
      for (;;) {
        const rows = await repo.undecided(batch)
        for (const row of rows) {
          const at = row.completedAt ?? row.expiresAt
          await repo.update(row.id, decidedAutomatically(row.status as 'completed' | 'failed', row.checksResults, opts.reviewMargin, at))
        }
        total += rows.length
        if (rows.length < batch) return total
      }
    },

    /** Fails pending sessions past their expiry, each with its verification.failed event. */
    async expireDue(limit = 100): Promise<number> {
      const now = new Date()
      const { count, queued, finished } = await db.transaction(async (tx) => {
        let queued = false
        const expired = await repo.lockExpired(limit, tx)
        const decision = decidedAutomatically('failed', {}, opts.reviewMargin, now)
        const updated = new Map((await repo.failAll(expired.map((row) => row.id), decision, tx)).map((row) => [row.id, row]))
        for (const row of expired) {
          queued = (await opts.webhooks.enqueueEvent(tx, updated.get(row.id)!, 'verification.failed', now)) || queued
        }
        return { count: expired.length, queued, finished: expired }
      })
      if (queued) opts.onQueued()
      for (const row of finished) opts.onFinished?.('failed', row.checksResults as Record<string, { passed?: unknown }>)
      return count
    },
  }
}

export type VerificationsService = ReturnType<typeof createVerificationsService>
