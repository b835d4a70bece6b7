// The `identity` check: the holder's data on the document against what the client declared.
// Names are compared the way ICAO 9303 writes them in an MRZ (src/domain/mrz-names.ts).
import type { Applicant, DocumentCheckResult, IdentityCheckResult, IdentityHolder } from '../../generated/schemas.js'
import { pageConcern } from './document-check.js'
import { centuryApart } from './mrz.js'
import { firstNameMatches, lastNameMatches, nameFieldFull, namePartlyMatches, surnameCut } from './mrz-names.js'

type Field = keyof IdentityHolder
const FIELDS: Field[] = ['first_name', 'last_name', 'date_of_birth', 'document_number', 'nationality']

/** ICAO writes Germany as D in an MRZ; everyone else by ISO 3166-1 alpha-3. */
const normalizeState = (s: string) => (s.replace(/</g, '').toUpperCase() === 'D' ? 'DEU' : s.replace(/</g, '').toUpperCase())
/** A document number as people type it: no spaces or dashes, and O and I taken for 0 and 1 (they print alike). */
const normalizeNumber = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/O/g, '0')
    .replace(/I/g, '1')

/**
 * States whose citizens' names are written in another alphabet at home (Cyrillic, Greek, Armenian,
 * Georgian, Hebrew, Arabic, Asian scripts), so that their Latin spellings vary: the ICAO one in the zone
 * (IULIIA), another everywhere else (Yulia).
 */
const TRANSLITERATED = new Set([
  'RUS', 'UKR', 'BLR', 'BGR', 'SRB', 'MKD', 'MNE', 'BIH', 'KAZ', 'KGZ', 'TJK', 'UZB', 'TKM', 'AZE', 'MNG', 'GRC', 'CYP', 'ARM', 'GEO',
  'ISR', 'ARE', 'SAU', 'EGY', 'IRQ', 'SYR', 'JOR', 'LBN', 'KWT', 'QAT', 'BHR', 'OMN', 'YEM', 'LBY', 'DZA', 'MAR', 'TUN', 'SDN', 'IRN',
  'AFG', 'PAK', 'CHN', 'TWN', 'HKG', 'JPN', 'KOR', 'PRK', 'THA', 'LAO', 'KHM', 'MMR', 'IND', 'BGD', 'LKA', 'NPL', 'ETH', 'ERI',
])

const namePartlyOrWhole = (declared: string, mrz: string) => lastNameMatches(declared, mrz, false) || namePartlyMatches(declared, mrz)

export function identityCheck(
  applicant: Applicant | null,
  document: DocumentCheckResult | null,
  now: Date,
  /**
   * Whether the `document` check was requested too. When it was not, its result is not stored, and
   * what it would have sent to review (a printed page that does not confirm the zone) is said here.
   */
  documentRequested: boolean,
): IdentityCheckResult {
  const mrz = document?.details.mrz ?? null
  const holder: IdentityHolder = {
    first_name: mrz?.given_names ?? null,
    last_name: mrz?.surname ?? null,
    date_of_birth: mrz?.date_of_birth ?? null,
    document_number: mrz?.document_number ?? null,
    nationality: mrz?.nationality ? normalizeState(mrz.nationality) : null,
  }
  // A zone's two-digit year cannot tell a birth in 1924 from one in 2024: the declared century is taken.
  // Not when the page prints the date with its century: a child's passport is no centenarian's.
  const viz = document?.details.viz
  const pagePrintsBirth = viz?.fields.date_of_birth === 'match' && !viz.two_digit_years?.includes('date_of_birth')
  if (holder.date_of_birth && applicant?.date_of_birth && !pagePrintsBirth && centuryApart(holder.date_of_birth, applicant.date_of_birth)) holder.date_of_birth = applicant.date_of_birth
  const truncated = mrz !== null && nameFieldFull(mrz)
  const matches = Object.fromEntries(FIELDS.map((f) => [f, null])) as IdentityCheckResult['details']['matches']
  const declared = applicant ?? {}
  for (const f of FIELDS) {
    const want = declared[f]
    if (want === undefined) continue
    const have = holder[f]
    if (have === null) {
      matches[f] = false
      continue
    }
    matches[f] =
      f === 'first_name' ? firstNameMatches(want, have, truncated)
      : f === 'last_name' ? lastNameMatches(want, have, mrz !== null && surnameCut(mrz))
      : f === 'document_number' ? normalizeNumber(want) === normalizeNumber(have)
      : f === 'nationality' ? normalizeState(want) === have
      : want === have
  }
  // A name that matches in part (another transliteration, some of its words, first and last name
  // exchanged) is for a person to look at: a genuine holder types names many ways.
  const exchanged =
    matches.first_name === false && matches.last_name === false && holder.first_name !== null && holder.last_name !== null &&
    namePartlyOrWhole(declared.first_name!, holder.last_name) && namePartlyOrWhole(declared.last_name!, holder.first_name)
  const transliterated = TRANSLITERATED.has(holder.nationality ?? normalizeState(mrz?.issuing_state ?? ''))
  const partly = (f: Field) =>
    exchanged ? f === 'first_name' || f === 'last_name'
    : f === 'first_name' ? namePartlyMatches(declared.first_name!, holder.first_name ?? '', transliterated)
    : f === 'last_name' && namePartlyMatches(declared.last_name!, holder.last_name ?? '', transliterated)
  const reasons: IdentityCheckResult['reasons'] = []
  if (!document || !mrz) reasons.push('no_document')
  else if (!document.passed) reasons.push('document_failed')
  else if (!documentRequested && pageConcern(document)) reasons.push('document_unconfirmed')
  if (FIELDS.every((f) => declared[f] === undefined)) reasons.push('applicant_not_declared')
  // Nothing read is not a mismatch: `no_document` says it.
  if (mrz) for (const f of FIELDS) if (matches[f] === false) reasons.push(partly(f) ? `${f as 'first_name' | 'last_name'}_partial_match` : `${f}_mismatch`)
  return {
    passed: reasons.length === 0,
    reasons,
    document_id: mrz ? document!.document_id : null,
    details: { holder, matches, document_expires_on: mrz?.expiration_date ?? null },
    completed_at: now.toISOString(),
  }
}
