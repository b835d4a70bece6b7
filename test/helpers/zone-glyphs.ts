// A fixture passport's zone rewritten without any font: each character of the new line is a copy of
// the cell where the fixture passports print that character (their zones are drawn at a fixed pitch,
// scripts/fixtures/drawing.ts), so a forged zone looks like the genuine one, check digits and all.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'

const dir = new URL('../fixtures/documents/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { files: Array<{ file: string; mrz: string[] | null }> }

/** The TD3 page's zone: 44 characters 24.4 px apart from x = 63.2, baselines 735 and 795 (1200 × 850 page). */
const PITCH = 24.4
const X0 = (1200 - 44 * PITCH) / 2
const BASELINES = [735, 795]
const ABOVE = 30
const BELOW = 8

const cell = (line: number, i: number) => ({ left: Math.round(X0 + i * PITCH), top: BASELINES[line]! - ABOVE, width: Math.round(PITCH), height: ABOVE + BELOW })

/** Where a clean fixture passport prints each character of its zones. */
function inventory(): Map<string, { file: string; line: number; i: number }> {
  const found = new Map<string, { file: string; line: number; i: number }>()
  for (const f of manifest.files) {
    if (!f.file.startsWith('passport-td3') || f.file.includes('phone') || !f.mrz) continue
    f.mrz.forEach((text, line) => [...text].forEach((c, i) => found.has(c) || found.set(c, { file: f.file, line, i })))
  }
  return found
}

/** `file` (a clean fixture passport) with its zone's line `line` (0 or 1) printed as `text` instead. */
export async function withZoneLine(file: string, line: number, text: string): Promise<Buffer> {
  if (text.length !== 44) throw new Error(`a TD3 zone line has 44 characters: ${text}`)
  const glyphs = inventory()
  const pages = new Map<string, Buffer>()
  const layers: sharp.OverlayOptions[] = []
  for (const [i, c] of [...text].entries()) {
    const from = glyphs.get(c)
    if (!from) throw new Error(`no fixture zone prints ${c}`)
    if (!pages.has(from.file)) pages.set(from.file, readFileSync(new URL(from.file, dir)))
    const input = await sharp(pages.get(from.file)!).extract(cell(from.line, from.i)).toBuffer()
    const to = cell(line, i)
    layers.push({ input, left: to.left, top: to.top })
  }
  return sharp(readFileSync(new URL(file, dir))).composite(layers).jpeg({ quality: 90 }).toBuffer()
}
