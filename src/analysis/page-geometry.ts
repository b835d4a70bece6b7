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

/** Where a page's text lies in the photo as uploaded (upright), as shares of its width and height. */
export interface Area {
  left: number
  top: number
  right: number
  bottom: number
}

/**
 * A region of `img` (`photo` turned clockwise by `degrees` about its centre, its canvas grown to hold
 * it) as the area of `photo` that holds it: its corners turned back, as shares of the photo's sides.
 */
export function areaIn(photo: Rgb, img: Rgb, degrees: number, r: Region): Area {
  const a = (degrees * Math.PI) / 180
  const [cos, sin] = [Math.cos(a), Math.sin(a)]
  const corners = [[r.left, r.top], [r.left + r.width, r.top], [r.left, r.top + r.height], [r.left + r.width, r.top + r.height]].map(([x, y]) => {
    const [dx, dy] = [x! - img.width / 2, y! - img.height / 2]
    return [(cos * dx + sin * dy + photo.width / 2) / photo.width, (-sin * dx + cos * dy + photo.height / 2) / photo.height] as const
  })
  const clamp = (n: number) => Math.max(0, Math.min(1, n))
  return {
    left: clamp(Math.min(...corners.map((c) => c[0]))),
    top: clamp(Math.min(...corners.map((c) => c[1]))),
    right: clamp(Math.max(...corners.map((c) => c[0]))),
    bottom: clamp(Math.max(...corners.map((c) => c[1]))),
  }
}

/** A data page's height for its zone's width, with a margin: 88 mm for 112 on a passport (TD3), 74 for 91 on TD2. */
const PAGE_HEIGHT_PER_ZONE_WIDTH = 0.9

/**
 * The page a zone is printed at the foot of (`down` toward it), in the pixels of the photo as read: as
 * wide as the zone and a tenth more each side, and as high as a data page is for that width. The text
 * found elsewhere in the photo (a poster, another photo's print) is no part of it.
 */
export function pageAroundZone(zone: TextBox[], down: Down, img: Rgb): Region {
  const along = { x: -down.y, y: down.x }
  let [a0, a1, foot] = [Infinity, -Infinity, -Infinity]
  for (const b of zone) {
    const a = b.cx * along.x + b.cy * along.y
    ;[a0, a1, foot] = [Math.min(a0, a - b.length / 2), Math.max(a1, a + b.length / 2), Math.max(foot, b.cx * down.x + b.cy * down.y + b.thickness / 2)]
  }
  const width = a1 - a0
  const corners = [a0 - width / 10, a1 + width / 10].flatMap((a) =>
    [foot - PAGE_HEIGHT_PER_ZONE_WIDTH * width, foot + width / 10].map((d) => [a * along.x + d * down.x, a * along.y + d * down.y] as const),
  )
  const [x0, x1] = [Math.min(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[0]))]
  const [y0, y1] = [Math.min(...corners.map((c) => c[1])), Math.max(...corners.map((c) => c[1]))]
  const left = Math.max(0, Math.floor(x0))
  const top = Math.max(0, Math.floor(y0))
  return { left, top, width: Math.max(1, Math.min(img.width, Math.ceil(x1)) - left), height: Math.max(1, Math.min(img.height, Math.ceil(y1)) - top) }
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
