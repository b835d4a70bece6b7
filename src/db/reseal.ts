// Every sealed column of the database, with what binds each value to its row, in one table; and the
// move of every value to the current media key (`npm run reseal`), after which the keys rotated out
// can be dropped from MEDIA_ENCRYPTION_KEY.
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { decryptMedia, encryptMedia, type MediaKeys } from '../domain/media-crypto.js'
import { webhookSecretAad } from '../domain/webhook-secrets.js'
import type { Db } from './client.js'
import { idempotencyAad } from './idempotency-repository.js'
import { apiKeys, idempotencyKeys, uploads, verifications } from './schema.js'
import { verificationAad } from './verification-sealing.js'

interface SealedColumn {
  name: string
  table: PgTable
  /** The column's property in the table's Drizzle object. */
  prop: string
  column: PgColumn
  /** The row's key columns, and the AAD the value was sealed with. */
  keys: Record<string, PgColumn>
  aad(key: Record<string, string>): string
}

export const SEALED_COLUMNS: SealedColumn[] = [
  ...(['front', 'back', 'faces'] as const).map((prop) => ({
    name: `uploads.${prop}`,
    table: uploads,
    prop,
    column: uploads[prop],
    keys: { id: uploads.id },
    aad: (k: Record<string, string>) => `${k.id}:${prop}`,
  })),
  ...([
    ['applicantSealed', 'applicant'],
    ['metadataSealed', 'metadata'],
    ['resultsSealed', 'results'],
    ['decisionNoteSealed', 'note'],
  ] as const).map(([prop, part]) => ({
    name: `verifications.${part}`,
    table: verifications,
    prop,
    column: verifications[prop],
    keys: { id: verifications.id },
    aad: (k: Record<string, string>) => verificationAad(k.id!, part),
  })),
  ...(['webhookSecretSealed', 'previousWebhookSecretSealed'] as const).map((prop) => ({
    name: `api_keys.${prop}`,
    table: apiKeys,
    prop,
    column: apiKeys[prop],
    keys: { id: apiKeys.id },
    aad: (k: Record<string, string>) => webhookSecretAad(k.id!),
  })),
  {
    name: 'idempotency_keys.response',
    table: idempotencyKeys,
    prop: 'responseSealed',
    column: idempotencyKeys.responseSealed,
    keys: { clientName: idempotencyKeys.clientName, key: idempotencyKeys.key },
    aad: (k) => idempotencyAad(k.clientName!, k.key!),
  },
]

const BATCH = 200

/** Seals again, with the current key, every value sealed with another key or before keys were named. */
export async function resealAll(db: Db, keys: MediaKeys): Promise<Record<string, number>> {
  const current = keys.currentId
  const counts: Record<string, number> = {}
  for (const c of SEALED_COLUMNS) {
    counts[c.name] = 0
    const stale = and(isNotNull(c.column), sql`(get_byte(${c.column}, 0) <> 1 or substring(${c.column} from 2 for 4) <> ${current})`)
    for (;;) {
      const rows = (await db
        .select({ ...c.keys, value: c.column })
        .from(c.table)
        .where(stale)
        .limit(BATCH)) as Array<Record<string, string> & { value: Buffer | Uint8Array }>
      let moved = 0
      for (const { value, ...key } of rows) {
        const sealed = Buffer.from(value)
        let opened: Buffer
        try {
          opened = decryptMedia(keys, sealed, c.aad(key))
        } catch {
          throw new Error(`${c.name} of ${Object.values(key).join('/')} opens with none of the configured keys`)
        }
        const match: SQL[] = Object.entries(c.keys).map(([k, col]) => eq(col, key[k]))
        const updated = await db
          .update(c.table)
          .set({ [c.prop]: encryptMedia(keys, opened, c.aad(key)) } as never)
          .where(and(...match, eq(c.column, sealed)))
          .returning({ one: sql`1` })
        moved += updated.length
      }
      counts[c.name]! += moved
      // A value changed by someone else meanwhile is sealed with the current key already; a batch in
      // which nothing moved would only be read again.
      if (rows.length < BATCH || moved === 0) break
    }
  }
  return counts
}
