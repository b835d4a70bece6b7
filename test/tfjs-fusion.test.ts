// The face descriptor's ReLU6 chains and convolutions fused (src/analysis/tfjs-fusion.ts): the model
// the service loads must compute what the shipped one computes, and a chain that only looks like ReLU6
// must be left as it is.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import sharp from 'sharp'
import { getHuman } from '../src/analysis/human.js'
import { fuseGraphModel, type GraphModelJson } from '../src/analysis/tfjs-fusion.js'

const models = join(dirname(dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))), 'models')
const selfie = new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url).pathname
const ops = (m: GraphModelJson) => m.modelTopology.node.map((n) => n.op)
const count = (list: string[], op: string) => list.filter((o) => o === op).length
const asArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer

t.test('faceres, fused, computes what it computed', async (t) => {
  const { tf } = await getHuman()
  const shipped = JSON.parse(readFileSync(join(models, 'faceres.json'), 'utf8')) as GraphModelJson
  const weights = asArrayBuffer(readFileSync(join(models, 'faceres.bin')))
  const { model, rewrites } = fuseGraphModel(tf, shipped, () => weights)
  t.ok(rewrites > 0, `${rewrites} patterns rewritten`)
  t.equal(count(ops(model), 'Minimum') + count(ops(model), 'Maximum'), 0, 'no ReLU6 is spelt out any more')
  t.ok(count(ops(model), 'Conv2D') < count(ops(shipped), 'Conv2D'), 'convolutions carry their bias and activation')
  t.ok(count(ops(shipped), 'Minimum') > 0, 'the shipped model is left as it was')

  const weightSpecs = shipped.weightsManifest.flatMap((m) => m.weights) as Parameters<typeof tf.io.fromMemory>[1]
  const load = (m: GraphModelJson) => tf.loadGraphModel(tf.io.fromMemory(m.modelTopology as object, weightSpecs, weights))
  const [before, after] = [await load(shipped), await load(model)]
  const pixels = await sharp(selfie).resize(224, 224, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  const input = tf.tidy(() => tf.div(tf.tensor4d(Float32Array.from(pixels), [1, 224, 224, 3]), 255))
  const embed = (m: typeof before) => {
    const out = m.execute(input, 'global_pooling/Mean') as ReturnType<typeof tf.tensor>
    const values = out.dataSync() as Float32Array
    out.dispose()
    return values
  }
  const [expected, actual] = [embed(before), embed(after)]
  tf.dispose([input])
  before.dispose()
  after.dispose()
  t.equal(actual.length, expected.length)
  const largest = expected.reduce((d, v, i) => Math.max(d, Math.abs(v - actual[i]!)), 0)
  t.ok(largest < 1e-4, `largest difference ${largest}`)
})

t.test('the service loads the fused model', async (t) => {
  await getHuman()
  const served = (await (await fetch(pathToFileURL(join(models, 'faceres.json')))).json()) as GraphModelJson
  t.equal(count(ops(served), 'Minimum'), 0)
  t.ok(count(ops(served), 'Relu6') > 0)
})

/** x → Relu → Minimum(`top`) → Maximum(0), the bounds stored as weights. */
function clipped(top: number): { model: GraphModelJson; weights: ArrayBuffer } {
  const model: GraphModelJson = {
    modelTopology: {
      node: [
        { name: 'x', op: 'Placeholder' },
        { name: 'top', op: 'Const' },
        { name: 'zero', op: 'Const' },
        { name: 'relu', op: 'Relu', input: ['x'] },
        { name: 'min', op: 'Minimum', input: ['relu', 'top'] },
        { name: 'max', op: 'Maximum', input: ['min', 'zero'] },
      ],
    },
    weightsManifest: [{ paths: ['w.bin'], weights: [{ name: 'top', shape: [], dtype: 'float32' }, { name: 'zero', shape: [], dtype: 'float32' }] }],
  }
  return { model, weights: Float32Array.from([top, 0]).buffer }
}

t.test('only a clip to [0, 6] is ReLU6', async (t) => {
  const { tf } = await getHuman()
  const six = clipped(6)
  const fused = fuseGraphModel(tf, six.model, () => six.weights)
  t.equal(fused.rewrites, 1)
  t.same(ops(fused.model), ['Placeholder', 'Const', 'Const', 'Relu6'])
  t.same(fused.model.modelTopology.node.at(-1), { name: 'max', op: 'Relu6', input: ['x'], attr: { T: { type: 'DT_FLOAT' } } })
  const five = clipped(5)
  const kept = fuseGraphModel(tf, five.model, () => five.weights)
  t.equal(kept.rewrites, 0)
  t.same(ops(kept.model), ['Placeholder', 'Const', 'Const', 'Relu', 'Minimum', 'Maximum'])
})
