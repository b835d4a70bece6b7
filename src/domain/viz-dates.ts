// The dates a data page prints (birth, issue, expiry), read from its OCR lines, and how they stand
// against the zone's two dates (src/domain/viz-check.ts).
import type { MrzData } from '../../generated/schemas.js'
import type { VizStatus } from './viz-check.js'
import { beforeDates, datesOf, isMonthWord, shortDatesOf, withoutDates } from './printed-dates.js'
import { DATE_WORDS, EXPIRY_ONLY, FIELD_WORDS, NAMING, nextRow, RANGE } from './viz-labels.js'

/** Dates as a page prints them: with their century (YYYY-MM-DD), and with a two-digit year (YY-MM-DD). */
interface Dates { full: string[], short: string[] }

/** The dates a page prints, and those it prints under a label naming what they are. */
export interface PageDates extends Dates {
  /** Dates printed under a label of a date (or on its line), and under a label of another field (`other`). */
  labelled: Record<DateLabel, Dates>
  /** For each label, the dates of each row naming it that cannot be told apart: one of them is that label's. */
  among: Record<DateLabel, Dates[]>
  /** Labels over a value printing digits but no date that can be read (a digit added to it): their date is unknown. */
  unreadable: Set<DateLabel>
  /** Whether the page's layout is known (its labels and the values under them). */
  laidOut: boolean
  /** Dates printed on a validity's label (Valid from - until), or right under or after it. */
  validity: string[]
  /** For each label saying it labels a date (its words misread or not), the dates on it and right under or after it. */
  underLabel: string[][]
}

/** Where a page's lines are printed, as far as labels go; nothing is known of a page sent as text. */
export interface PageLayout {
  /** Pairs [i, j] of the page's lines: line j is in the row right under line i and shares part of its span (a label and its value). */
  under: ReadonlyArray<readonly [number, number]>
  /** Pairs [i, j]: line j is the next printed after line i in its row (a label and its value, printed beside it). */
  beside: ReadonlyArray<readonly [number, number]>
  /** Where each line begins along the way the page reads: the lines of a row, in order. */
  along: readonly number[]
  /** Where each line ends, the same way (where the reader knows). */
  ends?: readonly number[]
}
export const NO_LAYOUT: PageLayout = { under: [], beside: [], along: [] }

/** What a label names: one of a document's dates, a date it does not say (`date`: its words misread), or another field. */
export type DateLabel = 'birth' | 'issue' | 'expiry' | 'date' | 'other'
const DATE_LABELS = ['birth', 'issue', 'expiry'] as const

/** A line's letters as labels are compared: diacritics dropped, upper case. */
const plain = (line: string) => line.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()

/** Whether a line names a validity's two dates (Valid from - until). */
const namesRange = (line: string) => {
  const letters = plain(line).replace(/[^A-Z]/g, '')
  return RANGE.test(letters) && !EXPIRY_ONLY.some((w) => letters.includes(w))
}

/** Whether a line prints a word of a field's label (Autoridad: DGP 28079 holds its label). */
const namesField = (line: string) => plain(line).split(/[^A-Z]+/).some((w) => FIELD_WORDS.has(w))

/**
 * What a page line labels, as its letters name it (OCR often drops a label's spaces: Dateofbirth): the
 * dates it names, in the order named (two labels read as one line name two); a date it does not say
 * (Date of expil, or a validity's two); or another field, when the line is labels alone (Sex: F holds
 * its value). None for a value.
 */
export function labelsOf(line: string): DateLabel[] {
  const letters = plain(line).replace(/[^A-Z]/g, '')
  const at = (words: string[]) => Math.min(...words.map((w) => letters.indexOf(w)).filter((i) => i >= 0))
  const has = (words: string[]) => at(words) < Infinity
  if (namesRange(line)) return ['date']
  // A word making the label another field's begins a word (Placeofbirth; REPLACED is none).
  const starts = plain(line).split(/[^A-Z]+/)
  const other = (words: string[]) => starts.some((s) => words.some((w) => s.startsWith(w)))
  const named = DATE_LABELS.filter((k) => has(NAMING[k].words) && !other(NAMING[k].not))
  if (named.length) return named.sort((a, b) => at(NAMING[a].words) - at(NAMING[b].words))
  if (has(DATE_WORDS)) return ['date']
  const words = plain(line).split(/[^A-Z0-9]+/).filter(Boolean)
  const alone = words.every((w) => w.length > 1 && !/\d/.test(w))
  return alone && words.some((w) => FIELD_WORDS.has(w)) ? ['other'] : []
}

