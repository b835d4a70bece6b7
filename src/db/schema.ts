// Drizzle tables. drizzle-kit reads this file to write the migrations in drizzle/; every enum
// must be exported or drizzle-kit silently leaves it out.
import { sql } from 'drizzle-orm'
import type { VerificationLastError, WebhookDelivery } from '../../generated/schemas.js'
import type { AuditAction, AuditDetails, AuditTargetType } from '../domain/audit.js'
import type { Decision } from '../domain/decision.js'
import { boolean, customType, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** bytea as a Buffer with both drivers (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' })

export const roleEnum = pgEnum('api_key_role', ['admin', 'service', 'readonly', 'auditor'])
export const verificationStatusEnum = pgEnum('verification_status', ['pending', 'completed', 'failed'])

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    clientName: text('client_name').notNull(),
    role: roleEnum('role').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    webhookUrl: text('webhook_url'),
    /** Written in clear before migration 0009: sealed into webhook_secret_sealed at start, then emptied. */
    webhookSecret: text('webhook_secret'),
    /** The signing secret, sealed (src/domain/media-crypto.ts, with the media key). */
    webhookSecretSealed: bytea('webhook_secret_sealed'),
    /** The secret the current one replaced, sealed too, still signing until the time beside it. */
    previousWebhookSecretSealed: bytea('previous_webhook_secret_sealed'),
    previousWebhookSecretUntil: ts('previous_webhook_secret_until'),
  },
  (t) => [index('api_keys_active_idx').on(t.createdAt, t.id).where(sql`${t.revokedAt} is null`)],
)

/**
 * Rows that start-up still has work on, each set found by a partial index that is empty once the work
 * is done, so that a start costs the same at any table size instead of scanning whole tables:
 * verifications finished before decisions were recorded (migration 0013), personal data written in
 * clear before it was sealed (0017). Queries must use these very predicates for the index to serve.
 */
export const undecidedRows = (c: { status: AnyPgColumn; decision: AnyPgColumn }) => sql`${c.status} in ('completed', 'failed') and ${c.decision} is null`
export const clearPersonalRows = (c: { redactedAt: AnyPgColumn; applicant: AnyPgColumn; metadata: AnyPgColumn; decisionNote: AnyPgColumn; checksResults: AnyPgColumn }) =>
  // jsonb's own null (what a prepared INSERT writes for a null applicant) is no data.
  sql`${c.redactedAt} is null and (jsonb_typeof(${c.applicant}) = 'object' or ${c.metadata} <> '{}'::jsonb or ${c.decisionNote} is not null or jsonb_typeof(${c.checksResults} #> '{document,details,mrz}') = 'object' or jsonb_typeof(${c.checksResults} #> '{identity,details,holder}') = 'object' or jsonb_typeof(${c.checksResults} #> '{identity,details,document_expires_on}') = 'string')`
export const clearResponseRows = (c: { response: AnyPgColumn }) => sql`${c.response} is not null`

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    clientName: text('client_name').notNull(),
    createdByKeyId: text('created_by_key_id')
      .notNull()
      .references(() => apiKeys.id),
    status: verificationStatusEnum('status').notNull().default('pending'),
    clientReference: text('client_reference'),
    checks: text('checks').array().notNull(),
    /** Written in clear before migration 0017; empty since (src/db/verification-sealing.ts). */
    applicant: jsonb('applicant').$type<Record<string, string>>(),
    /** Written in clear before migration 0017; `{}` since. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** The results without what describes the person (src/domain/personal-data.ts): what lists and filters read. */
    checksResults: jsonb('checks_results').$type<Record<string, unknown>>().notNull().default({}),
    /** Personal data, each sealed with the media keys and bound to this row and part; null once redacted. */
    applicantSealed: bytea('applicant_sealed'),
    metadataSealed: bytea('metadata_sealed'),
    /** The holder data of the results (the MRZ read, the holder an identity check compared). */
    resultsSealed: bytea('results_sealed'),
    decisionNoteSealed: bytea('decision_note_sealed'),
    /** When its personal data was erased (POST /verifications/{id}/redact, or RESULT_RETENTION). */
    redactedAt: ts('redacted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at').notNull(),
    /** Why the last capture was refused (a photo to retake); cleared by the next accepted upload. */
    lastError: jsonb('last_error').$type<VerificationLastError>(),
    /** The verdict once finished (src/domain/decision.ts): approved, declined or review; null while pending. */
    decision: text('decision').$type<Decision>(),
    decisionReasons: text('decision_reasons').array(),
    /** `auto`, or the reviewing key's id. */
    decidedBy: text('decided_by'),
    decidedAt: ts('decided_at'),
    /** Written in clear before migration 0017; sealed into decision_note_sealed since. */
    decisionNote: text('decision_note'),
  },
  (t) => [
    index('verifications_client_created_idx').on(t.clientName, t.createdAt.desc(), t.id.desc()),
    index('verifications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('verifications_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    // The review queue: one client's (or every client's) verifications of one decision, newest first.
    index('verifications_client_decision_idx').on(t.clientName, t.decision, t.createdAt.desc(), t.id.desc()),
    index('verifications_undecided_idx').on(t.id).where(undecidedRows(t)),
    index('verifications_clear_personal_idx').on(t.id).where(clearPersonalRows(t)),
  ],
)

