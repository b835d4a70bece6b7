// Drawing a genuine-layout page as SVG: the page's background (guilloche, rosette, portrait,
// signature), its zone in OCR-B, and its fields with labels above or left of their values, in the
// ways states print them. librsvg (through sharp) renders it with the system's DejaVu and OCR-B fonts.
import { mulberry32 } from '../../test/helpers/random.js'
import { printDate, type Holder } from './holders.js'
import { labelText, valueText, type Key, type Style } from './labels.js'

export const SANS = 'DejaVu Sans'
export const COND = 'DejaVu Sans Condensed'
export const SERIF = 'DejaVu Serif'
const MRZ_FONT = 'OCR B'

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

export const svgDoc = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`
/** The security print behind the fields: wavy lines that OCR must read through. */
function guilloche(w: number, y0: number, y1: number, color: string, phase: number, opacity = 0.35): string {
  let out = ''
  for (let k = 0, y = y0; y < y1; k++, y += 11) {
    let d = ''
    for (let x = 0; x <= w; x += 12) {
      const yy = y + 6 * Math.sin((x / w) * 2 * Math.PI * 3 + k * 0.45 + phase) + 3 * Math.sin((x / w) * 2 * Math.PI * 11 + k * 0.9)
      d += `${x === 0 ? 'M' : 'L'}${x} ${yy.toFixed(1)}`
    }
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="1" opacity="${opacity}"/>`
  }
  return out
}
function rosette(cx: number, cy: number, r: number, color: string): string {
  let out = ''
  for (let i = 0; i < 20; i++) out += `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${(r * 0.35).toFixed(1)}" transform="rotate(${(i * 9).toFixed(1)} ${cx} ${cy})" fill="none" stroke="${color}" stroke-width="1" opacity="0.35"/>`
  return out
}
function portrait(x: number, y: number, w: number, h: number, opacity = 1): string {
  const cx = x + w / 2
  return `<g opacity="${opacity}"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#d9dde3" stroke="#8a8f98" stroke-width="2"/>` +
    `<ellipse cx="${cx}" cy="${y + h * 0.38}" rx="${w * 0.22}" ry="${h * 0.19}" fill="#9aa2ad"/>` +
    `<path d="M${x + w * 0.12} ${y + h} Q${cx} ${y + h * 0.48} ${x + w * 0.88} ${y + h} Z" fill="#9aa2ad"/></g>`
}
function signature(x: number, y: number, seed: number): string {
  const r = mulberry32(seed)
  let d = `M${x} ${y}`
  let px = x
  for (let i = 0; i < 12; i++) {
    px += 10 + r() * 12
    d += ` Q${px - 6} ${y - 20 - r() * 18} ${px} ${y + (i % 2 ? 6 : -4)}`
  }
  return `<path d="${d}" fill="none" stroke="#1b2a6b" stroke-width="2" stroke-linecap="round"/>`
}
/** The zone, each character centred on its place: ICAO's pitch (2.54 mm) spans the page as on a real document. */
function mrzText(lines: string[], x0: number, firstBaseline: number, pitch: number, lineGap: number, size: number): string {
  let out = ''
  lines.forEach((line, li) => {
    for (let i = 0; i < line.length; i++) {
      out += `<text x="${(x0 + (i + 0.5) * pitch).toFixed(1)}" y="${firstBaseline + li * lineGap}" text-anchor="middle" font-family="${MRZ_FONT}" font-size="${size}" fill="#000">${esc(line[i]!)}</text>`
    }
  })
  return out
}
const t = (x: number, y: number, s: string, size: number, o: { font?: string; weight?: string; fill?: string; anchor?: string; opacity?: number } = {}) =>
  `<text x="${x}" y="${y}" font-family="${o.font ?? SANS}" font-size="${size}"${o.weight ? ` font-weight="${o.weight}"` : ''}${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''} fill="${o.fill ?? '#111'}">${esc(s)}</text>`

