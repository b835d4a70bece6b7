// SQL for the audit log: append, read newest first with filters, and the retention purge (the one
// delete the table's trigger lets through). Every method takes an optional transaction from its caller.
import { and, count, eq, lt, sql, type SQL } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { descending } from './order.js'
import { auditEvents } from './schema.js'

const a = auditEvents
export type AuditEventRow = typeof a.$inferSelect

export interface AuditFilter {
  action?: string
  actorKeyId?: string
  targetId?: string
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.action === undefined ? undefined : eq(a.action, filter.action as AuditEventRow['action']),
    filter.actorKeyId === undefined ? undefined : eq(a.actorKeyId, filter.actorKeyId),
    filter.targetId === undefined ? undefined : eq(a.targetId, filter.targetId),
  )
}

export function createAuditRepository(db: Db) {
  return {
    async insert(row: typeof a.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(a).values(row)
    },

    /** A page of entries, newest first, and how many match in all. */
    async list(filter: AuditFilter, limit: number, offset: number, tx: Executor = db) {
      const condition = where(filter)
      const [rows, [total]] = await Promise.all([
        tx.select().from(a).where(condition).orderBy(descending(a.occurredAt), descending(a.id)).limit(limit).offset(offset),
        tx.select({ n: count() }).from(a).where(condition),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /** Deletes up to `batch` entries older than `cutoff`: the documented retention purge. */
    async purgeOlderThan(cutoff: Date, batch: number): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ivs.audit_purge', 'on', true)`)
        const old = tx.select({ id: a.id }).from(a).where(lt(a.occurredAt, cutoff)).orderBy(a.occurredAt).limit(batch)
        const deleted = await tx.delete(a).where(sql`${a.id} in (${old})`).returning({ id: a.id })
        return deleted.length
      })
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
