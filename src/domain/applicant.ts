// What a declared applicant may say beyond its schema.

/** The earliest date of birth taken: no one living was born before it. */
export const EARLIEST_BIRTH = '1900-01-01'

/**
 * Why a declared date of birth (YYYY-MM-DD, valid by the schema) cannot be a living person's, or null:
 * after today wherever the applicant is (a day ahead of UTC at most), or before EARLIEST_BIRTH. Either
 * is a typing error, which no document would match.
 */
export function dateOfBirthProblem(date: string, now: Date): string | null {
  if (Date.parse(date) > now.getTime() + 86_400_000) return 'must not be in the future'
  if (date < EARLIEST_BIRTH) return `must be ${EARLIEST_BIRTH} or later`
  return null
}
