// SQL for the webhook outbox: events, delivery attempts, claiming due attempts across instances.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { descending } from './order.js'
import { apiKeys, webhookDeliveries, webhookEvents } from './schema.js'

export type WebhookEventRow = typeof webhookEvents.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect
export type NewDeliveryRow = typeof webhookDeliveries.$inferInsert

/** What sending to a key's webhook needs: its configuration now, and whether it still may receive. */
const webhookKey = {
  id: apiKeys.id,
  clientName: apiKeys.clientName,
  revokedAt: apiKeys.revokedAt,
  webhookUrl: apiKeys.webhookUrl,
  webhookSecretSealed: apiKeys.webhookSecretSealed,
  previousWebhookSecretSealed: apiKeys.previousWebhookSecretSealed,
  previousWebhookSecretUntil: apiKeys.previousWebhookSecretUntil,
}
export type WebhookKey = { [K in keyof typeof webhookKey]: (typeof apiKeys.$inferSelect)[K] }

/** A claimed attempt with what sending it needs: the payload and the key's configuration now. */
export interface ClaimedDelivery {
  delivery: DeliveryRow
  payload: string
  key: WebhookKey
}

/** Where a verification's events go (webhookTarget); `disabled`: nowhere, recorded as such. */
export interface WebhookTarget {
  key: WebhookKey
  webhookUrl: string
  disabled: boolean
}

const d = webhookDeliveries

