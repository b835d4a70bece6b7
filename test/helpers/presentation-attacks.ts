// Face images for measuring the selfie liveness check as ISO/IEC 30107-3 does: bona fide captures
// (for BPCER) and presentation attacks of six types (for APCER per type), all built from five genuine
// portraits. Each capture is a simulation of its physics (ink on paper, a pixel grid that aliases on
// the sensor, specular light, a lens and a sensor), not of any detector's cues. Deterministic: every
// variant draws its parameters from a PRNG seeded by its source, kind and index, so every run gives
// the same bytes. Nothing is cached on disk; the whole set (100 images) takes some 5–7 s on 2 cores.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { mulberry32 } from './random.js'

export type AttackType = 'print_border' | 'print_cropped' | 'screen_strong_moire' | 'screen_soft_moire' | 'glare' | 'photo_of_photo'

export interface FaceImage {
  name: string
  /** A 3-channel sRGB JPEG without EXIF orientation. */
  image: Buffer
}

export interface AttackImage extends FaceImage {
  type: AttackType
}

export const ATTACK_TYPES: readonly AttackType[] = ['print_border', 'print_cropped', 'screen_strong_moire', 'screen_soft_moire', 'glare', 'photo_of_photo']

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url))
const SELFIES = ['selfie-collins', 'selfie-collins-2', 'selfie-hopper']
/**
 * The portraits printed on the synthetic documents (scripts/make-fixtures.ts composites them at
 * 270 × 350 px at (40, 120) on the passport and 260 × 340 px at (36, 104) on the card, inside a grey
 * frame): cropped 2 px inside, so that neither the frame nor its JPEG ringing comes along.
 */
const PORTRAITS = [
  { name: 'passport-portrait', file: 'documents/passport-td3-clean.jpg', crop: { left: 42, top: 122, width: 266, height: 346 } },
  { name: 'idcard-portrait', file: 'documents/idcard-td1-clean.jpg', crop: { left: 38, top: 106, width: 256, height: 336 } },
]
/** The portraits' width once upscaled to the size of a selfie. */
const PORTRAIT_WIDTH = 420
const VARIANTS_PER_ATTACK_TYPE = 2

// ---------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number

/** FNV-1a: a 32-bit seed from a variant's name. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The PRNG of one variant: seeded by its source, its kind and its index. */
const rngFor = (source: string, kind: string, index: number): Rng => mulberry32(hashSeed(`${source}|${kind}|${index}`))

const uniform = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng()
const randomSign = (rng: Rng) => (rng() < 0.5 ? -1 : 1)

/** The standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628274631]
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572]
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783]
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number]
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number]
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number]
  const [d0, d1, d2, d3] = d as [number, number, number, number]
  const tail = (q: number) => (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)))
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)))
  const q = p - 0.5
  const r = q * q
  return ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
}

/** 65 536 equiprobable standard normal values (the quantiles of the cells' midpoints): a 16-bit random index gives a normal deviate. */
const NORMAL_TABLE = Float32Array.from({ length: 65536 }, (_, i) => normalQuantile((i + 0.5) / 65536))

/** A stream of 32-bit words (mulberry32) seeded from `rng`: the raw material of per-pixel noise. */
function words32(rng: Rng): () => number {
  let a = Math.floor(rng() * 4294967296) >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/** Standard normal deviates, two per 32-bit word (each 16-bit half indexes NORMAL_TABLE). */
function normals(rng: Rng): () => number {
  const next = words32(rng)
  let spare = -1
  return () => {
    if (spare >= 0) {
      const i = spare
      spare = -1
      return NORMAL_TABLE[i]!
    }
    const w = next()
    spare = w >>> 16
    return NORMAL_TABLE[w & 0xffff]!
  }
}

// ---------------------------------------------------------------------------------------------
// Rasters: interleaved RGB in float grey levels (0–255 nominal; light may exceed 255 until a sensor clips it)

interface Raster {
  width: number
  height: number
  data: Float32Array
}

const blank = (width: number, height: number): Raster => ({ width, height, data: new Float32Array(width * height * 3) })

/** A JPEG (or any image) as an sRGB float raster. */
async function decode(image: Buffer): Promise<Raster> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: Float32Array.from(data) }
}

/** The sensor's and the encoder's end: values clipped to 0–255 (saturation) and written as a JPEG. */
function encode(r: Raster, quality: number): Promise<Buffer> {
  const bytes = new Uint8ClampedArray(r.data)
  return sharp(bytes, { raw: { width: r.width, height: r.height, channels: 3 } }).jpeg({ quality }).toBuffer()
}

