// Reads a document photo: finds the page's text wherever it lies in the frame and however it is
// turned, levels and rights its lines, reads the MRZ from them, then the rest of the printed page
// for the cross-check (src/domain/viz-check.ts); or, for a zone known from elsewhere (a card's back,
// or sent as text), only the printed page. Runs in the analysis worker threads.
import { findMrz, type MrzFound } from '../domain/mrz.js'
import { inQuadrilateral } from '../domain/face-checks.js'
import { oneLetterSpellings } from '../domain/mrz-names.js'
import { distance } from '../domain/edit-distance.js'
import { lineReader, type LineReader, type Rgb, type TextLine } from './ocr.js'
import type { TextBox } from './text-boxes.js'
import { locate, orientations, PAGE_LINES } from './page-finding.js'
import { areaIn, fieldsAboveZone, inRowOrAbove, pageAroundLines, pageAroundZone, type Area, type Down, type Region } from './page-geometry.js'
import { better, NAMES_EXACT, namesAgreement, namesOf, pageText, printedPage, printsExactly, rereadZone, respaced, valueSize, zoneData } from './zone-text.js'
import { labelsOf, NO_LAYOUT, type PageLayout } from '../domain/viz-dates.js'
import { printsDate } from '../domain/printed-dates.js'

/** A photo's MRZ, and the OCR lines of the rest of its printed page, top to bottom, and where they are printed. */
export interface PageReading extends PrintedPage {
  mrzLines: string[]
}

/** A page's OCR lines, top to bottom, and where they are printed (labels and their values). */
export interface PrintedPage {
  page: string[]
  layout: PageLayout
}

/** What was read of a photo, the region its text lies in, and the photo as read (turned level). */
export interface PageFound {
  reading: PageReading | null
  region: Region | null
  img: Rgb
  /** `region` in the photo as uploaded, when the text found was enough for a page. */
  area: Area | null
}

/** Lines at least this many times longer than thick may be a zone's lines (an MRZ line is 20–30). */
const LONG_LINE = 10

/** The MRZ and page of a photo, and the region its text lies in (null when too little text was found for a page). */
export async function readDocument(photo: Rgb): Promise<PageFound> {
  const located = await locate(photo)
  if (!located) return { reading: null, region: null, img: photo, area: null }
  const { img, boxes, region } = located
  const area = boxes.length >= PAGE_LINES ? located.area : null
  const reader = await lineReader(img)
  try {
    for (const [i, way] of (await orientations(reader, boxes)).entries()) {
      const zone = await readZone(reader, way.lines, way.down, i === 0)
      if (zone === 'uncertain') return { reading: null, region, img, area }
      if (zone) {
        // The portrait is on the zone's page: only that page is the document, whatever else shows text.
        // A photo showing the zone twice has none that can be told (no face is its portrait).
        const { zone: lines, ...reading } = zone
        const page = lines === null ? [] : lines.length ? areaIn(photo, img, located.turned, pageAroundZone(lines, way.down)) : located.area
        return { reading, region, img, area: page }
      }
    }
  } finally {
    reader.close()
  }
  // Too few lines to be a document's page: a speck in a dark photo, a word on a wall.
  return { reading: null, region: boxes.length >= PAGE_LINES ? region : null, img, area }
}

/**
 * The printed page of a photo whose zone is known from elsewhere (read on a card's back, or sent as
 * text): its lines, read the way its lines vote, until they print every field of that zone exactly, or
 * all of them; none when the photo has no text.
 */
export async function readPage(photo: Rgb, mrzLines: string[]): Promise<PrintedPage & { area: Area | null }> {
  const located = await locate(photo)
  if (!located) return { page: [], layout: NO_LAYOUT, area: null }
  const reader = await lineReader(located.img)
  try {
    const [way] = await orientations(reader, located.boxes)
    const read = lineCache(reader, way!.down)
    // Every line: no zone here to size a value's box by, and the page's dates must all be seen. The
    // photo's own zone (a card printed on one side, a passport's with its zone sent as text) is no part
    // of its page; a line with fillers elsewhere is (a value with `<` written after it is still printed).
    const zone = ownZone(await read(way!.lines), mrzLines)
    const ofPage = (l: TextLine) => !zone.includes(l)
    const page = printedPage(await read([]), way!.down, ofPage)
    // The page is the group of lines that print the zone's values, not other text beside the card: its
    // text is the page's (a note beside it prints nothing of the document).
    const values = zoneValues(mrzLines)
    const printing = [...read.known.values()].filter((l) => printsValue(l.text, values)).map((l) => l.box)
    if (located.boxes.length < PAGE_LINES) return { ...page, area: null }
    const quad = pageAroundLines(way!.lines, way!.down, printing)
    const onPage = printedPage(await read([]), way!.down, (l) => ofPage(l) && inQuadrilateral(quad, l.box.cx, l.box.cy))
    return { ...onPage, area: areaIn(photo, located.img, located.turned, quad) }
  } finally {
    reader.close()
  }
}

