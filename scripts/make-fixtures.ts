// Renders the synthetic identity-document photos in test/fixtures/documents/ and their
// manifest.json. Run: `npx tsx scripts/make-fixtures.ts` (writes) or
// `npx tsx scripts/make-fixtures.ts --check` (writes nothing; fails if a file on disk differs from
// what would be rendered, or if an MRZ does not parse to the manifest's fields).
//
// Deterministic: every random choice comes from a seeded PRNG; the same sharp/libvips version gives
// byte-identical files.
//
// Debian packages needed (apt-get install -y ...):
//   fonts-ocr-b         /usr/share/fonts/opentype/ocr-b/OCRB.otf — OCR-B, the MRZ font. Must be
//                       installed: it is found through fontconfig (family "OCR B").
//   fonts-dejavu-core   /usr/share/fonts/truetype/dejavu/DejaVuSans*.ttf — the printed fields
//                       (family "DejaVu Sans"). Must be installed, for the same reason.
//   python3-skimage     /usr/lib/python3/dist-packages/skimage/data/astronaut.png — portrait of
//                       astronaut Eileen Collins (NASA, public domain).
//   facedetect          /usr/share/doc/facedetect/examples/grace_hopper_512x512.jpg — portrait of
//                       Grace Hopper (US Navy, public domain).
// The two photo packages need not be installed: when a file is not at its installed path the script
// looks in $FIXTURE_DEB_DIR (default: <tmpdir>/make-fixtures-debs)/<package>/<path>, and if it is not
// there either it runs `apt-get download <package>` and `dpkg -x` into that directory.
// No npm package beyond the project's own (sharp, mrz). Provenance: test/fixtures/README.md.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { parse } from 'mrz'
import { mulberry32 } from '../test/helpers/random.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'test', 'fixtures', 'documents')
const checkOnly = process.argv.includes('--check')
const MAX_BYTES = 250 * 1024

// ---------------------------------------------------------------------------------------------
// Source files
// ---------------------------------------------------------------------------------------------

type Source = { pkg: string; file: string }
const FACE_ASTRONAUT: Source = {
  pkg: 'python3-skimage',
  file: '/usr/lib/python3/dist-packages/skimage/data/astronaut.png',
}
const FACE_HOPPER: Source = {
  pkg: 'facedetect',
  file: '/usr/share/doc/facedetect/examples/grace_hopper_512x512.jpg',
}
const OCRB_FILE = '/usr/share/fonts/opentype/ocr-b/OCRB.otf'
const MRZ_FONT = 'OCR B'
const TEXT_FONT = 'DejaVu Sans'

function locate(src: Source): string {
  if (existsSync(src.file)) return src.file
  const cache = process.env.FIXTURE_DEB_DIR ?? path.join(os.tmpdir(), 'make-fixtures-debs')
  const extracted = path.join(cache, src.pkg, src.file)
  if (existsSync(extracted)) return extracted
  mkdirSync(cache, { recursive: true })
  console.log(`${src.file} not found: apt-get download ${src.pkg} && dpkg -x into ${cache}/${src.pkg}`)
  execFileSync('apt-get', ['download', src.pkg], { cwd: cache, stdio: 'inherit' })
  const deb = readdirSync(cache).find((f) => f.startsWith(`${src.pkg}_`) && f.endsWith('.deb'))
  if (!deb) throw new Error(`apt-get download ${src.pkg} produced no .deb in ${cache}`)
  execFileSync('dpkg', ['-x', path.join(cache, deb), path.join(cache, src.pkg)], { stdio: 'inherit' })
  if (!existsSync(extracted)) throw new Error(`${src.pkg} does not contain ${src.file}`)
  return extracted
}

// A font family fontconfig cannot find silently falls back to another font: render a sample in the
// family and in a family that surely does not exist, and fail if the pixels are the same.
async function assertFontFamily(family: string, pkg: string): Promise<void> {
  const sample = (fam: string) =>
    sharp(Buffer.from(svgDoc(400, 60, `<rect width="400" height="60" fill="#fff"/>` +
      `<text x="10" y="45" font-family="${fam}" font-size="36">P&lt;NLD&lt;&lt;0123</text>`)))
      .raw().toBuffer()
  const [a, b] = await Promise.all([sample(family), sample('No Such Font Family 7f3a')])
  if (a.equals(b)) throw new Error(`font family "${family}" not found by fontconfig: apt-get install -y ${pkg}`)
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32 from test/helpers/random.ts)
// ---------------------------------------------------------------------------------------------

