// Face images for measuring the selfie liveness check as ISO/IEC 30107-3 does: bona fide captures
// (for BPCER) and presentation attacks of six types (for APCER per type), all built from five genuine
// portraits. Each capture is a simulation of its physics (ink on paper, a pixel grid that aliases on
// the sensor, specular light, a lens and a sensor), not of any detector's cues. Deterministic: every
// variant draws its parameters from a PRNG seeded by its source, kind and index, so every run gives
// the same bytes. Nothing is cached on disk; the whole set (100 images) takes some 5–7 s on 2 cores.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { addSensorNoise, camera, drawGlare } from './capture/camera.js'
import { randomSign, rngFor, uniform, type Rng } from './capture/noise.js'
import { printBorderScene, printCamera, printCroppedScene, printOnPaper } from './capture/print.js'
import { decode, encode, inscribedShare, resizeTo, type Raster } from './capture/raster.js'
import { sampleSharply, sampleSoftly, showOnScreen } from './capture/screen.js'

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