/** Grey levels carried by sharp as 16-bit values × 50: a 1/50 level resolution and headroom up to 1310. */
const CARRIER = 50

/** sharp's 16-bit output as 16-bit words (sharp reads a Uint16Array input as 16-bit, a Buffer as 8-bit). */
function asWords(data: Buffer): Uint16Array {
  if (data.byteOffset % 2 === 0) return new Uint16Array(data.buffer, data.byteOffset, data.length / 2)
  return new Uint16Array(Uint8Array.from(data).buffer)
}

/** Runs sharp operations (blur, rotate, extract, resize) on a float raster through a 16-bit carrier. */
async function viaSharp(r: Raster, op: (s: sharp.Sharp) => sharp.Sharp): Promise<Raster> {
  const from = r.data
  const words = new Uint16Array(from.length)
  for (let i = 0; i < words.length; i++) {
    const v = from[i]! * CARRIER + 0.5
    words[i] = v <= 0 ? 0 : v >= 65535 ? 65535 : v
  }
  const input = sharp(words, { raw: { width: r.width, height: r.height, channels: 3 } })
  const { data, info } = await op(input).toColourspace('rgb16').raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true })
  const out = asWords(data)
  const result = blank(info.width, info.height)
  const to = result.data
  for (let i = 0; i < out.length; i++) to[i] = out[i]! / CARRIER
  return result
}

/** The largest centred crop, as a share of w × h, that a picture turned by `degrees` still covers fully. */
function inscribedShare(width: number, height: number, degrees: number): number {
  const a = Math.abs((degrees * Math.PI) / 180)
  const [c, s] = [Math.cos(a), Math.sin(a)]
  return Math.min(width / (width * c + height * s), height / (width * s + height * c))
}

/** A picture turned by `degrees` about its centre, cropped to a centred `share` of its size (no corner of the canvas shows). */
async function turnAndCrop(r: Raster, degrees: number, share: number): Promise<Raster> {
  const turned = await viaSharp(r, (s) => s.rotate(degrees, { background: { r: 0, g: 0, b: 0 } }))
  const width = Math.floor(r.width * share) - 4
  const height = Math.floor(r.height * share) - 4
  const left = Math.round((turned.width - width) / 2)
  const top = Math.round((turned.height - height) / 2)
  return viaSharp(turned, (s) => s.extract({ left, top, width, height }))
}

/** A picture resampled to `width` (lanczos, aspect kept): the same scene seen by more or fewer pixels. */
const resizeTo = (r: Raster, width: number) => viaSharp(r, (s) => s.resize({ width: Math.round(width), kernel: 'lanczos3' }))

/** Bilinear sample at pixel-centre coordinates (u, v); adds weight × colour into acc and returns the weight that fell inside the picture. */
function sampleInto(src: Raster, u: number, v: number, acc: Float64Array): number {
  const fx = u - 0.5
  const fy = v - 0.5
  const x0 = Math.floor(fx)
  const y0 = Math.floor(fy)
  const ax = fx - x0
  const ay = fy - y0
  let covered = 0
  for (let k = 0; k < 4; k++) {
    const x = x0 + (k & 1)
    const y = y0 + (k >> 1)
    if (x < 0 || y < 0 || x >= src.width || y >= src.height) continue
    const w = (k & 1 ? ax : 1 - ax) * (k >> 1 ? ay : 1 - ay)
    if (w === 0) continue
    const o = (y * src.width + x) * 3
    acc[0] = acc[0]! + w * src.data[o]!
    acc[1] = acc[1]! + w * src.data[o + 1]!
    acc[2] = acc[2]! + w * src.data[o + 2]!
    covered += w
  }
  return covered
}

// ---------------------------------------------------------------------------------------------
// The camera

/** Sensor noise as phones deliver it: mostly luminance (chroma is denoised), sigma in grey levels. */
function addSensorNoise(r: Raster, rng: Rng, sigma: number): void {
  const next = words32(rng)
  const table = NORMAL_TABLE
  const [kLuma, kChroma] = [sigma * 0.85, sigma * 0.5]
  const d = r.data
  const end = d.length
  for (let i = 0; i < end; i += 3) {
    const u = next()
    const v = next()
    const luma = table[u & 0xffff]! * kLuma
    d[i] = d[i]! + luma + table[u >>> 16]! * kChroma
    d[i + 1] = d[i + 1]! + luma + table[v & 0xffff]! * kChroma
    d[i + 2] = d[i + 2]! + luma + table[v >>> 16]! * kChroma
  }
}

