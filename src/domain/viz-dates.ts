// The dates a data page prints (birth, issue, expiry), read from its OCR lines, and how they stand
// against the zone's two dates (src/domain/viz-check.ts).
import type { MrzData } from '../../generated/schemas.js'
import type { VizStatus } from './viz-check.js'

const MONTHS: Record<string, number> = {
  JAN: 1, JANV: 1, FEB: 2, FEV: 2, FEBR: 2, MAR: 3, MAA: 3, MRZ: 3, MARS: 3, APR: 4, AVR: 4, ABR: 4, MAY: 5, MAI: 5, MEI: 5, MAG: 5,
  JUN: 6, JUIN: 6, GIU: 6, JUL: 7, JUIL: 7, LUG: 7, AUG: 8, AOU: 8, AGO: 8, SEP: 9, SEPT: 9, SET: 9, OCT: 10, OKT: 10, OTT: 10,
  NOV: 11, DEC: 12, DEZ: 12, DIC: 12, GEN: 1, ENE: 1, OUT: 10, DES: 12, AOUT: 8,
}

/** Every date a page line prints (day month year, in words or numbers), as YYYY-MM-DD. */
export function datesOf(printed: string): string[] {
  const found: string[] = []
  const line = printed.normalize('NFD').replace(/\p{M}/gu, '')
  // OCR often drops the spaces (14MAA/MAR1985), and at a slant the slash between a month's two
  // languages too (14MAAMAR 1985): the first word names the month, or the second (12 GEN/JAN 1984).
  for (const m of line.matchAll(/(?<!\d)(\d{1,2})[\s./-]*([A-Z]{3,4})(?:\s*\/?\s*([A-Z]{3,4}))?(?:\s*\/?\s*[A-Z]{3,4})*[\s./-]*(\d{4})(?!\d)/g)) {
    const month = MONTHS[m[2]!] ?? MONTHS[m[3] ?? '']
    if (month) found.push(iso(Number(m[4]), month, Number(m[1])))
  }
  for (const m of line.matchAll(/\b(\d{1,2})[\s./-](\d{1,2})[\s./-](\d{4})\b/g)) found.push(iso(Number(m[3]), Number(m[2]), Number(m[1])))
  // Day, month and year in numbers with their spaces lost to OCR (09 04 2012 read 09042012): only a
  // real day of a month of this or the last century, since numbers of eight digits are printed too.
  for (const m of line.matchAll(/(?<!\d)(\d{2})(\d{2})((?:19|20)\d{2})(?!\d)/g)) {
    const [day, month] = [Number(m[1]), Number(m[2])]
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) found.push(iso(Number(m[3]), month, day))
  }
  for (const m of line.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) found.push(iso(Number(m[1]), Number(m[2]), Number(m[3])))
  return found
}

/** Whether a page line prints a date, in any of the ways `datesOf` and `shortDatesOf` read. */
export function printsDate(line: string): boolean {
  const upper = line.normalize('NFC').toUpperCase()
  return datesOf(upper).length + shortDatesOf(upper).length > 0
}

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

/**
 * Dates a page line prints with a two-digit year and the month in words (British passports:
 * 14 MAR /MARS 85), as YY-MM-DD: the year's century is not printed.
 */
export function shortDatesOf(line: string): string[] {
  const found: string[] = []
  for (const m of line.matchAll(/(?<!\d)(\d{1,2})[\s./-]*([A-Z]{3,4})(?:\s*\/?\s*[A-Z]{3,4})*[\s./-]*(\d{2})(?!\d)/g)) {
    const month = MONTHS[m[2]!]
    if (month) found.push(iso(Number(m[3]), month, Number(m[1])).slice(2))
  }
  return found
}

/** Dates as a page prints them: with their century (YYYY-MM-DD), and with a two-digit year (YY-MM-DD). */
interface Dates { full: string[], short: string[] }

/** The dates a page prints, and those it prints under a label naming what they are. */
export interface PageDates extends Dates {
  /** Dates printed under a label of a date (or on its line), and under a label of another field (`other`). */
  labelled: Record<DateLabel, Dates>
}

/** Pairs of a page's lines [i, j], line j printed right under line i (a label and its value); none when the layout is unknown. */
export type Under = ReadonlyArray<readonly [number, number]>

/** What a label names: one of a document's dates, or another field. */
export type DateLabel = 'birth' | 'issue' | 'expiry' | 'other'

