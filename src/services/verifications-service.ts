// Verification sessions: creation (with Idempotency-Key), listing and reading, scoped by client.
import fastJson from 'fast-json-stringify'
import {
  VerificationSchema,
  type CreateVerificationBody,
  type ListVerificationsQuerystring,
  type Verification,
} from '../../generated/schemas.js'
import type { Db, Tx } from '../db/client.js'
import { effectiveStatus, type ListPage, type VerificationRow, type VerificationsRepository } from '../db/verifications-repository.js'
import { hashOf } from '../domain/canonical-json.js'
import { ApiError, conflict, notFound, type ErrorDetail } from '../domain/errors.js'
import { newId } from '../domain/ids.js'
import { seesAllClients } from '../domain/permissions.js'
import { revokedKey, type ApiKeysService, type Principal } from './api-keys-service.js'
import type { WebhooksService } from './webhooks-service.js'

export type CheckName = Verification['checks'][number]
export type CheckResult = NonNullable<Verification['checks_results'][CheckName]>

const MAX_METADATA_KEYS = 20
const MAX_METADATA_KEY_LENGTH = 40

export interface CreateResult {
  id: string
  /** The verification, or its JSON as the route's serialiser writes it (sent as it is). */
  verification: Verification | string
  /** True when an earlier request with the same Idempotency-Key and body produced this answer. */
  replayed: boolean
}

class IdempotencyRace extends Error {}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

// The serialiser of a Verification's checks_results, compiled from openapi.yaml's schema as Fastify
// compiles a route's: only what the schema has reaches a client.
const serializeChecksResults = fastJson(VerificationSchema.properties.checks_results)

/**
 * checks_results as GET /verifications/{id} writes them, stored beside them (checksResultsJson in
 * schema.ts); null when the schema's serialiser refuses them (the read then writes the body from the
 * row, and answers as it always did).
 */
function checksResultsJson(results: Record<string, unknown>): string | null {
  try {
    return serializeChecksResults(results)
  } catch {
    return null
  }
}

export function toVerification(row: VerificationRow): Verification {
  return {
    id: row.id,
    status: effectiveStatus(row),
    client_reference: row.clientReference,
    redirect_url: '',
    checks: row.checks as Verification['checks'],
    checks_results: row.checksResults as Verification['checks_results'],
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    completed_at: iso(row.completedAt),
    expires_at: row.expiresAt.toISOString(),
  }
}

