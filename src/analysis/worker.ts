// Runs in the analysis worker threads: decodes uploaded images and reads MRZs with PaddleOCR
// models (through onnxruntime on the CPU). Models load once per thread, on first use.
import { isMainThread, parentPort, threadId } from 'node:worker_threads'
import sharp from 'sharp'
import { readDocument, readPage, type PageReading, type PrintedPage } from './document-reader.js'
import { extract, type Area, type Region } from './page-geometry.js'
import { pageOf } from './page-finding.js'
import type { Rgb } from './ocr.js'
// Light to import: the face models load inside analyseFaces, on a thread's first face task.
import type { FaceMotion, FaceObservation, ImageQuality, PresentationMeasures } from '../domain/face-observation.js'
import type { DocumentQuality } from '../domain/document-quality.js'
import { analyseFaces, decodeFaces } from './faces.js'
import type { QuarterTurn } from '../domain/face-checks.js'
import { measurePresentation } from './presentation.js'
import { measureFaceMotion } from './face-motion.js'
import type { FaceOptions } from './human.js'

export interface DocumentTask {
  task: 'document'
  front: Uint8Array
  back: Uint8Array | null
  /** false when neither the document nor the identity check was requested: the front's page is only found (its portrait's place), not read. */
  readMrz: boolean
  /** The zone the client sent as text, if any: a front that shows no zone has its page read against it. */
  sentZone?: string[] | null
}

/** The presentation-attack measures of the face in `box` (src/analysis/presentation.ts). */
export interface PresentationTask {
  task: 'presentation'
  image: Uint8Array
  box: FaceObservation['box']
}

/** How the face (one box per image) moved between every two of the images (src/analysis/face-motion.ts). */
export interface MotionTask {
  task: 'motion'
  images: Uint8Array[]
  boxes: FaceObservation['box'][]
}

export interface FacesTask {
  task: 'faces'
  image: Uint8Array
  opts: FaceOptions
  /** Measure size, sharpness and exposure too (passive liveness). */
  quality: boolean
  /** Degrees clockwise the image is turned (after EXIF) before faces are found: a document's page upright. */
  turn?: QuarterTurn
}

export type FacesAnalysis =
  /** `width`, `height`: the image's upright size, the pixels the faces' boxes are in. */
  | { ok: true; faces: FaceObservation[]; quality: ImageQuality | null; width: number; height: number }
  | { ok: false; error: 'undecodable' }

export type DocumentAnalysis =
  /**
   * `reading`: the zone found on the photos, and the front's printed page. `sentZonePage`: the front's
   * page read against the zone sent, when no photo shows a zone. `quality`: of the photo the MRZ was
   * looked for in last, when none was read. `frontArea`: where the front's printed page lies in it,
   * when its text was found (the portrait face match compares is on it).
   */
  | { ok: true; reading: PageReading | null; sentZonePage: PrintedPage | null; quality: DocumentQuality | null; frontArea: Area | null; ocrMs: number }
  | { ok: false; error: 'undecodable'; part: 'front' | 'back' }

/** The copy of a photo its lines are read from: sharp enough for a document at a tenth of a 12 MP frame. */
const WORK_SIDE = 2400

/** Decodes fully (a truncated file fails here), applies EXIF orientation, bounds the size: RGB pixels. */
async function normalise(image: Uint8Array): Promise<Rgb | null> {
  try {
    const { data, info } = await sharp(image, { failOn: 'truncated' })
      .rotate()
      .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    return null
  }
}

/**
 * How a document photo was taken (src/domain/document-quality.ts): sharpness, contrast and light of
 * the region its text lies in (the whole photo when none was found) and that region's share of it;
 * glare of the region or of the whole photo, whichever has more (glare hides the text it lies on).
 */
async function measureDocument(img: Rgb, region: Region | null): Promise<DocumentQuality> {
  const whole = await greyLevels(img)
  const seen = region ? await greyLevels(await extract(img, region)) : whole
  return {
    ...seen,
    blownOut: Math.max(seen.blownOut, whole.blownOut),
    documentShare: region ? (region.width * region.height) / (img.width * img.height) : null,
  }
}

