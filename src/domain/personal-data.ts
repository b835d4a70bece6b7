// Which parts of a verification's check results describe the person, in one table: they are sealed
// at rest apart from the rest (src/db/verification-sealing.ts) and erased by a redaction, while the
// results themselves (passed, reasons, scores) stay readable for lists, filters and decisions.

/** Per check, the fields of `details` that hold the document's data: null once erased, as when none was read. */
export const PERSONAL_RESULT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  document: ['mrz'],
  identity: ['holder', 'document_expires_on'],
}

export type Results = Record<string, unknown>
/** The personal parts taken out of results: check → field → value. */
export type PersonalResults = Record<string, Record<string, unknown>>

type WithDetails = { details?: Record<string, unknown> }

/** Results without their personal fields (set to null), and those fields apart. */
export function splitResults(results: Results): { clear: Results; personal: PersonalResults } {
  const clear: Results = { ...results }
  const personal: PersonalResults = {}
  for (const [check, fields] of Object.entries(PERSONAL_RESULT_FIELDS)) {
    const result = results[check] as WithDetails | undefined
    if (!result?.details) continue
    for (const field of fields) {
      const value = result.details[field]
      if (value === undefined || value === null) continue
      const now = clear[check] as WithDetails
      clear[check] = { ...now, details: { ...now.details, [field]: null } }
      personal[check] = { ...personal[check], [field]: value }
    }
  }
  return { clear, personal }
}

/** The results as they were before splitResults; with no personal parts (erased), their fields stay null. */
export function mergeResults(clear: Results, personal: PersonalResults | null): Results {
  if (!personal) return clear
  const merged: Results = { ...clear }
  for (const [check, fields] of Object.entries(personal)) {
    const result = clear[check] as WithDetails | undefined
    if (result?.details) merged[check] = { ...result, details: { ...result.details, ...fields } }
  }
  return merged
}
