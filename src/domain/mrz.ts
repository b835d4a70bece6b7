// Machine-readable zones (ICAO 9303): finding one in OCR text, parsing it with the `mrz` package
// (TD1, TD2, TD3, and visas through the layouts they share), and the API's view of it (MrzData).
import { parse } from 'mrz'
import type { MrzData } from '../../generated/schemas.js'
import { frenchIdExpiry } from './french-id.js'

type ParseResult = ReturnType<typeof parse>

const SHAPES = [
  { format: 'TD3', lines: 2, length: 44 },
  { format: 'TD1', lines: 3, length: 30 },
  { format: 'TD2', lines: 2, length: 36 },
] as const

/** One OCR line as MRZ characters: upper case, look-alikes of `<` and `X` mapped, the rest dropped. */
export function normalizeMrzLine(text: string): string {
  return text
    .toUpperCase()
    .replace(/[«‹〈＜]/g, '<')
    .replace(/[×✕]/g, 'X')
    .replace(/[^A-Z0-9<]/g, '')
}

/** Fits an OCR line to an MRZ line length: fillers dropped or lost at the end are repaired. */
function fit(line: string, length: number): string | null {
  if (line.length === length) return line
  if (line.length > length) {
    const extra = line.slice(length)
    return /^<+$/.test(extra) ? line.slice(0, length) : null
  }
  // Only a short loss: a long one is more likely a cut-off line than dropped fillers.
  return length - line.length <= 2 ? line.padEnd(length, '<') : null
}

function checkDigitsValid(result: ParseResult): number {
  return result.details.filter((d) => d.field?.endsWith('CheckDigit') && d.valid).length
}

/** ICAO 9303 check digit: 7-3-1 weights, `<` as 0, A–Z as 10–35. */
function checkDigit(s: string): string {
  const value = (c: string) => (c === '<' ? 0 : c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 55)
  return String([...s].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3]!, 0) % 10)
}

/**
 * A zone the `mrz` package parsed, with what it does not know: visas (MRV-A, MRV-B), and the French
 * identity card's number, nationality and expiry (src/domain/french-id.ts); that card is reported
 * as TD2, the layout of its 2 × 36 lines.
 */
export interface ParsedMrz {
  result: ParseResult
  format: MrzData['format']
  /** A visa's own document code and optional data (the package reads them as a passport's or card's). */
  visa: { documentCode: string; optionalData: string | null } | null
  frenchId: boolean
  /** The lines as parsed. */
  lines: string[]
}

/**
 * The lines as the `mrz` package can parse them. Sex `X` (ICAO 9303's unspecified, beside `<`) is
 * given as `<`, which no check digit covers. A visa is given as the passport (MRV-A, 2 × 44) or card
 * (MRV-B, 2 × 36) of the same layout: its line 2 ends in 16 or 8 characters of optional data with no
 * check digit, where those have a personal number, its check digit and a composite one; so the
 * optional data is set aside, and fillers with the composite digit of the rest take its place.
 */
function forLibrary(lines: string[]): { lines: string[]; visa: ParsedMrz['visa']; format: 'MRVA' | 'MRVB' | null } {
  const two = lines.length === 2
  const sexAt = two ? 20 : 7
  const [l1, l2] = [lines[0] ?? '', lines[1] ?? '']
  // The French card's line 2 has a first name where the others have the sex.
  const french = two && l1.startsWith('IDFRA') && l1.length === 36
  const unspecified = !french && l2.charAt(sexAt) === 'X' ? `${l2.slice(0, sexAt)}<${l2.slice(sexAt + 1)}` : l2
  const out = [l1, unspecified, ...lines.slice(2)]
  if (!two || !l1.startsWith('V') || (l1.length !== 44 && l1.length !== 36)) return { lines: out, visa: null, format: null }
  const mrva = l1.length === 44
  const head = unspecified.slice(0, 28)
  const tail = mrva ? '<'.repeat(15) : '<'.repeat(7)
  const composite = checkDigit(`${head.slice(0, 10)}${head.slice(13, 20)}${head.slice(21)}${tail}`)
  const optional = l2.slice(28).replace(/<+$/, '').replace(/<+/g, ' ').trim()
  return {
    lines: [`${mrva ? 'P' : 'I'}<${l1.slice(2)}`, `${head}${tail}${composite}`],
    visa: { documentCode: l1.slice(0, 2).replace(/</g, ''), optionalData: optional || null },
    format: mrva ? 'MRVA' : 'MRVB',
  }
}

