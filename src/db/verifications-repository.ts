// SQL for verifications and their idempotency records.
import { and, count, desc, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { idempotencyKeys, verifications } from './schema.js'

export type VerificationRow = typeof verifications.$inferSelect
export type NewVerificationRow = typeof verifications.$inferInsert
export type VerificationStatus = VerificationRow['status']
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

export interface ListFilter {
  /** null: every client's verifications (admin and auditor keys). */
  clientName: string | null
  status?: VerificationStatus
  limit: number
  offset: number
}

const IDEMPOTENCY_WINDOW = sql`now() - interval '24 hours'`

export function createVerificationsRepository(db: Db) {
  // The two reads behind GET /verifications/{id}, built once as prepared statements.
  const byId = db.select().from(verifications).where(eq(verifications.id, sql.placeholder('id'))).limit(1).prepare('verification_by_id')
  const byIdForClient = db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, sql.placeholder('id')), eq(verifications.clientName, sql.placeholder('clientName'))))
    .limit(1)
    .prepare('verification_by_id_for_client')

  return {
    async insert(row: NewVerificationRow, tx: Executor = db): Promise<VerificationRow> {
      const [created] = await tx.insert(verifications).values(row).returning()
      return created!
    },

    /** A verification visible to the client (null: any client); others' are simply not found. */
    async findVisible(id: string, clientName: string | null): Promise<VerificationRow | undefined> {
      const [row] = clientName === null ? await byId.execute({ id }) : await byIdForClient.execute({ id, clientName })
      return row
    },

    async findVisibleForUpdate(id: string, clientName: string | null, tx: Executor): Promise<VerificationRow | undefined> {
      const where = clientName === null ? eq(verifications.id, id) : and(eq(verifications.id, id), eq(verifications.clientName, clientName))
      const [row] = await tx.select().from(verifications).where(where).limit(1).for('update')
      return row
    },

    async update(id: string, changes: Partial<NewVerificationRow>, tx: Executor = db): Promise<VerificationRow> {
      const [row] = await tx.update(verifications).set(changes).where(eq(verifications.id, id)).returning()
      return row!
    },

    /** Pending verifications past their expiry, locked for the caller (other sweepers skip them). */
    async lockExpired(limit: number, tx: Executor): Promise<VerificationRow[]> {
      return tx
        .select()
        .from(verifications)
        .where(and(eq(verifications.status, 'pending'), lte(verifications.expiresAt, sql`now()`)))
        .orderBy(verifications.expiresAt)
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    async list(filter: ListFilter, tx: Executor = db): Promise<{ rows: VerificationRow[]; total: number }> {
      const conditions: SQL[] = []
      if (filter.clientName !== null) conditions.push(eq(verifications.clientName, filter.clientName))
      // An expired session reads as failed even before the sweeper has recorded it (effectiveStatus).
      if (filter.status === 'pending') {
        conditions.push(eq(verifications.status, 'pending'), gt(verifications.expiresAt, sql`now()`))
      } else if (filter.status === 'failed') {
        conditions.push(or(eq(verifications.status, 'failed'), and(eq(verifications.status, 'pending'), lte(verifications.expiresAt, sql`now()`)))!)
      } else if (filter.status) {
        conditions.push(eq(verifications.status, filter.status))
      }
      const where = conditions.length ? and(...conditions) : undefined
      const [rows, totals] = await Promise.all([
        tx
          .select()
          .from(verifications)
          .where(where)
          .orderBy(desc(verifications.createdAt), desc(verifications.id))
          .limit(filter.limit)
          .offset(filter.offset),
        tx.select({ n: count() }).from(verifications).where(where),
      ])
      return { rows, total: Number(totals[0]?.n ?? 0) }
    },

    async findIdempotent(clientName: string, key: string, tx: Executor = db): Promise<IdempotencyRow | undefined> {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientName, clientName), eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, IDEMPOTENCY_WINDOW)))
        .limit(1)
      return row
    },

    /**
     * Records the first response for an Idempotency-Key. Returns false when a live record already
     * exists (a concurrent request won): the caller rolls back and answers with that one.
     */
    async claimIdempotent(row: Omit<IdempotencyRow, 'createdAt'>, tx: Executor = db): Promise<boolean> {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoUpdate({
          target: [idempotencyKeys.clientName, idempotencyKeys.key],
          set: { requestHash: row.requestHash, statusCode: row.statusCode, response: row.response, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, IDEMPOTENCY_WINDOW),
        })
        .returning({ key: idempotencyKeys.key })
      return inserted.length > 0
    },
  }
}

export type VerificationsRepository = ReturnType<typeof createVerificationsRepository>

/** What a client sees: a pending session past its expiry is failed, whether or not it was swept yet. */
export function effectiveStatus(row: VerificationRow, now = new Date()): VerificationStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'failed' : row.status
}
