// SQL for verifications. The API's JSON is written by the service from these rows, never here; the
// personal parts of a row are sealed and opened on the way (verification-sealing.ts).
import { and, count, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Decision } from '../domain/decision.js'
import type { MediaKeys } from '../domain/media-crypto.js'
import type { VerificationStatus } from '../domain/verification-status.js'
import type { Db, Executor, Tx } from './client.js'
import { descending } from './order.js'
import { clearPersonalRows, undecidedRows, verifications } from './schema.js'
import { verificationSealing, type VerificationChanges, type VerificationRow } from './verification-sealing.js'

export type { VerificationChanges, VerificationRow }
/** What a list shows of a verification (the API's summaries, the console's table): no personal data. */
export type ListedVerification = Pick<VerificationRow, keyof typeof listedColumns>

const v = verifications
const listedColumns = {
  id: v.id,
  clientName: v.clientName,
  status: v.status,
  clientReference: v.clientReference,
  checks: v.checks,
  checksResults: v.checksResults,
  createdAt: v.createdAt,
  completedAt: v.completedAt,
  expiresAt: v.expiresAt,
  decision: v.decision,
  decisionReasons: v.decisionReasons,
  decidedBy: v.decidedBy,
  decidedAt: v.decidedAt,
}

/** What creating a verification writes, in clear; the rest of the row takes its defaults. */
export type VerificationDraft = Required<Pick<typeof verifications.$inferInsert, 'id' | 'clientName' | 'createdByKeyId' | 'clientReference' | 'checks' | 'applicant' | 'metadata' | 'createdAt' | 'expiresAt'>>
/** The columns creation writes: the draft's, with the personal ones sealed. */
const storedDraftColumns = ['id', 'clientName', 'createdByKeyId', 'clientReference', 'checks', 'applicant', 'applicantSealed', 'metadata', 'metadataSealed', 'createdAt', 'expiresAt'] as const
type StoredDraft = Required<Pick<typeof verifications.$inferInsert, (typeof storedDraftColumns)[number]>>

export interface ListFilter {
  /** null: every client's verifications (admin and auditor keys). */
  clientName: string | null
  status?: VerificationStatus
  decision?: Decision
  limit: number
  offset: number
}

/** The list filters of one shape share a prepared statement: who is listed, by which status and decision. */
type ListShape = { allClients: boolean; status?: VerificationStatus; decision?: Decision }

/**
 * The list's filter. The status is the one a client sees (effectiveStatus in src/domain): a pending
 * session past its expiry is listed as failed, before the sweeper has recorded it. The client's name
 * is the placeholder `clientName` in the API's prepared statements, a value in the console's search.
 */
function listConditions(shape: ListShape, clientName: unknown = sql.placeholder('clientName')): SQL[] {
  const c = verifications
  const conditions: SQL[] = []
  if (!shape.allClients) conditions.push(sql`${c.clientName} = ${clientName}`)
  if (shape.status === 'pending') {
    conditions.push(eq(c.status, 'pending'), gt(c.expiresAt, sql`now()`))
  } else if (shape.status === 'failed') {
    conditions.push(or(eq(c.status, 'failed'), and(eq(c.status, 'pending'), lte(c.expiresAt, sql`now()`)))!)
  } else if (shape.status) {
    conditions.push(eq(c.status, shape.status))
  }
  // A pending session past its expiry is declined already (decide() in src/domain), as it is failed.
  if (shape.decision === 'declined') {
    conditions.push(or(eq(c.decision, 'declined'), and(eq(c.status, 'pending'), lte(c.expiresAt, sql`now()`)))!)
  } else if (shape.decision) {
    conditions.push(eq(c.decision, shape.decision))
  }
  return conditions
}

const listWhere = (shape: ListShape): SQL | undefined => and(...listConditions(shape))