/** A page's colours; the catalogue cycles through them so that no reading leans on one background. */
export interface Theme { bg: string; band: string; guil: string; ros: string; head: string }
export const THEMES: Theme[] = [
  { bg: '#eef0ea', band: '#f7f6f1', guil: '#7a9cc6', ros: '#c98a9b', head: '#1d2f5e' },
  { bg: '#f3ece4', band: '#faf7f2', guil: '#c69a7a', ros: '#8ab0c9', head: '#5e1d2a' },
  { bg: '#e9f0ee', band: '#f5f8f6', guil: '#7ac6a8', ros: '#c9b18a', head: '#1d4e3f' },
  { bg: '#efeaf3', band: '#f8f5fa', guil: '#a37ac6', ros: '#8ac9b9', head: '#3a1d5e' },
  { bg: '#f2f0e6', band: '#fbfaf4', guil: '#b6b070', ros: '#c98a8a', head: '#4a3c12' },
]

/** What a layout draws from: the page's size and zone band, colours, holder, document kind and style. */
export interface Ctx { W: number; H: number; mrzTop: number; theme: Theme; h: Holder; kind: 'passport' | 'id_card'; s: Style; seed: number }
/** A page's heading: the state, in English, and the document's name. */
export interface PageDef { state: string; english: string; kindText: string }

/** Everything on the page but its fields and zone: background, heading, portrait, signature. */
export function frame(c: Ctx, p: PageDef): string {
  const { W, H, mrzTop, theme } = c
  const card = c.kind === 'id_card'
  const photo = card ? { x: 34, y: 100, w: 250, h: 320 } : { x: 38, y: 120, w: 274, h: 354 }
  return `<rect width="${W}" height="${H}" fill="${theme.bg}"/>` + guilloche(W, 20, mrzTop - 10, theme.guil, c.seed % 7) +
    rosette(W - 200, mrzTop / 2 + 30, card ? 110 : 150, theme.ros) +
    `<rect y="${mrzTop}" width="${W}" height="${H - mrzTop}" fill="${theme.band}"/>` +
    t(38, card ? 46 : 52, p.state, card ? 24 : 27, { weight: 'bold', fill: theme.head }) +
    t(38, card ? 72 : 80, p.english, card ? 15 : 17, { fill: theme.head }) +
    t(W - 38, card ? 46 : 52, p.kindText, card ? 20 : 24, { weight: 'bold', fill: theme.head, anchor: 'end' }) +
    t(W - 38, card ? 72 : 80, 'SYNTHETIC TEST DOCUMENT · NOT VALID', 13, { fill: '#b3261e', anchor: 'end' }) +
    portrait(photo.x, photo.y, photo.w, photo.h) +
    (card ? '' : t(40, 500, c.s.langs.includes('en') ? "Holder's signature" : 'Signature', 13, { fill: '#4a5568' }) + signature(60, 560, c.seed))
}
export function zoneSvg(c: Ctx, z: string[]): string {
  if (c.kind === 'passport') return mrzText(z, (c.W - 44 * 24.4) / 2, c.mrzTop + 85, 24.4, 60, 34)
  return mrzText(z, (c.W - 30 * 32.6) / 2, c.mrzTop + 74, 32.6, 60, 45)
}

