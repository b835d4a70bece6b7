// Runs in the analysis worker threads: decodes uploaded images and reads MRZs with PaddleOCR
// models (through onnxruntime on the CPU). Models load once per thread, on first use.
import { isMainThread, parentPort, threadId } from 'node:worker_threads'
import sharp from 'sharp'
import Ocr from '@gutenye/ocr-node'
import { findMrz, type MrzFound } from '../domain/mrz.js'
// Light to import: the face models load inside analyseFaces, on a thread's first face task.
import type { FaceObservation, ImageQuality } from '../domain/face-observation.js'
import type { DocumentQuality } from '../domain/document-quality.js'
import { analyseFaces } from './faces.js'
import type { FaceOptions } from './human.js'

export interface DocumentTask {
  task: 'document'
  front: Uint8Array
  back: Uint8Array | null
  /** false when the client sent the MRZ text: the images are only decoded. */
  readMrz: boolean
}

export interface FacesTask {
  task: 'faces'
  image: Uint8Array
  opts: FaceOptions
  /** Measure size, sharpness and exposure too (passive liveness). */
  quality: boolean
}

export type FacesAnalysis =
  | { ok: true; faces: FaceObservation[]; quality: ImageQuality | null }
  | { ok: false; error: 'undecodable' }

export type DocumentAnalysis =
  /** `quality`: of the photo the MRZ was looked for in last, when none was read. */
  | { ok: true; reading: PageReading | null; quality: DocumentQuality | null; ocrMs: number }
  | { ok: false; error: 'undecodable'; part: 'front' | 'back' }

type OcrEngine = Awaited<ReturnType<typeof Ocr.create>>
let engine: Promise<OcrEngine> | null = null
const ocr = () => (engine ??= Ocr.create())

const MAX_SIDE = 1600

/** Decodes fully (a truncated file fails here), applies EXIF orientation, bounds the size. */
async function normalise(image: Uint8Array): Promise<{ png: Buffer; width: number; height: number } | null> {
  try {
    const { data, info } = await sharp(image, { failOn: 'truncated' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true })
    return { png: data, width: info.width, height: info.height }
  } catch {
    return null
  }
}

type Line = { text: string; box?: number[][] }

async function readText(png: Buffer): Promise<string[]> {
  const engineReady = await ocr()
  // The library's type says a path, but it hands the argument to sharp, which takes a buffer too.
  const lines = (await engineReady.detect(png as unknown as string)) as Line[]
  return lines
    .map((l) => ({ text: l.text, y: l.box ? Math.min(...l.box.map((p) => p[1] ?? 0)) : 0 }))
    .sort((a, b) => a.y - b.y)
    .map((l) => l.text)
}

type Png = { png: Buffer; width: number; height: number }

/** The bottom 40 % of a page, where its MRZ is printed. */
async function bottomStrip(img: Png): Promise<Buffer> {
  const top = Math.round(img.height * 0.6)
  return sharp(img.png).extract({ left: 0, top, width: img.width, height: img.height - top }).png({ compressionLevel: 1 }).toBuffer()
}

/** The page above its bottom strip (with a little overlap, so that no line is cut in two). */
async function topOfPage(img: Png): Promise<Buffer> {
  const height = Math.min(img.height, Math.round(img.height * 0.65))
  return sharp(img.png).extract({ left: 0, top: 0, width: img.width, height }).png({ compressionLevel: 1 }).toBuffer()
}

/** The photo turned by `angle` degrees clockwise (corners of a slant filled with grey). */
async function turn(img: Png, angle: number): Promise<Png> {
  const { data, info } = await sharp(img.png).rotate(angle, { background: '#808080' }).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true })
  return { png: data, width: info.width, height: info.height }
}

/** A photo's MRZ, and the OCR lines of its whole page in the orientation the MRZ was read in. */
export interface PageReading {
  mrzLines: string[]
  page: string[]
}

/**
 * The MRZ of a photo and its printed page: the whole photo is read first (one reading gives both for
 * most photos), then its bottom strip alone (the zone larger in what the detector sees), then the strip
 * of the photo turned upside down and by a quarter turn either way (a phone held upright over a
 * landscape page turns its pixels, with no EXIF orientation to say so), then the whole photo levelled
 * by 18° either way (a page at a slant). The first zone whose every field is valid ends the search;
 * otherwise the best reading found is kept, so that a misread field (nationality has no check digit)
 * is not taken while a better reading is still possible. When the winning reading was a strip, the
 * rest of the page is read in that orientation for the cross-check.
 */