/**
 * Words naming each date (English, French, German, Dutch, Spanish, Italian), and words that make a
 * label another field's (a place of birth, an issuing authority).
 */
const NAMING: Record<Exclude<DateLabel, 'other'>, { words: string[]; not: string[] }> = {
  birth: {
    words: ['BIRTH', 'NAISSANCE', 'GEBOORTEDATUM', 'GEBURTSTAG', 'GEBURTSDATUM', 'NACIMIENTO', 'NASCITA'],
    not: ['PLACE', 'LIEU', 'GEBOORTEPLAATS', 'GEBURTSORT', 'LUGAR', 'LUOGO'],
  },
  issue: {
    words: ['ISSUE', 'AFGIFTE', 'DELIVRANCE', 'AUSSTELLUNG', 'EXPEDICION', 'RILASCIO', 'EMISSION'],
    not: ['AUTHORITY', 'AUTORITE', 'AUTORITEIT', 'BEHORDE', 'AUTORIDAD', 'AUTORITA', 'PLACE', 'LIEU', 'LUGAR', 'LUOGO'],
  },
  expiry: { words: ['EXPIRY', 'EXPIRATION', 'GELDIG', 'GULTIG', 'CADUCIDAD', 'VALIDEZ', 'SCADENZA', 'VALIDUNTIL', 'VALIDITE'], not: [] },
}
/** Words of a date's label without which a line naming no date is no date's label. */
const DATE_WORDS = ['DATE', 'DATUM', 'FECHA', 'DATA']
/** Words of the labels of a document's other fields. */
const FIELD_WORDS = [
  'NAME', 'GIVEN', 'NATIONALITY', 'SEX', 'AUTHORITY', 'PLACE', 'SIGNATURE', 'TYPE', 'CODE', 'NOM', 'PRENOM', 'NATIONALITE',
  'LIEU', 'AUTORITE', 'NAAM', 'VOORNAMEN', 'GESLACHT', 'GEBOORTEPLAATS', 'AUTORITEIT', 'HANDTEKENING', 'SOORT',
  'VORNAMEN', 'STAATSANGEHORIGKEIT', 'GESCHLECHT', 'GEBURTSORT', 'BEHORDE', 'UNTERSCHRIFT', 'APELLIDOS', 'NOMBRE',
  'NACIONALIDAD', 'LUGAR', 'AUTORIDAD', 'FIRMA', 'COGNOME', 'CITTADINANZA', 'LUOGO', 'AUTORITA',
]

/**
 * What a page line labels, as its letters name it (OCR often drops a label's spaces: Dateofbirth): one
 * date, or another field; null for a value, a line naming two dates (two labels read as one line), or
 * a date's label naming none that is known.
 */
export function labelOf(line: string): DateLabel | null {
  const letters = line.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z]/g, '')
  const has = (words: string[]) => words.some((w) => letters.includes(w))
  const named = (Object.keys(NAMING) as Array<keyof typeof NAMING>).filter((k) => has(NAMING[k].words) && !has(NAMING[k].not))
  if (named.length === 1) return named[0]!
  return named.length === 0 && !has(DATE_WORDS) && has(FIELD_WORDS) ? 'other' : null
}

/**
 * The dates of a page (its lines upper case), and which it prints right under a label (`under`) or on a
 * label's own line (Date of birth 14.03.1985). A value line printing two dates (two columns read as one
 * line) tells neither's label.
 */
export function pageDates(lines: string[], under: Under): PageDates {
  const none = (): Dates => ({ full: [], short: [] })
  const labelled: Record<DateLabel, Dates> = { birth: none(), issue: none(), expiry: none(), other: none() }
  const add = (label: DateLabel | null, value: string) => {
    const [full, short] = [datesOf(value), shortDatesOf(value)]
    if (!label || full.length + short.length !== 1) return
    labelled[label].full.push(...full)
    labelled[label].short.push(...short)
  }
  for (const [i, j] of under) {
    const label = lines[i]!
    if (!printsDate(label)) add(labelOf(label), lines[j]!)
  }
  for (const line of lines) if (printsDate(line)) add(labelOf(line), line)
  return { full: lines.flatMap(datesOf), short: lines.flatMap(shortDatesOf), labelled }
}

/**
 * Whether the page's labels allow a date to be the zone's `kind`: where the page labels that date, it
 * prints this one there (and no other), and it prints it under no other field's label. A sticker
 * printing a forged expiry over the page's date of issue, or over its place of birth, leaves the page's
 * own expiry under its label.
 */
