// SQL for the dashboard's browser sessions. Every method takes an optional transaction from its caller.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { apiKeys, dashboardSessions } from './schema.js'

const s = dashboardSessions

export function createDashboardSessionsRepository(db: Db) {
  return {
    async insert(row: typeof s.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(s).values(row)
    },

    /** The principal of an unexpired session whose key is not revoked (no cache: a revoke holds at once). */
    async findActive(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: apiKeys.id, clientName: apiKeys.clientName, role: apiKeys.role })
        .from(s)
        .innerJoin(apiKeys, eq(apiKeys.id, s.keyId))
        .where(and(eq(s.tokenHash, tokenHash), gt(s.expiresAt, sql`now()`), isNull(apiKeys.revokedAt)))
        .limit(1)
      return row
    },

    async delete(tokenHash: string, tx: Executor = db): Promise<void> {
      await tx.delete(s).where(eq(s.tokenHash, tokenHash))
    },

    async deleteExpired(tx: Executor = db): Promise<void> {
      await tx.delete(s).where(lte(s.expiresAt, sql`now()`))
    },
  }
}

export type DashboardSessionsRepository = ReturnType<typeof createDashboardSessionsRepository>
