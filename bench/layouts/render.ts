// A catalogue page rendered to pixels, and its two captures: a clean scan, and a mild phone capture
// (turned 1–3°, a little smaller, softened, lighter or darker, on a desk, JPEG 80). Everything follows
// from the page's seed, so a run reads the same pixels as every other.
import sharp from 'sharp'
import type { Layout } from './catalogue.js'
import { frame, svgDoc, THEMES, zoneSvg, type Ctx } from './drawing.js'
import { mulberry32 } from '../../test/helpers/random.js'
import { makeHolder, zoneOf } from './holders.js'

export type Capture = 'scan' | 'phone'
export const CAPTURES: Capture[] = ['scan', 'phone']

/** A catalogue page's seed: its place in the catalogue (index from 0) plus 101. */
export const seedOf = (index: number) => 101 + index

/** The flat page (PNG) of `layout`, drawn from `seed`. */
export async function renderPage(layout: Layout, seed: number): Promise<Buffer> {
  const h = makeHolder(seed, layout.cc, layout.holder)
  const zone = zoneOf(h, layout.kind)
  const card = layout.kind === 'id_card'
  // An ID-1 card (85.6 × 54 mm) and a passport's data page (125 × 88 mm), in their proportions.
  const c: Ctx = { W: card ? 1100 : 1200, H: card ? 694 : 850, mrzTop: card ? 470 : 650, theme: THEMES[seed % THEMES.length]!, h, kind: layout.kind, s: layout.s, seed }
  const svg = svgDoc(c.W, c.H, frame(c, layout.page) + layout.build(c) + zoneSvg(c, zone))
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer()
}

/** The page as `capture` takes it: a JPEG, as an upload would be. */
export async function capture(png: Buffer, how: Capture, seed: number): Promise<Buffer> {
  if (how === 'scan') return sharp(png).jpeg({ quality: 90 }).toBuffer()
  const r = mulberry32(seed * 31 + 5)
  const angle = (1 + r() * 2) * (r() < 0.5 ? -1 : 1)
  const sigma = 0.6 + r() * 0.4
  const brightness = r() < 0.5 ? 0.88 + r() * 0.06 : 1.05 + r() * 0.07
  const desk = { r: 62, g: 56, b: 50 }
  const meta = await sharp(png).metadata()
  const scale = 0.9 + r() * 0.1
  const scaled = await sharp(png).resize(Math.round(meta.width! * scale)).png().toBuffer()
  const rotated = await sharp(scaled).extend({ top: 40, bottom: 40, left: 40, right: 40, background: desk }).rotate(angle, { background: desk }).png().toBuffer()
  return sharp(rotated).blur(sigma).modulate({ brightness }).jpeg({ quality: 80 }).toBuffer()
}
