// SQL for verifications. The API's JSON is written by the service from these rows, never here.
import { and, count, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { VerificationStatus } from '../domain/verification-status.js'
import type { Db, Executor } from './client.js'
import { descending } from './order.js'
import { verifications } from './schema.js'

export type VerificationRow = typeof verifications.$inferSelect
export type NewVerificationRow = typeof verifications.$inferInsert

export interface ListFilter {
  /** null: every client's verifications (admin and auditor keys). */
  clientName: string | null
  status?: VerificationStatus
  limit: number
  offset: number
}

/**
 * The list's filter. The status is the one a client sees (effectiveStatus in src/domain): a pending
 * session past its expiry is listed as failed, before the sweeper has recorded it.
 */
function listWhere(filter: Pick<ListFilter, 'clientName' | 'status'>): SQL | undefined {
  const c = verifications
  const conditions: SQL[] = []
  if (filter.clientName !== null) conditions.push(eq(c.clientName, filter.clientName))
  if (filter.status === 'pending') {
    conditions.push(eq(c.status, 'pending'), gt(c.expiresAt, sql`now()`))
  } else if (filter.status === 'failed') {
    conditions.push(or(eq(c.status, 'failed'), and(eq(c.status, 'pending'), lte(c.expiresAt, sql`now()`)))!)
  } else if (filter.status) {
    conditions.push(eq(c.status, filter.status))
  }
  return conditions.length ? and(...conditions) : undefined
}

/** A verification's own row, for one client or (clientName null) any. */
const visible = (id: string, clientName: string | null) =>
  clientName === null ? eq(verifications.id, id) : and(eq(verifications.id, id), eq(verifications.clientName, clientName))

export function createVerificationsRepository(db: Db) {
  // A client's read by id, the API's most frequent: built once, not on each request.
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
      const [row] = clientName === null ? await db.select().from(verifications).where(visible(id, null)).limit(1) : await byIdForClient.execute({ id, clientName })
      return row
    },

    async findVisibleForUpdate(id: string, clientName: string | null, tx: Executor): Promise<VerificationRow | undefined> {
      const [row] = await tx.select().from(verifications).where(visible(id, clientName)).limit(1).for('update')
      return row
    },

    async update(id: string, changes: Partial<NewVerificationRow>, tx: Executor = db): Promise<VerificationRow> {
      const [row] = await tx.update(verifications).set(changes).where(eq(verifications.id, id)).returning()
      return row!
    },

    /** Sets the status of the verifications `ids` to failed, in one statement. */
    async failAll(ids: string[], tx: Executor): Promise<VerificationRow[]> {
      if (ids.length === 0) return []
      return tx.update(verifications).set({ status: 'failed' }).where(inArray(verifications.id, ids)).returning()
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

    /** A page of rows, newest first. */
    async list(filter: ListFilter): Promise<VerificationRow[]> {
      return db
        .select()
        .from(verifications)
        .where(listWhere(filter))
        .orderBy(descending(verifications.createdAt), descending(verifications.id))
        .limit(filter.limit)
        .offset(filter.offset)
    },

    /** How many verifications the list's filter matches (X-Total-Count). */
    async count(filter: Pick<ListFilter, 'clientName' | 'status'>): Promise<number> {
      const [row] = await db.select({ n: count() }).from(verifications).where(listWhere(filter))
      return row!.n
    },
  }
}

export type VerificationsRepository = ReturnType<typeof createVerificationsRepository>
