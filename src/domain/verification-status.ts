// The lifecycle rule a client sees: a pending session past its expiry is failed, whether or not the
// sweeper has recorded it yet. The list's status filter is the same rule in SQL (verifications-repository.ts).
import type { VerificationStatus } from '../../generated/schemas.js'

export type { VerificationStatus }

export function effectiveStatus(row: { status: VerificationStatus; expiresAt: Date }, now = new Date()): VerificationStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'failed' : row.status
}
