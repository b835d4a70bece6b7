// Where a document's page lies in a photo: regions of the photo as read (turned level), the page
// a zone is printed at the foot of, and the same in the photo as uploaded, where faces are found.
import sharp from 'sharp'
import type { Rgb } from './ocr.js'
import type { TextBox } from './text-boxes.js'

/** Which way a page's foot lies from its head, in the photo as read (a unit vector). */
export type Down = { x: number; y: number }

/** Where the page's text lies in the photo, in its pixels (with a margin): the document, found. */
export interface Region {
  left: number
  top: number
  width: number
  height: number
}

/**
 * Where a page lies in the photo as uploaded (upright): its four corners in order around it, as shares
 * of the photo's width and height. A turned page is a turned quadrilateral, not the box around it.
 */
export type Area = ReadonlyArray<readonly [number, number]>

/** A region's corners, in order around it. */
export const cornersOf = (r: Region): Array<[number, number]> => [[r.left, r.top], [r.left + r.width, r.top], [r.left + r.width, r.top + r.height], [r.left, r.top + r.height]]

/**
 * Points of `img` (`photo` turned clockwise by `degrees` about its centre, its canvas grown to hold
 * it) where they lie in `photo`: turned back, as shares of the photo's sides.
 */
export function areaIn(photo: Rgb, img: Rgb, degrees: number, corners: Array<[number, number]>): Area {
  const a = (degrees * Math.PI) / 180
  const [cos, sin] = [Math.cos(a), Math.sin(a)]
  return corners.map(([x, y]) => {
    const [dx, dy] = [x - img.width / 2, y - img.height / 2]
    return [(cos * dx + sin * dy + photo.width / 2) / photo.width, (-sin * dx + cos * dy + photo.height / 2) / photo.height] as const
  })
}

/**
 * A data page's height for its zone's width, measured from the zone's foot: 0.75 on the fixture
 * passport, 0.69 on the card; and a margin each side of the zone (a TD3 page is 125 mm wide, its zone 112).
 */
const PAGE_HEIGHT_PER_ZONE_WIDTH = 0.8
const PAGE_SIDE_PER_ZONE_WIDTH = 0.08

/**
 * The page a zone is printed at the foot of (`down` toward it), in the pixels of the photo as read: as
 * wide as the zone and a margin each side, and as high as a data page is for that width; its corners
 * in order. The text found elsewhere in the photo (a poster, another sheet) is no part of it.
 */
export function pageAroundZone(zone: TextBox[], down: Down): Array<[number, number]> {
  const { a0, a1, d1: foot } = extent(zone.map((b) => spanOf(b, down)))
  const width = a1 - a0
  return corners(down, a0 - width * PAGE_SIDE_PER_ZONE_WIDTH, a1 + width * PAGE_SIDE_PER_ZONE_WIDTH, foot - PAGE_HEIGHT_PER_ZONE_WIDTH * width, foot + width * PAGE_SIDE_PER_ZONE_WIDTH)
}

/**
 * The part of that page above its zone, where its fields are printed: the zone's own lines (whatever
 * their optional fields hold) and text beside the page (a note on the desk) print none of them.
 */
export function fieldsAboveZone(zone: TextBox[], down: Down): Array<[number, number]> {
  const { a0, a1, d0: top, d1: foot } = extent(zone.map((b) => spanOf(b, down)))
  const width = a1 - a0
  return corners(down, a0 - width * PAGE_SIDE_PER_ZONE_WIDTH, a1 + width * PAGE_SIDE_PER_ZONE_WIDTH, foot - PAGE_HEIGHT_PER_ZONE_WIDTH * width, top)
}

/** A line's extent along the way lines read (`a`) and toward the page's foot (`d`). */
interface Span {
  a0: number
  a1: number
  d0: number
  d1: number
}

/** The way a page's lines read: a quarter turn from `down`. */
const alongOf = (down: Down) => ({ x: down.y, y: -down.x })