/** A specular reflection of a light source: a white elliptical spot, Gaussian falloff, peak above the sensor's full well. */
interface Glare {
  cx: number
  cy: number
  /** The spot's radius along its long and short axes (the Gaussian's sigma is half of it). */
  rx: number
  ry: number
  angle: number
  /** Peak light as a multiple of full scale (> 1, so the core saturates). */
  peak: number
}

/** Draws a glare spot over the face region (the centre third of the frame), radius 15–30 % of the short side. */
function drawGlare(width: number, height: number, rng: Rng): Glare {
  const radius = uniform(rng, 0.15, 0.3) * Math.min(width, height)
  return {
    cx: uniform(rng, width / 3, (2 * width) / 3),
    cy: uniform(rng, height / 3, (2 * height) / 3),
    rx: radius,
    ry: radius * uniform(rng, 0.55, 1),
    angle: uniform(rng, 0, Math.PI),
    peak: uniform(rng, 1.6, 2.4),
  }
}

/** Reflected light adds to the scene's light in all channels equally (the light source is white). */
function addGlare(r: Raster, g: Glare): void {
  const [c, s] = [Math.cos(g.angle), Math.sin(g.angle)]
  const [sx, sy] = [g.rx / 2, g.ry / 2]
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const dx = x + 0.5 - g.cx
      const dy = y + 0.5 - g.cy
      const a = (dx * c + dy * s) / sx
      const b = (-dx * s + dy * c) / sy
      const e = a * a + b * b
      if (e > 40) continue
      const light = 255 * g.peak * Math.exp(-0.5 * e)
      const o = (y * r.width + x) * 3
      r.data[o] = r.data[o]! + light
      r.data[o + 1] = r.data[o + 1]! + light
      r.data[o + 2] = r.data[o + 2]! + light
    }
  }
}

interface CameraOptions {
  /** The lens's blur (defocus, hand shake), Gaussian sigma in frame pixels; 0 for none. */
  blur: number
  noise: number
  quality: number
  glare?: Glare
}

/** A phone camera taking the scene: lens blur, any reflection on the subject, sensor noise, clipping, JPEG. */
async function camera(scene: Raster, rng: Rng, o: CameraOptions): Promise<Buffer> {
  const r = o.blur > 0 ? await viaSharp(scene, (s) => s.blur(o.blur)) : scene
  if (o.glare) addGlare(r, o.glare)
  addSensorNoise(r, rng, o.noise)
  return encode(r, o.quality)
}

// ---------------------------------------------------------------------------------------------
// Sources

