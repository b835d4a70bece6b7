// The `document` check: an MRZ was read, every check digit holds, the document has not expired,
// it is the kind of document the client said it is, and its printed page does not disagree with it.
import type { DocumentCheckResult, DocumentType } from '../../generated/schemas.js'
import type { MrzReading } from './mrz.js'
import { vizDisagrees, vizShowsAll, type VizResult } from './viz-check.js'

/** MRZ document codes each declared type may carry (ICAO 9303: P passport, I/A/C cards, V visa). */
const CODES: Record<DocumentType, RegExp> = {
  passport: /^P/,
  id_card: /^[IAC]/,
  residence_permit: /^[IACR]/,
  visa: /^V/,
  other: /./,
}

export function documentCheck(
  documentId: string,
  documentType: DocumentType,
  reading: MrzReading | null,
  now: Date,
  /** The printed page against the zone; null when the page was not read (the MRZ was sent as text). */
  viz: VizResult | null = null,
): DocumentCheckResult {
  const reasons: DocumentCheckResult['reasons'] = []
  let expired: boolean | null = null
  if (!reading) {
    reasons.push('mrz_not_found')
  } else {
    if (!reading.checkDigitsValid) reasons.push('check_digit_mismatch')
    if (reading.invalidFields.length) reasons.push('mrz_invalid_field')
    const expiry = reading.data.expiration_date
    expired = expiry === null ? null : expiry < now.toISOString().slice(0, 10)
    if (expired) reasons.push('document_expired')
    if (expired === null) reasons.push('expiration_date_unreadable')
    if (!CODES[documentType].test(reading.data.document_code ?? '')) reasons.push('document_type_mismatch')
  }
  const disagreeing = viz ? vizDisagrees(viz) : []
  if (disagreeing.length) reasons.push('viz_mrz_mismatch')
  return {
    passed: reasons.length === 0,
    reasons,
    document_id: documentId,
    details: { document_type: documentType, mrz: reading?.data ?? null, expired, ...(viz ? { viz: { ...viz, disagreeing } } : {}) },
    completed_at: now.toISOString(),
  }
}

/**
 * Why a document that passed still needs a person to look: an MRZ sent as text differs from the one
 * its photo shows (`mrz_text_differs`) or the photo shows none (`mrz_text_unconfirmed`), its printed
 * page could not be read (`viz_unread`), or was read but does not print one of the zone's values as
 * the zone has it (`viz_unconfirmed`: OCR cannot tell a value painted over from one hidden by glare,
 * nor a letter changed from OCR's noise); null otherwise.
 */
export function pageConcern(document: DocumentCheckResult): 'mrz_text_differs' | 'mrz_text_unconfirmed' | 'viz_unread' | 'viz_unconfirmed' | null {
  // Results stored by an earlier version may have no details.
  const { viz, mrz } = document.details ?? {}
  if (!document.passed || !viz) return null
  if (viz.sent_zone?.differs.length) return 'mrz_text_differs'
  // Before an unread page: what to do about it (send the side that shows the zone) comes first.
  if (viz.sent_zone && !viz.sent_zone.photo_zone) return 'mrz_text_unconfirmed'
  if (!viz.page_read) return 'viz_unread'
  return mrz && !vizShowsAll(mrz, viz.fields) ? 'viz_unconfirmed' : null
}