function spanOf(b: TextBox, down: Down): Span {
  const along = alongOf(down)
  const [a, d] = [b.cx * along.x + b.cy * along.y, b.cx * down.x + b.cy * down.y]
  return { a0: a - b.length / 2, a1: a + b.length / 2, d0: d - b.thickness / 2, d1: d + b.thickness / 2 }
}

const extent = (spans: Span[]): Span => ({
  a0: Math.min(...spans.map((s) => s.a0)),
  a1: Math.max(...spans.map((s) => s.a1)),
  d0: Math.min(...spans.map((s) => s.d0)),
  d1: Math.max(...spans.map((s) => s.d1)),
})

/** The corners, in order, of the rectangle from `a0` to `a1` along the lines and `d0` to `d1` down the page, in the photo's pixels. */
function corners(down: Down, a0: number, a1: number, d0: number, d1: number): Array<[number, number]> {
  const along = alongOf(down)
  const at = (a: number, d: number): [number, number] => [a * along.x + d * down.x, a * along.y + d * down.y]
  return [at(a0, d0), at(a1, d0), at(a1, d1), at(a0, d1)]
}

/** How far below a line (centre to centre, in line thicknesses) the line printed under it lies, at least and at most. */
const UNDER_FROM = 0.6
const UNDER_TO = 2.5
/** The share of the shorter of two lines the other spans, at least, for one to be under the other: not a short label over a long value's end. */
const SHARED = 0.5

/**
 * Which lines are printed right under which (a label and its value): pairs [i, j] of `lines`, line j in
 * the nearest row below line i (`down` toward the page's foot) that holds a line sharing its span along
 * the lines (half the shorter's, at least: a short label next to a long value's end is not over it),
 * close enough to be the next row of the page (in the thicker line's thicknesses), not the same one (in
 * the thinner's: a value read taller than its label, a bracket's or words' box run on around it, is
 * still under it); every line of that row sharing its span (a label over two columns' values).
 */
export function rightUnder(lines: TextBox[], down: Down): Array<[number, number]> {
  const spans = lines.map((b) => ({ ...spanOf(b, down), thickness: b.thickness }))
  const centre = (s: Span) => (s.d0 + s.d1) / 2
  const pairs: Array<[number, number]> = []
  spans.forEach((s, i) => {
    const below = spans.flatMap((t, j) => {
      const gap = centre(t) - centre(s)
      const overlap = Math.min(s.a1, t.a1) - Math.max(s.a0, t.a0)
      return gap < UNDER_FROM * Math.min(s.thickness, t.thickness) || gap > UNDER_TO * Math.max(s.thickness, t.thickness) || overlap < SHARED * Math.min(s.a1 - s.a0, t.a1 - t.a0) ? [] : [j]
    })
    if (!below.length) return
    const nearest = Math.min(...below.map((j) => centre(spans[j]!)))
    for (const j of below) if (centre(spans[j]!) - nearest < UNDER_FROM * spans[j]!.thickness) pairs.push([i, j])
  })
  return pairs
}

/**
 * Which lines are printed beside which, in one row (a label and its value, where a page prints its labels
 * beside their values): pairs [i, j], line j the nearest line after line i along the lines whose
 * centre is within the row (closer than a row under it would be).
 */
export function rightBeside(lines: TextBox[], down: Down): Array<[number, number]> {
  const spans = lines.map((b) => ({ ...spanOf(b, down), thickness: b.thickness }))
  const centre = (s: Span) => (s.d0 + s.d1) / 2
  return spans.flatMap((s, i) => {
    const after = spans.flatMap((t, j) => {
      const inRow = Math.abs(centre(t) - centre(s)) < UNDER_FROM * Math.max(s.thickness, t.thickness)
      return j !== i && inRow && t.a0 >= s.a1 - s.thickness ? [j] : []
    })
    if (!after.length) return []
    const nearest = after.reduce((a, b) => (spans[b]!.a0 < spans[a]!.a0 ? b : a))
    return [[i, nearest] as [number, number]]
  })
}

