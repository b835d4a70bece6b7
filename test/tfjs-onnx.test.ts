// The face descriptor on onnxruntime (src/analysis/tfjs-onnx.ts, face-descriptor.ts): the translated
// model must compute what tfjs computes with the shipped one, the service's descriptor of a face must be
// the one human's own faceres gives it, and a graph with an op the translation does not know is refused.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import t from 'tap'
import sharp from 'sharp'
import { InferenceSession, Tensor } from 'onnxruntime-node'
import { decodeFull } from '../src/analysis/faces.js'
import { detect, faceDescriptor, getHuman, passConfig, release } from '../src/analysis/human.js'
import { decodeWeights, tfjsToOnnx, type TfjsNode } from '../src/analysis/tfjs-onnx.js'

const models = join(dirname(dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))), 'models')
const selfie = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url))
const largest = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((d, v, i) => Math.max(d, Math.abs(v - b[i]!)), 0)

t.test('faceres translated to ONNX computes what tfjs computes with the shipped model', async (t) => {
  const { tf } = await getHuman()
  const json = JSON.parse(readFileSync(join(models, 'faceres.json'), 'utf8'))
  const bin = readFileSync(join(models, 'faceres.bin'))
  const weights = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength)
  const specs = json.weightsManifest.flatMap((m: { weights: unknown[] }) => m.weights)
  const map = decodeWeights(specs, bin)
  // Every weight as tfjs decodes it (float16 stored, float32 used), to the bit.
  const decoded = tf.io.decodeWeights(weights, specs)
  const differing = Object.entries(decoded).filter(([name, w]) => {
    const ours = map.get(name)?.values
    const theirs = (w as { dataSync(): ArrayLike<number> }).dataSync()
    return !ours || ours.length !== theirs.length || ours.some((v, i) => v !== theirs[i])
  })
  tf.dispose(Object.values(decoded))
  t.same(differing.map(([name]) => name), [], `${map.size} weights decoded as tfjs decodes them`)
  const onnx = tfjsToOnnx(json.modelTopology.node, map, 'global_pooling/Mean', [1, 224, 224, 3])
  const session = await InferenceSession.create(onnx)
  const shipped = await tf.loadGraphModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: specs, weightData: weights }))
  const pixels = Float32Array.from(await sharp(selfie).resize(224, 224, { fit: 'fill' }).removeAlpha().raw().toBuffer())
  const input = tf.tensor4d(pixels, [1, 224, 224, 3])
  const out = shipped.execute(input, 'global_pooling/Mean') as ReturnType<typeof tf.tensor>
  const expected = out.dataSync() as Float32Array
  const actual = (await session.run({ input_1: new Tensor('float32', pixels, [1, 224, 224, 3]) }))['global_pooling/Mean']!.data as Float32Array
  tf.dispose([input, out])
  shipped.dispose()
  t.equal(actual.length, 1024)
  t.ok(largest(expected, actual) < 1e-4, `largest difference ${largest(expected, actual)}`)
  t.ok(expected.some((v) => v > 0.1), 'a descriptor, not zeros')
})

t.test("the service's descriptor of a face is human's own faceres's", async (t) => {
  const human = await getHuman()
  const full = await decodeFull(selfie)
  // human's faceres, enabled for this one call, next to the aligned crop the service describes.
  const base = passConfig({ detectOnly: false, embedding: true, mesh: true, emotion: false })
  const found = await detect(human, full, { ...base, face: { ...base.face, description: { enabled: true, skipFrames: 0, skipTime: 0 } } })
  try {
    t.equal(found.length, 1)
    const own = found[0]!.embedding!
    const ours = await faceDescriptor(human, found[0]!)
    t.equal(ours.length, own.length)
    t.ok(largest(own, ours) < 1e-4, `largest difference ${largest(own, ours)}`)
  } finally {
    release(human, found)
  }
})

t.test('weights stored in a way it does not read are refused', async (t) => {
  const spec = { name: 'w', shape: [2], dtype: 'float32', quantization: { dtype: 'uint8' } }
  t.throws(() => decodeWeights([spec], Buffer.alloc(2)), /uint8 quantization is not read/)
  t.throws(() => decodeWeights([{ name: 'w', shape: [4], dtype: 'float32' }], Buffer.alloc(8)), /past the end/)
  t.same([...decodeWeights([{ name: 'h', shape: [3], dtype: 'float32', quantization: { dtype: 'float16' } }], Buffer.from([0x00, 0x3c, 0x00, 0xc0, 0x01, 0x00])).get('h')!.values], [1, -2, 2 ** -24])
})

t.test('a graph with an op it does not translate is refused', async (t) => {
  const nodes: TfjsNode[] = [
    { name: 'x', op: 'Placeholder' },
    { name: 'y', op: 'Sigmoid', input: ['x'] },
  ]
  t.throws(() => tfjsToOnnx(nodes, new Map(), 'y', [1, 4, 4, 3]), /Sigmoid is not translated/)
  t.throws(() => tfjsToOnnx(nodes, new Map(), 'z', [1, 4, 4, 3]), /no node z/)
})
