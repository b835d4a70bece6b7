// Forged passports for the document tests: the fixture passports' pages with stickers, notes and text
// written onto them, and a verification of one through the API (its GET body and document check).
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import type { Built } from './build.js'

export const fixture = (file: string) => readFileSync(new URL(`../fixtures/documents/${file}`, import.meta.url))
/** The holder of the fixture passports, and her expired passport's number. */
export const holder = { issuing: 'NLD', surname: 'MUELLER', given: 'ANNA MARIA', number: 'NR5F3H1K8', nationality: 'NLD', dob: '850314', sex: 'F' as const }
export const applicant = { first_name: 'Anna Maria', last_name: 'Müller', date_of_birth: '1985-03-14' }

/** The page on a dark desk, a paper note written `note` beside it. */
export async function withNote(page: Buffer, note: string): Promise<Buffer> {
  const paper = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="90"><rect width="320" height="90" fill="#fffef5"/>` +
      `<text x="20" y="58" font-family="DejaVu Sans" font-size="30" fill="#222">${note}</text></svg>`,
  )
  const { width, height } = await sharp(page).metadata()
  return sharp({ create: { width: width! + 440, height: height! + 80, channels: 3, background: '#4a4038' } })
    .composite([{ input: page, left: 40, top: 40 }, { input: await sharp(paper).png().toBuffer(), left: width! + 80, top: height! - 120 }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

/** The page with a sticker printing `text` as the page prints its values (or its labels, at a smaller `size`), its top left corner at (left, top), the text at its start or `end`. */
export async function withSticker(page: Buffer, text: string, left: number, top: number, width = 300, anchor: 'start' | 'end' = 'start', size = 24): Promise<Buffer> {
  // At the values' size, bold and black; smaller, in the labels' type (regular, grey).
  const [height, type] = size < 24 ? [26, 'font-weight="normal" fill="#4a5060"'] : [40, 'font-weight="bold" fill="#111"']
  const sticker = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#eef0ea"/>` +
      `<text x="${anchor === 'end' ? width - 4 : 4}" y="${height - 10}" text-anchor="${anchor}" font-family="DejaVu Sans" ${type} font-size="${size}">${text}</text></svg>`,
  )
  return sharp(page).composite([{ input: await sharp(sticker).png().toBuffer(), left, top }]).jpeg({ quality: 90 }).toBuffer()
}

/** Four `<` written onto the page right after one of its values (their baseline at y), the value left as printed. */
export async function fillersAfter(page: Buffer, x: number, y: number): Promise<Buffer> {
  const { width, height } = await sharp(page).metadata()
  const marks = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="24" fill="#111">&lt;&lt;&lt;&lt;</text></svg>`
  return sharp(page).composite([{ input: await sharp(Buffer.from(marks)).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
}

/** Text written straight onto the page in its labels' type (DejaVu Sans, grey): [text, x, baseline, size]. */
export async function inLabelsType(page: Buffer, marks: Array<[string, number, number, number]>): Promise<Buffer> {
  const { width, height } = await sharp(page).metadata()
  const texts = marks.map(([text, x, y, size]) => `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" fill="#4a5060">${text}</text>`)
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${texts.join('')}</svg>`)
  return sharp(page).composite([{ input: await sharp(svg).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
}

export async function verify(b: Built, key: string, photo: Buffer, declared = applicant) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity'], applicant: declared } })).json().id as string
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo.toString('base64') } })
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`)
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  return { v, document: v.checks_results.document }
}