/** A field with its label above its value (the value's lines under one another). */
function above(c: Ctx, k: Key, x: number, y: number, valueLines?: string[]): string {
  const s = c.s
  const ls = s.labelSize ?? 15
  const vs = s.valueSize ?? 24
  const vals = valueLines ?? valueText(k, c.h, s, c.kind)
  // A label wider than the page has room for is printed condensed into that room (as states print trilingual labels).
  const lab = labelText(k, s)
  // (Cyrillic and Greek letters as wide as Latin ones.)
  const est = [...lab].reduce((w, ch) => w + (/[A-ZΑ-ΩЀ-Я]/.test(ch) ? 0.68 : /[a-zà-ÿά-ώа-џ]/.test(ch) ? 0.56 : 0.4), 0) * ls * (s.labelFont === COND ? 0.9 : 1)
  const room = c.W - 30 - x
  const label = est * 1.1 > room
    ? `<text transform="translate(${x} ${y}) scale(${(room / (est * 1.1)).toFixed(3)} 1)" x="0" y="0" font-family="${s.labelFont ?? SANS}" font-size="${ls}" fill="${s.labelColour ?? '#4a5568'}">${esc(lab)}</text>`
    : t(x, y, lab, ls, { font: s.labelFont, fill: s.labelColour ?? '#4a5568' })
  return label +
    vals.map((v, i) => t(x, y + Math.round(vs * 1.2) + i * Math.round(vs * 1.15), v, vs, { font: s.valueFont, weight: s.valueWeight ?? 'bold' })).join('')
}
/** A field with its label left of its value: `gap` in character widths of the value's font (close), or a column x (far). */
function leftOf(c: Ctx, k: Key, x: number, y: number, place: { gap: number } | { column: number }, valueLines?: string[], colon = false, raise = 0): string {
  const s = c.s
  const ls = s.labelSize ?? 15
  const vs = s.valueSize ?? 22
  const lab = labelText(k, s) + (colon ? ':' : '')
  const vals = valueLines ?? valueText(k, c.h, s, c.kind)
  const labAttrs = `font-family="${s.labelFont ?? SANS}" font-size="${ls}" fill="${s.labelColour ?? '#4a5568'}"`
  const valAttrs = `font-family="${s.valueFont ?? SANS}" font-size="${vs}" font-weight="${s.valueWeight ?? 'bold'}" fill="#111"`
  if ('gap' in place) {
    const dx = Math.round(place.gap * vs * 0.62)
    // The label's own run (invisible on continuation lines) keeps every value line aligned.
    return vals.map((v, i) => `<text x="${x}" y="${y + i * Math.round(vs * 1.2)}"><tspan dy="${-raise}" ${labAttrs}${i ? ' fill-opacity="0"' : ''}>${esc(lab)}</tspan><tspan dx="${dx}" dy="${raise}" ${valAttrs}>${esc(v)}</tspan></text>`).join('')
  }
  return t(x, y - raise, lab, ls, { font: s.labelFont, fill: s.labelColour ?? '#4a5568' }) +
    vals.map((v, i) => t(place.column, y + i * Math.round(vs * 1.2), v, vs, { font: s.valueFont, weight: s.valueWeight ?? 'bold' })).join('')
}
/** The given names, on two lines when `split` (the last name on the second line). */
const givenLines = (h: Holder, split?: boolean) => {
  const w = h.given.split(' ')
  return split && w.length > 1 ? [w.slice(0, -1).join(' '), w.at(-1)!] : [h.given]
}
/** A ghost image: the portrait again, faint, with the birth date small under it (a second date near the fields). */
function ghost(c: Ctx, x: number, y: number, date: string): string {
  return portrait(x, y, 90, 116, 0.28) + t(x + 45, y + 134, date, 12, { anchor: 'middle', fill: '#555' })
}

/** What a layout adds: a ghost portrait with the birth date under it, the given names on two lines. */
interface Extras { ghost?: boolean; splitGiven?: boolean }
export type Builder = (c: Ctx) => string

/** Labels above values: rows of [key, x] from `grid`. */
export function aboveLayout(grid: Array<Array<[Key, number]>>, ex: Extras, rowStep = 68, y0 = 120): Builder {
  return (c) => {
    let y = y0
    let out = ''
    for (const row of grid) {
      let extra = 0
      for (const [k, x] of row) {
        if (k === 'personal' && !c.h.personal) continue
        // A name in two scripts may take two lines too (the national over the Latin).
        const lines = k === 'given' && !c.h.national ? givenLines(c.h, ex.splitGiven) : valueText(k, c.h, c.s, c.kind)
        out += above(c, k, x, y, lines)
        if (lines.length > 1) extra = Math.max(extra, Math.round((c.s.valueSize ?? 24) * 1.15))
      }
      y += rowStep + extra
    }
    if (ex.ghost) out += ghost(c, c.W - 140, 172, printDate(c.h.dob, c.s.date))
    return out
  }
}
/** Labels left of values, one field a row; `place` per row (cycled). */
export function leftLayout(keys: Key[], places: Array<{ gap: number } | { column: number }>, ex: Extras & { colon?: boolean; x?: number; raise?: number }, rowStep = 46, y0 = 132): Builder {
  return (c) => {
    let y = y0
    let out = ''
    keys.forEach((k, i) => {
      if (k === 'personal' && !c.h.personal) return
      const lines = k === 'given' ? givenLines(c.h, ex.splitGiven) : undefined
      out += leftOf(c, k, ex.x ?? 340, y, places[i % places.length]!, lines, ex.colon, ex.raise ?? 0)
      y += rowStep + (lines && lines.length > 1 ? Math.round((c.s.valueSize ?? 22) * 1.2) : 0)
    })
    if (ex.ghost) out += ghost(c, c.W - 140, 172, printDate(c.h.dob, c.s.date))
    return out
  }
}