function validateMetadata(metadata: Record<string, string> | undefined) {
  if (!metadata) return
  const details: ErrorDetail[] = []
  const keys = Object.keys(metadata)
  if (keys.length > MAX_METADATA_KEYS) details.push({ path: '/metadata', message: `must have at most ${MAX_METADATA_KEYS} keys` })
  for (const k of keys) {
    if (k.length === 0 || k.length > MAX_METADATA_KEY_LENGTH) {
      details.push({ path: `/metadata/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `key must be 1 to ${MAX_METADATA_KEY_LENGTH} characters` })
    }
  }
  if (details.length) throw new ApiError('validation_error', 'request validation failed', details)
}

export interface VerificationsServiceOptions {
  ttlMs: number
  webhooks: WebhooksService
  /** Called after a commit that queued a webhook attempt. */
  onQueued: () => void
  /** Refuses an `unconfirmed` principal whose key was revoked (for the paths that do not read it themselves). */
  keys: Pick<ApiKeysService, 'assertActive'>
}

export function createVerificationsService(db: Db, repo: VerificationsRepository, opts: VerificationsServiceOptions) {
  const scope = (p: Principal) => (seesAllClients(p.role) ? null : p.clientName)

  /** A read that found nothing: a revoked key is refused (401), else the verification is not found. */
  async function notVisible(principal: Principal): Promise<never> {
    await opts.keys.assertActive(principal)
    throw notFound('verification')
  }

  async function replay(clientName: string, key: string, requestHash: string): Promise<CreateResult | null> {
    const existing = await repo.findIdempotent(clientName, key)
    if (!existing) return null
    if (existing.requestHash !== requestHash) {
      throw conflict('Idempotency-Key was already used with a different request body')
    }
    const verification = existing.response as Verification
    return { id: verification.id, verification, replayed: true }
  }

  return {
    async create(principal: Principal, body: CreateVerificationBody, idempotencyKey?: string): Promise<CreateResult> {
      validateMetadata(body.metadata)
      // Only an Idempotency-Key needs the request's hash (it tells a retry from a reuse).
      const requestHash = idempotencyKey ? hashOf(body) : ''
      if (idempotencyKey) {
        await opts.keys.assertActive(principal)
        const earlier = await replay(principal.clientName, idempotencyKey, requestHash)
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
      // One statement, which also reads the key: nothing is created for a key revoked meanwhile.
      if (!idempotencyKey) {
        const created = await repo.insertJsonIfKeyActive(row)
        if (!created) throw revokedKey()
        if (created.json !== null) return { id: row.id, verification: created.json, replayed: false }
        // A row that does not hold its JSON (see DETAIL_JSON): read back from its columns.
        return { id: row.id, verification: toVerification((await repo.findVisible(row.id, null))!), replayed: false }
      }
      try {
        const verification = await db.transaction(async (tx) => {
          const created = await repo.insertIfKeyActive(row, tx)
          if (!created) throw revokedKey()
          const v = toVerification(created)
          const claimed = await repo.claimIdempotent(
            { clientName: principal.clientName, key: idempotencyKey, requestHash, statusCode: 201, response: v },
            tx,
          )
          if (!claimed) throw new IdempotencyRace()
          return v
        })
        return { id: row.id, verification, replayed: false }
      } catch (err) {
        if (!(err instanceof IdempotencyRace)) throw err
        const winner = await replay(principal.clientName, idempotencyKey, requestHash)
        if (!winner) throw conflict('a request with this Idempotency-Key is in progress; retry')
        return winner
      }
    },

    /**
     * A page (JSON text of VerificationSummary items, newest first) and the total; for an unconfirmed
     * principal, the same statement reads its key.
     */
    async list(principal: Principal, query: ListVerificationsQuerystring): Promise<ListPage> {
      const filter = { clientName: scope(principal), status: query.status, limit: query.limit ?? 20, offset: query.offset ?? 0 }
      const page = await repo.listSummaries({ ...filter, keyId: principal.unconfirmed ? principal.id : undefined })
      if (page) return page
      // Nothing came back: the key was revoked (a revoke is for good, so this throws).
      await opts.keys.assertActive(principal)
      return (await repo.listSummaries(filter))!
    },

    /**
     * One verification (GET /verifications/{id}): as the JSON text that the row holds, written as the
     * route's serialiser writes what `get` answers, or, for a row that does not hold it (results the
     * schema does not describe, written before drizzle/0007), what `get` answers. For an unconfirmed
     * principal, the same statement reads its key.
     */
    async getJson(principal: Principal, id: string): Promise<string | Verification> {
      const json = await repo.findVisibleJsonIfKeyActive(id, scope(principal), principal.unconfirmed ? principal.id : null)
      if (json === undefined) return notVisible(principal)
      return json ?? this.get(principal, id)
    },

    /** One verification; for an unconfirmed principal, the same statement reads its key. */
    async get(principal: Principal, id: string): Promise<Verification> {
      const row = await repo.findVisibleIfKeyActive(id, scope(principal), principal.unconfirmed ? principal.id : null)
      if (!row) return notVisible(principal)
      return toVerification(row)
    },

    /**
     * The verification a processing request works on: visible to the caller and still pending
     * (404 and 409 otherwise). A cheap read made before any heavy analysis.
     */
    async pendingForProcessing(principal: Principal, id: string): Promise<VerificationRow> {
      const row = await repo.findVisible(id, scope(principal))
      if (!row) throw notFound('verification')
      const status = effectiveStatus(row)
      if (status !== 'pending') throw conflict(`verification is ${status}: a finished verification cannot change`)
      return row
    },

    /**
     * Stores finished checks' results (only requested checks may be given). When every requested
     * check has a result, the session completes, and its verification.completed event enters the
     * outbox in the same transaction. `alongside` writes what belongs with the results (an upload).
     */
    async recordResults(
      principal: Principal,
      id: string,
      results: Partial<Record<CheckName, CheckResult>>,
      alongside?: (tx: Tx) => Promise<void>,
    ): Promise<Verification> {
      const now = new Date()
      const { row, queued } = await db.transaction(async (tx) => {
        const current = await repo.findVisibleForUpdate(id, scope(principal), tx)
        if (!current) throw notFound('verification')
        const status = effectiveStatus(current, now)
        if (status !== 'pending') throw conflict(`verification is ${status}: a finished verification cannot change`)
        for (const check of Object.keys(results)) {
          if (!current.checks.includes(check)) throw conflict(`the ${check} check was not requested for this verification`)
        }
        if (alongside) await alongside(tx)
        const merged = { ...current.checksResults, ...results }
        const done = current.checks.every((c) => c in merged)
        const updated = await repo.update(
          id,
          { checksResults: merged, checksResultsJson: checksResultsJson(merged), ...(done ? { status: 'completed' as const, completedAt: now } : {}) },
          tx,
        )
        const queued = done ? await opts.webhooks.enqueueEvent(tx, updated, 'verification.completed', now) : false
        return { row: updated, queued }
      })
      if (queued) opts.onQueued()
      return toVerification(row)
    },

    async recordCheckResult(principal: Principal, id: string, check: CheckName, result: CheckResult): Promise<Verification> {
      return this.recordResults(principal, id, { [check]: result })
    },

    /** Fails pending sessions past their expiry, each with its verification.failed event. */
    async expireDue(limit = 100): Promise<number> {
      const now = new Date()
      const { count, queued } = await db.transaction(async (tx) => {
        let queued = false
        const expired = await repo.lockExpired(limit, tx)
        // One statement for all of them: the counts behind the list's total are then changed in one
        // order (drizzle/0006_verification_counts.sql), so this never deadlocks with another writer.
        const updated = new Map((await repo.failAll(expired.map((row) => row.id), tx)).map((row) => [row.id, row]))
        for (const row of expired) {
          queued = (await opts.webhooks.enqueueEvent(tx, updated.get(row.id)!, 'verification.failed', now)) || queued
        }
        return { count: expired.length, queued }
      })
      if (queued) opts.onQueued()
      return count
    },
  }
}

export type VerificationsService = ReturnType<typeof createVerificationsService>
