// Which parts of a verification's check results describe the person, in one table: they are sealed
// at rest apart from the rest (src/db/verification-sealing.ts) and erased by a redaction, while the
// results themselves (passed, reasons, scores) stay readable for lists, filters and decisions.

/** Per check, the field of `details` that holds holder data: null once erased, as when none was read. */
export const PERSONAL_RESULT_FIELDS: Readonly<Record<string, string>> = {
  document: 'mrz',
  identity: 'holder',
}

export type Results = Record<string, unknown>
/** The personal parts taken out of results: check → field → value. */
export type PersonalResults = Record<string, Record<string, unknown>>

type WithDetails = { details?: Record<string, unknown> }

/** Results without their personal fields (set to null), and those fields apart. */
export function splitResults(results: Results): { clear: Results; personal: PersonalResults } {
  const clear: Results = { ...results }
  const personal: PersonalResults = {}
  for (const [check, field] of Object.entries(PERSONAL_RESULT_FIELDS)) {
    const result = results[check] as WithDetails | undefined
    const value = result?.details?.[field]
    if (!result?.details || value === undefined || value === null) continue
    clear[check] = { ...result, details: { ...result.details, [field]: null } }
    personal[check] = { [field]: value }
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