function tryParse(lines: string[], autocorrect: boolean): ParsedMrz | null {
  const prepared = forLibrary(lines)
  try {
    const result = parse(prepared.lines, { autocorrect })
    const frenchId = result.format === 'FRENCH_NATIONAL_ID'
    if (!frenchId && !['TD1', 'TD2', 'TD3'].includes(result.format)) return null
    return { result, format: frenchId ? 'TD2' : (prepared.format ?? (result.format as MrzData['format'])), visa: prepared.visa, frenchId, lines: prepared.lines }
  } catch {
    return null
  }
}

/**
 * Whether a name field holds fillers OCR read as K: three K's in a row, or two ending it, which no
 * name has (Finnish names have two inside: HAKKINEN). Names have no check digit, so this is the one
 * sign of such a misread in the zone itself.
 */
export function fillersReadAsK(result: ParseResult): boolean {
  return ['lastName', 'firstName'].some((name) => /KKK|KK$|KK /.test(field(result, name) ?? ''))
}

/** A zone found in OCR text: its lines, how well they parse (more is better), whether every field is valid. */
export interface MrzFound {
  lines: string[]
  score: number
  valid: boolean
}

/**
 * The MRZ among OCR'd text lines (top to bottom), or null. Of several readings that parse, the one
 * with the most valid check digits wins; OCR confusions (O/0, I/1 …) are repaired by field type.
 */
export function findMrz(texts: string[]): MrzFound | null {
  const lines = texts.map(normalizeMrzLine).filter((l) => l.length >= 20)
  let best: MrzFound | null = null
  for (const shape of SHAPES) {
    for (let i = 0; i + shape.lines <= lines.length; i++) {
      const group = lines.slice(i, i + shape.lines).map((l) => fit(l, shape.length))
      if (group.some((l) => l === null)) continue
      const parsed = tryParse(group as string[], true)
      if (!parsed) continue
      const { result } = parsed
      const corrected = correctedLines(group as string[], result)
      const misread = fillersReadAsK(result)
      const score = checkDigitsValid(result) * 10 + (result.valid && !misread ? 5 : 0)
      if (!best || score > best.score) best = { lines: corrected, score, valid: result.valid && !misread }
    }
  }
  return best
}

/** The lines with the parser's autocorrections applied, so that they parse the same "as is". */
function correctedLines(lines: string[], result: ParseResult): string[] {
  const chars = lines.map((l) => l.split(''))
  for (const d of result.details) {
    for (const fix of (d as { autocorrect?: Array<{ line: number; column: number; corrected: string }> }).autocorrect ?? []) {
      const row = chars[fix.line]
      if (row && fix.column < row.length) row[fix.column] = fix.corrected
    }
  }
  return chars.map((c) => c.join(''))
}

/** The lines of an MRZ sent as text: trimmed, blank ones dropped. */
export const mrzTextLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)

/** Splits MRZ text as sent by a client (lines separated by newlines) and parses it as is, or null. */
export function parseMrzText(text: string): ParsedMrz | null {
  const lines = mrzTextLines(text)
  if (!lines.every((l) => /^[A-Z0-9<]+$/.test(l))) return null
  return tryParse(lines, false)
}

export function parseMrzLines(lines: string[]): ParsedMrz | null {
  return tryParse(lines, false)
}

const SEX: Record<string, string> = { male: 'M', female: 'F', nonspecified: 'X' }

function field(result: ParseResult, name: string): string | null {
  const v = (result.fields as Record<string, string | null | undefined>)[name]
  return v === undefined || v === null || v === '' ? null : v
}

function digitValid(result: ParseResult, name: string): boolean | null {
  const d = result.details.find((x) => x.field === name)
  return d ? d.valid : null
}

/** No document is valid for longer: an expiry further ahead than this is read in the century before. */
export const EXPIRY_WINDOW_YEARS = 20

/**
 * Whether two dates (YYYY-MM-DD) are the same day a century apart: what a zone's two-digit year cannot
 * tell apart (a birth in 1924 or in 2024), where the page or the person can.
 */
export const centuryApart = (a: string, b: string) => a.slice(4) === b.slice(4) && Math.abs(Number(a.slice(0, 4)) - Number(b.slice(0, 4))) === 100

/**
 * YYMMDD → YYYY-MM-DD. A birth date takes the latest century that does not put it in the future; an
 * expiry is 20YY unless that is more than EXPIRY_WINDOW_YEARS ahead, then 19YY (`991231` is 1999).
 */
