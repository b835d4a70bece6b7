// Face analysis with @vladmandic/human (src/analysis/human.ts). Runs INSIDE an analysis worker
// thread.
//
// Pipeline: decode with sharp (EXIF-rotated RGB) to a copy of at most 1024 px a side (a large JPEG is
// shrunk as it is decoded), detect on it, then for each face crop the full-resolution image around it
// with a margin and run the requested models again on that crop ("crop-and-redetect"). On small
// document portraits the embedding from the crop separates same and different people far better than
// one whole-page pass.
// A selfie's or a frame's face (FaceOptions.subject) is large in its copy already: human cuts a face
// for its models at 1.4 times its box into 192 px (256 without the mesh), so a face of SHOWN_SIDE or
// more gives them as many pixels as a crop would. Such a face is analysed with every model in the
// detection pass itself; only a subject's face found smaller is cut and analysed again. The full
// image is decoded only for a crop: a one-pass face's quality is measured on its own region, decoded
// alone (a phone's 12 MP selfie is never held whole).
//
// Conventions (checked by bench/face-probe.ts):
// - box: pixels of the input image after EXIF rotation, at its original resolution.
// - yaw: degrees, POSITIVE = the person turns their head to THEIR OWN LEFT (in an unmirrored photo
//   the nose then points towards the image's right edge). A horizontally flipped (mirrored) image,
//   as front cameras often produce, reverses the sign: callers must know whether frames are mirrored.
//   (human's own rotation.angle.yaw has the opposite sign; it is negated here.)
// - pitch: degrees, POSITIVE = the person looks DOWN (human's sign, kept).
// - roll: degrees, POSITIVE = the face is rotated CLOCKWISE in the image (top of the head towards the
//   image's right; in an unmirrored photo the head leans towards the person's own left shoulder).
//   human's sign, kept.
// - leftEye / rightEye: the person's OWN left and right eye (MediaPipe mesh naming), whatever the
//   image orientation; a mirrored image swaps which eye is which.
// - similarity: plain cosine similarity of the two faceres descriptors. faceres outputs are
//   non-negative (ReLU), so the cosine already lies in 0..1; it is clamped there for safety. Not
//   human's own similarity() (that one maps a scaled Euclidean distance to 0..1).
import sharp from 'sharp'
import type { FaceResult } from '@vladmandic/human'
import type { FaceObservation, FaceQuality } from '../domain/face-observation.js'
import type { QuarterTurn } from '../domain/face-checks.js'
import { observe, iou } from './face-landmarks.js'
import { detect, faceDescriptor, getHuman, passConfig, release, serial, type FaceOptions, type Raw } from './human.js'

/** Longest side of the image the first detection pass runs on. */
const DETECT_SIDE = 1024
/** Longest side the full-resolution decode keeps (crops are taken from it). */
const FULL_SIDE = 4096
/** Margin added on every side of a detected face box before the second pass (fraction of its size). */
const CROP_MARGIN = 0.5
/** Longest side of the crop fed to the second pass (small faces are enlarged to this). */
const CROP_SIDE = 512
/** A subject's face at least this many pixels a side in the detection copy is analysed there (see the header). */
const SHOWN_SIDE = 192