function gaussian(rand: () => number): () => number {
  let spare: number | null = null
  return () => {
    if (spare !== null) {
      const s = spare
      spare = null
      return s
    }
    const u = Math.max(rand(), 1e-12)
    const v = rand()
    const r = Math.sqrt(-2 * Math.log(u))
    spare = r * Math.sin(2 * Math.PI * v)
    return r * Math.cos(2 * Math.PI * v)
  }
}

// ---------------------------------------------------------------------------------------------
// MRZ (ICAO Doc 9303)
// ---------------------------------------------------------------------------------------------

function checkDigit(s: string): string {
  const weights = [7, 3, 1]
  let sum = 0
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    const v = c === '<' ? 0 : c >= 'A' && c <= 'Z' ? c.charCodeAt(0) - 55 : Number(c)
    if (!Number.isInteger(v)) throw new Error(`bad MRZ character ${c} in ${s}`)
    sum += v * weights[i % 3]!
  }
  return String(sum % 10)
}

const field = (s: string, n: number) => {
  const v = s.toUpperCase().replaceAll(' ', '<')
  if (!/^[A-Z0-9<]*$/.test(v) || v.length > n) throw new Error(`bad MRZ field "${s}" for ${n} chars`)
  return v.padEnd(n, '<')
}
const nameField = (surname: string, given: string, n: number) =>
  field(`${surname.replaceAll(' ', '<')}<<${given.replaceAll(' ', '<')}`, n)
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10)

type Holder = {
  documentCode: string // 'P' or 'ID'
  issuingState: string // MRZ form: 'NLD', 'D'
  documentNumber: string
  surnameMrz: string // ICAO transliteration
  givenNamesMrz: string
  nationality: string
  dateOfBirth: string // YYYY-MM-DD
  sex: 'F' | 'M' | '<'
  expirationDate: string
  optionalData: string // TD3: personal number; TD1: optional data of line 1
}

function td3(h: Holder): string[] {
  const l1 = field(h.documentCode, 2) + field(h.issuingState, 3) + nameField(h.surnameMrz, h.givenNamesMrz, 39)
  const doc = field(h.documentNumber, 9)
  const dob = yymmdd(h.dateOfBirth)
  const exp = yymmdd(h.expirationDate)
  const pn = field(h.optionalData, 14)
  const pnCheck = h.optionalData === '' ? '<' : checkDigit(pn)
  const body = doc + checkDigit(doc) + field(h.nationality, 3) + dob + checkDigit(dob) + h.sex + exp +
    checkDigit(exp) + pn + pnCheck
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43))
  return [l1, body + composite]
}

function td1(h: Holder): string[] {
  const doc = field(h.documentNumber, 9)
  const l1 = field(h.documentCode, 2) + field(h.issuingState, 3) + doc + checkDigit(doc) + field(h.optionalData, 15)
  const dob = yymmdd(h.dateOfBirth)
  const exp = yymmdd(h.expirationDate)
  const l2body = dob + checkDigit(dob) + h.sex + exp + checkDigit(exp) + field(h.nationality, 3) + field('', 11)
  const composite = checkDigit(l1.slice(5, 30) + l2body.slice(0, 7) + l2body.slice(8, 15) + l2body.slice(18, 29))
  return [l1, l2body + composite, nameField(h.surnameMrz, h.givenNamesMrz, 30)]
}

// ---------------------------------------------------------------------------------------------
// The documents
// ---------------------------------------------------------------------------------------------

// Passport of a fictional Dutch citizen. In the printed zone her surname is MÜLLER; the MRZ has
// MUELLER (ICAO Doc 9303 Part 3 transliteration Ü → UE; some states write MULLER or MUXLLER).
const passportHolder: Holder = {
  documentCode: 'P',
  issuingState: 'NLD',
  documentNumber: 'NW8K2P7R4',
  surnameMrz: 'MUELLER',
  givenNamesMrz: 'ANNA MARIA',
  nationality: 'NLD',
  dateOfBirth: '1985-03-14',
  sex: 'F',
  expirationDate: '2034-06-01',
  optionalData: '',
}
// Her previous passport, expired in 2019; Dutch passports of that time carried the citizen service
// number (BSN) in the personal-number field (123456782: a well-known test number, not a real one).
const expiredHolder: Holder = {
  ...passportHolder,
  documentNumber: 'NR5F3H1K8',
  expirationDate: '2019-02-09',
  optionalData: '123456782',
}
// Identity card of a fictional German citizen: Germany's MRZ state code is the one-letter 'D<<'.
// Printed surname SCHRÖDER, MRZ SCHROEDER (Ö → OE).
const idHolder: Holder = {
  documentCode: 'ID',
  issuingState: 'D',
  documentNumber: 'LM4R7XC21',
  surnameMrz: 'SCHROEDER',
  givenNamesMrz: 'GRETA LUISE',
  nationality: 'D',
  dateOfBirth: '1948-05-23',
  sex: 'F',
  expirationDate: '2031-09-14',
  optionalData: '',
}

