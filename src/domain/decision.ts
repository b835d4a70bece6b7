// The verdict of a finished verification, in one table: `approved` when every requested check passed
// clearly, `declined` when a check failed for a reason that means the document or the person is not
// genuine or does not match, `review` when the automation cannot tell (a poor capture behind a
// failure, a score within the review margin of its threshold, a printed page that could not be read).
// openapi.yaml (Verification.decision) documents this table; the tests take each rule.
import type { DocumentCheckResult, FaceMatchCheckResult, IdentityCheckResult, LivenessCheckResult, Verification } from '../../generated/schemas.js'
import { PRESENTATION_SIGNALS } from './face-checks.js'
import { pageConcern } from './document-check.js'

export type Decision = 'approved' | 'declined' | 'review'

type Reason =
  | DocumentCheckResult['reasons'][number]
  | IdentityCheckResult['reasons'][number]
  | FaceMatchCheckResult['reasons'][number]
  | LivenessCheckResult['reasons'][number]

/** What a failing reason says: the document or person is not genuine or does not match, or the automation could not tell. */
export const REASON_CLASS: Record<Reason, 'declines' | 'needs_review'> = {
  // document
  check_digit_mismatch: 'declines',
  mrz_invalid_field: 'declines',
  document_expired: 'declines',
  document_type_mismatch: 'declines',
  viz_mrz_mismatch: 'declines',
  mrz_not_found: 'needs_review',
  expiration_date_unreadable: 'needs_review',
  // identity
  document_failed: 'declines',
  first_name_mismatch: 'declines',
  last_name_mismatch: 'declines',
  date_of_birth_mismatch: 'declines',
  document_number_mismatch: 'declines',
  nationality_mismatch: 'declines',
  first_name_partial_match: 'needs_review',
  last_name_partial_match: 'needs_review',
  no_document: 'needs_review',
  applicant_not_declared: 'needs_review',
  document_unconfirmed: 'needs_review',
  // face match (below_threshold within the margin, or beside a reason of capture, is reviewed: see decide())
  below_threshold: 'declines',
  no_face_in_document: 'needs_review',
  no_face_in_selfie: 'needs_review',
  multiple_faces: 'needs_review',
  face_too_small: 'needs_review',
  face_blurry: 'needs_review',
  face_too_dark: 'needs_review',
  face_not_frontal: 'needs_review',
  face_occluded: 'needs_review',
  // liveness
  spoof_suspected: 'declines',
  depth_unmeasured: 'needs_review',
  different_person: 'declines',
  action_not_performed: 'declines',
  turn_left_not_shown: 'declines',
  turn_right_not_shown: 'declines',
  look_up_not_shown: 'declines',
  blink_not_shown: 'declines',
  smile_not_shown: 'declines',
  open_mouth_not_shown: 'declines',
  no_face: 'needs_review',
  image_too_small: 'needs_review',
  image_blurred: 'needs_review',
  image_underexposed: 'needs_review',
  image_overexposed: 'needs_review',
  glare: 'needs_review',
}

export interface DecisionOutcome {
  decision: Decision
  /**
   * Why: the declining reasons, else those that call for review; empty when approved. Besides the
   * checks' own codes: verification_expired, face_match_near_threshold, liveness_near_threshold,
   * mrz_text_differs, mrz_text_unconfirmed, viz_unread, viz_unconfirmed, birth_century_unconfirmed,
   * unexplained_failure.
   */
  reasons: string[]
}

type Results = Verification['checks_results']

const CENTURY = 100

/** Whole years from a date (YYYY-MM-DD) to `now`: an age. */
function yearsBefore(date: string, now: Date): number {
  const today = now.toISOString().slice(0, 10)
  const years = Number(today.slice(0, 4)) - Number(date.slice(0, 4))
  return today.slice(5) < date.slice(5) ? years - 1 : years
}

/** A verification whose personal data was erased before its checks finished: it can never be approved. */
export const REDACTED_UNFINISHED: DecisionOutcome = { decision: 'declined', reasons: ['verification_redacted'] }

/**
 * The automatic decision for a verification that has finished: `completed` with its results, or
 * `failed` (expired before every check finished: declined). `margin`: how close to its threshold a
 * passing or failing score must be to be reviewed (REVIEW_MARGIN, in score units). `now`: when it is
 * decided (a document that expired by then declines).
 */
