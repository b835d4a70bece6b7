// Lines of text found on a photo, as turned rectangles, and how they are turned to be read: the
// geometry of OCR (src/analysis/ocr.ts), apart from its models.

/** A line of text as a turned rectangle: `angle` is the direction it reads in (radians, y down). */
export interface TextBox {
  cx: number
  cy: number
  length: number
  thickness: number
  angle: number
}

/**
 * The direction a page's lines read in, from its boxes: the mean of their axes weighted by length
 * (axes, so 0° and 180° agree). Each box then reads along its own axis (lines of a page seen in
 * perspective are not parallel), taken the way nearest the page's; a box that stands across it (a tall
 * letter) reads along its short side, and a box near square (a short word) along the page's.
 */
export function levelBoxes(boxes: TextBox[]): { angle: number; boxes: TextBox[] } {
  let c = 0
  let s = 0
  for (const b of boxes) {
    const weight = Math.max(0, b.length - b.thickness)
    c += weight * Math.cos(2 * b.angle)
    s += weight * Math.sin(2 * b.angle)
  }
  const angle = Math.atan2(s, c) / 2
  const off = (a: number) => Math.atan2(Math.sin(a - angle), Math.cos(a - angle))
  const levelled = boxes.map((b) => {
    if (b.length < NEAR_SQUARE * b.thickness) return { ...b, angle }
    const d = off(b.angle)
    if (Math.abs(d) > Math.PI / 4 && Math.abs(d) < (3 * Math.PI) / 4) return { ...b, length: b.thickness, thickness: b.length, angle }
    return { ...b, angle: angle + off(Math.abs(d) <= Math.PI / 4 ? b.angle : b.angle + Math.PI) }
  })
  return { angle, boxes: levelled }
}

/** A box less than this many times longer than thick has no axis of its own worth trusting. */
const NEAR_SQUARE = 2

/** The box read the other way round (the page upside down). */
export const flip = (b: TextBox): TextBox => ({ ...b, angle: b.angle + Math.PI })
