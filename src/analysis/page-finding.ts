// Where a photo's text lies and which way its lines read, before any line is read: the ground the
// document reader (document-reader.ts) reads a page on, and all a portrait needs to be found upright.
import { findText, lineReader, type LineReader, type Rgb } from './ocr.js'
import { flip, levelBoxes, type TextBox } from './text-boxes.js'
import { areaIn, around, cornersOf, extract, pageAroundLines, turn, type Area, type Down, type Region } from './page-geometry.js'

/** Text is found on a copy of at most this many pixels a side (the detector's cost grows with its area). */
const FIND_SIDE = 960
/** A page whose lines slant more than this (8°) is turned level before its text is found again. */
const LEVEL_ABOVE = (8 * Math.PI) / 180
/** Lines of text a region needs to be taken for a document's page. */
export const PAGE_LINES = 4
/** A region of text under this share of the photo's longer side is looked at again, closer. */
const LOOK_CLOSER_BELOW = 0.6
/**
 * Lines whose upside-down vote decides the page's: the longest ones. A zone's lines, the longest, vote
 * "upright" either way round (its chevrons read alike): where no zone is read to settle it (a portrait
 * wanted alone), every line votes.
 */
const VOTERS = 8

/**
 * A page found from its lines alone reaches this share of their extent beyond them: a portrait lies
 * among a page's lines (beside them, between its header and its zone or last line), and a face held
 * at the page's edge, its centre off the page, is no portrait.
 */
const PAGE_MARGIN = 1 / 50

/** A photo's text found: the photo as read (turned level), its text's boxes and the region they lie in. */
export interface Located {
  img: Rgb
  boxes: TextBox[]
  region: Region
  /** The region in the photo as given. */
  area: Area
  /** Degrees `photo` was turned clockwise to be read (`img`). */
  turned: number
}

/**
 * Where a photo's text lies, or null when it has none. Text is found on a small copy first; when it
 * fills only part of the photo (a document on a desk), it is found again on that region at the photo's
 * own resolution, where its letters are large enough.
 */
export async function locate(photo: Rgb): Promise<Located | null> {
  let img = photo
  let turned = 0
  let boxes = await findText(img, FIND_SIDE)
  if (!boxes.length) return null
  // Lines far from level are found badly (a page turned a quarter in pieces, close lines of a page at
  // a slant run together): the photo is turned level and its text found again.
  const { angle: slant } = levelBoxes(boxes)
  if (Math.abs(slant) > LEVEL_ABOVE) {
    ;({ img, degrees: turned } = await turn(img, (-slant * 180) / Math.PI))
    boxes = await findText(img, FIND_SIDE)
    if (!boxes.length) return null
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
  return { img, boxes, region, area: areaIn(photo, img, turned, cornersOf(region)), turned }
}


/**
 * The ways a page's lines may read, leveled and turned (`down` toward the page's foot): the way the
 * vote of its longest lines says, weighted by length, then the other way round (a wrong vote).
 */
export async function orientations(reader: LineReader, boxes: TextBox[], voting = VOTERS): Promise<Array<{ lines: TextBox[]; down: Down }>> {
  const { angle, boxes: level } = levelBoxes(boxes)
  const voters = [...level].sort((a, b) => b.length - a.length).slice(0, voting)
  const votes = await reader.upsideDown(voters)
  const flipped = votes.reduce((sum, v, i) => sum + (v.flipped ? 1 : -1) * v.confidence * voters[i]!.length, 0) > 0
  const reading = flipped ? angle + Math.PI : angle
  const down = { x: -Math.sin(reading), y: Math.cos(reading) }
  return [
    { lines: flipped ? level.map(flip) : level, down },
    { lines: flipped ? level : level.map(flip), down: { x: -down.x, y: -down.y } },
  ]
}

/**
 * Where a photo's printed page lies, its corners in order from its head's left (shares of the photo),
 * without reading a line: the text found, and the way its lines read by their vote. Null when too
 * little text was found for a page. For a photo whose portrait alone is wanted (face match without
 * the document or identity check): the portrait is found with the page upright, and on it.
 */
export async function pageOf(photo: Rgb): Promise<Area | null> {
  const located = await locate(photo)
  if (!located || located.boxes.length < PAGE_LINES) return null
  const reader = await lineReader(located.img)
  try {
    const [way] = await orientations(reader, located.boxes, located.boxes.length)
    return areaIn(photo, located.img, located.turned, pageAroundLines(way!.lines, way!.down, [], PAGE_MARGIN))
  } finally {
    reader.close()
  }
}
