// SQL for verifications and their idempotency records.
import { and, count, eq, exists, getTableColumns, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, Executor } from './client.js'
import { batched } from './batched.js'
import { descending } from './order.js'
import { apiKeys, idempotencyKeys, verifications } from './schema.js'

export type VerificationRow = typeof verifications.$inferSelect
export type NewVerificationRow = typeof verifications.$inferInsert
export type VerificationStatus = VerificationRow['status']
/**
 * What a list item needs (GET /verifications reads only these): the status as a client sees it
 * (effectiveStatus, worked out in SQL), and times as PostgreSQL writes them (see isoFromPostgres).
 */
export interface VerificationSummaryRow {
  id: string
  status: VerificationStatus
  clientReference: string | null
  checks: string[]
  createdAt: string
  completedAt: string | null
}
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

export interface ListFilter {
  /** null: every client's verifications (admin and auditor keys). */
  clientName: string | null
  status?: VerificationStatus
  limit: number
  offset: number
}

const IDEMPOTENCY_WINDOW = sql`now() - interval '24 hours'`

/** A placeholder of a prepared statement. */
const p = (name: string) => sql.placeholder(name)

/**
 * The condition "the API key `keyId` is not revoked", for the statements that answer a request whose
 * key was taken from memory: the revocation is read in the same statement as the work, so a revoked
 * key is refused on its very next request without a round trip of its own.
 */
function keyActive(db: Db, keyId: string | SQL | ReturnType<typeof sql.placeholder>): SQL {
  return exists(db.select({ one: sql`1` }).from(apiKeys).where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt))))
}

/** The list's filter; `clientName` may be SQL (a column of the batch's requests). */
function listWhere(filter: { clientName: string | null | SQL; status?: VerificationStatus }): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.clientName !== null) conditions.push(eq(verifications.clientName, filter.clientName))
  // An expired session reads as failed even before the sweeper has recorded it (effectiveStatus).
  if (filter.status === 'pending') {
    conditions.push(eq(verifications.status, 'pending'), gt(verifications.expiresAt, sql`now()`))
  } else if (filter.status === 'failed') {
    conditions.push(or(eq(verifications.status, 'failed'), and(eq(verifications.status, 'pending'), lte(verifications.expiresAt, sql`now()`)))!)
  } else if (filter.status) {
    conditions.push(eq(verifications.status, filter.status))
  }
  return conditions.length ? and(...conditions) : undefined
}

export type NewVerificationForKey = Required<Pick<NewVerificationRow, 'id' | 'clientName' | 'createdByKeyId' | 'checks' | 'metadata' | 'createdAt' | 'expiresAt'>> &
  Pick<NewVerificationRow, 'clientReference' | 'applicant'>

/** A constant of `column`'s type. */
function constant(literal: string, column: PgColumn): SQL.Aliased {
  return sql`${sql.raw(literal)}::${sql.raw(column.getSQLType())}`.as(column.name)
}

interface ListRead {
  clientName: string | null
  keyId: string | null
  limit: number
  offset: number
}

/** What every drizzle prepared query has, though its select type does not show it: rows as the driver gives them. */
interface RawRows {
  all(values: Record<string, unknown>): Promise<unknown[]>
}

/** A row of the list's statement, as the driver gives it. */
interface ListedRow {
  n: number
  id: string
  status: VerificationStatus
  client_reference: string | null
  checks: string[]
  created_at: string
  completed_at: string | null
  total: number
}

export interface ListPage {
  rows: VerificationSummaryRow[]
  /** null when the page is empty (past the end, nothing matches, or the key was revoked). */
  total: number | null
}

interface ByIdRead {
  id: string
  clientName: string | null
  keyId: string | null
}

/**
 * INSERT INTO verifications … SELECT … FROM unnest(…) JOIN api_keys … RETURNING *: POST
 * /verifications' insert for every request that arrived in the same turn of the event loop, in one
 * statement (and one commit), each row only if its key is still active. Values travel as text and are
 * cast back (arrays of arrays and of JSON do not); see insertParams.
 */
