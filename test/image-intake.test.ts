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