const passportMrz = td3(passportHolder)
const expiredMrz = td3(expiredHolder)
const idMrz = td1(idHolder)
// Tampered: the last character of the document number (4 → 5) is changed on line 2, and neither its
// check digit nor the composite check digit is recomputed. The printed number is changed to match.
const tamperedNumber = 'NW8K2P7R5'
const tamperedMrz = [passportMrz[0]!, tamperedNumber + passportMrz[1]!.slice(9)]

type Printed = Record<string, string>
const passportPrinted = (number: string, issue: string, expiry: string): Printed => ({
  type: 'P',
  code: 'NLD',
  document_number: number,
  surname: 'MÜLLER',
  given_names: 'ANNA MARIA',
  nationality: 'NEDERLANDSE',
  date_of_birth: '14 MAA/MAR 1985',
  sex: 'V/F',
  place_of_birth: 'UTRECHT',
  date_of_issue: issue,
  date_of_expiry: expiry,
  authority: 'BURG. VAN UTRECHT',
})
const idPrinted: Printed = {
  document_number: 'LM4R7XC21',
  surname: 'SCHRÖDER',
  given_names: 'GRETA LUISE',
  date_of_birth: '23.05.1948',
  nationality: 'DEUTSCH',
  place_of_birth: 'HAMBURG',
  date_of_expiry: '14.09.2031',
}

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`

// Security-print-like wavy lines (pure function of its arguments).
function guilloche(w: number, y0: number, y1: number, color: string, phase: number): string {
  let out = ''
  for (let k = 0, y = y0; y < y1; k++, y += 9) {
    let d = ''
    for (let x = 0; x <= w; x += 10) {
      const yy = y + 6 * Math.sin((x / w) * 2 * Math.PI * 3 + k * 0.45 + phase) +
        3 * Math.sin((x / w) * 2 * Math.PI * 11 + k * 0.9)
      d += `${x === 0 ? 'M' : 'L'}${x} ${yy.toFixed(1)}`
    }
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="1" opacity="0.45"/>`
  }
  return out
}

function rosette(cx: number, cy: number, r: number, color: string): string {
  let out = ''
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI
    out += `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${(r * 0.35).toFixed(1)}" ` +
      `transform="rotate(${((a * 180) / Math.PI).toFixed(2)} ${cx} ${cy})" fill="none" stroke="${color}" ` +
      `stroke-width="1" opacity="0.4"/>`
  }
  return out
}

function signature(x: number, y: number, seed: number): string {
  // A slanted cursive-like stroke: a random walk of loops joined with smooth curves.
  const rand = mulberry32(seed)
  const pts: Array<[number, number]> = []
  let px = x
  for (let i = 0; i < 14; i++) {
    const up = i % 2 === 0
    const h = (i < 2 ? 34 : 12 + rand() * 22) * (up ? -1 : 0.4)
    px += 9 + rand() * 12
    pts.push([px + (up ? 8 : -4), y + h])
  }
  let d = `M${x} ${y}`
  let [lx, ly] = [x, y]
  for (const [qx, qy] of pts) {
    d += ` Q${((lx + qx) / 2 + 10).toFixed(1)} ${((ly + qy) / 2 - 8).toFixed(1)} ${qx.toFixed(1)} ${qy.toFixed(1)}`
    ;[lx, ly] = [qx, qy]
  }
  d += ` M${x - 6} ${y + 14} Q${x + 80} ${y + 4} ${px + 12} ${y + 10}`
  return `<path d="${d}" fill="none" stroke="#1b2a6b" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`
}

const label = (x: number, y: number, text: string) =>
  `<text x="${x}" y="${y}" font-family="${TEXT_FONT}" font-size="15" fill="#4a5568">${esc(text)}</text>`
