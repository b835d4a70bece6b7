// The face descriptor, human's faceres.json, run by onnxruntime (translated by tfjs-onnx.ts) instead of
// tfjs's WebAssembly backend: the same model and weights, about a quarter of the CPU time. human finds
// and aligns the face (its `tensor`, with the detector's `return`); this prepares that crop exactly as
// human's faceres does (bilinear to the model's 224 × 224, times 255) and reads the 1024 numbers of its
// global pooling. Loaded once per thread, on first use.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Human, Tensor } from '@vladmandic/human'
import { InferenceSession, Tensor as OrtTensor } from 'onnxruntime-node'
import { decodeWeights, tfjsToOnnx, type TfjsNode, type WeightSpec } from './tfjs-onnx.js'

type Tf = Human['tf']

const SIDE = 224
const OUTPUT = 'global_pooling/Mean'

let loading: Promise<InferenceSession> | null = null

function load(modelsDir: string): Promise<InferenceSession> {
  return (loading ??= (async () => {
    const json = JSON.parse(readFileSync(join(modelsDir, 'faceres.json'), 'utf8')) as {
      modelTopology: { node: TfjsNode[] }
      weightsManifest: Array<{ paths: string[]; weights: WeightSpec[] }>
    }
    const files = Buffer.concat(json.weightsManifest.flatMap((m) => m.paths.map((p) => readFileSync(join(modelsDir, p)))))
    const weights = decodeWeights(json.weightsManifest.flatMap((m) => m.weights), files)
    const model = tfjsToOnnx(json.modelTopology.node, weights, OUTPUT, [1, SIDE, SIDE, 3])
    // One thread: the face thread's tasks run one at a time, and a second barely shortens a run this small.
    // The arena keeps a run's buffers for the next: without it a run took a fifth longer, for 12 MiB less.
    return InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1, enableCpuMemArena: true, extra: { session: { intra_op: { allow_spinning: '0' } } } })
  })())
}

/** The descriptor of an aligned face crop (human's face `tensor`: RGB, 0–1, height × width × 3). */
export async function describe(tf: Tf, modelsDir: string, face: Tensor): Promise<number[]> {
  const session = await load(modelsDir)
  // As human's faceres.enhance: bilinear (not aligned corners) to the input's size, then 0–255.
  const input = tf.tidy(() => tf.mul(tf.image.resizeBilinear(face as Parameters<Tf['image']['resizeBilinear']>[0], [SIDE, SIDE], false), 255))
  try {
    const pixels = (await input.data()) as Float32Array
    const output = await session.run({ [session.inputNames[0]!]: new OrtTensor('float32', pixels, [1, SIDE, SIDE, 3]) })
    return Array.from(output[OUTPUT]!.data as Float32Array)
  } finally {
    tf.dispose(input)
  }
}
