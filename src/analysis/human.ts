// The @vladmandic/human instance of an analysis worker thread, on the tfjs WebAssembly backend:
// created on first use, one per thread; each model loads the first time a call needs it, and a call
// enables only the models it asks for. All models come from the npm package's models/ folder: nothing
// is downloaded at run time.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Config, FaceResult, Human as HumanInstance } from '@vladmandic/human'
import { describe } from './face-descriptor.js'

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

export interface FaceOptions {
  embedding?: boolean
  /** Face mesh + iris refinement: needed for yaw/pitch/roll, eye and mouth openness. */
  mesh?: boolean
  emotion?: boolean
  /**
   * The face is the image's subject (a selfie, a frame of a challenge): with the mesh (which validates
   * each detection), a face the detection copy shows large enough is analysed there, in one pass (faces.ts).
   */
  subject?: boolean
}

const MAX_FACES = 50

/** An RGB image, 3 bytes a pixel. */
export interface Raw {
  data: Uint8Array
  width: number
  height: number
}

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

export function getHuman(): Promise<HumanInstance> {
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
      // The face descriptor runs on onnxruntime (face-descriptor.ts), never in tfjs.
      face: { description: { enabled: false } } as Config['face'],
    })
    await human.init()
    return human
  })())
}

/** Human's detect() merges its argument into the instance config, so each call sets every flag. */
export function passConfig(o: { detectOnly: boolean } & Required<Omit<FaceOptions, 'subject'>>): Partial<Config> {
  const mesh = o.detectOnly ? true : o.mesh
  return {
    face: {
      enabled: true,
      // rotation: align the face before mesh/embedding (helps tilted document photos). return: each
      // result's aligned face `tensor`, for the descriptor (described by faceDescriptor, disposed by release).
      detector: { rotation: true, maxDetected: MAX_FACES, minConfidence: 0.3, iouThreshold: 0.1, skipFrames: 0, skipTime: 0, return: !o.detectOnly && o.embedding },
      // The mesh also validates detections (keepInvalid false drops boxes the mesh rejects),
      // so the first pass always runs it.
      mesh: { enabled: mesh, keepInvalid: false },
      iris: { enabled: !o.detectOnly && o.mesh },
      attention: { enabled: false },
      emotion: { enabled: !o.detectOnly && o.emotion, skipFrames: 0, skipTime: 0 },
      description: { enabled: false },
      // human's antispoof and liveness models: on the attack set of bench/presentation.ts they scored
      // replays as high as live faces. Replays are measured by src/analysis/presentation.ts instead.
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
  }
}

/** The descriptor of a face found with the detector's `return` (its aligned crop), on onnxruntime. */
export const faceDescriptor = (human: HumanInstance, face: FaceResult): Promise<number[]> => {
  if (!face.tensor) throw new Error('faceDescriptor: the face was found without its tensor')
  return describe(human.tf, MODELS_DIR, face.tensor)
}

/** Disposes the face tensors that results found with the detector's `return` hold. */
export function release(human: HumanInstance, results: FaceResult[]): void {
  for (const r of results) if (r.tensor) human.tf.dispose(r.tensor)
}

// human.detect mutates the shared config: serialise calls within the thread.
let queue: Promise<unknown> = Promise.resolve()
export function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn)
  queue = run.catch(() => undefined)
  return run
}

/**
 * The pixels as floats, in one array the thread reuses: tfjs copies them into the WebAssembly heap when
 * the tensor is made. An int32 tensor (which human casts to float32) cost a fresh 4-byte copy of every
 * pixel and a cast on each call, and a full garbage collection of the thread about every call. Its size
 * is that of the largest image detect() is given: at most 1024 px a side (faces.ts), 12 MB.
 */
let scratch = new Float32Array(0)

export async function detect(human: HumanInstance, rgb: Raw, config: Partial<Config>): Promise<FaceResult[]> {
  const n = rgb.data.length
  if (scratch.length < n) scratch = new Float32Array(n)
  const values = scratch.subarray(0, n)
  values.set(rgb.data)
  const tensor = human.tf.tensor3d(values, [rgb.height, rgb.width, 3], 'float32')
  try {
    const result = await human.detect(tensor, config)
    if ('error' in result && result.error) throw new Error(`face detection failed: ${String(result.error)}`)
    return result.face
  } finally {
    human.tf.dispose(tensor)
  }
}
