// Face analysis with @vladmandic/human on the tfjs WebAssembly backend. Runs INSIDE an analysis
// worker thread: one Human instance per thread, created on first use; each model loads the first
// time a call needs it, and a call enables only the models it asks for. All models come from the
// npm package's models/ folder: nothing is downloaded at run time.
//
// Pipeline: decode with sharp (EXIF-rotated RGB), detect on a copy downscaled to at most 1024 px a
// side, then for each face crop the full-resolution image around it with a margin and run the
// requested models again on that crop ("crop-and-redetect"). On small document portraits the
// embedding from the crop separates same and different people far better than one whole-page pass.
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
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'
import type { Config, FaceResult, Human as HumanInstance } from '@vladmandic/human'

const require = createRequire(import.meta.url)
// The package's `exports` map resolves bare `@vladmandic/human` under Node's "node" condition to
// dist/human.node.js (which needs tfjs-node, not installed); its dist/human.node-wasm.js subpath key
// lacks the leading "./" and is refused. So resolve the package directory and load that file by path.
const HUMAN_DIST = dirname(require.resolve('@vladmandic/human'))
const HUMAN_DIR = dirname(HUMAN_DIST)
const MODELS_DIR = join(HUMAN_DIR, 'models')
const WASM_DIR = dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) // .../tfjs-backend-wasm/dist

const humanVersion = (JSON.parse(readFileSync(join(HUMAN_DIR, 'package.json'), 'utf8')) as { version: string }).version

export const FACE_MODEL = { name: 'human-faceres', version: humanVersion } as const

export interface FaceObservation {
  /** In the input image's pixels (after EXIF rotation, original resolution). */
  box: { x: number; y: number; width: number; height: number }
  /** Face detector (blazeface) score, 0..1. */
  detectionScore: number
  /** faceres descriptor (1024 numbers) from the crop-and-redetect pass; [] when embedding is off. */
  embedding: number[]
  /** Degrees. Positive yaw = the person turns to THEIR OWN LEFT (see the header comment). 0 when mesh is off. */
  yaw: number
  /** Degrees. Positive pitch = the person looks down. 0 when mesh is off. */
  pitch: number
  /** Degrees. Positive roll = the face is rotated clockwise in the image. 0 when mesh is off. */
  roll: number
  /** Eyelid gap / eye width for the person's own left eye (about 0.25–0.4 open, under ~0.12 closed). 0 when mesh is off. */
  leftEyeOpen: number
  /** Same for the person's own right eye. */
  rightEyeOpen: number
  /** Inner-lip gap / mouth width (mouth corners). About 0 closed, 0.3+ wide open. 0 when mesh is off. */
  mouthOpen: number
  /** Emotion model's 'happy' probability, 0..1; 0 when emotion is off. */
  happy: number
  /** human's antispoof score 0..1 (higher = real), null if the model is off. */
  antispoof: number | null
  /** human's liveness score 0..1 (higher = live), null if the model is off (it runs with `antispoof`). */
  liveness: number | null
}

export interface FaceOptions {
  embedding?: boolean
  /** Face mesh + iris refinement: needed for yaw/pitch/roll, eye and mouth openness. */
  mesh?: boolean
  emotion?: boolean
  /** human's passive antispoof AND liveness models (both weak signals: see the notes). */
  antispoof?: boolean
}

/** Longest side of the image the first detection pass runs on. */
const DETECT_SIDE = 1024
/** Longest side the full-resolution decode keeps (crops are taken from it). */
const FULL_SIDE = 4096
/** Margin added on every side of a detected face box before the second pass (fraction of its size). */
const CROP_MARGIN = 0.5
/** Longest side of the crop fed to the second pass (small faces are enlarged to this). */
const CROP_SIDE = 512
const MAX_FACES = 50

// ---- Human instance (one per thread) -------------------------------------------------------------

/**
 * The wasm build loads models through the global fetch(), and Node's fetch refuses file:// URLs.
 * This wrapper answers file:// URLs from disk and passes everything else to the real fetch.
 * It is installed once per thread (globals are per worker thread).
 */
function installFileFetch(): void {
  const g = globalThis as typeof globalThis & { __fileFetchInstalled?: boolean }
  if (g.__fileFetchInstalled) return
  const realFetch = globalThis.fetch
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.startsWith('file://')) {
      try {
        const body = readFileSync(new URL(url))
        const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream'
        return new Response(body, { status: 200, headers: { 'content-type': type } })
      } catch {
        return new Response(null, { status: 404, statusText: 'Not Found' })
      }
    }
    return realFetch(input, init)
  }) as typeof fetch
  g.__fileFetchInstalled = true
}

type HumanModule = { Human: new (config?: Partial<Config>) => HumanInstance }

let humanReady: Promise<HumanInstance> | null = null