const value = (x: number, y: number, text: string, size = 25) =>
  `<text x="${x}" y="${y}" font-family="${TEXT_FONT}" font-size="${size}" font-weight="bold" fill="#111">${esc(text)}</text>`
const labelled = (x: number, y: number, lab: string, val: string) => label(x, y, lab) + value(x, y + 30, val)

// Each MRZ character is placed on its own at the ICAO pitch, so the line spacing and the character
// pitch do not depend on the font's metrics.
function mrzText(lines: string[], x0: number, firstBaseline: number, pitch: number, lineGap: number, size: number): string {
  let out = ''
  lines.forEach((line, li) => {
    for (let i = 0; i < line.length; i++) {
      const x = x0 + (i + 0.5) * pitch
      out += `<text x="${x.toFixed(1)}" y="${firstBaseline + li * lineGap}" text-anchor="middle" ` +
        `font-family="${MRZ_FONT}" font-size="${size}" fill="#000">${esc(line[i]!)}</text>`
    }
  })
  return out
}

async function portrait(file: string, crop: { left: number; top: number; width: number; height: number }, w: number, h: number) {
  return sharp(file).extract(crop).resize(w, h, { kernel: 'lanczos3' }).removeAlpha().png().toBuffer()
}

const SYNTHETIC_NOTE = 'SYNTHETIC TEST DOCUMENT · NOT VALID'

// TD3 passport data page, 1200 × 850 px (125 × 88 mm at 9.6 px/mm).
async function passportPage(face: Buffer, printed: Printed, mrz: string[]): Promise<Buffer> {
  const W = 1200
  const H = 850
  const mrzTop = 650
  const col1 = 350
  const col2 = 780
  const body =
    `<rect width="${W}" height="${H}" fill="#f1ede3"/>` +
    `<rect y="0" width="${W}" height="${mrzTop}" fill="#eef0ea"/>` +
    guilloche(W, 20, mrzTop - 10, '#7a9cc6', 0.3) +
    rosette(1000, 360, 150, '#c98a9b') +
    `<rect y="${mrzTop}" width="${W}" height="${H - mrzTop}" fill="#f7f6f1"/>` +
    `<text x="40" y="52" font-family="${TEXT_FONT}" font-size="27" font-weight="bold" fill="#1d2f5e">KONINKRIJK DER NEDERLANDEN</text>` +
    `<text x="40" y="80" font-family="${TEXT_FONT}" font-size="17" fill="#1d2f5e">KINGDOM OF THE NETHERLANDS · ROYAUME DES PAYS-BAS</text>` +
    `<text x="${W - 40}" y="52" text-anchor="end" font-family="${TEXT_FONT}" font-size="24" font-weight="bold" fill="#1d2f5e">PASPOORT / PASSPORT</text>` +
    `<text x="${W - 40}" y="80" text-anchor="end" font-family="${TEXT_FONT}" font-size="14" fill="#b3261e">${SYNTHETIC_NOTE}</text>` +
    `<rect x="38" y="118" width="274" height="354" fill="none" stroke="#8a8f98" stroke-width="2"/>` +
    labelled(col1, 125, 'Soort / Type', printed.type!) +
    labelled(col1 + 150, 125, 'Code / Code', printed.code!) +
    labelled(col2, 125, 'Documentnummer / Document No.', printed.document_number!) +
    labelled(col1, 195, 'Naam / Surname', printed.surname!) +
    labelled(col1, 265, 'Voornamen / Given names', printed.given_names!) +
    labelled(col1, 335, 'Nationaliteit / Nationality', printed.nationality!) +
    labelled(col1, 405, 'Geboortedatum / Date of birth', printed.date_of_birth!) +
    labelled(col2, 405, 'Geslacht / Sex', printed.sex!) +
    labelled(col1, 475, 'Geboorteplaats / Place of birth', printed.place_of_birth!) +
    labelled(col2, 475, 'Autoriteit / Authority', printed.authority!) +
    labelled(col1, 545, 'Datum van afgifte / Date of issue', printed.date_of_issue!) +
    labelled(col2, 545, 'Geldig tot / Date of expiry', printed.date_of_expiry!) +
    label(40, 500, 'Handtekening / Signature') +
    signature(60, 565, 7) +
    // 44 characters at 2.54 mm = 24.4 px pitch, lines 60 px (6.3 mm) apart, glyphs about 2.5 mm tall.
    mrzText(mrz, (W - 44 * 24.4) / 2, mrzTop + 85, 24.4, 60, 34)
  return sharp(Buffer.from(svgDoc(W, H, body)))
    .composite([{ input: face, left: 40, top: 120 }])
    .removeAlpha()
    .png()
    .toBuffer()
}