export function decide(status: 'completed' | 'failed', results: Results, margin: number, now = new Date()): DecisionOutcome {
  if (status === 'failed') return { decision: 'declined', reasons: ['verification_expired'] }
  const declines = new Set<string>()
  const review = new Set<string>()
  // A code this table does not know, or a failure without a reason (results stored by an earlier
  // version), is reviewed: a failed check is never approved.
  const fails = (reasons: readonly Reason[] = []) => {
    if (reasons.length === 0) review.add('unexplained_failure')
    for (const r of reasons) (REASON_CLASS[r] === 'declines' ? declines : review).add(r)
  }
  const { document, identity, face_match: match, liveness } = results
  // Judged unexpired at its upload, the document may have expired while the verification waited for its
  // other checks (the identity check, requested without document, says when it expires).
  const expiresOn = document?.details?.mrz?.expiration_date ?? identity?.details?.document_expires_on ?? null
  const expired = expiresOn !== null && expiresOn < now.toISOString().slice(0, 10)
  if (document) {
    if (!document.passed) fails(document.reasons)
    else if (!expired) {
      const concern = pageConcern(document)
      if (concern) review.add(concern)
    }
  }
  if (expired) declines.add('document_expired')
  if (identity && !identity.passed) {
    // A name the zone gives, read by OCR from a photo whose printed page did not confirm it, may be
    // OCR's misreading (names have no check digit): a person compares it with the declared one.
    const misread = (r: Reason) => {
      const field = r === 'last_name_mismatch' ? 'surname' : r === 'first_name_mismatch' ? 'given_names' : null
      if (!field) return false
      if (!document) return identity.reasons.includes('document_unconfirmed')
      const viz = document.details?.viz
      return !!viz && !viz.sent_zone && viz.fields[field] !== 'match'
    }
    const misreads = identity.reasons.filter(misread)
    for (const r of misreads) review.add(r)
    if (misreads.length < identity.reasons.length || !misreads.length) fails(identity.reasons.filter((r) => !misread(r)))
  }
  // A zone writes two digits of year, read as the latest century that puts the birth in the past: a
  // birth a century before that (taken from the printed page, or from the declared date of birth) makes
  // a holder of 100 or more, whom a digit changed on the page, or a declaration, would also make.
  const born = [document?.details?.mrz?.date_of_birth, identity?.details?.holder?.date_of_birth]
  if (born.some((d) => d && yearsBefore(d, now) >= CENTURY)) review.add('birth_century_unconfirmed')
  if (match) {
    const near = match.score !== null && Math.abs(match.score - match.threshold) < margin
    const capture = (match.reasons ?? []).filter((r) => REASON_CLASS[r] === 'needs_review')
    if (match.passed) {
      if (near) review.add('face_match_near_threshold')
    } else if (capture.length) {
      // A low score from a poor capture says "take it again", not "another person".
      for (const r of capture) review.add(r)
    } else if (near) {
      review.add('face_match_near_threshold')
    } else {
      fails(match.reasons)
    }
  }
  if (liveness) {
    // Frames whose lowest similarity is within the margin of its threshold are reviewed like a face
    // match near it, on either side: a head turned away lowers it, and only a clear difference
    // declines, as only a clear likeness approves.
    const same = liveness.checks?.find((c) => c.name === 'same_person')
    const sameNear = !!same && same.score !== null && same.threshold !== undefined && Math.abs(same.score - same.threshold) < margin
    if (sameNear) review.add('liveness_near_threshold')
    const reasons = sameNear ? (liveness.reasons ?? []).filter((r) => r !== 'different_person') : liveness.reasons
    if (!liveness.passed && (reasons.length || !sameNear)) fails(reasons)
    else if ((liveness.checks ?? []).some((c) => PRESENTATION_SIGNALS.has(c.name) && c.score !== null && c.score < 0.5 + margin)) review.add('liveness_near_threshold')
  }
  if (declines.size) return { decision: 'declined', reasons: [...declines] }
  if (review.size) return { decision: 'review', reasons: [...review] }
  return { decision: 'approved', reasons: [] }
}
