// The `identity` check: the holder's data on the document against what the client declared.
// Names are compared the way ICAO 9303 writes them in an MRZ: upper case A–Z, no diacritics,
// hyphens and apostrophes as spaces, and the transliterations of its Table 1 (Ü → UE or U, ß → SS …).
import type { Applicant, DocumentCheckResult, IdentityCheckResult, IdentityHolder } from '../../generated/schemas.js'

type Field = keyof IdentityHolder
const FIELDS: Field[] = ['first_name', 'last_name', 'date_of_birth', 'document_number', 'nationality']

/** Letters ICAO transliterates to more than one letter; the single-letter form is tried as well. */
const MULTI: Array<[RegExp, string]> = [
  [/Ä/g, 'AE'], [/Ö/g, 'OE'], [/Ü/g, 'UE'], [/ß/g, 'SS'], [/Æ/g, 'AE'], [/Ø/g, 'OE'], [/Å/g, 'AA'],
  [/Œ/g, 'OE'], [/Þ/g, 'TH'], [/Ĳ/g, 'IJ'],
]
const SINGLE: Array<[RegExp, string]> = [[/ß/g, 'SS'], [/Æ/g, 'AE'], [/Ø/g, 'O'], [/Œ/g, 'OE'], [/Þ/g, 'TH'], [/Ĳ/g, 'IJ'], [/Ð/g, 'D'], [/Đ/g, 'D'], [/Ł/g, 'L'], [/Ħ/g, 'H'], [/İ/g, 'I']]

function clean(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .replace(/ +/g, ' ')
}

/** The ways a declared name can appear in an MRZ. */
export function mrzNameForms(name: string): Set<string> {
  const upper = name.toUpperCase()
  const forms = new Set<string>()
  let multi = upper
  for (const [re, to] of MULTI) multi = multi.replace(re, to)
  let single = upper
  for (const [re, to] of SINGLE) single = single.replace(re, to)
  forms.add(clean(multi))
  forms.add(clean(single))
  return forms
}

function normalizeMrzName(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim()
}

/** A declared first name matches all given names, or the first of them (people often give one). */
function firstNameMatches(declared: string, mrz: string): boolean {
  const given = normalizeMrzName(mrz)
  for (const form of mrzNameForms(declared)) {
    if (form === given || (form.length > 0 && `${given} `.startsWith(`${form} `))) return true
  }
  return false
}

function lastNameMatches(declared: string, mrz: string): boolean {
  return mrzNameForms(declared).has(normalizeMrzName(mrz))
}

/** ICAO writes Germany as D in an MRZ; everyone else by ISO 3166-1 alpha-3. */
const normalizeState = (s: string) => (s.replace(/</g, '').toUpperCase() === 'D' ? 'DEU' : s.replace(/</g, '').toUpperCase())
const normalizeNumber = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '')

export function identityCheck(
  applicant: Applicant | null,
  document: DocumentCheckResult | null,
  now: Date,
): IdentityCheckResult {
  const mrz = document?.details.mrz ?? null
  const holder: IdentityHolder = {
    first_name: mrz?.given_names ?? null,
    last_name: mrz?.surname ?? null,
    date_of_birth: mrz?.date_of_birth ?? null,
    document_number: mrz?.document_number ?? null,
    nationality: mrz?.nationality ? normalizeState(mrz.nationality) : null,
  }
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
      f === 'first_name' ? firstNameMatches(want, have)
      : f === 'last_name' ? lastNameMatches(want, have)
      : f === 'document_number' ? normalizeNumber(want) === normalizeNumber(have)
      : f === 'nationality' ? normalizeState(want) === have
      : want === have
  }
  const reasons: IdentityCheckResult['reasons'] = []
  if (!document || !mrz) reasons.push('no_document')
  else if (!document.passed) reasons.push('document_failed')
  if (FIELDS.every((f) => declared[f] === undefined)) reasons.push('applicant_not_declared')
  for (const f of FIELDS) if (matches[f] === false) reasons.push(`${f}_mismatch`)
  return {
    passed: reasons.length === 0,
    reasons,
    document_id: mrz ? document!.document_id : null,
    details: { holder, matches },
    completed_at: now.toISOString(),
  }
}
