// A verification as the API writes it (GET and list answers), and the columns of an automatic
// decision: pure functions of a row.
import type { Verification, VerificationSummary } from '../../generated/schemas.js'
import type { ListedVerification, VerificationRow } from '../db/verifications-repository.js'
import { decide } from '../domain/decision.js'
import { effectiveStatus } from '../domain/verification-status.js'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * A verification's decision as a client reads it: as recorded, or for a pending session past its
 * expiry that the sweeper has not failed yet, the decision it will record (as effectiveStatus does).
 */
function decisionOf(row: ListedVerification, now: Date) {
  if (row.decision === null && effectiveStatus(row, now) === 'failed') {
    const { decision, reasons } = decide('failed', {}, 0)
    return { decision, decision_reasons: reasons, decided_by: 'auto', decided_at: row.expiresAt.toISOString() }
  }
  return { decision: row.decision, decision_reasons: row.decisionReasons ?? [], decided_by: row.decidedBy, decided_at: iso(row.decidedAt) }
}

/** The columns that record an automatic decision. */
export function decidedAutomatically(status: 'completed' | 'failed', results: Record<string, unknown>, margin: number, now: Date) {
  const { decision, reasons } = decide(status, results as Verification['checks_results'], margin, now)
  return { decision, decisionReasons: reasons, decidedBy: 'auto', decidedAt: now }
}

export function toSummary(row: ListedVerification, now = new Date()): VerificationSummary {
  return {
    id: row.id,
    status: effectiveStatus(row, now),
    client_reference: row.clientReference,
    checks: row.checks as Verification['checks'],
    created_at: row.createdAt.toISOString(),
    completed_at: iso(row.completedAt),
    decision: decisionOf(row, now).decision,
  }
}

export function toVerification(row: VerificationRow): Verification {
  return {
    id: row.id,
    status: effectiveStatus(row),
    client_reference: row.clientReference,
    redirect_url: '',
    checks: row.checks as Verification['checks'],
    checks_results: row.checksResults as Verification['checks_results'],
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    completed_at: iso(row.completedAt),
    expires_at: row.expiresAt.toISOString(),
    last_error: row.lastError ?? null,
    ...decisionOf(row, new Date()),
    decision_note: row.decisionNote,
    redacted_at: iso(row.redactedAt),
  }
}