export function mrzDate(yymmdd: string | null, kind: 'birth' | 'expiry', today = new Date()): string | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null
  const yy = Number(yymmdd.slice(0, 2))
  const mm = yymmdd.slice(2, 4)
  const dd = yymmdd.slice(4, 6)
  let year = 2000 + yy
  if (kind === 'birth' && `${year}-${mm}-${dd}` > today.toISOString().slice(0, 10)) year -= 100
  if (kind === 'expiry' && year > today.getUTCFullYear() + EXPIRY_WINDOW_YEARS) year -= 100
  const iso = `${year}-${mm}-${dd}`
  const d = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso
}

export interface MrzReading {
  data: MrzData
  /** Every check digit of the zone holds (the personal-number digit of a passport included). */
  checkDigitsValid: boolean
  /** Fields other than check digits that the parser found invalid. */
  invalidFields: string[]
}

/**
 * The given names: none when the name field holds no `<<` (a surname alone filling it), where the
 * `mrz` package repeats the surname as the given names.
 */
function givenNames({ result, frenchId, lines }: ParsedMrz): string | null {
  const range = result.details.find((d) => d.field === 'lastName')?.ranges[0]
  const names = range ? (lines[range.line] ?? '').slice(range.start, range.end) : '<<'
  return frenchId || names.includes('<<') ? field(result, 'firstName') : null
}

/** Whether a zone's date is six digits that make no date (the package itself refuses a month or day of 00). */
const noDay = (raw: string | null, date: string | null) => raw !== null && /^\d{6}$/.test(raw) && date === null

export function toMrzReading(parsed: ParsedMrz, today = new Date()): MrzReading {
  const { result, format, visa, frenchId } = parsed
  const optional = visa
    ? visa.optionalData
    : frenchId
      ? field(result, 'administrativeCode')
      : [field(result, 'personalNumber'), field(result, 'optional1'), field(result, 'optional2')].filter(Boolean).join(' ')
  const checkDetails = result.details.filter((d) => d.field?.endsWith('CheckDigit'))
  const dateOfBirth = mrzDate(field(result, 'birthDate'), 'birth', today)
  const expiry = frenchId ? null : mrzDate(field(result, 'expirationDate'), 'expiry', today)
  // The French card's number is printed whole: month of issue, office, then the five the package calls the number.
  const frenchNumber = frenchId ? [field(result, 'issueDate'), field(result, 'administrativeCode2'), field(result, 'documentNumber')].map((p) => p ?? '').join('') : null
  const documentNumber = frenchNumber || (result.documentNumber ?? field(result, 'documentNumber'))
  return {
    data: {
      format,
      document_code: visa ? visa.documentCode : field(result, 'documentCode'),
      issuing_state: field(result, 'issuingState'),
      document_number: documentNumber,
      surname: field(result, 'lastName'),
      given_names: givenNames(parsed),
      nationality: frenchId ? 'FRA' : field(result, 'nationality'),
      date_of_birth: dateOfBirth,
      sex: SEX[field(result, 'sex') ?? ''] ?? null,
      expiration_date: frenchId ? frenchIdExpiry(field(result, 'issueDate'), dateOfBirth, today) : expiry,
      optional_data: optional || null,
      check_digits: {
        document_number: digitValid(result, 'documentNumberCheckDigit') ?? false,
        date_of_birth: digitValid(result, 'birthDateCheckDigit') ?? false,
        expiration_date: frenchId ? null : (digitValid(result, 'expirationDateCheckDigit') ?? false),
        composite: visa ? null : digitValid(result, 'compositeCheckDigit'),
      },
    },
    checkDigitsValid: checkDetails.length > 0 && checkDetails.every((d) => d.valid),
    // A field the package and this reading both find invalid is named once.
    invalidFields: [
      ...new Set([
        ...result.details.filter((d) => !d.valid && d.field && !d.field.endsWith('CheckDigit')).map((d) => d.field!),
        ...(fillersReadAsK(result) ? ['names'] : []),
        // Six digits that are no day of the calendar (31 February) pass the package's checks and their
        // check digit; a zone that says so was not misread. (Fillers for an unknown date are no error.)
        ...(noDay(field(result, 'birthDate'), dateOfBirth) ? ['birthDate'] : []),
        ...(!frenchId && noDay(field(result, 'expirationDate'), expiry) ? ['expirationDate'] : []),
        // A zone whose number is only fillers names no document.
        ...(documentNumber ? [] : ['documentNumber']),
      ]),
    ],
  }
}