// TD1 identity card, 1100 × 694 px (85.6 × 54 mm at 12.85 px/mm).
async function idCardPage(face: Buffer, printed: Printed, mrz: string[]): Promise<Buffer> {
  const W = 1100
  const H = 694
  const mrzTop = 470
  const col1 = 330
  const col2 = 720
  const body =
    `<rect width="${W}" height="${H}" fill="#eef1ec"/>` +
    guilloche(W, 10, mrzTop - 10, '#9bb08c', 1.7) +
    rosette(930, 300, 120, '#d2a76a') +
    `<rect y="${mrzTop}" width="${W}" height="${H - mrzTop}" fill="#f6f6f1"/>` +
    `<text x="36" y="48" font-family="${TEXT_FONT}" font-size="26" font-weight="bold" fill="#2b3a2a">BUNDESREPUBLIK DEUTSCHLAND</text>` +
    `<text x="36" y="74" font-family="${TEXT_FONT}" font-size="16" fill="#2b3a2a">FEDERAL REPUBLIC OF GERMANY</text>` +
    `<text x="${W - 36}" y="48" text-anchor="end" font-family="${TEXT_FONT}" font-size="22" font-weight="bold" fill="#2b3a2a">PERSONALAUSWEIS / IDENTITY CARD</text>` +
    `<text x="${W - 36}" y="74" text-anchor="end" font-family="${TEXT_FONT}" font-size="14" fill="#b3261e">${SYNTHETIC_NOTE}</text>` +
    `<rect x="34" y="102" width="264" height="344" fill="none" stroke="#8a8f98" stroke-width="2"/>` +
    labelled(col1, 110, 'Name / Surname', printed.surname!) +
    labelled(col2, 110, 'Ausweisnummer / Card No.', printed.document_number!) +
    labelled(col1, 180, 'Vornamen / Given names', printed.given_names!) +
    labelled(col1, 250, 'Geburtstag / Date of birth', printed.date_of_birth!) +
    labelled(col2, 250, 'Staatsangehörigkeit / Nationality', printed.nationality!) +
    labelled(col1, 320, 'Geburtsort / Place of birth', printed.place_of_birth!) +
    labelled(col2, 320, 'Gültig bis / Date of expiry', printed.date_of_expiry!) +
    signature(360, 430, 11) +
    // 30 characters at 2.54 mm = 32.6 px pitch, lines 60 px (4.7 mm) apart, glyphs about 2.4 mm tall.
    mrzText(mrz, (W - 30 * 32.6) / 2, mrzTop + 74, 32.6, 60, 45)
  return sharp(Buffer.from(svgDoc(W, H, body)))
    .composite([{ input: face, left: 36, top: 104 }])
    .removeAlpha()
    .png()
    .toBuffer()
}

// The page photographed with a phone: on a dark desk with a margin and a drop shadow, rotated,
// lit unevenly, slightly out of focus, with sensor noise, saved as JPEG quality 60.
async function phoneCapture(page: Buffer, opts: { seed: number; angle: number; scale: number; radius: number }): Promise<Buffer> {
  const meta = await sharp(page).metadata()
  const pw = Math.round(meta.width! * opts.scale)
  const ph = Math.round(meta.height! * opts.scale)
  const mask = Buffer.from(svgDoc(pw, ph, `<rect width="${pw}" height="${ph}" rx="${opts.radius}" ry="${opts.radius}" fill="#fff"/>`))
  const rounded = await sharp(page).resize(pw, ph).ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer()
  const pad = 40
  const shadow = await sharp(Buffer.from(svgDoc(pw + 2 * pad, ph + 2 * pad,
    `<rect x="${pad + 6}" y="${pad + 10}" width="${pw}" height="${ph}" rx="${opts.radius}" fill="#000" fill-opacity="0.55"/>`)))
    .blur(10).png().toBuffer()
  const layer = await sharp(shadow).composite([{ input: rounded, left: pad, top: pad }]).png().toBuffer()
  const rotated = await sharp(layer).rotate(opts.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png().toBuffer({ resolveWithObject: true })

  const margin = 50
  const W = rotated.info.width + 2 * margin - 2 * pad
  const H = rotated.info.height + 2 * margin - 2 * pad
  // Desk: dark grey-brown with a faint grain, built from the seeded PRNG.
  const rand = mulberry32(opts.seed)
  const desk = Buffer.alloc(W * H * 3)
  const grainPhase = rand() * 10
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const grain = 6 * Math.sin(y * 0.09 + 3 * Math.sin(x * 0.004 + grainPhase)) + 3 * Math.sin(y * 0.31 + x * 0.01)
      const shade = 70 - 25 * (y / H) + grain
      const i = (y * W + x) * 3
      desk[i] = shade + 8
      desk[i + 1] = shade
      desk[i + 2] = shade - 8
    }
  }
  const onDesk = await sharp(desk, { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: rotated.data, left: margin - pad, top: margin - pad }])
    .png()
    .toBuffer()
  const { data: composed, info } = await sharp(onDesk).removeAlpha().blur(1.1).raw().toBuffer({ resolveWithObject: true })
  if (info.channels !== 3 || info.width !== W || info.height !== H) throw new Error('unexpected raw layout')
  // Uneven light (brighter top-left) and Gaussian noise.
  const noise = gaussian(rand)
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const light = 1.04 - 0.16 * ((x / W) * 0.6 + (y / H) * 0.4)
      const i = (y * W + x) * 3
      const luma = noise() * 4
      for (let c = 0; c < 3; c++) composed[i + c] = Math.max(0, Math.min(255, Math.round(composed[i + c]! * light + luma + noise() * 1.5)))
    }
  }
  return sharp(composed, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer()
}