function insertRows(executor: Executor) {
  const c = verifications
  const requests = sql`unnest(${p('ids')}::text[], ${p('clients')}::text[], ${p('keys')}::text[], ${p('refs')}::text[], ${p('checks')}::text[],
    ${p('applicants')}::text[], ${p('metadata')}::text[], ${p('createdAt')}::text[], ${p('expiresAt')}::text[])
    as r(id, client_name, key_id, client_reference, checks, applicant, metadata, created_at, expires_at)`
  const from = (field: string, column: PgColumn) => sql`r.${sql.raw(field)}::${sql.raw(column.getSQLType())}`.as(column.name)
  const values = {
    id: from('id', c.id),
    clientName: from('client_name', c.clientName),
    createdByKeyId: apiKeys.id,
    status: constant(`'pending'`, c.status),
    clientReference: from('client_reference', c.clientReference),
    checks: from('checks', c.checks),
    applicant: from('applicant', c.applicant),
    metadata: from('metadata', c.metadata),
    checksResults: constant(`'{}'`, c.checksResults),
    createdAt: from('created_at', c.createdAt),
    completedAt: constant('null', c.completedAt),
    expiresAt: from('expires_at', c.expiresAt),
  } satisfies Record<keyof typeof c.$inferSelect, unknown>
  return executor
    .insert(verifications)
    .select(executor.select(values).from(requests).innerJoin(apiKeys, and(eq(apiKeys.id, sql`r.key_id`), isNull(apiKeys.revokedAt))))
    .returning()
}

/** insertRows' parameters for these rows. */
function insertParams(rows: NewVerificationForKey[]) {
  return {
    ids: rows.map((r) => r.id),
    clients: rows.map((r) => r.clientName),
    keys: rows.map((r) => r.createdByKeyId),
    refs: rows.map((r) => r.clientReference ?? null),
    checks: rows.map((r) => arrayLiteral(r.checks)),
    applicants: rows.map((r) => (r.applicant ? JSON.stringify(r.applicant) : null)),
    metadata: rows.map((r) => JSON.stringify(r.metadata)),
    createdAt: rows.map((r) => r.createdAt.toISOString()),
    expiresAt: rows.map((r) => r.expiresAt.toISOString()),
  }
}

