// SQL for capture links. Every method takes an optional transaction from its caller.
import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { apiKeys, captureLinks, verifications } from './schema.js'

const c = captureLinks

export function createCaptureLinksRepository(db: Db) {
  return {
    /** Stores a link and revokes every other link of its verification: one link works at a time. */
    async insertRevokingOthers(row: typeof c.$inferInsert, tx: Executor): Promise<void> {
      await tx
        .update(c)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(c.verificationId, row.verificationId), isNull(c.revokedAt), ne(c.id, row.id)))
      await tx.insert(c).values(row)
    },

    /**
     * An unexpired, unrevoked link by its token's hash, whose key is not revoked either (a leaked key's
     * links stop with it), with what its page and its principal need of its verification.
     */
    async findActive(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: c.id,
          verificationId: c.verificationId,
          returnUrl: c.returnUrl,
          allowUpload: c.allowUpload,
          firstUsedAt: c.firstUsedAt,
          clientName: verifications.clientName,
          checks: verifications.checks,
          status: verifications.status,
          verificationExpiresAt: verifications.expiresAt,
        })
        .from(c)
        .innerJoin(verifications, eq(verifications.id, c.verificationId))
        .innerJoin(apiKeys, and(eq(apiKeys.id, c.createdByKeyId), isNull(apiKeys.revokedAt)))
        .where(and(eq(c.tokenHash, tokenHash), isNull(c.revokedAt), gt(c.expiresAt, sql`now()`)))
        .limit(1)
      return row
    },

    async markUsed(id: string, tx: Executor = db): Promise<void> {
      await tx.update(c).set({ firstUsedAt: sql`now()` }).where(and(eq(c.id, id), isNull(c.firstUsedAt)))
    },

    /**
     * Erases what a client wrote into its verification's links (the return URL may carry an email or a
     * name) and revokes them: a redacted verification takes no capture.
     */
    async eraseForVerification(verificationId: string, tx: Executor = db): Promise<void> {
      await tx.update(c).set({ returnUrl: null, revokedAt: sql`coalesce(${c.revokedAt}, now())` }).where(eq(c.verificationId, verificationId))
    },

    /** When a person first used a link of each of these verifications (those never captured through one are absent). */
    async firstUses(verificationIds: string[], tx: Executor = db): Promise<Map<string, Date>> {
      if (verificationIds.length === 0) return new Map()
      const rows = await tx
        .select({ verificationId: c.verificationId, at: sql<Date>`min(${c.firstUsedAt})`.mapWith(c.firstUsedAt) })
        .from(c)
        .where(and(inArray(c.verificationId, verificationIds), isNotNull(c.firstUsedAt)))
        .groupBy(c.verificationId)
      return new Map(rows.map((r) => [r.verificationId, r.at]))
    },
  }
}

export type CaptureLinksRepository = ReturnType<typeof createCaptureLinksRepository>
