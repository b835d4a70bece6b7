// The dates a page line prints, as OCR reads them: day, month and year in words or numbers, in the
// languages of European documents, with the spaces and slashes OCR loses. Read by the date rules of
// src/domain/viz-dates.ts and by the number rule of src/domain/viz-numbers.ts.

const MONTHS: Record<string, number> = {
  JAN: 1, JANV: 1, FEB: 2, FEV: 2, FEBR: 2, MAR: 3, MAA: 3, MRZ: 3, MARS: 3, APR: 4, AVR: 4, ABR: 4, MAY: 5, MAI: 5, MEI: 5, MAG: 5,
  JUN: 6, JUIN: 6, GIU: 6, JUL: 7, JUIL: 7, LUG: 7, AUG: 8, AOU: 8, AGO: 8, SEP: 9, SEPT: 9, SET: 9, OCT: 10, OKT: 10, OTT: 10,
  NOV: 11, DEC: 12, DEZ: 12, DIC: 12, GEN: 1, ENE: 1, OUT: 10, DES: 12, AOUT: 8,
}

/**
 * The month that letters name when they are months' words alone, run together or not (MAR, MAAMAR,
 * JUNJUIN), a slash between them read as I or L (MAAIMAR): no name among them.
 */
function monthsOnly(letters: string): number | undefined {
  for (const n of [3, 4]) {
    const [month, rest] = [MONTHS[letters.slice(0, n)], letters.slice(n)]
    if (letters.length < n || month === undefined) continue
    if (rest === '' || monthsOnly(rest) !== undefined || (/^[IL]/.test(rest) && monthsOnly(rest.slice(1)) !== undefined)) return month
  }
  return undefined
}

/** Whether a word is months' words alone (a date's, not a name). */
export const isMonthWord = (word: string) => monthsOnly(word.normalize('NFD').replace(/\p{M}/gu, '')) !== undefined

/**
 * A line as dates are read from it: diacritics dropped, and a month's O read as a zero put back, at its
 * end before its year (01 AG02016) or at its start after the day (310CT2033), where that makes a month.
 */
const asOcrReads = (line: string) =>
  line
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(?<=\d[\s./-]*[A-Z]{2})0(?=[\s./-]*\d{4}(?!\d))/g, 'O')
    .replace(/(?<!\d)(\d{1,2}[\s./-]*)0([A-Z]{2})(?=[\s./-]*\d{2})/g, (all, day: string, rest: string) => (MONTHS[`O${rest}`] ? `${day}O${rest}` : all))

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

/** A date found in a line (as `asOcrReads` gives it): where its characters are, and the date. */
interface Found { at: number; end: number; date: string }

/**
 * A day, a month in words and a year of `digits` digits: the month in one language or several
 * (14 MAA/MAR 1985, 12 GEN/JAN 1984), OCR's spaces and slashes lost (14MAAMAR1985, 23JUNJUIN 2032).
 * The first word may be a month in another script, or what OCR keeps of it (20 ΦΕΒ/FEB 1987 read
 * 20 EB/FEB1987), when a slash and a month's word follow.
 */
const monthDate = (digits: number) => new RegExp(`(?<!\\d)(\\d{1,2})[\\s./-]*(\\p{L}{1,4})(?:\\s*\\/?\\s*([A-Z]{3,4}))?((?:\\s*\\/?\\s*[A-Z]{3,4})*)[\\s./-]*(\\d{${digits}})(?!\\d)`, 'gu')
const MONTH_DATE = monthDate(4)
const SHORT_MONTH_DATE = monthDate(2)

/**
 * The month such a match names: its words months' alone, or, after a first word that is not (another
 * script's), a slash and months' words. A name between a month and a year makes no date.
 */
function inWords(m: RegExpMatchArray): number | undefined {
  const rest = `${m[3] ?? ''}${m[4]!}`.replace(/[^A-Z]/g, '')
  return monthsOnly(`${m[2]}${rest}`) ?? (/^\s*\//.test(m[0].slice(m[0].indexOf(m[2]!) + m[2]!.length)) && rest ? monthsOnly(rest) : undefined)
}

/** The dates a line prints with their century, as YYYY-MM-DD. */
function fullDates(line: string): Found[] {
  const found: Found[] = []
  const add = (m: RegExpMatchArray, date: string) => found.push({ at: m.index!, end: m.index! + m[0].length, date })
  for (const m of line.matchAll(MONTH_DATE)) {
    const month = inWords(m)
    if (month) add(m, iso(Number(m[5]), month, Number(m[1])))
  }
  for (const m of line.matchAll(/\b(\d{1,2})[\s./-](\d{1,2})[\s./-](\d{4})\b/g)) add(m, iso(Number(m[3]), Number(m[2]), Number(m[1])))
  // Day, month and year in numbers with spaces lost to OCR (09 04 2012 read 09042012, 0904 2012 or
  // 09 042012): only a real day of a month of this or the last century, since numbers of eight
  // digits are printed too.
  for (const m of line.matchAll(/(?<!\d)(\d{2})( ?)(\d{2})( ?)((?:19|20)\d{2})(?!\d)/g)) {
    const [day, month] = [Number(m[1]), Number(m[3])]
    if (m[2]! + m[4]! !== '  ' && month >= 1 && month <= 12 && day >= 1 && day <= 31) add(m, iso(Number(m[5]), month, day))
  }
  for (const m of line.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) add(m, iso(Number(m[1]), Number(m[2]), Number(m[3])))
  return found.sort((x, y) => x.at - y.at)
}

/** The dates a line prints with a two-digit year and the month in words, as YY-MM-DD. */
function shortDates(line: string): Found[] {
  const found: Found[] = []
  for (const m of line.matchAll(SHORT_MONTH_DATE)) {
    const month = inWords(m)
    if (month) found.push({ at: m.index, end: m.index + m[0].length, date: iso(Number(m[5]), month, Number(m[1])).slice(2) })
  }
  return found
}

/** Every date a page line prints (day month year, in words or numbers), as YYYY-MM-DD, in the order printed. */
export const datesOf = (printed: string): string[] => fullDates(asOcrReads(printed)).map((f) => f.date)

/**
 * Dates a page line prints with a two-digit year and the month in words (British passports:
 * 14 MAR /MARS 85), as YY-MM-DD: the year's century is not printed.
 */
export const shortDatesOf = (line: string): string[] => shortDates(asOcrReads(line)).map((f) => f.date)

/** Whether a page line prints a date, in any of the ways `datesOf` and `shortDatesOf` read. */
export function printsDate(line: string): boolean {
  const upper = line.normalize('NFC').toUpperCase()
  return datesOf(upper).length + shortDatesOf(upper).length > 0
}

/** A page line (upper case) with the characters of every date it prints made spaces: what else it prints (a number beside a date). */
export function withoutDates(line: string): string {
  const read = asOcrReads(line)
  const chars = read.split('')
  for (const { at, end } of [...fullDates(read), ...shortDates(read)]) for (let i = at; i < end; i++) chars[i] = ' '
  return chars.join('')
}

/** What a page line prints before its first date (the whole line where it prints none): a label's words, where it prints its date after them. */
export function beforeDates(line: string): string {
  const read = asOcrReads(line)
  return line.slice(0, Math.min(line.length, ...[...fullDates(read), ...shortDates(read)].map((f) => f.at)))
}