/** The five genuine portraits: three selfies as they are, and the two document portraits upscaled to selfie size. */
export async function sources(): Promise<FaceImage[]> {
  const out: FaceImage[] = []
  for (const name of SELFIES) out.push({ name, image: await readFile(`${FIXTURES}faces/${name}.jpg`) })
  for (const p of PORTRAITS) {
    const image = await sharp(`${FIXTURES}${p.file}`).extract(p.crop).resize({ width: PORTRAIT_WIDTH, kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer()
    out.push({ name: p.name, image })
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Bona fide captures

/** A phone's usual JPEG quality. */
const phoneQuality = (rng: Rng) => Math.round(uniform(rng, 85, 92))

/** Exposure: every channel scaled by `gain` (over-exposure clips at the encoder). */
function expose(r: Raster, gain: number): Raster {
  for (let i = 0; i < r.data.length; i++) r.data[i] = r.data[i]! * gain
  return r
}

/** The mean colour of a picture's outermost pixels: what a rotation's empty corners are filled with. */
function borderColour(r: Raster): { r: number; g: number; b: number } {
  const sum = [0, 0, 0]
  let n = 0
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (y !== 0 && y !== r.height - 1 && x !== 0 && x !== r.width - 1) continue
      const o = (y * r.width + x) * 3
      for (let c = 0; c < 3; c++) sum[c] = sum[c]! + r.data[o + c]!
      n++
    }
  }
  const [red, green, blue] = sum.map((v) => Math.round(v / n))
  return { r: red!, g: green!, b: blue! }
}

/** The eight ways a phone may deliver the same live face, in order. */
const GENUINE_VARIANTS: Array<{ name: string; make: (src: Buffer, rng: Rng) => Promise<Buffer> }> = [
  { name: 'as-is', make: async (src) => src },
  { name: 'jpeg-q70', make: (src) => sharp(src).jpeg({ quality: 70 }).toBuffer() },
  {
    name: 'dim-noisy',
    make: async (src, rng) => {
      const r = expose(await decode(src), 0.8)
      addSensorNoise(r, rng, 4)
      return encode(r, phoneQuality(rng))
    },
  },
  { name: 'bright', make: async (src, rng) => encode(expose(await decode(src), 1.15), phoneQuality(rng)) },
  { name: 'blur-sharpen', make: (src, rng) => sharp(src).blur(0.8).sharpen({ sigma: 1 }).jpeg({ quality: phoneQuality(rng) }).toBuffer() },
  {
    name: 'upscaled-1080',
    make: (src, rng) => sharp(src).resize({ width: 1080, height: 1080, fit: 'inside', kernel: 'lanczos3' }).jpeg({ quality: phoneQuality(rng) }).toBuffer(),
  },
  {
    name: 'downscaled-75',
    make: async (src, rng) => {
      const { width } = await sharp(src).metadata()
      return sharp(src).resize({ width: Math.round(width * 0.75), kernel: 'lanczos3' }).jpeg({ quality: phoneQuality(rng) }).toBuffer()
    },
  },
  {
    name: 'rotated',
    // The phone held askew: the frame keeps its size, so the turned picture is cropped and fills it again.
    make: async (src, rng) => {
      const degrees = randomSign(rng) * uniform(rng, 2, 6)
      const raster = await decode(src)
      const { width, height } = raster
      const background = borderColour(raster)
      const turned = await sharp(src).rotate(degrees, { background }).png().toBuffer({ resolveWithObject: true })
      const share = inscribedShare(width, height, degrees)
      const [cw, ch] = [Math.floor(width * share) - 2, Math.floor(height * share) - 2]
      const crop = { left: Math.round((turned.info.width - cw) / 2), top: Math.round((turned.info.height - ch) / 2), width: cw, height: ch }
      return sharp(turned.data).extract(crop).resize(width, height, { kernel: 'lanczos3' }).jpeg({ quality: 85 }).toBuffer()
    },
  },
]

/** Bona fide presentations: 8 capture variants of each of the 5 sources (40 images). */
export async function genuine(): Promise<FaceImage[]> {
  // Sources run side by side (one's JS overlaps another's sharp work); each variant has its own PRNG, so the bytes do not depend on timing.
  const perSource = (await sources()).map(async (src) => {
    const out: FaceImage[] = []
    for (const [i, v] of GENUINE_VARIANTS.entries()) {
      out.push({ name: `${src.name}/genuine/${v.name}`, image: await v.make(src.image, rngFor(src.name, `genuine-${v.name}`, i)) })
    }
    return out
  })
  return (await Promise.all(perSource)).flat()
}

// ---------------------------------------------------------------------------------------------
// Printing

/** Paper texture: fibre-like reflectance variation, white noise smoothed by a 5-tap binomial (sigma ≈ 1 px). */
function addPaperTexture(r: Raster, rng: Rng, sigma: number): void {
  const { width: w, height: h } = r
  const n = normals(rng)
  // The binomial kernel [1 4 6 4 1]/16 in 2-D keeps 0.273 of white noise's sigma.
  const raw = new Float32Array(w * h)
  for (let i = 0; i < raw.length; i++) raw[i] = (n() * sigma) / 0.2734
  const taps = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]
  const pass = (from: Float32Array, dx: number, dy: number) => {
    const to = new Float32Array(w * h)
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = 0
        for (let k = -2; k <= 2; k++) {
          const xx = Math.min(w - 1, Math.max(0, x + k * dx))
          const yy = Math.min(h - 1, Math.max(0, y + k * dy))
          v += taps[k + 2]! * from[yy * w + xx]!
        }
        to[y * w + x] = v
      }
    }
    return to
  }
  const fibres = pass(pass(raw, 1, 0), 0, 1)
  // Texture modulates reflectance: a ±sigma level ripple on white paper, less under dark ink.
  for (let i = 0; i < fibres.length; i++) {
    const f = 1 + fibres[i]! / 240
    const o = i * 3
    r.data[o] = r.data[o]! * f
    r.data[o + 1] = r.data[o + 1]! * f
    r.data[o + 2] = r.data[o + 2]! * f
  }
}

/** Uneven light on a flat matte sheet: a linear ramp from `lo` to `hi` across it, in a random direction. */
function addLightingRamp(r: Raster, rng: Rng, lo: number, hi: number): void {
  const phi = uniform(rng, 0, 2 * Math.PI)
  const [c, s] = [Math.cos(phi), Math.sin(phi)]
  const extent = Math.abs(r.width * c) + Math.abs(r.height * s)
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const t = ((x + 0.5 - r.width / 2) * c + (y + 0.5 - r.height / 2) * s) / extent + 0.5
      const f = lo + (hi - lo) * t
      const o = (y * r.width + x) * 3
      r.data[o] = r.data[o]! * f
      r.data[o + 1] = r.data[o + 1]! * f
      r.data[o + 2] = r.data[o + 2]! * f
    }
  }
}