const cleanJpeg = (page: Buffer) => sharp(page).jpeg({ quality: 82 }).toBuffer()

// ---------------------------------------------------------------------------------------------
// Manifest and validation
// ---------------------------------------------------------------------------------------------

type Expected = {
  format: 'TD1' | 'TD3'
  document_code: string
  issuing_state: string
  document_number: string
  surname: string
  given_names: string
  nationality: string
  date_of_birth: string
  sex: 'F' | 'M' | null
  expiration_date: string
  optional_data: string
}
type Entry = {
  file: string
  document_type: 'passport' | 'id_card' | null
  capture: 'clean' | 'phone' | 'photo'
  face_source: string
  description: string
  mrz: string[] | null
  expected: Expected | null
  printed: Printed | null
  expected_mrz_valid: boolean | null
  expected_failed_checks: string[]
}

function expectedFrom(h: Holder, format: 'TD1' | 'TD3', documentNumber = h.documentNumber): Expected {
  return {
    format,
    document_code: h.documentCode,
    issuing_state: h.issuingState,
    document_number: documentNumber,
    surname: h.surnameMrz,
    given_names: h.givenNamesMrz,
    nationality: h.nationality,
    date_of_birth: h.dateOfBirth,
    sex: h.sex === '<' ? null : h.sex,
    expiration_date: h.expirationDate,
    optional_data: h.optionalData,
  }
}