/** The console's search: the list's filter, and a check's outcome, a client, a time range, an id or reference. */
export interface ConsoleFilter extends ListFilter {
  check?: { name: string; outcome: 'passed' | 'failed' | 'pending' }
  client?: string
  createdFrom?: Date
  createdBefore?: Date
  /** A verification id or a client_reference, matched exactly. */
  search?: string
}

function consoleWhere(filter: ConsoleFilter): SQL | undefined {
  const c = verifications
  const conditions = listConditions({ allClients: filter.clientName === null, status: filter.status, decision: filter.decision }, filter.clientName)
  if (filter.check) {
    const { name, outcome } = filter.check
    conditions.push(sql`${name} = any(${c.checks})`)
    conditions.push(
      outcome === 'pending'
        ? sql`not (${c.checksResults} ? ${name})`
        : sql`(${c.checksResults} -> ${name} ->> 'passed') = ${outcome === 'passed' ? 'true' : 'false'}`,
    )
  }
  if (filter.client !== undefined) conditions.push(eq(c.clientName, filter.client))
  if (filter.createdFrom) conditions.push(sql`${c.createdAt} >= ${filter.createdFrom.toISOString()}`)
  if (filter.createdBefore) conditions.push(sql`${c.createdAt} < ${filter.createdBefore.toISOString()}`)
  if (filter.search !== undefined) conditions.push(or(eq(c.id, filter.search), eq(c.clientReference, filter.search))!)
  return conditions.length ? and(...conditions) : undefined
}

/** A verification's own row, for one client or (clientName null) any. */
const visible = (id: string, clientName: string | null) =>
  clientName === null ? eq(verifications.id, id) : and(eq(verifications.id, id), eq(verifications.clientName, clientName))