/**
 * The photo printed on paper: ink can be no darker than paperBlack and paper no whiter than paperWhite,
 * the ink's gamut is narrower (saturation −15…30 %), an optional white margin (a share of the photo's
 * short side) surrounds it, the paper has a texture and the sheet is lit unevenly.
 */
function printOnPaper(photo: Raster, rng: Rng, marginShare = 0): Raster {
  const black = uniform(rng, 25, 45)
  const white = uniform(rng, 225, 240)
  const saturation = 1 - uniform(rng, 0.15, 0.3)
  const m = Math.round(marginShare * Math.min(photo.width, photo.height))
  const sheet = blank(photo.width + 2 * m, photo.height + 2 * m)
  sheet.data.fill(white)
  const range = (white - black) / 255
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      const i = (y * photo.width + x) * 3
      const o = ((y + m) * sheet.width + x + m) * 3
      const [r, g, b] = [photo.data[i]!, photo.data[i + 1]!, photo.data[i + 2]!]
      const luma = 0.299 * r + 0.587 * g + 0.114 * b
      for (let c = 0; c < 3; c++) {
        const v = Math.max(0, Math.min(255, luma + saturation * (photo.data[i + c]! - luma)))
        sheet.data[o + c] = black + v * range
      }
    }
  }
  addPaperTexture(sheet, rng, 2)
  addLightingRamp(sheet, rng, 0.9, 1.05)
  return sheet
}

/** A room behind the held-up sheet: a smooth vertical gradient between two mid-dark colours, with texture. */
function roomBackground(width: number, height: number, rng: Rng): Raster {
  const colour = () => {
    const base = uniform(rng, 45, 125)
    return [0, 1, 2].map(() => base + uniform(rng, -10, 10))
  }
  const [top, bottom] = [colour(), colour()]
  const r = blank(width, height)
  for (let y = 0; y < height; y++) {
    const t = (y + 0.5) / height
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3
      for (let c = 0; c < 3; c++) r.data[o + c] = top[c]! + (bottom[c]! - top[c]!) * t
    }
  }
  addSensorNoise(r, rng, 6)
  return r
}

type Point = [number, number]

/** The projective map (3 × 3, row-major, h33 = 1) that takes the four points `from` to `to`. */
function homography(from: Point[], to: Point[]): number[] {
  const a: number[][] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!
    const [u, v] = to[i]!
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v])
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    const p = a[col]!
    for (let row = 0; row < 8; row++) {
      if (row === col) continue
      const r = a[row]!
      const f = r[col]! / p[col]!
      for (let k = col; k < 9; k++) r[k] = r[k]! - f * p[k]!
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1]
}

/** The sheet seen in perspective: each frame pixel looks up the sheet through `toSheet` and covers the background where it lands on paper. */
function placeSheet(frame: Raster, sheet: Raster, toSheet: number[]): void {
  const [a, b, c, d, e, f, g, h] = toSheet as [number, number, number, number, number, number, number, number]
  const acc = new Float64Array(3)
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const [px, py] = [x + 0.5, y + 0.5]
      const w = g * px + h * py + 1
      const u = (a * px + b * py + c) / w
      const v = (d * px + e * py + f) / w
      if (u < -1 || v < -1 || u > sheet.width + 1 || v > sheet.height + 1) continue
      acc.fill(0)
      const covered = sampleInto(sheet, u, v, acc)
      const o = (y * frame.width + x) * 3
      for (let k = 0; k < 3; k++) frame.data[o + k] = frame.data[o + k]! * (1 - covered) + acc[k]!
    }
  }
}

/** print_border's scene: the print with its white margin held up in a room, turned −8…8° and slightly tilted (keystone). */
async function printBorderScene(src: Raster, rng: Rng): Promise<Raster> {
  const printed = printOnPaper(src, rng, uniform(rng, 0.06, 0.12))
  const frameHeight = Math.round(uniform(rng, 820, 1100))
  const frameWidth = Math.round((frameHeight * 3) / 4)
  const sheet = await resizeTo(printed, uniform(rng, 0.55, 0.8) * frameWidth)
  const degrees = uniform(rng, -8, 8)
  const keystone = randomSign(rng) * uniform(rng, 0.02, 0.06)
  const vertical = rng() < 0.5
  // The sheet's corners around its centre; the edge farther from the camera comes out shorter.
  const [hw, hh] = [sheet.width / 2, sheet.height / 2]
  const corners: Point[] = [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ].map(([x, y]) => (vertical ? [x! * (1 + (y! / hh) * keystone), y!] : [x!, y! * (1 + (x! / hw) * keystone)]))
  const t = (degrees * Math.PI) / 180
  const turned = corners.map(([x, y]): Point => [x * Math.cos(t) - y * Math.sin(t), x * Math.sin(t) + y * Math.cos(t)])
  const xs = turned.map((p) => p[0])
  const ys = turned.map((p) => p[1])
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const pad = 0.03 * frameWidth
  const cx = uniform(rng, pad - minX, frameWidth - pad - maxX)
  const cy = uniform(rng, pad - minY, frameHeight - pad - maxY)
  const placed = turned.map(([x, y]): Point => [x + cx, y + cy])
  const frame = roomBackground(frameWidth, frameHeight, rng)
  const sheetCorners: Point[] = [
    [0, 0],
    [sheet.width, 0],
    [sheet.width, sheet.height],
    [0, sheet.height],
  ]
  placeSheet(frame, sheet, homography(placed, sheetCorners))
  return frame
}