const facePassport = 'python3-skimage: skimage/data/astronaut.png (NASA, public domain)'
const faceId = 'facedetect: examples/grace_hopper_512x512.jpg (US Navy, public domain)'
const manifest: Entry[] = [
  {
    file: 'passport-td3-clean.jpg',
    document_type: 'passport',
    capture: 'clean',
    face_source: facePassport,
    description: 'TD3 passport data page, flat scan-like render. Printed surname MÜLLER, MRZ MUELLER (Ü → UE).',
    mrz: passportMrz,
    expected: expectedFrom(passportHolder, 'TD3'),
    printed: passportPrinted('NW8K2P7R4', '02 JUN/JUN 2024', '01 JUN/JUN 2034'),
    expected_mrz_valid: true,
    expected_failed_checks: [],
  },
  {
    file: 'passport-td3-phone.jpg',
    document_type: 'passport',
    capture: 'phone',
    face_source: facePassport,
    description: 'passport-td3-clean photographed: scaled to 95%, on a dark desk with a margin, rotated 2.5°, blur sigma 1.1, noise (luma sigma 4, chroma 1.5), uneven light, JPEG q60.',
    mrz: passportMrz,
    expected: expectedFrom(passportHolder, 'TD3'),
    printed: passportPrinted('NW8K2P7R4', '02 JUN/JUN 2024', '01 JUN/JUN 2034'),
    expected_mrz_valid: true,
    expected_failed_checks: [],
  },
  {
    file: 'idcard-td1-clean.jpg',
    document_type: 'id_card',
    capture: 'clean',
    face_source: faceId,
    description: "TD1 German identity card, flat render, MRZ on the front. State code 'D<<' (the mrz package reports it as 'D'). Printed SCHRÖDER, MRZ SCHROEDER.",
    mrz: idMrz,
    expected: expectedFrom(idHolder, 'TD1'),
    printed: idPrinted,
    expected_mrz_valid: true,
    expected_failed_checks: [],
  },
  {
    file: 'idcard-td1-phone.jpg',
    document_type: 'id_card',
    capture: 'phone',
    face_source: faceId,
    description: 'idcard-td1-clean photographed: rounded card on a dark desk, rotated -2°, blur sigma 1.1, noise (luma sigma 4, chroma 1.5), uneven light, JPEG q60.',
    mrz: idMrz,
    expected: expectedFrom(idHolder, 'TD1'),
    printed: idPrinted,
    expected_mrz_valid: true,
    expected_failed_checks: [],
  },
  {
    file: 'passport-td3-expired.jpg',
    document_type: 'passport',
    capture: 'clean',
    face_source: facePassport,
    description: 'Same holder, previous passport: all check digits valid, expired 2019-02-09; personal number (BSN) 123456782 in the optional data.',
    mrz: expiredMrz,
    expected: expectedFrom(expiredHolder, 'TD3'),
    printed: passportPrinted('NR5F3H1K8', '10 FEB/FEB 2014', '09 FEB/FEB 2019'),
    expected_mrz_valid: true,
    expected_failed_checks: ['document_expired'],
  },
  {
    file: 'passport-td3-tampered.jpg',
    document_type: 'passport',
    capture: 'clean',
    face_source: facePassport,
    description: 'passport-td3-clean with the document number changed NW8K2P7R4 → NW8K2P7R5 in the MRZ and the printed zone, check digits not recomputed: the document-number check digit and the composite check digit fail.',
    mrz: tamperedMrz,
    expected: expectedFrom(passportHolder, 'TD3', tamperedNumber),
    printed: passportPrinted(tamperedNumber, '02 JUN/JUN 2024', '01 JUN/JUN 2034'),
    expected_mrz_valid: false,
    expected_failed_checks: ['document_number_check_digit', 'composite_check_digit'],
  },
  {
    file: 'no-mrz.jpg',
    document_type: null,
    capture: 'photo',
    face_source: facePassport,
    description: 'The astronaut photo as it is (512 × 512, re-encoded as JPEG): a face and no document, no MRZ. Same person as the passport portrait.',
    mrz: null,
    expected: null,
    printed: null,
    expected_mrz_valid: null,
    expected_failed_checks: ['mrz_not_found'],
  },
]

// mrz package field name → name used in expected_failed_checks
const CHECK_NAMES: Record<string, string> = {
  documentNumberCheckDigit: 'document_number_check_digit',
  birthDateCheckDigit: 'date_of_birth_check_digit',
  expirationDateCheckDigit: 'expiration_date_check_digit',
  personalNumberCheckDigit: 'personal_number_check_digit',
  compositeCheckDigit: 'composite_check_digit',
}

