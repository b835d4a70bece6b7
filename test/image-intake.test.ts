// Base64 is checked by decoding (src/services/image-intake.ts): the same strings are refused, with the
// same error, as by the regular expression it replaced.
import t from 'tap'
import sharp from 'sharp'
import { intakeImage } from '../src/services/image-intake.js'

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const wasBase64 = (s: string) => s.length > 0 && s.length % 4 === 0 && BASE64.test(s)
const notBase64 = {
  code: 'validation_error',
  statusCode: 400,
  message: 'request validation failed',
  details: [{ path: '/image', message: 'must be a base64 string (standard alphabet, padded, no data: prefix)' }],
}

/** The error intakeImage throws for `s`. */
const refusal = (s: string) => intakeImage('image', s).then(() => null, (err: unknown) => err as { code: string })

t.test('strings that are not base64 get the 400 of before', async (t) => {
  const cases = ['', 'QQ', 'QQ=', 'A===', '====', 'QQ==QUJD', 'QUJD=QUJ', 'QU JD', 'QUJD\n', 'QU-D', 'QU_D', 'QUJ\u00e9', 'QUJ\u4e00', 'QUJ\u0141', 'data:image/png;base64,QUJD', 'QUJDQ===']
  for (const s of cases) t.match(await refusal(s), notBase64, JSON.stringify(s))
})

t.test('on random strings, decoding refuses exactly what the expression refused', async (t) => {
  const alphabet = ['A', 'z', '0', '+', '/', '=', '-', '_', ' ', '\n', '.', ':', '\u00e9', '\u0141', '\u4e00', '\u0000']
  // mulberry32: a seeded generator, so that a failure reproduces.
  let seed = 7
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return (x ^ (x >>> 14)) >>> 0
  }
  let refused = 0
  for (let i = 0; i < 3000; i++) {
    const length = 4 * (next() % 4) + (next() % 8 === 0 ? next() % 4 : 0)
    // A padded end now and then.
    const end = ['', '=', '=='][next() % 3]!
    // Mostly the base64 alphabet, so that valid strings come up too.
    const s = Array.from({ length }, () => (next() % 40 === 0 ? alphabet[next() % alphabet.length] : 'AQz9+/'[next() % 6])).join('').slice(0, Math.max(0, length - end.length)) + (length ? end : '')
    const err = await refusal(s)
    const refusedNow = err?.code === 'validation_error'
    if (refusedNow) refused++
    if (refusedNow === wasBase64(s)) t.fail(`${JSON.stringify(s)}: ${refusedNow ? 'refused' : 'taken'} now, ${wasBase64(s) ? 'taken' : 'refused'} before`)
  }
  t.ok(refused > 100 && refused < 2900, `both kinds came up (${refused} refused)`)
})

t.test('base64 of an image is taken; too large and not an image keep their errors', async (t) => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).png().toBuffer()
  t.same(await intakeImage('image', png.toString('base64')), png)
  t.match(await refusal(Buffer.alloc(10 * 1024 * 1024 + 1).toString('base64')), { code: 'payload_too_large', statusCode: 413, message: 'image is larger than 10 MB' })
  t.match(await refusal(Buffer.from('text').toString('base64')), { code: 'unprocessable', statusCode: 422 })
})

t.test('an image with transparency is kept as it is seen: flattened onto white', async (t) => {
  const hidden = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 0 } } }).png().toBuffer()
  const kept = await intakeImage('image', hidden.toString('base64'))
  const { data, info } = await sharp(kept).raw().toBuffer({ resolveWithObject: true })
  t.equal(info.channels, 3, 'no alpha left')
  t.same([...data.subarray(0, 3)], [255, 255, 255], 'white, not the red stored under alpha 0')
})

t.test('decompression bombs are refused from their header: pixels in total, and decoded bytes', async (t) => {
  const png = (width: number, height: number, channels: 3 | 4, depth: 8 | 16) => {
    const image = sharp({ create: { width, height, channels, background: '#fff' } })
    return (depth === 16 ? image.toColourspace('rgb16') : image).png({ compressionLevel: 9 }).toBuffer()
  }
  // 8,000 × 8,000 of one colour compresses to a few tens of kilobytes: 64 megapixels.
  const square = await png(8000, 8000, 3, 8)
  t.ok(square.length < 1024 * 1024, `the 64-megapixel PNG is ${square.length} bytes`)
  t.match(await refusal(square.toString('base64')), { code: 'payload_too_large', statusCode: 413, message: /more than 40 megapixels/ })
  // 16-bit RGBA: 5,000 × 5,000 is 25 megapixels, 200 MB once decoded.
  const deep = await png(5000, 5000, 4, 16)
  t.match(await refusal(deep.toString('base64')), { code: 'payload_too_large', statusCode: 413, message: /more than 160 MB once decoded/ })
  // Within every limit: 6,000 × 6,000 of 8-bit RGB (36 megapixels, 108 MB decoded) is taken.
  const large = await png(6000, 6000, 3, 8)
  t.same(await intakeImage('image', large.toString('base64')), large)
  // A side over 16,384 px is still the side's 413, not a decoder's 422.
  const long = await png(20_000, 10, 3, 8)
  t.match(await refusal(long.toString('base64')), { code: 'payload_too_large', statusCode: 413, message: /8000 px on a side/ })
})