/**
 * The dates of a page (its lines upper case), and which it prints under a label or on a label's own
 * line (Date of birth 14.03.1985). The labels of a row and the values under them are taken together,
 * each in the order printed (two columns' values read as one line): when they are as many as the dates
 * the values print, each date is its label's; with more dates, each is under each of the row's labels;
 * with fewer, the row only says that each label's date is one of its dates (`among`).
 */
export function pageDates(lines: string[], layout: PageLayout): PageDates {
  const none = (): Dates => ({ full: [], short: [] })
  const labelled: Record<DateLabel, Dates> = { birth: none(), issue: none(), expiry: none(), date: none(), other: none() }
  const among: Record<DateLabel, Dates[]> = { birth: [], issue: [], expiry: [], date: [], other: [] }
  const dated = lines.map((l) => [...datesOf(l).map((d) => ({ d, full: true })), ...shortDatesOf(l).map((d) => ({ d, full: false }))])
  // A line of words alone that names nothing known (Expires, DOB) labels a date all the same: it takes
  // its place among a row's labels (`date`), so that its date is not taken for a neighbour's.
  const labels = lines.map((l): DateLabel[] => {
    const named = labelsOf(l)
    return named.length || /\d/.test(l) || !/\p{L}{2}/u.test(l) ? named : ['date']
  })
  const add = (label: DateLabel, date: { d: string; full: boolean }) => labelled[label][date.full ? 'full' : 'short'].push(date.d)
  // Labels and the dates they label, each in the order printed: as many of each, each date is its
  // label's; more dates, any may be any label's (a date added onto a row, run into its value). More
  // labels (a value not read, or printed elsewhere): each label's date is one of the row's.
  const assign = (names: DateLabel[], dates: typeof dated[number]) => {
    if (names.length === dates.length) names.forEach((label, k) => add(label, dates[k]!))
    else if (names.length < dates.length) for (const label of names) for (const date of dates) add(label, date)
    else for (const label of new Set(names)) among[label].push({ full: dates.filter((d) => d.full).map((d) => d.d), short: dates.filter((d) => !d.full).map((d) => d.d) })
  }
  // A line printing a date and naming its label is its own label's.
  lines.forEach((_, j) => dated[j]!.length && labels[j]!.length && assign(labels[j]!, dated[j]!))
  // A label labels the line under it (a date added onto a label's own line does not end that), unless
  // that line has its own label beside it, in the row under the label, and the label names no date
  // (Nationality DUTCH read as one line over Date of birth | 14.03.1985), or prints its date over that
  // line (Date of birth 14.03.1985 over Date of issue | 01.02.2020: labels beside their values); a line
  // of words alone (a name, or a label not known) is no label of a line that has a known one beside
  // it. A date's own label keeps its value whatever is printed beside it or before the label.
  const namesDate = (i: number) => labels[i]!.some((l) => l !== 'other' && l !== 'date')
  const besideLabels = (j: number) => layout.beside.flatMap(([k, v]) => (v === j && labels[k]!.length && !dated[k]!.length ? [k] : []))
  // The label's words first, naming its date, then its date and nothing more (a word or a label put
  // before a date added there is no label of its own value).
  const dateOver = (i: number, j: number) => {
    const [start, end, at] = [layout.along[i], layout.ends?.[i], lines[i]!.search(/\d{2}/)]
    if (start === undefined || end === undefined || at < 0 || labelsOf(lines[i]!.slice(0, at)).join() !== labels[i]!.join()) return false
    if (withoutDates(lines[i]!.slice(at)).trim()) return false
    return (layout.along[j] ?? -Infinity) >= start + ((end - start) * (at - 1)) / lines[i]!.length
  }
  const ownLabel = (i: number, j: number) =>
    besideLabels(j).some((k) => {
      const inRowUnder = layout.under.some(([a, b]) => a === i && b === k)
      return (inRowUnder && (!namesDate(i) || dateOver(i, j))) || (labels[i]!.every((l) => l === 'date') && namesDate(k))
    })
  // A line with a label of its own is no value of the label over it, where its label comes before its
  // date and it begins as the next row would: words put after a value (09 FEB 2019 UPDATED, or ISSUED),
  // or before it where it begins left of the label (ISSUED 14.09.2021), leave it the value.
  const labelling = (i: number, j: number) => labels[i]!.length && !(labelsOf(beforeDates(lines[j]!)).length && nextRow(lines, layout, i, j)) && !ownLabel(i, j)
  // A label over a value of digits that reads as no date (a digit added onto it) leaves its date unknown;
  // a line naming a field (Autoridad: DGP 28079) is no such value, unless it is a date spoilt (a month's
  // word or six digits: 09FEB/FEB20197SEX), whatever word is put onto it.
  // So does such a value beside a date (the page's own spoilt, another printed after it), words of a
  // label put before the date added (23.05.19480 (Datum: 23.05.1958)) or not.
  const spoilt = (line: string) => line.split(/[^\p{L}]+/u).some(isMonthWord) || (line.match(/\d/g)?.length ?? 0) >= 6
  const unreadable = new Set(
    layout.under.flatMap(([i, j]) => {
      if (!/\d/.test(lines[j]!)) return []
      if (dated[j]!.length) return namesDate(i) && (labelling(i, j) ? spoilt(withoutDates(lines[j]!)) : spoilt(beforeDates(lines[j]!))) ? labels[i]! : []
      return (labelling(i, j) && !namesField(lines[j]!)) || (namesDate(i) && spoilt(lines[j]!)) ? labels[i]!.filter((l) => l !== 'date') : []
    }),
  )
  // A label whose words say only that it labels a date (misread, or words put onto it: Date of birth
  // (replaced: ...)) over a date spoilt: that date may be any of them.
  if (layout.under.some(([i, j]) => !dated[j]!.length && labelsOf(lines[i]!).includes('date') && spoilt(lines[j]!))) unreadable.add('date')
  // A date whose every label is over nothing read and beside nothing, or over words alone (its value
  // covered, or a word printed over it: VERLENGD), is unknown; a label read in pieces has its value
  // under one of them.
  const valued = (i: number) => [...layout.under, ...layout.beside].some(([a, b]) => a === i && /\d/.test(lines[b]!) && !labels[b]!.includes('other'))
  for (const kind of DATE_LABELS) {
    const own = labels.flatMap((names, i) => (names.includes(kind) && !dated[i]!.length ? [i] : []))
    if (layout.along.length && own.length && !own.some(valued)) unreadable.add(kind)
  }
  // A label beside a date (left of it) labels it, whatever its row.
  lines.forEach((_, j) => !labels[j]!.length && dated[j]!.length && besideLabels(j).forEach((k) => assign(labels[k]!, dated[j]!)))
  // Labels over values: the groups they form, each a row's labels and the values under them.
  const pairs = layout.under.filter(([i, j]) => labelling(i, j) && dated[j]!.length)
  const group = new Map<string, string>()
  const root = (n: string): string => (group.get(n) ?? n) === n ? n : root(group.get(n)!)
  for (const [i, j] of pairs) group.set(root(`l${i}`), root(`v${j}`))
  const rows = new Map<string, { labels: Set<number>; values: Set<number> }>()
  for (const [i, j] of pairs) {
    const row = rows.get(root(`v${j}`)) ?? { labels: new Set(), values: new Set() }
    row.labels.add(i)
    row.values.add(j)
    rows.set(root(`v${j}`), row)
  }
  const inOrder = (s: Set<number>) => [...s].sort((a, b) => (layout.along[a] ?? 0) - (layout.along[b] ?? 0))
  for (const row of rows.values()) assign(inOrder(row.labels).flatMap((i) => labels[i]!), inOrder(row.values).flatMap((j) => dated[j]!))
  // Each line whose words say it labels a date (a date's word, read or not: Date o, Datum): the dates
  // after its words, and on the lines right under or after it in its row.
  const saying = (test: (line: string) => boolean) => lines.flatMap((l, i) => {
    if (!test(beforeDates(l))) return []
    const values = [...layout.under, ...layout.beside].flatMap(([a, b]) => (a === i && !labels[b]!.length ? datesOf(lines[b]!) : []))
    return [[...datesOf(l), ...values]]
  })
  const validity = saying(namesRange).flat()
  const underLabel = saying((l) => labelsOf(l).some((k) => k !== 'other'))
  return { full: lines.flatMap(datesOf), short: lines.flatMap(shortDatesOf), labelled, among, unreadable, laidOut: layout.along.length > 0, validity, underLabel }
}