function labelsAgree(dates: PageDates, value: string, kind: Exclude<DateLabel, 'other'>): boolean {
  const [full, short] = [value, value.slice(2)]
  const own = dates.labelled[kind]
  if (own.full.some((d) => d !== full) || own.short.some((d) => d !== short)) return false
  return (Object.keys(dates.labelled) as DateLabel[]).every((k) => k === kind || !(dates.labelled[k].full.includes(full) || dates.labelled[k].short.includes(short)))
}

/**
 * A date printed on the page, which prints several (birth, issue, expiry): `match` when it is the one
 * in its place, the earliest for a birth and the latest for an expiry; `near` when the page prints it
 * as another date (a zone's birth date moved to the page's date of issue); `unread` when it does not
 * print it (another date is no disagreement). A date printed with a two-digit year has no place of
 * its own, since no such date says its century: a page printing its years so agrees with the zone as
 * `shortDatesAgree` says. Either way a date the page labels must be under its label (`labelsAgree`).
 * `century` says whether the page printed the date's century.
 */
export function lookDate(mrz: MrzData, value: string, dates: PageDates, kind: 'birth' | 'expiry'): { status: VizStatus, century: boolean } {
  const century = dates.full.includes(value)
  const labels = labelsAgree(dates, value, kind)
  if (!century) {
    if (!dates.short.includes(value.slice(2))) return { status: 'unread', century }
    return { status: labels && shortDatesAgree(mrz, dates.short) ? 'match' : 'near', century }
  }
  const sorted = [...dates.full].sort()
  const inPlace = (kind === 'birth' ? sorted[0] : sorted.at(-1)) === value
  return { status: labels && inPlace && fullDatesAgree(mrz, dates.full) ? 'match' : 'near', century }
}

/** How long before its expiry a document was issued, at most (15 years for some identity cards, and a margin). */
const VALID_FOR_YEARS = 16

/**
 * Whether the dates a page prints with their century fit the zone's birth and expiry: besides them, one
 * date at most (the issue), between them and within VALID_FOR_YEARS of the expiry. A date added to the
 * page (a sticker printing the zone's forged expiry, or an adult's birth date on a child's passport) is
 * earliest or latest, but leaves the page's own birth or expiry among the others.
 */
function fullDatesAgree(mrz: MrzData, full: string[]): boolean {
  const [born, ends] = [mrz.date_of_birth, mrz.expiration_date]
  if (!born || !ends) return true
  const issuedFrom = `${String(Number(ends.slice(0, 4)) - VALID_FOR_YEARS).padStart(4, '0')}${ends.slice(4)}`
  const others = [...new Set(full)].filter((d) => d !== born && d !== ends)
  return others.length <= 1 && others.every((d) => d >= born && d >= issuedFrom && d <= ends)
}

/** How long before its expiry a document printing two-digit years was issued, at most (a British passport: 10 years and 9 months). */
const ISSUED_WITHIN_YEARS = 11

/**
 * Whether a page printing two-digit years (YY-MM-DD) agrees with the zone's two dates, which say their
 * centuries: the two are printed apart (one printed date is no birth and expiry both), and every
 * other date printed (the issue) lies between them in some century, within ISSUED_WITHIN_YEARS of the
 * expiry. A zone's birth or expiry moved onto the date of issue leaves the page's own birth or expiry
 * outside them, whatever its century; a zone whose expiry is the printed birthday (and birth the
 * issue) leaves the real expiry decades before it.
 */
function shortDatesAgree(mrz: MrzData, short: string[]): boolean {
  const [born, ends] = [mrz.date_of_birth, mrz.expiration_date]
  if (!born || !ends || born >= ends || born.slice(2) === ends.slice(2)) return false
  const issuedFrom = `${String(Number(ends.slice(0, 4)) - ISSUED_WITHIN_YEARS).padStart(4, '0')}${ends.slice(4)}`
  const from = issuedFrom > born ? issuedFrom : born
  const issued = (d: string) => {
    for (let c = Number(from.slice(0, 2)); c <= Number(ends.slice(0, 2)); c++) {
      const date = `${String(c).padStart(2, '0')}${d}`
      if (date >= from && date <= ends) return true
    }
    return false
  }
  return short.every((d) => d === born.slice(2) || d === ends.slice(2) || issued(d))
}