/** print_cropped's scene: the print without margin, turned −4…4° and cut 5–10 % inside its edges, filling the frame. */
async function printCroppedScene(src: Raster, rng: Rng): Promise<Raster> {
  const printed = printOnPaper(src, rng)
  const degrees = uniform(rng, -4, 4)
  const share = Math.min(1 - 2 * uniform(rng, 0.05, 0.1), inscribedShare(printed.width, printed.height, degrees))
  const cut = await turnAndCrop(printed, degrees, share)
  return resizeTo(cut, uniform(rng, 520, 720))
}

/** The lens of a camera held at arm's length from a sheet: blur sigma 0.6–1.0 frame pixels. */
const printCamera = (rng: Rng) => ({ blur: uniform(rng, 0.6, 1.0), noise: 3 })

// ---------------------------------------------------------------------------------------------
// Screens

/** What the screen shows and how the camera sees it. */
interface ScreenCapture {
  /** Each displayed pixel's light per channel (interleaved RGB), times the camera's exposure gain. */
  levels: Float32Array
  /** The displayed picture's size in screen pixels. */
  columns: number
  rows: number
  /** Screen image pixels per screen pixel (3 or 4): the sub-pixel stripes and the dark gaps. */
  cell: number
  /** Camera pixels per screen image pixel (0.27–0.37: each camera pixel spans about one screen pixel). */
  ratio: number
  degrees: number
}

/**
 * A screen pixel as `cell` × `cell` screen image pixels: columns 0, 1 and 2 are the R, G and B
 * stripes (each lit only in its own channel); the last row and, on 4-wide cells, the last column
 * are the dark matrix between pixels, at GAP of the pixel's light (lens flare). cellFill is the
 * share of a cell a channel lights: its stripe (cell − 1 rows) at full gain, the gaps at GAP.
 */
const GAP = 0.15
const cellFill = (cell: number) => (cell - 1 + GAP * (cell * cell - 3 * (cell - 1))) / (cell * cell)

/**
 * The selfie shown full screen on a phone or monitor and framed by a camera: the display lifts its
 * blacks (+10 levels, emissive) and runs cool (blue +5–10 %); each displayed pixel is a screen pixel
 * of `cell` × `cell` screen image pixels (see GAP); the camera's auto-exposure brings the
 * grid's mean light back to the picture's level.
 */
async function showOnScreen(src: Raster, rng: Rng): Promise<ScreenCapture> {
  const cell = rng() < 0.5 ? 3 : 4
  const ratio = uniform(rng, 0.27, 0.37)
  const frameWidth = uniform(rng, 500, 640)
  const degrees = randomSign(rng) * uniform(rng, 1, 4)
  const cool = 1 + uniform(rng, 0.05, 0.1)
  const shown = await resizeTo(src, frameWidth / (ratio * cell))
  const gain = 1 / cellFill(cell)
  const levels = new Float32Array(shown.data.length)
  for (let i = 0; i < levels.length; i++) {
    const v = Math.max(0, Math.min(255, shown.data[i]!))
    levels[i] = Math.min(255, (10 + (v * 245) / 255) * (i % 3 === 2 ? cool : 1)) * gain
  }
  return { levels, columns: shown.width, rows: shown.height, cell, ratio, degrees }
}