async function toRaw(pipeline: sharp.Sharp): Promise<Raw> {
  const { data, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
}

/**
 * An image as faces are found in it: turned upright (EXIF), then by `turn` (a document photographed
 * turned, its page upright), at most FULL_SIDE a side; boxes are in its pixels.
 */
export const upright = (image: Uint8Array, turn: QuarterTurn = 0): sharp.Sharp =>
  sharp(image, { failOn: 'truncated' }).rotate().rotate(turn).resize({ width: FULL_SIDE, height: FULL_SIDE, fit: 'inside', withoutEnlargement: true })

export const decodeFull = (image: Uint8Array, turn: QuarterTurn = 0): Promise<Raw> => toRaw(upright(image, turn))

/** An image as faces are found in it: the detection copy, and the full image only when it is asked for. */
export interface FaceImage {
  /** upright(image) at most DETECT_SIDE a side: the detection pass's pixels. */
  copy: Raw
  /** The size of upright(image): boxes are in its pixels. */
  width: number
  height: number
  /** upright(image), decoded on the first call (the copy itself when that is no smaller). */
  full(): Promise<Raw>
  /** The pixels of a rectangle of upright(image): decoded alone, or cut from the full image once that is decoded. */
  region(r: { left: number; top: number; width: number; height: number }): Promise<Raw>
}

/**
 * Decodes an image for face analysis, whole (a truncated file fails here) but only at the detection
 * copy's size where that saves work: a large JPEG or WebP is shrunk as it is decoded, and its full
 * pixels are decoded only if needed. Any other image is decoded once, and its copy made from it.
 */
export async function decodeFaces(image: Uint8Array, turn: QuarterTurn = 0): Promise<FaceImage> {
  const meta = await sharp(image).metadata()
  const size = uprightSizeOf(meta, turn)
  const side = Math.max(size.width, size.height)
  // libvips shrinks a JPEG or a WebP as it decodes it by a factor of 2 or more. An image scaled down to
  // FULL_SIDE may come out a pixel off the size its header gives: it is decoded whole, so that boxes
  // and rectangles are in the pixels it has.
  const shrinks = (meta.format === 'jpeg' || meta.format === 'webp') && side >= 2 * DETECT_SIDE && side < FULL_SIDE
  if (!shrinks) {
    const full = await decodeFull(image, turn)
    return { copy: side > DETECT_SIDE ? await toRaw(rawImage(full).resize(copySize)) : full, width: full.width, height: full.height, full: async () => full, region: async (r) => cut(full, r) }
  }
  const copy = await toRaw(upright(image, turn).resize(copySize))
  let full: Promise<Raw> | null = null
  return {
    copy,
    ...size,
    full: () => (full ??= decodeFull(image, turn)),
    region: async (r) => (full ? cut(await full, r) : toRaw(upright(image, turn).extract(r))),
  }
}

const copySize = { width: DETECT_SIDE, height: DETECT_SIDE, fit: 'inside', withoutEnlargement: true } as const
const rawImage = (img: Raw) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
const cut = (full: Raw, r: { left: number; top: number; width: number; height: number }) => toRaw(rawImage(full).extract(r))

/** The size of upright(image), from its header alone (to within a pixel when it is scaled down). */
const uprightSize = async (image: Uint8Array) => uprightSizeOf(await sharp(image).metadata())

function uprightSizeOf(meta: sharp.Metadata, turn: QuarterTurn = 0): { width: number; height: number } {
  const [w, h] = ((meta.orientation ?? 1) >= 5) !== (turn % 180 === 90) ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0]
  const k = Math.min(1, FULL_SIDE / Math.max(1, w, h))
  return { width: Math.round(w * k), height: Math.round(h * k) }
}

/**
 * The pixels of `box` (in upright(image)'s pixels, within a pixel of its edges), where they lie, and
 * the size of upright(image) they were cut from.
 */
export async function decodeRegion(
  image: Uint8Array,
  box: FaceObservation['box'],
): Promise<Raw & { left: number; top: number; frame: { width: number; height: number } }> {
  const size = await uprightSize(image)
  // A pixel short of the edges: the size from the header may be a pixel over what resizing makes.
  const left = Math.max(0, Math.min(size.width - 2, Math.floor(box.x)))
  const top = Math.max(0, Math.min(size.height - 2, Math.floor(box.y)))
  const width = Math.max(1, Math.min(size.width - 1, Math.ceil(box.x + box.width)) - left)
  const height = Math.max(1, Math.min(size.height - 1, Math.ceil(box.y + box.height)) - top)
  return { ...(await toRaw(upright(image).extract({ left, top, width, height }))), left, top, frame: size }
}

/** A crop of `full` around `box`, resized; `left`/`top`/`scale` map crop pixels back to `full`. */
async function cropRaw(full: Raw, box: FaceObservation['box']): Promise<Raw & { left: number; top: number; scale: number }> {
  const mx = box.width * CROP_MARGIN
  const my = box.height * CROP_MARGIN
  const left = Math.max(0, Math.floor(box.x - mx))
  const top = Math.max(0, Math.floor(box.y - my))
  const right = Math.min(full.width, Math.ceil(box.x + box.width + mx))
  const bottom = Math.min(full.height, Math.ceil(box.y + box.height + my))
  const pipeline = rawImage(full)
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize({ width: CROP_SIDE, height: CROP_SIDE, fit: 'inside' })
  const raw = await toRaw(pipeline)
  return { ...raw, left, top, scale: (right - left) / raw.width }
}

/**
 * All faces in the image (decoded by decodeFaces), largest first.
 * Per face: box and detection score from the first pass on the (downscaled) whole image; everything
 * else from the second pass on a crop around that face. If the second pass finds no face in the
 * crop, that face is dropped (the first pass's detection was not confirmed).
 */
export function analyseFaces(img: FaceImage, opts: FaceOptions): Promise<FaceObservation[]> {
  return serial(() => run(img, opts))
}