function getHuman(): Promise<HumanInstance> {
  return (humanReady ??= (async () => {
    installFileFetch()
    // Typed by the package's own declarations (dist/human.node-wasm.d.ts re-exports types/human.d.ts).
    const mod = require(join(HUMAN_DIST, 'human.node-wasm.js')) as HumanModule
    const human = new mod.Human({
      backend: 'wasm',
      wasmPath: WASM_DIR + '/',
      wasmPlatformFetch: false,
      modelBasePath: pathToFileURL(MODELS_DIR).href + '/',
      cacheModels: false,
      debug: false,
      async: true,
      warmup: 'none',
      // Every call is an independent still image: never reuse results from a "previous frame".
      cacheSensitivity: 0,
      filter: { enabled: false },
      gesture: { enabled: false },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      segmentation: { enabled: false },
    })
    await human.init()
    return human
  })())
}

/** Human's detect() merges its argument into the instance config, so each call sets every flag. */
function passConfig(o: { detectOnly: boolean } & Required<FaceOptions>): Partial<Config> {
  const mesh = o.detectOnly ? true : o.mesh
  return {
    face: {
      enabled: true,
      // rotation: align the face before mesh/embedding (helps tilted document photos). return:
      // no face tensors in the results (nothing to dispose).
      detector: { rotation: true, maxDetected: MAX_FACES, minConfidence: 0.3, iouThreshold: 0.1, skipFrames: 0, skipTime: 0, return: false },
      // The mesh also validates detections (keepInvalid false drops boxes the mesh rejects),
      // so the first pass always runs it.
      mesh: { enabled: mesh, keepInvalid: false },
      iris: { enabled: !o.detectOnly && o.mesh },
      attention: { enabled: false },
      emotion: { enabled: !o.detectOnly && o.emotion, skipFrames: 0, skipTime: 0 },
      description: { enabled: !o.detectOnly && o.embedding, skipFrames: 0, skipTime: 0 },
      antispoof: { enabled: !o.detectOnly && o.antispoof, skipFrames: 0, skipTime: 0 },
      liveness: { enabled: !o.detectOnly && o.antispoof, skipFrames: 0, skipTime: 0 },
      gear: { enabled: false },
    },
  }
}

// human.detect mutates the shared config: serialise calls within the thread.
let queue: Promise<unknown> = Promise.resolve()
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn)
  queue = run.catch(() => undefined)
  return run
}

async function detect(human: HumanInstance, rgb: Raw, config: Partial<Config>): Promise<FaceResult[]> {
  const tensor = human.tf.tensor3d(rgb.data, [rgb.height, rgb.width, 3], 'int32')
  try {
    const result = await human.detect(tensor, config)
    if ('error' in result && result.error) throw new Error(`face detection failed: ${String(result.error)}`)
    return result.face
  } finally {
    human.tf.dispose(tensor)
  }
}

// ---- Images ---------------------------------------------------------------------------------------

interface Raw {
  data: Uint8Array
  width: number
  height: number
}

async function toRaw(pipeline: sharp.Sharp): Promise<Raw> {
  const { data, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
}

/** A crop of `full` around `box`, resized; `left`/`top`/`scale` map crop pixels back to `full`. */
async function cropRaw(full: Raw, box: FaceObservation['box']): Promise<Raw & { left: number; top: number; scale: number }> {
  const mx = box.width * CROP_MARGIN
  const my = box.height * CROP_MARGIN
  const left = Math.max(0, Math.floor(box.x - mx))
  const top = Math.max(0, Math.floor(box.y - my))
  const right = Math.min(full.width, Math.ceil(box.x + box.width + mx))
  const bottom = Math.min(full.height, Math.ceil(box.y + box.height + my))
  const pipeline = sharp(full.data, { raw: { width: full.width, height: full.height, channels: 3 } })
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize({ width: CROP_SIDE, height: CROP_SIDE, fit: 'inside' })
  const raw = await toRaw(pipeline)
  return { ...raw, left, top, scale: (right - left) / raw.width }
}

// ---- Landmark measures ----------------------------------------------------------------------------

type Pt = readonly (number | undefined)[] // human's Point: [x, y, z?]
const dist = (a: Pt | undefined, b: Pt | undefined) => (a && b ? Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0)) : 0)

/** Mean of three eyelid gaps over the eye-corner distance (an eye aspect ratio). */
function eyeOpen(mesh: Pt[], corners: [number, number], pairs: [number, number][]): number {
  const width = dist(mesh[corners[0]], mesh[corners[1]])
  if (!width) return 0
  const gap = pairs.reduce((s, [u, l]) => s + dist(mesh[u], mesh[l]), 0) / pairs.length
  return gap / width
}

// MediaPipe face-mesh indices. "Left" = the person's own left (on the image's right in an unmirrored photo).
const LEFT_EYE = { corners: [362, 263] as [number, number], pairs: [[385, 380], [386, 374], [387, 373]] as [number, number][] }
const RIGHT_EYE = { corners: [33, 133] as [number, number], pairs: [[160, 144], [159, 145], [158, 153]] as [number, number][] }
const LIP_INNER_UPPER = 13
const LIP_INNER_LOWER = 14
const MOUTH_CORNERS: [number, number] = [61, 291]

