// SQL for the first response to each (client, Idempotency-Key), kept 24 hours. The response carries
// the verification's metadata: it is sealed with the media keys, bound to its client and key.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { canonicalJson } from '../domain/canonical-json.js'
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

/**
 * A request body's digest, as stored beside its key: an HMAC keyed from a media key, named by that
 * key's id (`<id>:<hex>`). A plain hash would let a copy of the database confirm a guessed applicant:
 * the rest of the body (checks, client reference) is no secret.
 */
function digestWith(key: Buffer, id: string, body: unknown): string {
  const macKey = createHash('sha256').update('idempotency request digest\0').update(key).digest()
  return `${id}:${createHmac('sha256', macKey).update(canonicalJson(body)).digest('hex')}`
}

export function createIdempotencyRepository(db: Db, keys: MediaKeys) {
  const open = ({ responseSealed, ...row }: StoredRow): IdempotencyRow => ({
    ...row,
    response: responseSealed ? JSON.parse(decryptMedia(keys, responseSealed, aad(row.clientName, row.key)).toString('utf8')) : row.response,
  })
  return {
    /** The digest of a request body to store with its record. */
    digest(body: unknown): string {
      return digestWith(keys.current, keys.currentId.toString('hex'), body)
    },

    /**
     * Whether `body` is the request whose digest a record holds (an HMAC, or an earlier version's
     * SHA-256); null when the key that made it has been dropped since (a rotation finished within the
     * record's 24 hours), which nothing can tell.
     */
    sameRequest(stored: string, body: unknown): boolean | null {
      const [id, mac] = stored.split(':')
      if (mac === undefined) return stored === createHash('sha256').update(canonicalJson(body)).digest('hex')
      const key = keys.byId.get(id!)
      if (!key) return null
      const expected = Buffer.from(digestWith(key, id!, body))
      return expected.length === stored.length && timingSafeEqual(expected, Buffer.from(stored))
    },

    /** Deletes the records past their 24 hours (none is found after them); returns how many. */
    async purgeExpired(): Promise<number> {
      const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, WINDOW_START)).returning({ key: idempotencyKeys.key })
      return deleted.length
    },

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