/** Where each line begins along the way the lines read (`down` toward the page's foot): the lines of a row, in order. */
export const lineStarts = (lines: TextBox[], down: Down) => lines.map((b) => spanOf(b, down).a0)
/** Where each line ends, the same way. */
export const lineEnds = (lines: TextBox[], down: Down) => lines.map((b) => spanOf(b, down).a1)

/** Whether `box` is in the row of `line` or in the row above it (where a label of its value is printed), as `rightUnder` pairs them. */
export function inRowOrAbove(line: TextBox, box: TextBox, down: Down): boolean {
  const depth = (b: TextBox) => b.cx * down.x + b.cy * down.y
  const gap = depth(line) - depth(box)
  const thick = Math.max(line.thickness, box.thickness)
  return gap > -UNDER_FROM * thick && gap <= UNDER_TO * thick
}

/** How far apart (in line thicknesses) lines of one page may lie: a card's columns, a few lines apart, are one page. */
const SAME_PAGE_GAP = 6

/**
 * The page of a photo that shows no zone (a card's front, whose zone is on its back): the group of
 * lines lying close together (`down` toward the page's foot) that holds most of the lines `printing`
 * the zone's values, else the largest, not every text in the photo (a sheet or a face beside it), a
 * tenth larger each way. A card's header and lines span its width,
 * the portrait's column too; a card whose text leaves its portrait outside has no face on its page
 * (review). Corners in order, in the pixels of the photo as read.
 */
export function pageAroundLines(lines: TextBox[], down: Down, printing: TextBox[] = [], margin = 1 / 10): Array<[number, number]> {
  const spans = lines.map((b) => ({ ...spanOf(b, down), gap: SAME_PAGE_GAP * b.thickness }))
  // Groups of lines within a gap of one another, each grown from a line by the lines near it.
  const group = spans.map((_, i) => i)
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)))
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length; j++) {
      const [p, q] = [spans[i]!, spans[j]!]
      const gap = Math.max(p.gap, q.gap)
      if (p.a0 - gap <= q.a1 && q.a0 - gap <= p.a1 && p.d0 - gap <= q.d1 && q.d0 - gap <= p.d1) group[root(i)] = root(j)
    }
  }
  // The group holding most lines that print the zone's values, then the largest.
  const printed = new Set(printing)
  const sizes = new Map<number, [number, number]>()
  for (let i = 0; i < spans.length; i++) {
    const [values, all] = sizes.get(root(i)) ?? [0, 0]
    sizes.set(root(i), [values + (printed.has(lines[i]!) ? 1 : 0), all + 1])
  }
  const largest = [...sizes.entries()].sort((x, y) => y[1][0] - x[1][0] || y[1][1] - x[1][1])[0]![0]
  const { a0, a1, d0, d1 } = extent(spans.filter((_, i) => root(i) === largest))
  const [width, height] = [a1 - a0, d1 - d0]
  return corners(down, a0 - width * margin, a1 + width * margin, d0 - height * margin, d1 + height * margin)
}

/** The axis-aligned region around the boxes, a tenth larger each way, within the photo. */
export function around(boxes: TextBox[], img: Rgb): Region {
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

/** An RGB image turned clockwise by `degrees` (by a quarter turn exactly when within a degree of one), and the turn made. */
export async function turn(img: Rgb, degrees: number): Promise<{ img: Rgb; degrees: number }> {
  const quarter = Math.round(degrees / 90) * 90
  const angle = Math.abs(degrees - quarter) < 1 ? quarter : degrees
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .rotate(angle, { background: '#808080' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { img: { data, width: info.width, height: info.height }, degrees: angle }
}

/** A region of an RGB image. */
export async function extract(img: Rgb, r: Region): Promise<Rgb> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).extract(r).raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}