/**
 * Whether the page's labels allow a date to be the zone's `kind`: where the page labels that date, it
 * prints this one there (and no other), and it prints it under no other date's or field's label. A
 * sticker printing a forged expiry over the page's date of issue, or over its place of birth, leaves
 * the page's own expiry under its label. A label misread (`date`) says neither; a label over digits
 * that read as no date says its date is not known.
 */
function labelsAgree(dates: PageDates, value: string, kind: (typeof DATE_LABELS)[number]): boolean {
  const [full, short] = [value, value.slice(2)]
  const own = dates.labelled[kind]
  // A label saying only that it labels a date (its words misread, or words put onto it) over digits that
  // read as no date may be this date's: it is not known either.
  if (dates.unreadable.has(kind) || dates.unreadable.has('date') || own.full.some((d) => d !== full) || own.short.some((d) => d !== short)) return false
  if (!dates.among[kind].every((row) => row.full.includes(full) || row.short.includes(short))) return false
  const under = (k: DateLabel) => dates.labelled[k].full.includes(full) || dates.labelled[k].short.includes(short)
  return (Object.keys(dates.labelled) as DateLabel[]).every((k) => k === kind || k === 'date' || !under(k))
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
export function lookDate(mrz: MrzData, value: string, dates: PageDates, kind: 'birth' | 'expiry', today: Date): { status: VizStatus, century: boolean } {
  const century = dates.full.includes(value)
  const labels = labelsAgree(dates, value, kind)
  if (!century) {
    if (!dates.short.includes(value.slice(2))) return { status: 'unread', century }
    return { status: labels && shortDatesAgree(mrz, dates.short) ? 'match' : 'near', century }
  }
  const sorted = [...dates.full].sort()
  const inPlace = (kind === 'birth' ? sorted[0] : sorted.at(-1)) === value
  return { status: labels && inPlace && fullDatesAgree(mrz, dates, kind, today) ? 'match' : 'near', century }
}

/** The same day `years` years before a YYYY-MM-DD date. */
const yearsBefore = (date: string, years: number) => `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`

/** How long before its expiry a document was issued, at most (15 years for some identity cards, and a margin). */
const VALID_FOR_YEARS = 16

/**
 * Whether the dates a page prints with their century fit the zone's birth and expiry: besides them, one
 * date at most (the issue), between them, within VALID_FOR_YEARS of the expiry and not after `today`
 * (a validity that begins later is an expiry made its start). A date added to the page (a sticker
 * printing the zone's forged expiry, or an adult's birth date on a child's passport) is earliest or
 * latest, but leaves the page's own birth or expiry among the others.
 */
function fullDatesAgree(mrz: MrzData, dates: PageDates, kind: 'birth' | 'expiry', today: Date): boolean {
  const [born, ends] = [mrz.date_of_birth, mrz.expiration_date]
  if (!born || !ends) return true
  const issuedFrom = yearsBefore(ends, VALID_FOR_YEARS)
  // A day's margin: the page's date is where it was issued, today is here.
  const issuedBy = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10)
  // The zone's date printed twice (a copy added) is one date more, unless the page prints it under its
  // own label (a ghost image repeating the birth date); another date printed twice (an issue that is
  // also a validity's start) is one.
  const labelled = (d: string) => (d === born && dates.labelled.birth.full.includes(d)) || (d === ends && dates.labelled.expiry.full.includes(d))
  const rest = [...dates.full]
  for (const d of [born, ends]) if (rest.includes(d)) rest.splice(rest.indexOf(d), 1)
  const others = [...new Set(rest.filter((d) => d !== born && d !== ends))].concat(rest.filter((d) => (d === born || d === ends) && !labelled(d)))
  if (others.length > 1 || !others.every((d) => d >= born && d >= issuedFrom && d <= ends && (d === ends || d <= issuedBy))) return false
  // That date may be the page's own expiry, and the zone's a later one added onto the page where no
  // label is over it, or beside the label over the page's own (a card printing no issue date, revived),
  // when the page names no expiry (its label misread): the zone's expiry is then a label's only date,
  // or that date under the issue's label or a validity's.
  const named = dates.labelled.expiry.full.length + dates.labelled.expiry.short.length + dates.among.expiry.length > 0
  const issued = (d: string) => dates.labelled.issue.full.includes(d) || dates.among.issue.some((row) => row.full.includes(d)) || dates.validity.includes(d)
  const ownLabel = dates.underLabel.some((said) => said.length > 0 && said.every((d) => d === ends))
  return kind !== 'expiry' || !dates.laidOut || named || ownLabel || others.every(issued)
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
  const issuedFrom = yearsBefore(ends, ISSUED_WITHIN_YEARS)
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
