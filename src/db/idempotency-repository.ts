// SQL for the first response to each (client, Idempotency-Key), kept 24 hours.
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { idempotencyKeys } from './schema.js'

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

const WINDOW_START = sql`now() - interval '24 hours'`

export function createIdempotencyRepository(db: Db) {
  return {
    /** The live record of `key` for the client, if any. */
    async find(clientName: string, key: string, tx: Executor = db): Promise<IdempotencyRow | undefined> {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientName, clientName), eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, WINDOW_START)))
        .limit(1)
      return row
    },

    /**
     * Records the first response for an Idempotency-Key, replacing a record past its 24 hours. False
     * when a live record already exists (a concurrent request won): the caller rolls back and answers
     * with that one.
     */
    async claim(row: Omit<IdempotencyRow, 'createdAt'>, tx: Executor = db): Promise<boolean> {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoUpdate({
          target: [idempotencyKeys.clientName, idempotencyKeys.key],
          set: { requestHash: row.requestHash, statusCode: row.statusCode, response: row.response, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, WINDOW_START),
        })
        .returning({ key: idempotencyKeys.key })
      return inserted.length > 0
    },
  }
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>