/** The whole screen image, in the 16-bit carrier (× CARRIER): for operations (a lens blur) that need every pixel. */
function renderScreen(cap: ScreenCapture): { width: number; height: number; data: Uint16Array } {
  const { cell, columns, rows, levels } = cap
  const width = columns * cell
  const row = width * 3
  const data = new Uint16Array(row * rows * cell)
  for (let py = 0; py < rows; py++) {
    // A row of cells: its first stripe row and its gap row are drawn; the other stripe rows repeat the first.
    const stripes = py * cell * row
    const gaps = stripes + (cell - 1) * row
    for (let px = 0; px < columns; px++) {
      const i = (py * columns + px) * 3
      const o = stripes + px * cell * 3
      const g = gaps + px * cell * 3
      for (let c = 0; c < 3; c++) {
        const level = Math.round(levels[i + c]! * CARRIER)
        const dim = Math.round(GAP * level)
        data[o + c * 3 + c] = level
        for (let cx = 0; cx < cell; cx++) data[g + cx * 3 + c] = dim
        if (cell > 3) data[o + 9 + c] = dim
      }
    }
    for (let cy = 1; cy < cell - 1; cy++) data.copyWithin(stripes + cy * row, stripes, stripes + row)
  }
  return { width, height: rows * cell, data }
}

/**
 * The screen photographed sharply: the camera, turned by the capture's angle, samples the screen's
 * light at its own pixel pitch with no optical low-pass, so the sub-pixel grid aliases into moiré.
 * Each camera pixel averages 2 × 2 bilinear point samples over the middle of its footprint (a sensor's aperture).
 */
function sampleSharply(cap: ScreenCapture): Raster {
  const { ratio, degrees } = cap
  const [sw, sh] = [cap.columns * cap.cell, cap.rows * cap.cell]
  const share = inscribedShare(sw, sh, degrees)
  const frame = blank(Math.floor(sw * share * ratio) - 2, Math.floor(sh * share * ratio) - 2)
  const t = (degrees * Math.PI) / 180
  const [c, s] = [Math.cos(t) / ratio, Math.sin(t) / ratio]
  const { cell, columns, levels } = cap
  const acc = new Float64Array(3)
  // Adds `weight` × the light of screen image pixel (x, y) into acc, all three channels at once.
  const tap = (x: number, y: number, weight: number) => {
    const px = (x / cell) | 0
    const py = (y / cell) | 0
    const cx = x - px * cell
    const i = (py * columns + px) * 3
    if (y - py * cell === cell - 1 || cx >= 3) {
      const w = weight * GAP
      acc[0] = acc[0]! + w * levels[i]!
      acc[1] = acc[1]! + w * levels[i + 1]!
      acc[2] = acc[2]! + w * levels[i + 2]!
    } else {
      acc[cx] = acc[cx]! + weight * levels[i + cx]!
    }
  }
  const offsets = [-0.25, 0.25]
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      acc.fill(0)
      for (const oy of offsets) {
        for (const ox of offsets) {
          const dx = x + 0.5 + ox - frame.width / 2
          const dy = y + 0.5 + oy - frame.height / 2
          // Pixel-centre coordinates on the screen image; always inside it (the crop is inscribed).
          const fx = sw / 2 + c * dx - s * dy - 0.5
          const fy = sh / 2 + s * dx + c * dy - 0.5
          const x0 = Math.min(sw - 2, Math.max(0, Math.floor(fx)))
          const y0 = Math.min(sh - 2, Math.max(0, Math.floor(fy)))
          const ax = fx - x0
          const ay = fy - y0
          tap(x0, y0, (1 - ax) * (1 - ay))
          tap(x0 + 1, y0, ax * (1 - ay))
          tap(x0, y0 + 1, (1 - ax) * ay)
          tap(x0 + 1, y0 + 1, ax * ay)
        }
      }
      const o = (y * frame.width + x) * 3
      frame.data[o] = acc[0]! / 4
      frame.data[o + 1] = acc[1]! / 4
      frame.data[o + 2] = acc[2]! / 4
    }
  }
  return frame
}

/**
 * The screen photographed by the same camera with its lens slightly out of focus (sigma 0.8–1.2 screen
 * image px, which takes most of the grid's contrast away before the sensor): the sensor still samples
 * what is left without a low-pass, so a weaker moiré remains. The sampling is sharp's affine with
 * bicubic interpolation at twice the camera's pitch, averaged 2 × 2 (the aperture of sampleSharply).
 * Not sharp's resize with the 'cubic' kernel: that one is an anti-aliasing filter, and leaves no moiré.
 */
