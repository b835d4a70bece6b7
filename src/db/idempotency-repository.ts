// SQL for the first response to each (client, Idempotency-Key), kept 24 hours. The response carries
// the verification's metadata: it is sealed with the media keys, bound to its client and key.
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { decryptMedia, encryptMedia, type MediaKeys } from '../domain/media-crypto.js'
import type { Db, Executor } from './client.js'
import { clearResponseRows, idempotencyKeys } from './schema.js'

type StoredRow = typeof idempotencyKeys.$inferSelect
/** A record as the service reads and writes it: the response in clear. */
export type IdempotencyRow = Omit<StoredRow, 'responseSealed'>

const WINDOW_START = sql`now() - interval '24 hours'`

/** What binds a sealed response to its client and key. */
export const idempotencyAad = (clientName: string, key: string) => `idempotency:${JSON.stringify([clientName, key])}`
const aad = idempotencyAad

export function createIdempotencyRepository(db: Db, keys: MediaKeys) {
  const open = ({ responseSealed, ...row }: StoredRow): IdempotencyRow => ({
    ...row,
    response: responseSealed ? JSON.parse(decryptMedia(keys, responseSealed, aad(row.clientName, row.key)).toString('utf8')) : row.response,
  })
  return {
    /** The live record of `key` for the client, if any. */
    async find(clientName: string, key: string, tx: Executor = db): Promise<IdempotencyRow | undefined> {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientName, clientName), eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, WINDOW_START)))
        .limit(1)
      return row && open(row)
    },

    /**
     * Records the first response for an Idempotency-Key, replacing a record past its 24 hours. False
     * when a live record already exists (a concurrent request won): the caller rolls back and answers
     * with that one.
     */
    async claim(row: Omit<IdempotencyRow, 'createdAt'>, tx: Executor = db): Promise<boolean> {
      const stored = { ...row, response: null, responseSealed: encryptMedia(keys, Buffer.from(JSON.stringify(row.response), 'utf8'), aad(row.clientName, row.key)) }
      const inserted = await tx
        .insert(idempotencyKeys)
        .values(stored)
        .onConflictDoUpdate({
          target: [idempotencyKeys.clientName, idempotencyKeys.key],
          set: { requestHash: row.requestHash, statusCode: row.statusCode, response: null, responseSealed: stored.responseSealed, verificationId: row.verificationId, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, WINDOW_START),
        })
        .returning({ key: idempotencyKeys.key })
      return inserted.length > 0
    },

    /** Seals the responses an earlier version stored in clear (before migration 0017). */
    async sealLegacy(): Promise<number> {
      const rows = await db.select().from(idempotencyKeys).where(clearResponseRows(idempotencyKeys))
      for (const row of rows) {
        const responseSealed = encryptMedia(keys, Buffer.from(JSON.stringify(row.response), 'utf8'), aad(row.clientName, row.key))
        await db
          .update(idempotencyKeys)
          .set({ response: null, responseSealed })
          .where(and(eq(idempotencyKeys.clientName, row.clientName), eq(idempotencyKeys.key, row.key)))
      }
      return rows.length
    },

    /**
     * Erases the responses that created a verification (its redaction): they held its metadata, and the
     * request's hash would confirm a guess of the erased applicant. The record stays, so that a retry
     * of the request is refused instead of making another verification.
     */
    async eraseForVerification(verificationId: string, tx: Executor = db): Promise<void> {
      await tx.update(idempotencyKeys).set({ requestHash: '', response: null, responseSealed: null }).where(eq(idempotencyKeys.verificationId, verificationId))
    },
  }
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>
