// Reads a document photo: finds the page's text wherever it lies in the frame and however it is
// turned, levels and rights its lines, reads the MRZ from them, then the rest of the printed page
// for the cross-check (src/domain/viz-check.ts). Runs in the analysis worker threads.
import sharp from 'sharp'
import { findMrz, parseMrzLines, toMrzReading, type MrzFound } from '../domain/mrz.js'
import { vizCrossCheck, vizShowsAll } from '../domain/viz-check.js'
import { findText, lineReader, type LineReader, type Rgb, type TextLine } from './ocr.js'
import { flip, levelBoxes, type TextBox } from './text-boxes.js'

/** A photo's MRZ, and the OCR lines of the rest of its printed page, top to bottom. */
export interface PageReading {
  mrzLines: string[]
  page: string[]
}

/** Where the page's text lies in the photo, in its pixels (with a margin): the document, found. */
export interface Region {
  left: number
  top: number
  width: number
  height: number
}

/** What was read of a photo, the region its text lies in, and the photo as read (turned level). */
export interface PageFound {
  reading: PageReading | null
  region: Region | null
  img: Rgb
}

/** Text is found on a copy of at most this many pixels a side (the detector's cost grows with its area). */
const FIND_SIDE = 960
/** A page whose lines slant more than this (8°) is turned level before its text is found again. */
const LEVEL_ABOVE = (8 * Math.PI) / 180
/** Lines of text a region needs to be taken for a document's page. */
const PAGE_LINES = 4
/** A region of text under this share of the photo's longer side is looked at again, closer. */
const LOOK_CLOSER_BELOW = 0.6
/** Lines at least this many times longer than thick may be a zone's lines (an MRZ line is 20–30). */
const LONG_LINE = 10
/** Lines whose upside-down vote decides the page's: the longest ones. */
const VOTERS = 8

/**
 * The MRZ and page of a photo, and the region its text lies in (null when too little text was found
 * for a page).
 * Text is found on a small copy first; when it fills only part of the photo (a document on a desk),
 * it is found again on that region at the photo's own resolution, where its letters are large enough.
 */