async function sampleSoftly(cap: ScreenCapture, rng: Rng): Promise<Raster> {
  const { ratio, degrees } = cap
  const screen = renderScreen(cap)
  const raw = { raw: { width: screen.width, height: screen.height, channels: 3 as const } }
  const defocused = await sharp(screen.data, raw).blur(uniform(rng, 0.8, 1.2)).toColourspace('rgb16').raw({ depth: 'ushort' }).toBuffer()
  const t = (degrees * Math.PI) / 180
  const m = 2 * ratio
  // Screen to half camera pixels: the inverse of sampleSharply's camera-to-screen map.
  const matrix: [number, number, number, number] = [m * Math.cos(t), m * Math.sin(t), -m * Math.sin(t), m * Math.cos(t)]
  const { data, info } = await sharp(asWords(defocused), raw)
    .affine(matrix, { interpolator: sharp.interpolators.bicubic, background: '#000000' })
    .toColourspace('rgb16')
    .raw({ depth: 'ushort' })
    .toBuffer({ resolveWithObject: true })
  const samples = asWords(data)
  const share = inscribedShare(screen.width, screen.height, degrees)
  const frame = blank(Math.floor(screen.width * share * ratio) - 2, Math.floor(screen.height * share * ratio) - 2)
  const left = Math.round(info.width / 2 - frame.width)
  const top = Math.round(info.height / 2 - frame.height)
  const row = info.width * 3
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = ((top + 2 * y) * info.width + left + 2 * x) * 3
      const o = (y * frame.width + x) * 3
      for (let c = 0; c < 3; c++) {
        frame.data[o + c] = (samples[i + c]! + samples[i + 3 + c]! + samples[i + row + c]! + samples[i + row + 3 + c]!) / (4 * CARRIER)
      }
    }
  }
  return frame
}

// ---------------------------------------------------------------------------------------------
// Attacks

/** One attack of a type from a decoded source; `rng` is the variant's own. */
type AttackMaker = (src: Raster, rng: Rng) => Promise<{ image: Buffer; label?: string }>

const ATTACK_MAKERS: Record<Exclude<AttackType, 'photo_of_photo'>, AttackMaker> = {
  print_border: async (src, rng) => {
    const scene = await printBorderScene(src, rng)
    return { image: await camera(scene, rng, { ...printCamera(rng), quality: 85 }) }
  },
  print_cropped: async (src, rng) => {
    const scene = await printCroppedScene(src, rng)
    return { image: await camera(scene, rng, { ...printCamera(rng), quality: 85 }) }
  },
  screen_strong_moire: async (src, rng) => {
    const frame = sampleSharply(await showOnScreen(src, rng))
    return { image: await camera(frame, rng, { blur: 0, noise: 3, quality: 88 }) }
  },
  screen_soft_moire: async (src, rng) => {
    const frame = await sampleSoftly(await showOnScreen(src, rng), rng)
    return { image: await camera(frame, rng, { blur: 0, noise: 3, quality: 88 }) }
  },
  glare: async (src, rng) => {
    if (rng() < 0.5) {
      const scene = await printCroppedScene(src, rng)
      const glare = drawGlare(scene.width, scene.height, rng)
      return { image: await camera(scene, rng, { ...printCamera(rng), quality: 88, glare }), label: 'on-print' }
    }
    const frame = await sampleSoftly(await showOnScreen(src, rng), rng)
    const glare = drawGlare(frame.width, frame.height, rng)
    return { image: await camera(frame, rng, { blur: 0, noise: 3, quality: 88, glare }), label: 'on-screen' }
  },
}

/** photo_of_photo: a print_cropped capture printed again and photographed again at 85–95 % scale (blur 0.8, noise 3, JPEG 80). */
async function photoOfPhoto(printCropped: Buffer, rng: Rng): Promise<Buffer> {
  const photo = await decode(printCropped)
  const reprinted = printOnPaper(photo, rng)
  const scene = await resizeTo(reprinted, reprinted.width * uniform(rng, 0.85, 0.95))
  return camera(scene, rng, { blur: 0.8, noise: 3, quality: 80 })
}

/** Presentation attacks: 2 variants of each of the 6 types for each of the 5 sources (60 images), or of the sources named. */
export async function attacks(only?: string[]): Promise<AttackImage[]> {
  // As in genuine(): sources side by side, the order of the result fixed.
  const perSource = (await sources()).filter((src) => !only || only.includes(src.name)).map(async (src) => {
    const out: AttackImage[] = []
    const raster = await decode(src.image)
    const printsCropped: Buffer[] = []
    for (const type of ATTACK_TYPES) {
      for (let i = 0; i < VARIANTS_PER_ATTACK_TYPE; i++) {
        const rng = rngFor(src.name, type, i)
        let image: Buffer
        let label: string | undefined
        if (type === 'photo_of_photo') image = await photoOfPhoto(printsCropped[i]!, rng)
        else ({ image, label } = await ATTACK_MAKERS[type](raster, rng))
        if (type === 'print_cropped') printsCropped.push(image)
        out.push({ name: `${src.name}/${type}/${i}${label ? `-${label}` : ''}`, type, image })
      }
    }
    return out
  })
  return (await Promise.all(perSource)).flat()
}