/**
 * The lines of a page (top to bottom) that are its zone: one reading as each of the zone's lines, in
 * its order, with no other line between them; none when the photo does not show the zone whole (a
 * value padded with fillers to read as one of its lines is no zone).
 */
function ownZone(lines: TextLine[], mrzLines: string[]): TextLine[] {
  for (let i = 0; i + mrzLines.length <= lines.length; i++) {
    const run = lines.slice(i, i + mrzLines.length)
    if (run.every((l, k) => readsAs(l.text, mrzLines[k]!))) return run
  }
  return []
}

/** Reads boxes once each, however often asked: every line read so far, top to bottom (`down` toward the foot). */
function lineCache(reader: LineReader, down: Down) {
  const depth = (b: TextBox) => b.cx * down.x + b.cy * down.y
  const known = new Map<TextBox, TextLine>()
  const read = async (boxes: TextBox[]) => {
    const todo = boxes.filter((b) => !known.has(b))
    ;(await reader.read(todo)).forEach((line, i) => known.set(todo[i]!, line))
    return [...known.values()].sort((a, b) => depth(a.box) - depth(b.box))
  }
  return Object.assign(read, { known, depth })
}

/** Reads `boxes` in their order until the page's text (the lines `onPage` keeps) prints every field of the zone exactly, or they are all read. */
async function readUntilPrinted(read: ReturnType<typeof lineCache>, boxes: TextBox[], mrzLines: string[], onPage: (l: TextLine) => boolean): Promise<void> {
  let page = pageText(await read([]), onPage)
  for (const box of boxes) {
    if (printsExactly(mrzLines, page)) break
    page = pageText(await read([box]), onPage)
  }
}

/** A zone's names' words and its document number, of five characters or more, folded. */
function zoneValues(mrzLines: string[]): string[] {
  const data = zoneData(mrzLines)
  const words = [data?.surname, data?.given_names, data?.document_number].flatMap((v) => v?.split(' ') ?? []).filter((w) => w.length >= 5)
  return [...new Set(words.map((w) => oneLetterSpellings(w)))]
}

/** Whether a page line prints one of a zone's values (diacritics dropped, as OCR reads them). */
function printsValue(text: string, values: string[]): boolean {
  const folded = oneLetterSpellings(text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]/g, ''))
  return values.some((v) => folded.includes(v))
}

/** Whether an OCR line reads as a zone's line: the same but for a quarter of its characters at most. */
function readsAs(text: string, zoneLine: string): boolean {
  const line = text.replace(/\s+/g, '').toUpperCase()
  const max = Math.floor(zoneLine.length / 4)
  return distance(line, zoneLine, max) <= max
}

/** How many long lines at a page's foot are read first, then: a zone has two or three. */
const ZONE_LINES = [2, 3]

/**
 * The zone among a page's lines (turned the way they read, `down` toward the page's foot), then the
 * rest of the page. `thorough`: a zone not found among the long lines is looked for among every line
 * (the detector may cut a zone's line in two); otherwise a page without a long zone line is passed
 * over unread. 'uncertain': a zone whose names neither the page nor a second reading confirms.
 * Lines are read only as far as needed, for reading a line is most of a document's cost: the zone
 * from the last two, then three, long lines at the page's foot, the others only when those hold no
 * zone; then every line of a value's size (all the page's dates), and the others only until the page
 * prints every field of the zone exactly.
 */
