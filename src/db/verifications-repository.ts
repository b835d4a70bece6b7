// SQL for verifications and their idempotency records.
import { and, eq, exists, getTableColumns, getTableName, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, Executor } from './client.js'
import { batched } from './batched.js'
import { descending } from './order.js'
import { apiKeys, idempotencyKeys, verifications } from './schema.js'

export type VerificationRow = typeof verifications.$inferSelect
export type NewVerificationRow = typeof verifications.$inferInsert
export type VerificationStatus = VerificationRow['status']
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

/**
 * The list's total for each request of a batch (`r`), as a subquery with one column `n`: the sums of
 * verification_counts (drizzle/0006_verification_counts.sql, kept by triggers), not a count of the
 * client's rows. A pending session past its expiry reads as failed before the sweeper records it
 * (effectiveStatus), so those are counted where listWhere puts them.
 */
function listTotal(scoped: boolean, status: VerificationStatus | undefined): SQL {
  const client = scoped ? sql` and client_name = r.client_name` : sql``
  const stored = (of: VerificationStatus | undefined) =>
    sql`(select coalesce(sum(n), 0) from verification_counts where true${client}${of ? sql` and status = ${of}` : sql``})`
  const expired = sql`(select count(*) from verifications where status = 'pending' and expires_at <= now()${client})`
  const n = status === 'pending' ? sql`${stored('pending')} - ${expired}` : status === 'failed' ? sql`${stored('failed')} + ${expired}` : stored(status)
  return sql`select (${n})::bigint as n`
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

/** A row of the list's statement, as the driver gives it: one per request whose key is active. */
interface ListedRow {
  n: number
  total: number
  items: string
}

export interface ListPage {
  /** The page as the API writes it: a JSON array of VerificationSummary, written by PostgreSQL. */
  items: string
  /** How many verifications match the filter, on every page. */
  total: number
}

/**
 * The row `p` as a VerificationSummary of openapi.yaml in JSON text: its column summary_json, which a
 * trigger writes whenever the row is written (drizzle/0007_verification_detail_json.sql), with the status as
 * stored; a pending session past its expiry reads as failed (effectiveStatus). Nothing but the status
 * can put `,"status":"pending",` in that text (in a string, to_json escapes the quotes).
 */
const SUMMARY_JSON = sql.raw(`case when p.status = 'pending' and p.expires_at <= now()
  then replace(p.summary_json, ',"status":"pending",', ',"status":"failed",') else p.summary_json end`)

/**
 * The row `p` as a Verification of openapi.yaml in JSON text: its column detail_json, which a trigger
 * writes whenever the row is written (drizzle/0007_verification_detail_json.sql), with the status as
 * stored; a pending session past its expiry reads as failed (effectiveStatus). The status follows the
 * id, whose text to_json escapes, so the first `,"status":"pending",` is the status. Null when the
 * row's results are not held in the schema's JSON (see checksResultsJson in schema.ts).
 */
const detailJson = (table: string) =>
  sql.raw(`case when ${table}.status = 'pending' and ${table}.expires_at <= now()
  then regexp_replace(${table}.detail_json, ',"status":"pending",', ',"status":"failed",') else ${table}.detail_json end`)
const DETAIL_JSON = detailJson('p')

/** A row of the JSON read by id, as the driver gives it: one per request that found its verification. */
interface JsonByIdRow {
  n: number
  json: string | null
}

interface ByIdRead {
  id: string
  clientName: string | null
  keyId: string | null
}

/**
 * INSERT INTO verifications … SELECT … FROM unnest(…) JOIN api_keys …: POST /verifications' insert
 * for every request that arrived in the same turn of the event loop, in one statement (and one
 * commit), each row only if its key is still active. Values travel as text and are cast back (arrays
 * of arrays and of JSON do not); see insertParams. What it returns is the caller's to add.
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
    checksResultsJson: constant(`'{}'`, c.checksResultsJson),
    createdAt: from('created_at', c.createdAt),
    completedAt: constant('null', c.completedAt),
    expiresAt: from('expires_at', c.expiresAt),
  } satisfies Record<keyof typeof c.$inferSelect, unknown>
  return executor
    .insert(verifications)
    .select(executor.select(values).from(requests).innerJoin(apiKeys, and(eq(apiKeys.id, sql`r.key_id`), isNull(apiKeys.revokedAt))))
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

  // POST /verifications' insert returns each new row's id and JSON, as GET /verifications/{id} reads
  // it: the response is written by the trigger that writes the row's detail_json, not by parsing the
  // whole row (RETURNING *) into objects and serialising them again.
  const insertStatement = insertRows(db)
    .returning({ id: verifications.id, json: sql<string | null>`${detailJson(getTableName(verifications))}` })
    .prepare('verifications_insert_json_batch')
  const insertJsonNow = batched<NewVerificationForKey, { json: string | null } | undefined>(async (rows) => {
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

  // GET /verifications/{id}'s read, the same way, with the verification as the response's JSON
  // (DETAIL_JSON): parsing the row into objects, dates included, and serialising them again was a
  // third of the service's CPU time for such a request, and writing the JSON in the statement most of
  // PostgreSQL's.
  const jsonByIdBatch = db
    .select({ n: sql`r.n::int`.as('n'), json: sql`${DETAIL_JSON}`.as('json') })
    .from(sql`${request} join ${verifications} as p on p.id = r.id and (r.client_name is null or p.client_name = r.client_name)`)
    .where(sql`r.key_id is null or ${keyActive(db, sql`r.key_id`)}`)
    .prepare('verifications_json_by_id_batch') as unknown as RawRows
  const readJsonByIds = batched<ByIdRead, string | null | undefined>(async (reads) => {
    const rows = (await jsonByIdBatch.all({
      ids: reads.map((r) => r.id),
      clients: reads.map((r) => r.clientName),
      keys: reads.map((r) => r.keyId),
    })) as JsonByIdRow[]
    const found = new Array<string | null | undefined>(reads.length)
    for (const row of rows) found[row.n - 1] = row.json
    return found
  })

  // GET /verifications, for every request with the same shape of filter (one client or all, the
  // status) that arrived in the same turn of the event loop, in one statement: each request is a row
  // of `unnest(…) WITH ORDINALITY`, joined laterally to its total and to its page, which PostgreSQL
  // writes as the response's JSON (see listBatchStatement). No row comes back for a request whose key
  // was revoked (key null: already confirmed).
  const listBatchers = new Map<string, (read: ListRead) => Promise<ListPage | undefined>>()
  // At most 8 lists a statement. A whole wave of 50 lists in one statement held every one of them
  // until PostgreSQL had written all 50 pages; over TCP on 127.0.0.1 the list's p99 at 50 connections
  // was then 17 to 25 ms, against 4 to 5 ms in statements of 8, which also answered 10 to 30 % more
  // lists a second (pages of 20 and of 100; bench notes, 2026-11-25). Through the Unix socket, 8 was
  // as fast for pages of 20 and faster for pages of 100; 4 was a quarter slower than no limit.
  const LIST_BATCH = 8
  function listBatchStatement(scoped: boolean, status: VerificationStatus | undefined) {
    const c = verifications
    const where = listWhere({ clientName: scoped ? sql`r.client_name` : null, status })
    const total = listTotal(scoped, status)
    const page = db
      .select({ id: c.id, status: c.status, createdAt: c.createdAt, expiresAt: c.expiresAt, summaryJson: sql`summary_json`.as('summary_json') })
      .from(verifications)
      .where(where)
      .orderBy(descending(c.createdAt), descending(c.id))
    const requests = sql`unnest(${p('clients')}::text[], ${p('keys')}::text[], ${p('limits')}::int[], ${p('offsets')}::int[])
      with ordinality as r(client_name, key_id, lim, off, n)`
    // The page as the response's JSON, built by PostgreSQL: parsing twenty rows into objects and
    // serialising them again was most of the list's CPU time in the service. test/verifications.test.ts
    // holds every item to the schema and to the same verification read by id.
    const items = sql`coalesce('[' || string_agg(${SUMMARY_JSON}, ',' order by p.created_at desc nulls last, p.id desc nulls last) || ']', '[]')`
    // Read with the driver's own row objects (PreparedQuery.all), hence the explicit names and casts.
    return db
      .select({ n: sql`r.n::int`.as('n'), total: sql`t.n::int`.as('total'), items: sql`i.items`.as('items') })
      .from(
        sql`${requests} cross join lateral (${total}) as t
          cross join lateral (select ${items} as items from (${page} limit r.lim offset r.off) as p) as i`,
      )
      .where(sql`r.key_id is null or ${keyActive(db, sql`r.key_id`)}`)
      .prepare(`verifications_list_batch_${scoped ? 'client' : 'all'}_${status ?? 'any'}`)
  }
  function listBatcher(scoped: boolean, status: VerificationStatus | undefined) {
    const name = `${scoped}:${status}`
    let batcher = listBatchers.get(name)
    if (!batcher) {
      const statement = listBatchStatement(scoped, status) as unknown as RawRows
      batcher = batched<ListRead, ListPage | undefined>(async (reads) => {
        const rows = (await statement.all({
          clients: reads.map((r) => r.clientName),
          keys: reads.map((r) => r.keyId),
          limits: reads.map((r) => r.limit),
          offsets: reads.map((r) => r.offset),
        })) as ListedRow[]
        const pages = new Array<ListPage | undefined>(reads.length)
        for (const { n, total, items } of rows) pages[n - 1] = { items, total }
        return pages
      }, LIST_BATCH)
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
     * Inserts a new verification, created by `row.createdByKeyId`, in the transaction `tx`, in one
     * statement that also reads that key: nothing is inserted (undefined) when the key is revoked.
     */
    async insertIfKeyActive(row: NewVerificationForKey, tx: Executor): Promise<VerificationRow | undefined> {
      const [created] = await insertRows(tx).returning().prepare('verifications_insert_tx').execute(insertParams([row]))
      return created
    },

    /**
     * As insertIfKeyActive, outside a transaction, answering the new verification as its JSON (the
     * body of GET /verifications/{id}): `{ json: null }` when the row does not hold it (see
     * DETAIL_JSON), undefined when the key is revoked. The inserts asked for together share one
     * statement (see batched); each is sent after its caller asked, so a key revoked before is refused.
     */
    insertJsonIfKeyActive(row: NewVerificationForKey): Promise<{ json: string | null } | undefined> {
      return insertJsonNow(row)
    },

    /**
     * As findVisible, but with `keyId` also undefined when that key is revoked (read in the same
     * statement). Reads that arrive together share one statement (see batched); each is sent after
     * its caller asked, so it sees every change committed before, a revoke included.
     */
    async findVisibleIfKeyActive(id: string, clientName: string | null, keyId: string | null): Promise<VerificationRow | undefined> {
      return readByIds({ id, clientName, keyId })
    },

    /**
     * As findVisibleIfKeyActive, with the verification as its JSON (GET /verifications/{id}): null
     * when the row does not hold it (see DETAIL_JSON), undefined when not found or the key is revoked.
     */
    findVisibleJsonIfKeyActive(id: string, clientName: string | null, keyId: string | null): Promise<string | null | undefined> {
      return readJsonByIds({ id, clientName, keyId })
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

    /** Sets the status of the verifications `ids` to failed, in one statement. */
    async failAll(ids: string[], tx: Executor): Promise<VerificationRow[]> {
      if (ids.length === 0) return []
      return tx.update(verifications).set({ status: 'failed' }).where(inArray(verifications.id, ids)).returning()
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
     * A page of summaries, newest first, as JSON, and the number of matching verifications, in one
     * statement (shared with the requests of the same shape that arrived together). With `keyId`,
     * undefined when that key is revoked.
     */
    async listSummaries(filter: ListFilter & { keyId?: string }): Promise<ListPage | undefined> {
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