export function createWebhooksRepository(db: Db) {
  return {
    async insertEvent(row: typeof webhookEvents.$inferInsert, tx: Executor = db): Promise<WebhookEventRow> {
      const [created] = await tx.insert(webhookEvents).values(row).returning()
      return created!
    },

    async insertDelivery(row: NewDeliveryRow, tx: Executor = db): Promise<DeliveryRow> {
      const [created] = await tx.insert(d).values(row).returning()
      return created!
    },

    /**
     * Leases up to `limit` due attempts to the caller, with `perKey` at most of one key's in flight.
     * SKIP LOCKED lets several instances claim at once without waiting on each other; the lease lets
     * another instance take over after a crash.
     */
    async claimDue(limit: number, leaseMs: number, perKey: number): Promise<ClaimedDelivery[]> {
      const now = sql`now()`
      // At most `perKey` attempts of one key in flight (claimed, on any instance): a receiver that
      // hangs until the timeout holds that many of the slots, never every other client's.
      const fair = sql`(select ranked.id from (
          select c.id, c.key_id, row_number() over (partition by c.key_id order by c.due_at, c.id) as n from ${d} as c
          where c.status = 'pending' and c.due_at <= now() and (c.claimed_until is null or c.claimed_until < now())
        ) as ranked
        where ranked.n + (select count(*) from ${d} as f where f.key_id = ranked.key_id and f.status = 'pending' and f.claimed_until >= now()) <= ${perKey})`
      // One statement: the locking sub-select and the lease update commit together.
      const due = db
        .select({ id: d.id })
        .from(d)
        .where(and(eq(d.status, 'pending'), lte(d.dueAt, now), or(isNull(d.claimedUntil), lt(d.claimedUntil, now)), inArray(d.id, fair)))
        .orderBy(asc(d.dueAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      const claimed = await db
        .update(d)
        .set({ claimedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(inArray(d.id, due))
        .returning({ id: d.id })
      if (claimed.length === 0) return []
      return db
        .select({ delivery: d, payload: webhookEvents.payload, key: webhookKey })
        .from(d)
        .innerJoin(webhookEvents, eq(webhookEvents.id, d.eventId))
        .innerJoin(apiKeys, eq(apiKeys.id, d.keyId))
        .where(inArray(d.id, claimed.map((r) => r.id)))
        .orderBy(asc(d.dueAt))
    },

    /** Attempts not yet made, due or scheduled (the partial index of pending rows answers it). */
    async countPending(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(d).where(eq(d.status, 'pending'))
      return row?.n ?? 0
    },

    /** Milliseconds until the next pending attempt is due, or its lease runs out (null: nothing pending). */
    async msUntilNextDue(): Promise<number | null> {
      const [row] = await db
        .select({
          ms: sql<string | number | null>`extract(epoch from (min(greatest(${d.dueAt}, coalesce(${d.claimedUntil}, ${d.dueAt}))) - now())) * 1000`,
        })
        .from(d)
        .where(eq(d.status, 'pending'))
      if (row?.ms === null || row?.ms === undefined) return null
      return Math.max(0, Math.ceil(Number(row.ms)))
    },

    async finish(
      id: string,
      result: { status: 'delivered' | 'failed'; statusCode: number | null; error: DeliveryRow['error']; webhookUrl?: string },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(d)
        .set({
          status: result.status,
          statusCode: result.statusCode,
          error: result.error,
          claimedUntil: null,
          deliveredAt: result.status === 'delivered' ? sql`now()` : null,
          ...(result.webhookUrl ? { webhookUrl: result.webhookUrl } : {}),
        })
        .where(eq(d.id, id))
    },

    /**
     * The key whose webhook receives the events of a verification created by `creatorId`: the creator
     * while it is active (null if it has no webhook); once revoked, the client's most recently created
     * active key with a webhook; with none, the revoked creator's webhook, disabled.
     */
    async webhookTarget(creatorId: string, clientName: string, tx: Executor = db): Promise<WebhookTarget | null> {
      const [creator] = await tx.select(webhookKey).from(apiKeys).where(eq(apiKeys.id, creatorId)).limit(1)
      if (creator && creator.revokedAt === null) return creator.webhookUrl ? { key: creator, webhookUrl: creator.webhookUrl, disabled: false } : null
      const [successor] = await tx
        .select(webhookKey)
        .from(apiKeys)
        .where(and(eq(apiKeys.clientName, clientName), isNull(apiKeys.revokedAt), isNotNull(apiKeys.webhookUrl)))
        .orderBy(descending(apiKeys.createdAt), descending(apiKeys.id))
        .limit(1)
      if (successor) return { key: successor, webhookUrl: successor.webhookUrl!, disabled: false }
      return creator?.webhookUrl ? { key: creator, webhookUrl: creator.webhookUrl, disabled: true } : null
    },

    /** Gives a pending attempt to another key (its creator was revoked): its log and replay show it. */
    async moveTo(id: string, target: WebhookTarget, tx: Executor = db): Promise<void> {
      await tx.update(d).set({ keyId: target.key.id, webhookUrl: target.webhookUrl }).where(eq(d.id, id))
    },

    async listForKey(keyId: string, limit: number, tx: Executor = db): Promise<DeliveryRow[]> {
      return tx.select().from(d).where(eq(d.keyId, keyId)).orderBy(descending(d.createdAt), descending(d.id)).limit(limit)
    },

    /** Every delivery of a verification's events, to any key: the console's timeline. */
    async listForVerification(verificationId: string, limit: number, tx: Executor = db): Promise<DeliveryRow[]> {
      return tx.select().from(d).where(eq(d.verificationId, verificationId)).orderBy(descending(d.createdAt), descending(d.id)).limit(limit)
    },

    /** Deliveries of every client that failed for good, or whose last attempt failed and will be retried. */
    async listFailing(limit: number, tx: Executor = db): Promise<Array<DeliveryRow & { clientName: string }>> {
      const rows = await tx
        .select({ delivery: d, clientName: apiKeys.clientName })
        .from(d)
        .innerJoin(apiKeys, eq(apiKeys.id, d.keyId))
        .where(or(eq(d.status, 'failed'), and(eq(d.status, 'pending'), isNotNull(d.error))))
        .orderBy(descending(d.createdAt), descending(d.id))
        .limit(limit)
      return rows.map((r) => ({ ...r.delivery, clientName: r.clientName }))
    },

    async findForKey(id: string, keyId: string, tx: Executor = db): Promise<DeliveryRow | undefined> {
      const [row] = await tx.select().from(d).where(and(eq(d.id, id), eq(d.keyId, keyId))).limit(1)
      return row
    },
  }
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>