async function readZone(reader: LineReader, lines: TextBox[], down: Down, thorough: boolean): Promise<(PageReading & { zone: TextBox[] | null }) | 'uncertain' | null> {
  const read = lineCache(reader, down)
  const { known, depth } = read
  const texts = (read: TextLine[]) => read.map((l) => l.text)
  const isLong = (b: TextBox) => b.length >= LONG_LINE * b.thickness
  const long = lines.filter(isLong).sort((a, b) => depth(b) - depth(a))
  // The zone's lines cut again (rereadZone), read once for the same lines however often they are asked for.
  const recuts = new Map<string, Promise<MrzFound[]>>()
  const reread = () => {
    const zone = [...known.values()].filter((l) => isLong(l.box) && l.text.includes('<')).sort((a, b) => depth(a.box) - depth(b.box)).slice(-3)
    const key = zone.map((l) => `${l.box.cx},${l.box.cy}`).join(' ')
    if (!recuts.has(key)) recuts.set(key, rereadZone(reader, zone))
    return recuts.get(key)!
  }
  let found: MrzFound | null = null
  for (const n of [...ZONE_LINES, long.length]) {
    found = better(found, findMrz(texts(await read(long.slice(0, n)))))
    // A zone that fails a check is cut again before more of the page is read: a letter misread where no
    // check digit guards it (a nationality) would otherwise send the search through every line.
    if (found && !found.valid) found = better(found, (await reread())[0] ?? null)
    if (found?.valid) break
  }
  if (!found && !thorough) return null
  if (!found?.valid) found = better(found, findMrz(texts(await read(lines))))
  if (!found) return null
  if (!found.valid) found = better(found, (await reread())[0] ?? null)!
  // The rest of the page: every line of a value's size (headers and labels are longer, a sex or a
  // country code shorter), then the others, thickest first (a page prints its holder's data larger than
  // its labels), until it prints every field of the zone exactly as the zone has it, or is read whole.
  const size = valueSize(found.lines, [...known.values()])
  const fits = (b: TextBox) => size(b) === 'value'
  const rest = lines.filter((b) => !known.has(b)).sort((a, b) => Number(fits(b)) - Number(fits(a)) || b.thickness - a.thickness)
  // The lines the zone was read from: lines that read as its lines, within OCR's noise (a recut reads
  // them a little otherwise), not merely long lines with fillers (another sheet's, below the page).
  const zoneOf = (zoneLines: string[]) => [...known.values()].filter((l) => isLong(l.box) && zoneLines.some((z) => readsAs(l.text, z)))
  // The page's fields are printed above its zone: not in the zone's lines, nor beside the page.
  const readAs = zoneOf(found.lines)
  const fields = readAs.length ? fieldsAboveZone(readAs.map((l) => l.box), down) : null
  const onPageBox = (b: TextBox) => !fields || inQuadrilateral(fields, b.cx, b.cy)
  // Where the fields' area is known, a line with fillers in it is the page's (a value with `<` written
  // after it is still printed there); without it, such a line may be the zone's.
  const onPage = (l: TextLine) => !readAs.includes(l) && (fields ? onPageBox(l.box) : !l.text.includes('<<'))
  // Every line of a value's size is read, whatever the first ones confirm: a page's dates must all be
  // seen (a date added beside the page's own is no confirmation, src/domain/viz-check.ts).
  await read(rest.filter(fits))
  await readUntilPrinted(read, rest.filter((b) => !fits(b)), found.lines, onPage)
  // And every line in the row of a date or the row above it: the dates' labels, and a value beside a
  // date, whatever its size (a date confirms under its own label, src/domain/viz-dates.ts).
  const dated = [...known.values()].filter((l) => onPage(l) && printsDate(l.text))
  await read(rest.filter((b) => onPageBox(b) && dated.some((l) => inRowOrAbove(l.box, b, down))))
  // And every line in the row under a date's label read so far: its date, whatever its line's length.
  const labelling = [...known.values()].filter((l) => onPage(l) && labelsOf(l.text).some((k) => k !== 'other'))
  await read(rest.filter((b) => onPageBox(b) && labelling.some((l) => inRowOrAbove(b, l.box, down))))
  // And every line too long for a value in the row of a line printing one of the zone's names or its
  // number, and in the row under it: a value printed beside its label is no confirmation while the
  // label's own value under it is unread (a name run on with other words past a value's length).
  const values = zoneValues(found.lines)
  const naming = [...known.values()].filter((l) => onPage(l) && printsValue(l.text, values))
  await read(rest.filter((b) => onPageBox(b) && size(b) === 'long' && naming.some((l) => inRowOrAbove(b, l.box, down))))
  const { page, layout } = printedPage(await respaced(reader, await read([]), found.lines), down, onPage)
  // Names have no check digit. Names the page prints otherwise, or only nearly, may be OCR's misreading
  // of the zone (ANNAMARIA or GRETAKLUISE for ANNA<MARIA, a letter lost): the zone's lines are cut again
  // and the reading with check digits as good whose names the page prints most exactly is taken. Every
  // candidate is a reading of the zone itself: a page that shows other names, or none, still disagrees.
  let agreement = namesAgreement(found.lines, page)
  if (agreement === null || agreement < NAMES_EXACT) {
    const score = found.score
    const others = (await reread()).filter((c) => c.score >= score)
    if (agreement === null) {
      // A page too small or poor to read cannot confirm the names: they must read the same however the
      // zone's lines are cut, or the photo is not taken as read.
      const names = namesOf(found.lines)
      if (others.some((c) => namesOf(c.lines) !== names)) return 'uncertain'
    } else {
      for (const candidate of others) {
        const a = namesAgreement(candidate.lines, page)!
        if (a > agreement) [found, agreement] = [candidate, a]
      }
    }
  }
  // A photo that shows more lines reading as the zone's than the zone has (a copy of the zone beside
  // the document) has no page that can be told: null; nor has one whose page does not hold the lines
  // read as printed.
  const zone = zoneOf(found.lines)
  if (zone.length > found.lines.length) return { mrzLines: found.lines, page, layout, zone: null }
  // The page drawn above the zone must hold the lines its values were read from: a copy of the zone
  // placed below the document (or beside it) draws it elsewhere.
  const quad = pageAroundZone(zone.map((l) => l.box), down)
  const printed = [...known.values()].filter((l) => !isLong(l.box))
  const onIt = printed.filter((l) => inQuadrilateral(quad, l.box.cx, l.box.cy)).length
  return { mrzLines: found.lines, page, layout, zone: printed.length && onIt * 2 < printed.length ? null : zone.map((l) => l.box) }
}