const DEG = 180 / Math.PI
const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d

function iou(a: FaceResult['box'], b: FaceResult['box']): number {
  const x1 = Math.max(a[0], b[0])
  const y1 = Math.max(a[1], b[1])
  const x2 = Math.min(a[0] + a[2], b[0] + b[2])
  const y2 = Math.min(a[1] + a[3], b[1] + b[3])
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1)
  return inter / (a[2] * a[3] + b[2] * b[3] - inter || 1)
}

// ---- Public API -----------------------------------------------------------------------------------

/**
 * All faces in the image, largest first. Throws on an undecodable image.
 * Per face: box and detection score from the first pass on the (downscaled) whole image; everything
 * else from the second pass on a crop around that face. If the second pass finds no face in the
 * crop, that face is dropped (the first pass's detection was not confirmed).
 */
export function analyseFaces(image: Uint8Array, opts: FaceOptions): Promise<FaceObservation[]> {
  return serial(() => run(image, opts))
}

async function run(image: Uint8Array, opts: FaceOptions): Promise<FaceObservation[]> {
  const o: Required<FaceOptions> = {
    embedding: opts.embedding ?? false,
    mesh: opts.mesh ?? false,
    emotion: opts.emotion ?? false,
    antispoof: opts.antispoof ?? false,
  }
  const human = await getHuman()
  const full = await toRaw(
    sharp(image, { failOn: 'truncated' }).rotate().resize({ width: FULL_SIDE, height: FULL_SIDE, fit: 'inside', withoutEnlargement: true }),
  )
  const small =
    Math.max(full.width, full.height) > DETECT_SIDE
      ? await toRaw(
          sharp(full.data, { raw: { width: full.width, height: full.height, channels: 3 } }).resize({
            width: DETECT_SIDE,
            height: DETECT_SIDE,
            fit: 'inside',
          }),
        )
      : full
  const k = full.width / small.width

  const found = await detect(human, small, passConfig({ detectOnly: true, ...o }))
  const faces = found
    .map((f) => ({ score: f.boxScore, box: { x: f.box[0] * k, y: f.box[1] * k, width: f.box[2] * k, height: f.box[3] * k } }))
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)

  const second = passConfig({ detectOnly: false, ...o })
  const out: FaceObservation[] = []
  for (const face of faces) {
    const crop = await cropRaw(full, face.box)
    const results = await detect(human, crop, second)
    // The face we cropped around sits in the middle of the crop; neighbours may also show up.
    const expected: FaceResult['box'] = [
      (face.box.x - crop.left) / crop.scale,
      (face.box.y - crop.top) / crop.scale,
      face.box.width / crop.scale,
      face.box.height / crop.scale,
    ]
    const best = results.map((r) => ({ r, overlap: iou(r.box, expected) })).sort((a, b) => b.overlap - a.overlap)[0]
    if (!best || best.overlap < 0.2) continue
    out.push(observe(face, best.r, o))
  }
  return out
}

function observe(face: { score: number; box: FaceObservation['box'] }, r: FaceResult, o: Required<FaceOptions>): FaceObservation {
  const mesh: Pt[] = o.mesh ? r.mesh : []
  const angle = o.mesh ? r.rotation?.angle : undefined
  const mouthWidth = dist(mesh[MOUTH_CORNERS[0]], mesh[MOUTH_CORNERS[1]])
  return {
    box: { x: round(face.box.x, 1), y: round(face.box.y, 1), width: round(face.box.width, 1), height: round(face.box.height, 1) },
    detectionScore: round(face.score),
    embedding: o.embedding ? (r.embedding ?? []) : [],
    // human's yaw is positive when the person turns to their own right: negate (see header).
    yaw: angle ? round(-angle.yaw * DEG, 2) : 0,
    pitch: angle ? round(angle.pitch * DEG, 2) : 0,
    roll: angle ? round(angle.roll * DEG, 2) : 0,
    leftEyeOpen: mesh.length ? round(eyeOpen(mesh, LEFT_EYE.corners, LEFT_EYE.pairs)) : 0,
    rightEyeOpen: mesh.length ? round(eyeOpen(mesh, RIGHT_EYE.corners, RIGHT_EYE.pairs)) : 0,
    mouthOpen: mouthWidth ? round(dist(mesh[LIP_INNER_UPPER], mesh[LIP_INNER_LOWER]) / mouthWidth) : 0,
    happy: o.emotion ? round(r.emotion?.find((e) => e.emotion === 'happy')?.score ?? 0) : 0,
    antispoof: o.antispoof ? round(r.real ?? 0) : null,
    liveness: o.antispoof ? round(r.live ?? 0) : null,
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