/** A PostgreSQL array literal of strings: {"a","b"}. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`
}

export function createVerificationsRepository(db: Db) {
  // A verification by id, prepared once: for one client or any.
  const byId = db.select().from(verifications).where(eq(verifications.id, sql.placeholder('id'))).limit(1).prepare('verification_by_id')
  const byIdForClient = db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, sql.placeholder('id')), eq(verifications.clientName, sql.placeholder('clientName'))))
    .limit(1)
    .prepare('verification_by_id_for_client')

  const insertStatement = insertRows(db).prepare('verifications_insert_batch')
  const insertNow = batched<NewVerificationForKey, VerificationRow | undefined>(async (rows) => {
    const created = await insertStatement.execute(insertParams(rows))
    const byId = new Map(created.map((row) => [row.id, row]))
    return rows.map((r) => byId.get(r.id))
  })

  // GET /verifications/{id}'s read, for every request that arrived in the same turn of the event
  // loop, in one statement: each request is a row of `unnest(ids, clients, keys) WITH ORDINALITY`
  // (client null: any client; key null: already confirmed), joined to its verification, which comes
  // back only if the request's key is still active.
  const request = sql`unnest(${p('ids')}::text[], ${p('clients')}::text[], ${p('keys')}::text[]) with ordinality as r(id, client_name, key_id, n)`
  const byIdBatch = db
    .select({ n: sql<number>`r.n`.mapWith(Number), ...getTableColumns(verifications) })
    .from(request)
    .innerJoin(verifications, sql`${verifications.id} = r.id and (r.client_name is null or ${verifications.clientName} = r.client_name)`)
    .where(sql`r.key_id is null or ${keyActive(db, sql`r.key_id`)}`)
    .prepare('verifications_by_id_batch')
  const readByIds = batched<ByIdRead, VerificationRow | undefined>(async (reads) => {
    const rows = await byIdBatch.execute({ ids: reads.map((r) => r.id), clients: reads.map((r) => r.clientName), keys: reads.map((r) => r.keyId) })
    const found = new Array<VerificationRow | undefined>(reads.length)
    for (const { n, ...row } of rows) found[n - 1] = row
    return found
  })

  // GET /verifications, for every request with the same shape of filter (one client or all, the
  // status) that arrived in the same turn of the event loop, in one statement: each request is a row
  // of `unnest(…) WITH ORDINALITY`, joined laterally to its page (summary columns only) and its total.
  // Nothing comes back for a request whose key was revoked (key null: already confirmed).
  const listBatchers = new Map<string, (read: ListRead) => Promise<ListPage>>()
  function listBatchStatement(scoped: boolean, status: VerificationStatus | undefined) {
    const c = verifications
    const where = listWhere({ clientName: scoped ? sql`r.client_name` : null, status })
    const total = db.select({ n: sql<number>`count(*)`.as('n') }).from(verifications).where(where)
    const page = db
      .select({ id: c.id, status: c.status, clientReference: c.clientReference, checks: c.checks, createdAt: c.createdAt, completedAt: c.completedAt, expiresAt: c.expiresAt })
      .from(verifications)
      .where(where)
      .orderBy(descending(c.createdAt), descending(c.id))
    const requests = sql`unnest(${p('clients')}::text[], ${p('keys')}::text[], ${p('limits')}::int[], ${p('offsets')}::int[])
      with ordinality as r(client_name, key_id, lim, off, n)`
    // Read with the driver's own row objects (PreparedQuery.all): drizzle's mapping of each field of
    // each row was a seventh of the list's CPU time. Hence the explicit names and casts.
    return db
      .select({
        n: sql`r.n::int`.as('n'),
        id: sql`p.id`.as('id'),
        // effectiveStatus, in SQL: a pending session past its expiry reads as failed.
        status: sql`case when p.status = 'pending' and p.expires_at <= now() then 'failed' else p.status end`.as('status'),
        client_reference: sql`p.client_reference`.as('client_reference'),
        checks: sql`p.checks`.as('checks'),
        // Times as the driver hands them over (text), not Dates: they are only ever written out again.
        created_at: sql`p.created_at`.as('created_at'),
        completed_at: sql`p.completed_at`.as('completed_at'),
        total: sql`t.n::int`.as('total'),
      })
      // The total once per request, not per row of its page.
      .from(sql`${requests} cross join lateral (${total}) as t cross join lateral (${page} limit r.lim offset r.off) as p`)
      .where(sql`r.key_id is null or ${keyActive(db, sql`r.key_id`)}`)
      .orderBy(sql`r.n, p.created_at desc nulls last, p.id desc nulls last`)
      .prepare(`verifications_list_batch_${scoped ? 'client' : 'all'}_${status ?? 'any'}`)
  }
  function listBatcher(scoped: boolean, status: VerificationStatus | undefined) {
    const name = `${scoped}:${status}`
    let batcher = listBatchers.get(name)
    if (!batcher) {
      const statement = listBatchStatement(scoped, status)
      batcher = batched<ListRead, ListPage>(async (reads) => {
        const rows = (await (statement as unknown as RawRows).all({
          clients: reads.map((r) => r.clientName),
          keys: reads.map((r) => r.keyId),
          limits: reads.map((r) => r.limit),
          offsets: reads.map((r) => r.offset),
        })) as ListedRow[]
        const pages = reads.map((): ListPage => ({ rows: [], total: null }))
        for (const row of rows) {
          const page = pages[row.n - 1]!
          page.rows.push({
            id: row.id,
            status: row.status,
            clientReference: row.client_reference,
            checks: row.checks,
            createdAt: row.created_at,
            completedAt: row.completed_at,
          })
          page.total = row.total
        }
        return pages
      })
      listBatchers.set(name, batcher)
    }
    return batcher
  }

  return {
    async insert(row: NewVerificationRow, tx: Executor = db): Promise<VerificationRow> {
      const [created] = await tx.insert(verifications).values(row).returning()
      return created!
    },

    /**
     * Inserts a new verification, created by `row.createdByKeyId`, in one statement that also reads
     * that key: nothing is inserted (undefined) when the key is revoked. Outside a transaction, the
     * inserts asked for together share one prepared statement (see insertRows); each is sent after
     * its caller asked, so a key revoked before is refused.
     */
    async insertIfKeyActive(row: NewVerificationForKey, tx?: Executor): Promise<VerificationRow | undefined> {
      if (!tx) return insertNow(row)
      const [created] = await insertRows(tx).prepare('verifications_insert_tx').execute(insertParams([row]))
      return created
    },

    /**
     * As findVisible, but with `keyId` also undefined when that key is revoked (read in the same
     * statement). Reads that arrive together share one statement (see batched); each is sent after
     * its caller asked, so it sees every change committed before, a revoke included.
     */
    async findVisibleIfKeyActive(id: string, clientName: string | null, keyId: string | null): Promise<VerificationRow | undefined> {
      return readByIds({ id, clientName, keyId })
    },

    /** A verification visible to the client (null: any client); others' are simply not found. */
    async findVisible(id: string, clientName: string | null): Promise<VerificationRow | undefined> {
      const [row] = clientName === null ? await byId.execute({ id }) : await byIdForClient.execute({ id, clientName })
      return row
    },

    async findVisibleForUpdate(id: string, clientName: string | null, tx: Executor): Promise<VerificationRow | undefined> {
      const where = clientName === null ? eq(verifications.id, id) : and(eq(verifications.id, id), eq(verifications.clientName, clientName))
      const [row] = await tx.select().from(verifications).where(where).limit(1).for('update')
      return row
    },

    async update(id: string, changes: Partial<NewVerificationRow>, tx: Executor = db): Promise<VerificationRow> {
      const [row] = await tx.update(verifications).set(changes).where(eq(verifications.id, id)).returning()
      return row!
    },

    /** Pending verifications past their expiry, locked for the caller (other sweepers skip them). */
    async lockExpired(limit: number, tx: Executor): Promise<VerificationRow[]> {
      return tx
        .select()
        .from(verifications)
        .where(and(eq(verifications.status, 'pending'), lte(verifications.expiresAt, sql`now()`)))
        .orderBy(verifications.expiresAt)
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    /**
     * A page of summaries, newest first, and the number of matching verifications, in one statement
     * (shared with the requests of the same shape that arrived together). With `keyId`, nothing at
     * all comes back when that key is revoked: the page is then empty and `total` null, as it is for
     * a page past the end.
     */
    async listSummaries(filter: ListFilter & { keyId?: string }): Promise<ListPage> {
      return listBatcher(filter.clientName !== null, filter.status)({
        clientName: filter.clientName,
        keyId: filter.keyId ?? null,
        limit: filter.limit,
        offset: filter.offset,
      })
    },

    /** A page of whole rows, newest first (the dashboard's). */
    async list(filter: ListFilter): Promise<VerificationRow[]> {
      return db
        .select()
        .from(verifications)
        .where(listWhere(filter))
        .orderBy(descending(verifications.createdAt), descending(verifications.id))
        .limit(filter.limit)
        .offset(filter.offset)
    },

    /** How many verifications match a list filter (for a page that came back empty). */
    async count(filter: Pick<ListFilter, 'clientName' | 'status'>, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(verifications).where(listWhere(filter))
      return Number(row?.n ?? 0)
    },

    async findIdempotent(clientName: string, key: string, tx: Executor = db): Promise<IdempotencyRow | undefined> {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientName, clientName), eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, IDEMPOTENCY_WINDOW)))
        .limit(1)
      return row
    },

    /**
     * Records the first response for an Idempotency-Key. Returns false when a live record already
     * exists (a concurrent request won): the caller rolls back and answers with that one.
     */
    async claimIdempotent(row: Omit<IdempotencyRow, 'createdAt'>, tx: Executor = db): Promise<boolean> {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoUpdate({
          target: [idempotencyKeys.clientName, idempotencyKeys.key],
          set: { requestHash: row.requestHash, statusCode: row.statusCode, response: row.response, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, IDEMPOTENCY_WINDOW),
        })
        .returning({ key: idempotencyKeys.key })
      return inserted.length > 0
    },
  }
}

export type VerificationsRepository = ReturnType<typeof createVerificationsRepository>

/** What a client sees: a pending session past its expiry is failed, whether or not it was swept yet. */
export function effectiveStatus(row: Pick<VerificationRow, 'status' | 'expiresAt'>, now = new Date()): VerificationStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'failed' : row.status
}