/**
 * Links to the hosted capture page. Only the SHA-256 of the link's token is stored; a verification
 * has at most one link that works: creating one revokes the others. `firstUsedAt`: when the token first
 * authenticated a request (the page opened or a capture made), so that operators see how a
 * verification was captured.
 */
export const captureLinks = pgTable(
  'capture_links',
  {
    id: text('id').primaryKey(),
    verificationId: text('verification_id')
      .notNull()
      .references(() => verifications.id),
    tokenHash: text('token_hash').notNull().unique(),
    returnUrl: text('return_url'),
    allowUpload: boolean('allow_upload').notNull().default(false),
    createdByKeyId: text('created_by_key_id')
      .notNull()
      .references(() => apiKeys.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    firstUsedAt: ts('first_used_at'),
  },
  (t) => [index('capture_links_verification_idx').on(t.verificationId)],
)

/** First response to a POST /verifications per (client, Idempotency-Key), kept 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientName: text('client_name').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** Written in clear before migration 0017; null since. */
    response: jsonb('response').$type<unknown>(),
    /** The response, sealed with the media keys (it carries the verification's metadata). */
    responseSealed: bytea('response_sealed'),
    /** The verification the response created: its redaction erases the response and the hash, and a retry is then 409. */
    verificationId: text('verification_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientName, t.key] }), index('idempotency_keys_clear_response_idx').on(t.clientName, t.key).where(clearResponseRows(t))],
)

export const deliveryStatusEnum = pgEnum('webhook_delivery_status', ['pending', 'delivered', 'failed'])

/**
 * The outbox: one row per event, written in the same transaction as the state change it reports.
 * `payload` holds the exact bytes that are signed and sent, so retries and replays send the same body.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  verificationId: text('verification_id')
    .notNull()
    .references(() => verifications.id),
  keyId: text('key_id')
    .notNull()
    .references(() => apiKeys.id),
  eventType: text('event_type').notNull(),
  payload: text('payload').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})

/** One row per delivery attempt; a pending row is work for the dispatcher once `due_at` has come. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id),
    verificationId: text('verification_id').notNull(),
    eventType: text('event_type').$type<WebhookDelivery['event_type']>().notNull(),
    webhookUrl: text('webhook_url').notNull(),
    status: deliveryStatusEnum('status').notNull().default('pending'),
    statusCode: integer('status_code'),
    error: text('error').$type<WebhookDelivery['error']>(),
    attempt: integer('attempt').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    replayOf: text('replay_of'),
    createdAt: ts('created_at').notNull().defaultNow(),
    dueAt: ts('due_at').notNull(),
    /** A claim is a lease: a dispatcher that dies mid-attempt leaves a row another one takes over. */
    claimedUntil: ts('claimed_until'),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_key_idx').on(t.keyId, t.createdAt.desc(), t.id.desc()),
  ],
)

export const uploadKindEnum = pgEnum('upload_kind', ['document', 'selfie', 'frame'])

/**
 * Uploaded images (documents, selfies and the frames of an accepted active-liveness challenge share
 * one id space), encrypted at rest. The image columns are emptied after MEDIA_RETENTION; `analysis`
 * keeps what later checks need (the portrait's face). A frame's `document_type` is its action.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    verificationId: text('verification_id')
      .notNull()
      .references(() => verifications.id),
    kind: uploadKindEnum('kind').notNull(),
    documentType: text('document_type').notNull(),
    front: bytea('front'),
    back: bytea('back'),
    /** The faces found in the image at upload (src/analysis/worker.ts FacesAnalysis), sealed like the images. */
    faces: bytea('faces'),
    analysis: jsonb('analysis').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    purgedAt: ts('purged_at'),
  },
  (t) => [
    index('uploads_verification_idx').on(t.verificationId, t.kind, t.createdAt.desc()),
    index('uploads_retention_idx').on(t.createdAt).where(sql`${t.purgedAt} is null`),
  ],
)

/** Active-liveness challenges: random actions, single use, short-lived. */
export const livenessChallenges = pgTable(
  'liveness_challenges',
  {
    id: text('id').primaryKey(),
    verificationId: text('verification_id')
      .notNull()
      .references(() => verifications.id),
    actions: text('actions').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  // A new challenge counts its verification's earlier ones (CHALLENGES_PER_VERIFICATION).
  (t) => [index('liveness_challenges_verification_idx').on(t.verificationId)],
)

/**
 * Browser sessions of the HTML dashboard. Only the SHA-256 of the cookie's token is stored; a
 * session is honoured only while it is unexpired and its API key is not revoked.
 */
export const dashboardSessions = pgTable(
  'dashboard_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('dashboard_sessions_expiry_idx').on(t.expiresAt)],
)

/**
 * The audit log of privileged actions. Append-only: migration 0015 makes PostgreSQL refuse every
 * UPDATE, TRUNCATE and DELETE, except the deletes of the retention purge (AUDIT_RETENTION), which
 * says so in its own transaction (src/db/audit-repository.ts).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    actorKeyId: text('actor_key_id').notNull(),
    /** Null for the service's own actions (the retention purge), whose key id is `system`. */
    actorRole: roleEnum('actor_role'),
    actorClientName: text('actor_client_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    requestId: text('request_id').notNull(),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
  },
  (t) => [
    index('audit_events_time_idx').on(t.occurredAt.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorKeyId, t.occurredAt.desc()),
    index('audit_events_target_idx').on(t.targetId, t.occurredAt.desc()),
  ],
)