export function createVerificationsRepository(db: Db, keys: MediaKeys) {
  const sealing = verificationSealing(keys)
  const opened = (rows: Array<typeof verifications.$inferSelect>) => rows.map(sealing.open)

  // A client's read by id, the API's most frequent: built once, not on each request.
  const byIdForClient = db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, sql.placeholder('id')), eq(verifications.clientName, sql.placeholder('clientName'))))
    .limit(1)
    .prepare('verification_by_id_for_client')

  // The list and its count, prepared once per shape of filter (at most two scopes × the statuses).
  const listShapes = new Map<string, ReturnType<typeof prepareList>>()
  function prepareList(shape: ListShape, name: string) {
    const where = listWhere(shape)
    return {
      page: db
        .select(listedColumns)
        .from(verifications)
        .where(where)
        .orderBy(descending(verifications.createdAt), descending(verifications.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`verifications_page_${name}`),
      count: db.select({ n: count() }).from(verifications).where(where).prepare(`verifications_count_${name}`),
    }
  }
  function listStatements(filter: Pick<ListFilter, 'clientName' | 'status' | 'decision'>) {
    const shape = { allClients: filter.clientName === null, status: filter.status, decision: filter.decision }
    const name = `${shape.allClients ? 'all' : 'client'}_${shape.status ?? 'any'}_${shape.decision ?? 'any'}`
    let statements = listShapes.get(name)
    if (!statements) listShapes.set(name, (statements = prepareList(shape, name)))
    return statements
  }

  // Creation, the API's most frequent write. Only prepared statements are sent in one round trip:
  // drizzle sends any other statement unnamed, which postgres.js describes first and then binds.
  const insertDraft = db
    .insert(verifications)
    .values(Object.fromEntries(storedDraftColumns.map((name) => [name, sql.placeholder(name)])) as unknown as StoredDraft)
    .returning()
    .prepare('verification_insert')

  return {
    /** Creates a verification: on its own, or inside the transaction `tx`. */
    async insert(draft: VerificationDraft, tx?: Tx): Promise<VerificationRow> {
      const stored = sealing.seal(draft.id, draft) as StoredDraft
      const [created] = tx ? await tx.insert(verifications).values(stored).returning() : await insertDraft.execute(stored)
      return sealing.open(created!)
    },

    /** A verification visible to the client (null: any client); others' are simply not found. */
    async findVisible(id: string, clientName: string | null): Promise<VerificationRow | undefined> {
      const [row] = clientName === null ? await db.select().from(verifications).where(visible(id, null)).limit(1) : await byIdForClient.execute({ id, clientName })
      return row && sealing.open(row)
    },

    async findVisibleForUpdate(id: string, clientName: string | null, tx: Executor): Promise<VerificationRow | undefined> {
      const [row] = await tx.select().from(verifications).where(visible(id, clientName)).limit(1).for('update')
      return row && sealing.open(row)
    },

    async update(id: string, changes: VerificationChanges, tx: Executor = db): Promise<VerificationRow> {
      const [row] = await tx.update(verifications).set(sealing.seal(id, changes)).where(eq(verifications.id, id)).returning()
      return sealing.open(row!)
    },

    /** Sets the status of the verifications `ids` to failed, in one statement. */
    async failAll(ids: string[], decision: Pick<VerificationChanges, 'decision' | 'decisionReasons' | 'decidedBy' | 'decidedAt'>, tx: Executor): Promise<VerificationRow[]> {
      if (ids.length === 0) return []
      return opened(await tx.update(verifications).set({ status: 'failed', ...decision }).where(inArray(verifications.id, ids)).returning())
    },

    /** Finished verifications from before decisions were recorded (migration 0013), a batch at a time. */
    async undecided(limit: number, tx: Executor = db): Promise<VerificationRow[]> {
      return opened(
        await tx
          .select()
          .from(verifications)
          .where(undecidedRows(verifications))
          .limit(limit),
      )
    },

    /** Pending verifications past their expiry, locked for the caller (other sweepers skip them). */
    async lockExpired(limit: number, tx: Executor): Promise<VerificationRow[]> {
      return opened(
        await tx
          .select()
          .from(verifications)
          .where(and(eq(verifications.status, 'pending'), lte(verifications.expiresAt, sql`now()`)))
          .orderBy(verifications.expiresAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      )
    },

    /** Unredacted verifications created before `cutoff`, locked for the caller (others skip them). */
    async lockUnredactedBefore(cutoff: Date, limit: number, tx: Executor): Promise<VerificationRow[]> {
      return opened(
        await tx
          .select()
          .from(verifications)
          .where(and(isNull(verifications.redactedAt), sql`${verifications.createdAt} < ${cutoff.toISOString()}`))
          .orderBy(verifications.createdAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      )
    },

    /**
     * Seals the personal data an earlier version stored in clear (before migration 0017), a batch at
     * a time; returns how many verifications it sealed.
     */
    async sealLegacy(limit: number): Promise<number> {
      const v = verifications
      const rows = opened(await db.select().from(v).where(clearPersonalRows(v)).limit(limit))
      for (const row of rows) {
        await db
          .update(v)
          .set(sealing.seal(row.id, { applicant: row.applicant, metadata: row.metadata, checksResults: row.checksResults, decisionNote: row.decisionNote }))
          .where(eq(v.id, row.id))
      }
      return rows.length
    },

    /** A page of rows, newest first. */
    async list(filter: ListFilter): Promise<ListedVerification[]> {
      return listStatements(filter).page.execute({ clientName: filter.clientName, limit: filter.limit, offset: filter.offset })
    },

    /** A page of the console's search, newest first, and how many match in all. */
    async search(filter: ConsoleFilter): Promise<{ rows: ListedVerification[]; total: number }> {
      const where = consoleWhere(filter)
      const [rows, [total]] = await Promise.all([
        db
          .select(listedColumns)
          .from(verifications)
          .where(where)
          .orderBy(descending(verifications.createdAt), descending(verifications.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(verifications).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /** How many verifications the list's filter matches (X-Total-Count). */
    async count(filter: Pick<ListFilter, 'clientName' | 'status'>): Promise<number> {
      const [row] = await listStatements(filter).count.execute({ clientName: filter.clientName })
      return row!.n
    },
  }
}

export type VerificationsRepository = ReturnType<typeof createVerificationsRepository>