async function run(img: FaceImage, opts: FaceOptions): Promise<FaceObservation[]> {
  const o: Required<FaceOptions> = {
    embedding: opts.embedding ?? false,
    mesh: opts.mesh ?? false,
    emotion: opts.emotion ?? false,
    subject: opts.subject ?? false,
  }
  const human = await getHuman()
  const small = img.copy
  const k = img.width / small.width

  // A subject's faces are found with every model they need at once; one that turns out smaller than
  // SHOWN_SIDE in the copy, and every face of a document, is analysed again on a crop.
  const onePass = o.subject && o.mesh
  const found = await detect(human, small, passConfig({ detectOnly: !onePass, ...o }))
  try {
    const faces = found
      .map((f) => ({ r: f, score: f.boxScore, box: { x: f.box[0] * k, y: f.box[1] * k, width: f.box[2] * k, height: f.box[3] * k } }))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
    const second = passConfig({ detectOnly: false, ...o })
    const out: FaceObservation[] = []
    for (const face of faces) {
      const results = onePass && Math.min(face.r.box[2], face.r.box[3]) >= SHOWN_SIDE ? null : await again(await img.full(), face.box, second)
      try {
        const r = results ? results.best : face.r
        if (!r) continue
        const embedding = o.embedding ? await faceDescriptor(human, r) : []
        out.push({ ...observe(face, r, o), embedding, quality: await faceQuality(img, face.box) })
      } finally {
        if (results) release(human, results.all)
      }
    }
    return out
  } finally {
    release(human, found)
  }
}

/**
 * The face in `box` found again on a crop of the full image around it, with the models of `config`
 * (`best`: null when the crop shows none), and every face found there (`all`, to release).
 */
async function again(full: Raw, box: FaceObservation['box'], config: ReturnType<typeof passConfig>): Promise<{ best: FaceResult | null; all: FaceResult[] }> {
  const crop = await cropRaw(full, box)
  const results = await detect(await getHuman(), crop, config)
  // The face we cropped around sits in the middle of the crop; neighbours may also show up.
  const expected: FaceResult['box'] = [(box.x - crop.left) / crop.scale, (box.y - crop.top) / crop.scale, box.width / crop.scale, box.height / crop.scale]
  const best = results.map((r) => ({ r, overlap: iou(r.box, expected) })).sort((a, b) => b.overlap - a.overlap)[0]
  return { best: best && best.overlap >= 0.2 ? best.r : null, all: results }
}

const QUALITY_SIDE = 128

/**
 * How a face was captured, from its box's grey copy at 128 × 128: brightness, sharpness (RMS of the
 * Laplacian per unit of contrast) and the grey of the eyes' and the mouth's bands against the face's.
 */
async function faceQuality(img: FaceImage, box: FaceObservation['box']): Promise<FaceQuality> {
  const left = Math.max(0, Math.floor(box.x))
  const top = Math.max(0, Math.floor(box.y))
  const width = Math.max(1, Math.min(img.width - left, Math.round(box.width)))
  const height = Math.max(1, Math.min(img.height - top, Math.round(box.height)))
  const n = QUALITY_SIDE
  const pixels = await img.region({ left, top, width, height })
  const grey = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .resize(n, n, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer()
  // Bands as shares of the box (blazeface's box runs from the brows to the chin).
  const band = (y0: number, y1: number, x0: number, x1: number) => {
    let sum = 0
    let count = 0
    for (let y = Math.round(y0 * n); y < Math.round(y1 * n); y++) {
      for (let x = Math.round(x0 * n); x < Math.round(x1 * n); x++) {
        sum += grey[y * n + x]!
        count++
      }
    }
    return sum / Math.max(1, count)
  }
  const face = band(0.1, 0.95, 0.15, 0.85)
  let energy = 0
  for (let y = 1; y < n - 1; y++) {
    for (let x = 1; x < n - 1; x++) {
      const i = y * n + x
      const l = 4 * grey[i]! - grey[i - 1]! - grey[i + 1]! - grey[i - n]! - grey[i + n]!
      energy += l * l
    }
  }
  const sorted = Uint8Array.from(grey).sort()
  const contrast = Math.max(1, sorted[Math.floor(sorted.length * 0.98)]! - sorted[Math.floor(sorted.length * 0.02)]!)
  const r = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d
  return {
    brightness: r(face, 1),
    sharpness: r((Math.sqrt(energy / ((n - 2) * (n - 2))) / contrast) * 100, 1),
    eyes: r(band(0.3, 0.5, 0.15, 0.85) / Math.max(1, face)),
    mouth: r(band(0.65, 0.85, 0.3, 0.7) / Math.max(1, face)),
  }
}

/** Cosine similarity of two faceres descriptors, clamped to 0..1 (faceres values are >= 0, so the
 * cosine is already there). 0 when either is empty or the sizes differ. */
export function similarity(a: number[], b: number[]): number {
  if (!a.length || a.length !== b.length) return 0
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  if (!na || !nb) return 0
  return Math.min(1, Math.max(0, dot / Math.sqrt(na * nb)))
}
