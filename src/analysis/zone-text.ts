// What the document reader decides from the text it has read: whether a page prints a zone's values,
// how well it shows the zone's names, which boxes are of a value's size, and a zone read again from its
// lines cut otherwise. Used by src/analysis/document-reader.ts.
import { findMrz, parseMrzLines, toMrzReading, type MrzFound } from '../domain/mrz.js'
import { mrzNameForms } from '../domain/mrz-names.js'
import { vizCrossCheck, vizShowsAll } from '../domain/viz-check.js'
import type { LineReader, TextLine } from './ocr.js'
import type { TextBox } from './text-boxes.js'
import { lineEnds, lineStarts, rightBeside, rightUnder, type Down } from './page-geometry.js'
import type { PageLayout } from '../domain/viz-dates.js'

/** A zone's data, as its lines parse (null when they do not). */
export const zoneData = (mrzLines: string[]) => {
  const parsed = parseMrzLines(mrzLines)
  return parsed ? toMrzReading(parsed).data : null
}

/** Characters a printed date may take (14 MAA/MAR 1985), and a page value's length beyond its MRZ spelling. */
const DATE_CHARS = 16
const VALUE_SLACK = 1.3
/** The fewest characters a printed date takes (14.03.1985), and how much shorter a page may print a value. */
const SHORTEST_DATE = 10
const SHORT_SLACK = 0.5

/**
 * Whether a box is of a size to hold one of the zone's values: its characters, estimated from its length
 * against the zone's own lines' (a line's length per character, in thicknesses, is alike), no more than
 * the longest value's (else `long`) and no fewer than about half the shortest's (else `short`: a sex or
 * a country code is shorter).
 */
export function valueSize(mrzLines: string[], read: TextLine[]): (b: TextBox) => 'short' | 'value' | 'long' {
  const zone = read.filter((l) => l.text.includes('<<'))
  const data = zoneData(mrzLines)
  if (!zone.length || !data) return () => 'value'
  const perChar = zone.reduce((sum, l) => sum + l.box.length / l.box.thickness / l.text.length, 0) / zone.length
  const values = [data.surname, data.given_names, data.document_number].flatMap((v) => (v ? [v.length] : []))
  const [shortest, longest] = [Math.min(SHORTEST_DATE, ...values), Math.max(DATE_CHARS, ...values)]
  return (b) => {
    const chars = b.length / b.thickness / perChar
    return chars > longest * VALUE_SLACK ? 'long' : chars < shortest * SHORT_SLACK ? 'short' : 'value'
  }
}

/** Whether the page prints every field of the zone exactly as the zone has it. */
export function printsExactly(mrzLines: string[], page: string[]): boolean {
  const data = zoneData(mrzLines)
  return !!data && vizShowsAll(data, vizCrossCheck(data, page).fields)
}

/** Both names of a zone printed on its page as they are. */
export const NAMES_EXACT = 4

export const namesOf = (lines: string[]) => {
  const data = zoneData(lines)
  return `${data?.surname ?? ''}<<${data?.given_names ?? ''}`
}

/**
 * How well the page, as read, shows the zone's names (src/domain/viz-check.ts): 2 for each printed
 * exactly (or absent from the zone), 1 within OCR's tolerance, 0 unread, −2 printed otherwise; null
 * when the page says nothing of them (it did not read well, and neither name was found on it).
 */
export function namesAgreement(mrzLines: string[], page: string[]): number | null {
  const data = zoneData(mrzLines)
  if (!data) return null
  const viz = vizCrossCheck(data, page)
  const names = ['surname', 'given_names'] as const
  if (!viz.page_read && names.every((f) => viz.fields[f] === 'unread')) return null
  return names.reduce((sum, f) => sum + (viz.fields[f] === 'mismatch' ? -2 : viz.fields[f] === 'match' || !data[f] ? 2 : viz.fields[f] === 'near' ? 1 : 0), 0)
}

/** Cuts of a line a little thinner and thicker than found: OCR's reading of a letter shifts with them. */
const RECUTS = [0.8, 1.25]

/**
 * The zone read again: each of its lines (the last three long lines with fillers) cut a little thinner and
 * thicker, and every combination of the readings of its lines tried. The zones found, best first.
 */
export async function rereadZone(reader: LineReader, zone: TextLine[]): Promise<MrzFound[]> {
  if (!zone.length) return []
  const recut = await Promise.all(RECUTS.map((k) => reader.read(zone.map((l) => ({ ...l.box, thickness: l.box.thickness * k })))))
  const readings = zone.map((l, i) => [...new Set([l.text, ...recut.map((r) => r[i]!.text)])])
  const found = new Map<string, MrzFound>()
  const combine = (i: number, chosen: string[]): void => {
    if (i === readings.length) {
      const zone = findMrz(chosen)
      if (zone) found.set(zone.lines.join('\n'), zone)
      return
    }
    for (const text of readings[i]!) combine(i + 1, [...chosen, text])
  }
  combine(0, [])
  return [...found.values()].sort((a, b) => b.score - a.score)
}

export const better = (a: MrzFound | null, b: MrzFound | null) => (!a || (b && b.score > a.score) ? b : a)

/** The printed page's lines: those `onPage` keeps (never the zone's: the caller knows which they are). */
export const pageText = (lines: TextLine[], onPage: (l: TextLine) => boolean) => lines.filter(onPage).map((l) => l.text)

/** The printed page (`pageText`), and where its lines are printed (`down` toward its foot). */
export function printedPage(lines: TextLine[], down: Down, onPage: (l: TextLine) => boolean): { page: string[]; layout: PageLayout } {
  const onIt = lines.filter(onPage)
  const boxes = onIt.map((l) => l.box)
  return { page: onIt.map((l) => l.text), layout: { under: rightUnder(boxes, down), beside: rightBeside(boxes, down), along: lineStarts(boxes, down), ends: lineEnds(boxes, down) } }
}

/** Cuts of a line tried for the spaces of a name OCR ran together: thicker first (its spaces widen). */
const SPACE_RECUTS = [1.25, 1.4, 0.8]

/**
 * The page's lines with a zone's name of several words that the reading ran into one (GRETALUISE for
 * GRETA<LUISE) read again, cut a little thicker or thinner: a reading that prints the name's words
 * with their spaces, letter for letter, is taken. Only spaces come of it: a reading whose letters
 * differ is not taken, nor is one of a page printing the name as one word (JOSEPHINE for JOSE<PHINE).
 */
export async function respaced(reader: LineReader, lines: TextLine[], mrzLines: string[]): Promise<TextLine[]> {
  const data = zoneData(mrzLines)
  const names = [data?.surname, data?.given_names].filter((n): n is string => !!n && n.includes(' '))
  const forms = (text: string) => [...mrzNameForms(text.toUpperCase())]
  const runTogether = (text: string) => names.filter((n) => forms(text).some((f) => f !== n && f.replace(/ /g, '') === n.replace(/ /g, '')))
  const out = [...lines]
  for (const [i, line] of lines.entries()) {
    const wanted = runTogether(line.text)
    if (!wanted.length) continue
    for (const k of SPACE_RECUTS) {
      const [again] = await reader.read([{ ...line.box, thickness: line.box.thickness * k }])
      if (again && forms(again.text).some((f) => wanted.includes(f))) {
        out[i] = { ...line, text: again.text }
        break
      }
    }
  }
  return out
}