function validate(e: Entry): void {
  if (!e.mrz || !e.expected) return
  const r = parse(e.mrz)
  const f = r.fields
  const x = e.expected
  const optional = r.format === 'TD3'
    ? (f.personalNumber ?? '')
    : [f.optional1, f.optional2].filter((s) => s).join(' ')
  const got: Record<string, unknown> = {
    format: r.format,
    document_code: f.documentCode,
    issuing_state: f.issuingState,
    document_number: f.documentNumber,
    surname: f.lastName,
    given_names: f.firstName,
    nationality: f.nationality,
    date_of_birth: f.birthDate,
    sex: f.sex === 'female' ? 'F' : f.sex === 'male' ? 'M' : null,
    expiration_date: f.expirationDate,
    optional_data: optional,
  }
  const want: Record<string, unknown> = {
    ...x,
    date_of_birth: yymmdd(x.date_of_birth),
    expiration_date: yymmdd(x.expiration_date),
  }
  for (const [k, v] of Object.entries(want)) {
    if (got[k] !== v) throw new Error(`${e.file}: mrz package gives ${k}=${JSON.stringify(got[k])}, manifest says ${JSON.stringify(v)}`)
  }
  if (r.valid !== e.expected_mrz_valid) throw new Error(`${e.file}: mrz valid=${r.valid}, manifest says ${e.expected_mrz_valid}`)
  const failed = r.details.filter((d) => !d.valid).map((d) => (d.field ? CHECK_NAMES[d.field] ?? d.field : d.label))
  const wantFailed = e.expected_failed_checks.filter((c) => c.endsWith('_check_digit'))
  if (JSON.stringify([...failed].sort()) !== JSON.stringify([...wantFailed].sort())) {
    throw new Error(`${e.file}: mrz package fails ${JSON.stringify(failed)}, manifest says ${JSON.stringify(wantFailed)}`)
  }
  const expired = x.expiration_date < new Date().toISOString().slice(0, 10)
  if (expired !== e.expected_failed_checks.includes('document_expired')) throw new Error(`${e.file}: expiry ${x.expiration_date} disagrees with the manifest`)
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function render(): Promise<Map<string, Buffer>> {
  if (!existsSync(OCRB_FILE)) throw new Error(`${OCRB_FILE} missing: apt-get install -y fonts-ocr-b`)
  await assertFontFamily(MRZ_FONT, 'fonts-ocr-b')
  await assertFontFamily(TEXT_FONT, 'fonts-dejavu-core')
  const astronaut = locate(FACE_ASTRONAUT)
  const hopper = locate(FACE_HOPPER)
  // 7:9 crops around the head (head about 70% of the height, as on a passport photo).
  const faceA = await portrait(astronaut, { left: 128, top: 5, width: 190, height: 244 }, 270, 350)
  const faceH = await portrait(hopper, { left: 100, top: 0, width: 320, height: 412 }, 260, 340)

  const out = new Map<string, Buffer>()
  const byFile = (name: string) => manifest.find((m) => m.file === name)!
  const passport = await passportPage(faceA, byFile('passport-td3-clean.jpg').printed!, passportMrz)
  out.set('passport-td3-clean.jpg', await cleanJpeg(passport))
  out.set('passport-td3-phone.jpg', await phoneCapture(passport, { seed: 20240601, angle: 2.5, scale: 0.95, radius: 18 }))
  const card = await idCardPage(faceH, idPrinted, idMrz)
  out.set('idcard-td1-clean.jpg', await cleanJpeg(card))
  out.set('idcard-td1-phone.jpg', await phoneCapture(card, { seed: 20310914, angle: -2, scale: 1, radius: 40 }))
  out.set('passport-td3-expired.jpg', await cleanJpeg(await passportPage(faceA, byFile('passport-td3-expired.jpg').printed!, expiredMrz)))
  out.set('passport-td3-tampered.jpg', await cleanJpeg(await passportPage(faceA, byFile('passport-td3-tampered.jpg').printed!, tamperedMrz)))
  out.set('no-mrz.jpg', await sharp(astronaut).removeAlpha().jpeg({ quality: 88 }).toBuffer())
  out.set('manifest.json', Buffer.from(JSON.stringify({
    about: 'Synthetic identity documents for tests. Generated by scripts/make-fixtures.ts; provenance in test/fixtures/README.md. ' +
      'Dates are YYYY-MM-DD (MRZ YYMMDD expanded); surname/given_names/states are as the mrz package reports them (fillers removed, so D<< is D). ' +
      'expected_failed_checks names the check-digit fields the mrz package reports invalid, plus document_expired (expiry before today) and mrz_not_found.',
    files: manifest,
  }, null, 2) + '\n'))
  return out
}

async function main(): Promise<void> {
  for (const e of manifest) validate(e)
  const files = await render()
  for (const [name, buf] of files) {
    if (name.endsWith('.jpg') && buf.length > MAX_BYTES) throw new Error(`${name} is ${buf.length} bytes, over ${MAX_BYTES}`)
  }
  if (checkOnly) {
    const stale = [...files].filter(([name, buf]) => {
      const p = path.join(outDir, name)
      return !existsSync(p) || !readFileSync(p).equals(buf)
    }).map(([name]) => name)
    if (stale.length) {
      console.error(`test/fixtures/documents is stale (${stale.join(', ')}): run npx tsx scripts/make-fixtures.ts`)
      process.exit(1)
    }
    console.log('fixtures up to date; all MRZs parse to the manifest')
    return
  }
  mkdirSync(outDir, { recursive: true })
  for (const [name, buf] of files) {
    writeFileSync(path.join(outDir, name), buf)
    console.log(`${name.padEnd(28)} ${String(buf.length).padStart(7)} bytes`)
  }
  for (const e of manifest) if (e.mrz) console.log(`\n${e.file}\n${e.mrz.join('\n')}`)
}

await main()