export async function readDocument(photo: Rgb): Promise<PageFound> {
  let img = photo
  let boxes = await findText(img, FIND_SIDE)
  if (!boxes.length) return { reading: null, region: null, img }
  // Lines far from level are found badly (a page turned a quarter in pieces, close lines of a page at
  // a slant run together): the photo is turned level and its text found again.
  const { angle: slant } = levelBoxes(boxes)
  if (Math.abs(slant) > LEVEL_ABOVE) {
    img = await turn(img, (-slant * 180) / Math.PI)
    boxes = await findText(img, FIND_SIDE)
    if (!boxes.length) return { reading: null, region: null, img }
  }
  let region = around(boxes, img)
  if (Math.max(region.width / img.width, region.height / img.height) < LOOK_CLOSER_BELOW) {
    const crop = await extract(img, region)
    const closer = (await findText(crop, FIND_SIDE)).map((b) => ({ ...b, cx: b.cx + region.left, cy: b.cy + region.top }))
    if (closer.length) {
      boxes = closer
      region = around(boxes, img)
    }
  }
  const { angle, boxes: level } = levelBoxes(boxes)
  const reader = await lineReader(img)
  try {
    // The page is upside down when its longest lines, weighted by length, say so.
    const voters = [...level].sort((a, b) => b.length - a.length).slice(0, VOTERS)
    const votes = await reader.upsideDown(voters)
    const flipped = votes.reduce((sum, v, i) => sum + (v.flipped ? 1 : -1) * v.confidence * voters[i]!.length, 0) > 0
    const reading = flipped ? angle + Math.PI : angle
    const down = { x: -Math.sin(reading), y: Math.cos(reading) }
    // The way the vote says, then, if no zone was found, the other way round (a wrong vote).
    const ways = [
      { lines: flipped ? level.map(flip) : level, down },
      { lines: flipped ? level : level.map(flip), down: { x: -down.x, y: -down.y } },
    ]
    for (const [i, way] of ways.entries()) {
      const zone = await readZone(reader, way.lines, way.down, i === 0)
      if (zone === 'uncertain') return { reading: null, region, img }
      if (zone) return { reading: zone, region, img }
    }
  } finally {
    reader.close()
  }
  // Too few lines to be a document's page: a speck in a dark photo, a word on a wall.
  return { reading: null, region: boxes.length >= PAGE_LINES ? region : null, img }
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
 * zone; the rest of the page until it prints every field of the zone exactly.
 */
async function readZone(reader: LineReader, lines: TextBox[], down: { x: number; y: number }, thorough: boolean): Promise<PageReading | 'uncertain' | null> {
  const depth = (b: TextBox) => b.cx * down.x + b.cy * down.y
  const known = new Map<TextBox, TextLine>()
  /** Reads the boxes not read yet: every line read so far, top to bottom. */
  const read = async (boxes: TextBox[]) => {
    const todo = boxes.filter((b) => !known.has(b))
    ;(await reader.read(todo)).forEach((line, i) => known.set(todo[i]!, line))
    return [...known.values()].sort((a, b) => depth(a.box) - depth(b.box))
  }
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
  // The rest of the page until it prints every field of the zone exactly as the zone has it, or is read
  // whole: first the lines of a value's size (headers and labels are longer, a sex or a country code
  // shorter), thickest first (a page prints its holder's data larger than its labels), then the others.
  // The order decides only how soon the reading stops, not what it finds.
  const fits = valueSized(found.lines, [...known.values()])
  const rest = lines.filter((b) => !known.has(b)).sort((a, b) => Number(fits(b)) - Number(fits(a)) || b.thickness - a.thickness)
  let page = pageText(await read([]))
  for (const box of rest) {
    if (printsExactly(found.lines, page)) break
    page = pageText(await read([box]))
  }
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
  return { mrzLines: found.lines, page }
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
 * the longest value's and no fewer than about half the shortest's (a sex or a country code is shorter).
 */
function valueSized(mrzLines: string[], read: TextLine[]): (b: TextBox) => boolean {
  const zone = read.filter((l) => l.text.includes('<<'))
  const parsed = parseMrzLines(mrzLines)
  if (!zone.length || !parsed) return () => true
  const perChar = zone.reduce((sum, l) => sum + l.box.length / l.box.thickness / l.text.length, 0) / zone.length
  const data = toMrzReading(parsed).data
  const values = [data.surname, data.given_names, data.document_number].flatMap((v) => (v ? [v.length] : []))
  const [shortest, longest] = [Math.min(SHORTEST_DATE, ...values), Math.max(DATE_CHARS, ...values)]
  return (b) => {
    const chars = b.length / b.thickness / perChar
    return chars <= longest * VALUE_SLACK && chars >= shortest * SHORT_SLACK
  }
}

/** Whether the page prints every field of the zone exactly as the zone has it. */
function printsExactly(mrzLines: string[], page: string[]): boolean {
  const parsed = parseMrzLines(mrzLines)
  if (!parsed) return false
  const data = toMrzReading(parsed).data
  return vizShowsAll(data, vizCrossCheck(data, page, true).fields)
}

/** Both names of a zone printed on its page as they are. */
const NAMES_EXACT = 4

const namesOf = (lines: string[]) => {
  const parsed = parseMrzLines(lines)
  const data = parsed ? toMrzReading(parsed).data : null
  return `${data?.surname ?? ''}<<${data?.given_names ?? ''}`
}

/**
 * How well the page, as read, shows the zone's names (src/domain/viz-check.ts): 2 for each printed
 * exactly (or absent from the zone), 1 within OCR's tolerance, 0 unread, −2 printed otherwise; null
 * when the page says nothing of them (it did not read well, and neither name was found on it).
 */
function namesAgreement(mrzLines: string[], page: string[]): number | null {
  const parsed = parseMrzLines(mrzLines)
  if (!parsed) return null
  const data = toMrzReading(parsed).data
  const loose = vizCrossCheck(data, page)
  const names = ['surname', 'given_names'] as const
  if (!loose.page_read && names.every((f) => loose.fields[f] === 'unread')) return null
  const strict = vizCrossCheck(data, page, true)
  return names.reduce((sum, f) => sum + (loose.fields[f] === 'mismatch' ? -2 : strict.fields[f] === 'match' || !data[f] ? 2 : loose.fields[f] === 'match' ? 1 : 0), 0)
}

/** Cuts of a line a little thinner and thicker than found: OCR's reading of a letter shifts with them. */
const RECUTS = [0.8, 1.25]

/**
 * The zone read again: each of its lines (the last three long lines with fillers) cut a little thinner and
 * thicker, and every combination of the readings of its lines tried. The zones found, best first.
 */
async function rereadZone(reader: LineReader, zone: TextLine[]): Promise<MrzFound[]> {
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

const better = (a: MrzFound | null, b: MrzFound | null) => (!a || (b && b.score > a.score) ? b : a)

/** The printed page's lines: the zone's own lines are not the printed page. */
const pageText = (lines: TextLine[]) => lines.map((l) => l.text).filter((text) => !text.includes('<<'))

/** The axis-aligned region around the boxes, a tenth larger each way, within the photo. */
function around(boxes: TextBox[], img: Rgb): Region {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const b of boxes) {
    const dx = (Math.abs(Math.cos(b.angle)) * b.length + Math.abs(Math.sin(b.angle)) * b.thickness) / 2
    const dy = (Math.abs(Math.sin(b.angle)) * b.length + Math.abs(Math.cos(b.angle)) * b.thickness) / 2
    ;[x0, y0, x1, y1] = [Math.min(x0, b.cx - dx), Math.min(y0, b.cy - dy), Math.max(x1, b.cx + dx), Math.max(y1, b.cy + dy)]
  }
  const [mx, my] = [(x1 - x0) * 0.1, (y1 - y0) * 0.1]
  const left = Math.max(0, Math.floor(x0 - mx))
  const top = Math.max(0, Math.floor(y0 - my))
  return { left, top, width: Math.max(1, Math.min(img.width, Math.ceil(x1 + mx)) - left), height: Math.max(1, Math.min(img.height, Math.ceil(y1 + my)) - top) }
}

/** An RGB image turned clockwise by `degrees` (by a quarter turn exactly when within a degree of one). */
async function turn(img: Rgb, degrees: number): Promise<Rgb> {
  const quarter = Math.round(degrees / 90) * 90
  const angle = Math.abs(degrees - quarter) < 1 ? quarter : degrees
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .rotate(angle, { background: '#808080' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** A region of an RGB image. */
export async function extract(img: Rgb, r: Region): Promise<Rgb> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).extract(r).raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}