async function greyLevels(img: Rgb): Promise<Omit<DocumentQuality, 'documentShare'>> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize({ width: 800, height: 800, fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
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

/**
 * Size, sharpness and exposure of a whole image, from one grey copy of at most 640 px a side. (sharp's
 * `stats()` reads the input image, not the pipeline's output: it would give the first colour
 * channel's spread of the original, not the copy's Laplacian.) Decoded from the file again, not from
 * the faces' copy: its thresholds (src/domain/face-checks.ts) were set on this copy, and a copy made
 * from the larger one reads a few per cent sharper.
 */
async function measureQuality(image: Uint8Array): Promise<ImageQuality> {
  const [meta, { data, info }] = await Promise.all([
    sharp(image).metadata(),
    sharp(image).rotate().resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true }).greyscale().raw().toBuffer({ resolveWithObject: true }),
  ])
  const swap = (meta.orientation ?? 1) >= 5
  return {
    width: (swap ? meta.height : meta.width) ?? 0,
    height: (swap ? meta.width : meta.height) ?? 0,
    sharpness: laplacianSpread(data, info.width, info.height),
    brightness: data.reduce((sum, v) => sum + v, 0) / Math.max(1, data.length),
  }
}

/** Standard deviation of the 4-neighbour Laplacian over the inner pixels of a grey image. */
function laplacianSpread(grey: Buffer, width: number, height: number): number {
  let [sum, squares, n] = [0, 0, 0]
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x
      const v = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!
      sum += v
      squares += v * v
      n++
    }
  }
  return n ? Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2)) : 0
}

async function faces(task: FacesTask): Promise<FacesAnalysis> {
  // Decoded once, at the size the faces are found at: a file that does not decode whole is refused here.
  const img = await decodeFaces(task.image, task.turn).catch(() => null)
  if (!img) return { ok: false, error: 'undecodable' }
  const [found, quality] = await Promise.all([analyseFaces(img, task.opts), task.quality ? measureQuality(task.image) : null])
  return { ok: true, faces: found, quality, width: img.width, height: img.height }
}

export type AnalysisTask = DocumentTask | FacesTask | PresentationTask | MotionTask

export default async function run(task: AnalysisTask): Promise<DocumentAnalysis | FacesAnalysis | PresentationMeasures | FaceMotion[]> {
  if (task.task === 'presentation') return measurePresentation(task.image, task.box)
  if (task.task === 'motion') return measureFaceMotion(task.images, task.boxes)
  return task.task === 'faces' ? faces(task) : analyse(task)
}

async function analyse(task: DocumentTask): Promise<DocumentAnalysis> {
  const front = await normalise(task.front)
  if (!front) return { ok: false, error: 'undecodable', part: 'front' }
  const back = task.back ? await normalise(task.back) : null
  if (task.back && !back) return { ok: false, error: 'undecodable', part: 'back' }
  const started = performance.now()
  // Face match alone: the front's page is found, not read, so that its portrait is found upright and on it.
  if (!task.readMrz) return { ok: true, reading: null, sentZonePage: null, quality: null, frontArea: await pageOf(front), ocrMs: Math.round(performance.now() - started) }
  // A card's MRZ is usually on its back.
  const fromBack = back ? await readDocument(back) : null
  const fromFront = fromBack?.reading ? null : await readDocument(front)
  let reading = fromBack?.reading ?? fromFront?.reading ?? null
  // The portrait compared in face match and the holder's printed data are on the front: a zone read on
  // the back is judged against the front's page, so that both sides must be of one document.
  const frontPage = fromBack?.reading ? await readPage(front, fromBack.reading.mrzLines) : null
  if (fromBack?.reading) reading = { mrzLines: fromBack.reading.mrzLines, page: frontPage!.page, layout: frontPage!.layout }
  const sentZonePage = !reading && task.sentZone?.length ? await readPage(front, task.sentZone) : null
  // A photo without a readable zone says how it was taken, so that a poor one can be retaken.
  const measured = fromBack ?? fromFront!
  const quality = reading ? null : await measureDocument(measured.img, measured.region)
  const frontArea = (frontPage ?? sentZonePage ?? fromFront)?.area ?? null
  return { ok: true, reading, sentZonePage: sentZonePage && { page: sentZonePage.page, layout: sentZonePage.layout }, quality, frontArea, ocrMs: Math.round(performance.now() - started) }
}

// Imported (sharp's and onnxruntime's native modules are loaded): the pool may stop this thread now.
// Stopping it while a native module initialises aborts the whole process (see pool.ts).
if (!isMainThread) parentPort?.postMessage({ loaded: threadId } satisfies LoadedMessage)

export interface LoadedMessage {
  loaded: number
}
