// SQL for active-liveness challenges.
import { and, count, eq, isNotNull, isNull, gt, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { livenessChallenges, verifications } from './schema.js'

export type ChallengeRow = typeof livenessChallenges.$inferSelect

export function createChallengesRepository(db: Db) {
  return {
    /**
     * Inserts a challenge unless its verification already has `cap` of them; null then. The
     * verification's row is locked meanwhile, so requests sent at once cannot pass the cap together.
     */
    async insert(row: typeof livenessChallenges.$inferInsert, cap: number): Promise<ChallengeRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: verifications.id }).from(verifications).where(eq(verifications.id, row.verificationId)).for('update')
        const [made] = await tx.select({ n: count() }).from(livenessChallenges).where(eq(livenessChallenges.verificationId, row.verificationId))
        if (made!.n >= cap) return null
        const [created] = await tx.insert(livenessChallenges).values(row).returning()
        return created!
      })
    },

    async find(id: string, verificationId: string, tx: Executor = db): Promise<ChallengeRow | undefined> {
      const [row] = await tx
        .select()
        .from(livenessChallenges)
        .where(and(eq(livenessChallenges.id, id), eq(livenessChallenges.verificationId, verificationId)))
        .limit(1)
      return row
    },

    /** Whether any challenge of the verification has been answered (used), rightly or not. */
    async anyAnswered(verificationId: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: livenessChallenges.id })
        .from(livenessChallenges)
        .where(and(eq(livenessChallenges.verificationId, verificationId), isNotNull(livenessChallenges.usedAt)))
        .limit(1)
      return !!row
    },

    /** Marks a challenge used if it is unused and unexpired; false otherwise (a second use loses). */
    async consume(id: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(livenessChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(livenessChallenges.id, id), isNull(livenessChallenges.usedAt), gt(livenessChallenges.expiresAt, sql`now()`)))
        .returning({ id: livenessChallenges.id })
      return rows.length > 0
    },
  }
}

export type ChallengesRepository = ReturnType<typeof createChallengesRepository>