async function readMrz(img: Png): Promise<PageReading | null> {
  const attempts = [
    { angle: 0, whole: true },
    { angle: 0, whole: false },
    ...[180, 90, 270].map((angle) => ({ angle, whole: false })),
    // A page held at a slant: OCR reads lines within about 10° of level.
    ...[-18, 18].map((angle) => ({ angle, whole: true })),
  ]
  let best: { found: MrzFound; turned: Png; whole: boolean; text: string[] } | null = null
  for (const { angle, whole } of attempts) {
    const turned = angle === 0 ? img : await turn(img, angle)
    const text = await readText(whole ? turned.png : await bottomStrip(turned))
    const found = findMrz(text)
    if (found && (!best || found.score > best.found.score)) best = { found, turned, whole, text }
    if (best?.found.valid) break
  }
  if (!best) return null
  // The strip's text is the bottom of the page: the rest of it is read once more.
  const page = best.whole ? best.text : [...(await readText(await topOfPage(best.turned))), ...best.text]
  // The zone's own lines are not the printed page.
  return { mrzLines: best.found.lines, page: page.filter((line) => !line.includes('<<')) }
}

/** How a document photo was taken (src/domain/document-quality.ts): sharpness, brightness, glare. */
async function measureDocument(image: Buffer): Promise<DocumentQuality> {
  const { data, info } = await sharp(image).resize({ width: 800, height: 800, fit: 'inside', withoutEnlargement: true, kernel: 'linear' }).greyscale().raw().toBuffer({ resolveWithObject: true })
  const { width, height } = info
  const levels = new Uint32Array(256)
  const gradients = new Uint32Array(511)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      levels[data[i]!]!++
      if (x + 1 < width && y + 1 < height) gradients[Math.abs(data[i + 1]! - data[i]!) + Math.abs(data[i + width]! - data[i]!)]!++
    }
  }
  const percentile = (histogram: Uint32Array, q: number) => {
    const total = histogram.reduce((a, b) => a + b, 0)
    let seen = 0
    for (let v = 0; v < histogram.length; v++) if ((seen += histogram[v]!) >= q * total) return v
    return histogram.length - 1
  }
  const brightness = percentile(levels, 0.98)
  const contrast = brightness - percentile(levels, 0.02)
  let blown = 0
  for (let v = 250; v < 256; v++) blown += levels[v]!
  return {
    contrast,
    sharpness: Math.round((percentile(gradients, 0.99) / Math.max(1, contrast)) * 255),
    brightness,
    blownOut: blown / (width * height),
  }
}

async function measureQuality(image: Uint8Array): Promise<ImageQuality> {
  const grey = sharp(image).rotate().resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true }).greyscale()
  const [{ channels }, meta, laplacian] = await Promise.all([
    grey.clone().stats(),
    sharp(image).metadata(),
    grey
      .clone()
      .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], offset: 128 })
      .stats(),
  ])
  const swap = (meta.orientation ?? 1) >= 5
  return {
    width: (swap ? meta.height : meta.width) ?? 0,
    height: (swap ? meta.width : meta.height) ?? 0,
    sharpness: laplacian.channels[0]?.stdev ?? 0,
    brightness: channels[0]?.mean ?? 0,
  }
}

async function faces(task: FacesTask): Promise<FacesAnalysis> {
  if (!(await normalise(task.image))) return { ok: false, error: 'undecodable' }
  const [found, quality] = await Promise.all([analyseFaces(task.image, task.opts), task.quality ? measureQuality(task.image) : null])
  return { ok: true, faces: found, quality }
}

export default async function run(task: DocumentTask | FacesTask): Promise<DocumentAnalysis | FacesAnalysis> {
  return task.task === 'faces' ? faces(task) : analyse(task)
}

async function analyse(task: DocumentTask): Promise<DocumentAnalysis> {
  const front = await normalise(task.front)
  if (!front) return { ok: false, error: 'undecodable', part: 'front' }
  const back = task.back ? await normalise(task.back) : null
  if (task.back && !back) return { ok: false, error: 'undecodable', part: 'back' }
  if (!task.readMrz) return { ok: true, reading: null, quality: null, ocrMs: 0 }
  const started = performance.now()
  // A card's MRZ is usually on its back.
  const reading = (back ? await readMrz(back) : null) ?? (await readMrz(front))
  // A photo without a readable zone says how it was taken, so that a poor one can be retaken.
  const quality = reading ? null : await measureDocument(back?.png ?? front.png)
  return { ok: true, reading, quality, ocrMs: Math.round(performance.now() - started) }
}

// Imported (sharp's and onnxruntime's native modules are loaded): the pool may stop this thread now.
// Stopping it while a native module initialises aborts the whole process (see pool.ts).
if (!isMainThread) parentPort?.postMessage({ loaded: threadId } satisfies LoadedMessage)

export interface LoadedMessage {
  loaded: number
}
