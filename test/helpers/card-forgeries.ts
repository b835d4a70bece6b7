// A forged identity card for the document tests: the fixture card's genuine front (Greta Luise
// Schröder, above its zone) with marks written onto it, and a back printing a zone of the test's choice
// in OCR-B where the fixture card prints its own.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import type { Test } from 'tap'
import { td1, type Holder } from './mrz.js'

const fixture = (file: string) => readFileSync(new URL(`../fixtures/documents/${file}`, import.meta.url))
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The fixture card's zone with `changes`, its check digits computed again. */
export const cardZone = (changes: Partial<Holder> = {}) =>
  td1({ code: 'ID', issuing: 'D<<', surname: 'SCHROEDER', given: 'GRETA LUISE', number: 'LM4R7XC21', nationality: 'D<<', dob: '480523', sex: 'F', expiry: '310914', ...changes })

/** A card's back: an address, a height, an eye colour, and `zone` where the fixture card prints its zone. */
export async function cardBack(zone: string[]): Promise<Buffer> {
  const glyphs = zone.flatMap((line, li) => [...line].map((c, i) => `<text x="${(67 + (i + 0.5) * 32.6).toFixed(1)}" y="${544 + li * 60}" text-anchor="middle" font-family="OCR B" font-size="45" fill="#000">${esc(c)}</text>`))
  const label = (x: number, y: number, s: string) => `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="15" fill="#4a5568">${s}</text>`
  const value = (x: number, y: number, s: string) => `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="25" font-weight="bold" fill="#111">${s}</text>`
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="694"><rect width="1100" height="694" fill="#eef1ec"/><rect y="470" width="1100" height="224" fill="#f6f6f1"/>` +
    label(40, 80, 'Anschrift / Address') + value(40, 110, 'HAUPTSTRASSE 12') + value(40, 145, '20095 HAMBURG') +
    label(40, 220, 'Groesse / Height') + value(40, 250, '168 cm') + label(400, 220, 'Augenfarbe / Eye colour') + value(400, 250, 'BLAU') +
    glyphs.join('') + '</svg>'
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

export interface Mark {
  text: string
  /** Where the text begins, and its baseline. */
  x: number
  y: number
  size: number
  /** Written in the labels' type (DejaVu Sans, grey) rather than the values'. */
  label?: true
  /** A blank patch in the card's background colour under it. */
  patch?: { x: number; y: number; w: number; h: number }
}

/** The fixture card's front (above its zone), left as printed, with `marks` written in its values' type (DejaVu Sans bold, black) or its labels'. */
export async function cardFront(marks: Mark[]): Promise<Buffer> {
  const [W, H] = [1100, 470]
  const drawn = marks.map((m) =>
    (m.patch ? `<rect x="${m.patch.x}" y="${m.patch.y}" width="${m.patch.w}" height="${m.patch.h}" fill="#eef1ec"/>` : '') +
    `<text x="${m.x}" y="${m.y}" font-family="DejaVu Sans" font-size="${m.size}" ${m.label ? 'fill="#4a5568"' : 'font-weight="bold" fill="#111"'}>${esc(m.text)}</text>`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${drawn.join('')}</svg>`
  return sharp(fixture('idcard-td1-clean.jpg'))
    .extract({ left: 0, top: 0, width: W, height: H })
    .composite([{ input: await sharp(Buffer.from(svg)).png().toBuffer(), left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

export type Field = 'expiration_date' | 'date_of_birth' | 'document_number' | 'surname' | 'given_names'

/** A verification as a forgery test reads it: its decision, and its document check's zone and page fields. */
export interface Verified {
  v: { decision: string | null; decision_reasons: string[] }
  document: { details: { mrz?: Partial<Record<Field, string | null>>; viz: { fields: Record<Field, string> } } }
}

/** A forgery's verification: the zone read as forged (`value`, its check digits holding), its `field` not confirmed by the page, and not approved. */
export function refused(t: Test, { v, document }: Verified, field: Field, value: string | null, why: string) {
  if (value) t.equal(document.details.mrz?.[field], value, 'the zone is read as forged')
  t.not(document.details.viz.fields[field], 'match', why)
  t.not(v.decision, 'approved', `${v.decision}: ${v.decision_reasons}`)
}
