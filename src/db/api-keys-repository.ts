// SQL for API keys. Every method takes an optional transaction from its caller.
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { apiKeys } from './schema.js'

export type ApiKeyRow = typeof apiKeys.$inferSelect
export type NewApiKeyRow = typeof apiKeys.$inferInsert
const active = isNull(apiKeys.revokedAt)

export function createApiKeysRepository(db: Db) {
  // Every authenticated request runs it: built once, not on each request.
  const activeByHash = db
    .select({ id: apiKeys.id, clientName: apiKeys.clientName, role: apiKeys.role })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), active))
    .limit(1)
    .prepare('api_key_active_by_hash')

  return {
    async insert(row: NewApiKeyRow, tx: Executor = db): Promise<ApiKeyRow> {
      const [created] = await tx.insert(apiKeys).values(row).returning()
      return created!
    },

    /** Inserts unless a key with the same hash exists (instances starting together race here). */
    async insertIfAbsent(row: NewApiKeyRow, tx: Executor = db): Promise<boolean> {
      const rows = await tx.insert(apiKeys).values(row).onConflictDoNothing({ target: apiKeys.keyHash }).returning({ id: apiKeys.id })
      return rows.length > 0
    },

    /** The principal behind a secret's hash, if the key is not revoked. */
    async findActiveByHash(keyHash: string) {
      const [row] = await activeByHash.execute({ keyHash })
      return row
    },

    async findByHash(keyHash: string, tx: Executor = db): Promise<ApiKeyRow | undefined> {
      const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1)
      return row
    },

    async listActive(tx: Executor = db): Promise<ApiKeyRow[]> {
      return tx.select().from(apiKeys).where(active).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    },

    async hasActiveAdmin(tx: Executor = db): Promise<boolean> {
      const rows = await tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.role, 'admin'), active)).limit(1)
      return rows.length > 0
    },

    /** Locks every active admin key, so that two revokes cannot both see "one more admin left". */
    async lockActiveAdmins(tx: Executor): Promise<string[]> {
      const rows = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.role, 'admin'), active))
        .orderBy(asc(apiKeys.id))
        .for('update')
      return rows.map((r) => r.id)
    },

    async findActiveById(id: string, tx: Executor = db): Promise<ApiKeyRow | undefined> {
      const [row] = await tx.select().from(apiKeys).where(and(eq(apiKeys.id, id), active)).limit(1).for('update')
      return row
    },

    async findById(id: string, tx: Executor = db): Promise<ApiKeyRow | undefined> {
      const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1)
      return row
    },

    async updateWebhook(
      id: string,
      config: Partial<Pick<NewApiKeyRow, 'webhookUrl' | 'webhookSecret' | 'webhookSecretSealed' | 'previousWebhookSecretSealed' | 'previousWebhookSecretUntil'>>,
      tx: Executor = db,
    ) {
      await tx.update(apiKeys).set(config).where(eq(apiKeys.id, id))
    },

    /** Keys whose secret an older version stored in clear. */
    async withLegacySecret(tx: Executor = db): Promise<ApiKeyRow[]> {
      return tx.select().from(apiKeys).where(isNotNull(apiKeys.webhookSecret))
    },

    async revoke(id: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), active))
        .returning({ id: apiKeys.id })
      return rows.length > 0
    },
  }
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>
