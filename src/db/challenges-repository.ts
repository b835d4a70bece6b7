// SQL for active-liveness challenges.
import { and, eq, isNull, gt, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { livenessChallenges } from './schema.js'

export type ChallengeRow = typeof livenessChallenges.$inferSelect

export function createChallengesRepository(db: Db) {
  return {
    async insert(row: typeof livenessChallenges.$inferInsert, tx: Executor = db): Promise<ChallengeRow> {
      const [created] = await tx.insert(livenessChallenges).values(row).returning()
      return created!
    },

    async find(id: string, verificationId: string, tx: Executor = db): Promise<ChallengeRow | undefined> {
      const [row] = await tx
        .select()
        .from(livenessChallenges)
        .where(and(eq(livenessChallenges.id, id), eq(livenessChallenges.verificationId, verificationId)))
        .limit(1)
      return row
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
