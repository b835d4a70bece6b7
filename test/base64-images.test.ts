// Base64 images in large JSON bodies are decoded off the main thread (src/plugins/base64-images.ts):
// the same strings are taken and refused as by the main thread's decoding, only image fields are taken
// so, and the operation receives the image's bytes.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import decode from '../src/plugins/base64-thread.js'
import { imageFields } from '../src/plugins/base64-images.js'
import { nameBefore, PIECE_BYTES } from '../src/plugins/json-pieces.js'
import { uploadDocumentRoute, uploadSelfieRoute, verifyActiveLivenessRoute, createVerificationRoute } from '../generated/schemas.js'
import { build } from './helpers/build.js'
import { mulberry32 } from './helpers/random.js'
import { expectValidationError } from './helpers/verifications.js'

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const wasBase64 = (s: string) => s.length > 0 && s.length % 4 === 0 && BASE64.test(s)

/** `s` as the value of "image" in a JSON body held in shared memory, decoded as the thread does. */
function decodeInBody(s: string): Buffer | null {
  const head = Buffer.from('{"image":"')
  const text = Buffer.from(s)
  const body = Buffer.from(new SharedArrayBuffer(head.length + text.length + 2))
  Buffer.concat([head, text, Buffer.from('"}')]).copy(body)
  const bytes = decode({ body, start: head.length, end: head.length + text.length })
  if (bytes && !(bytes.buffer instanceof SharedArrayBuffer)) throw new Error('not decoded into shared memory')
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

t.test('the thread takes exactly the base64 strings the main thread takes, with the same bytes', async (t) => {
  const cases = ['', 'QQ', 'QQ=', 'A===', '====', 'QQ==QUJD', 'QUJD=QUJ', 'QU JD', 'QUJD\n', 'QU\\D', 'QU-D', 'QU_D', 'QUJ\u00e9', 'QUJ\u4e00', 'QUJ\u0141', 'QUJDQ===', 'QUJD', 'QUI=', 'QQ==']
  // Seeded, so that a failure reproduces.
  const random = mulberry32(11)
  const next = () => Math.floor(random() * 2 ** 32)
  const odd = ['=', '-', '_', ' ', '\n', '\\', '.', '\u00e9', '\u0141', '\u4e00', '\u00ff', '\u0080']
  for (let i = 0; i < 3000; i++) {
    const length = 4 * (next() % 5) + (next() % 8 === 0 ? next() % 4 : 0)
    const end = ['', '=', '=='][next() % 3]!
    const body = Array.from({ length }, () => (next() % 30 === 0 ? odd[next() % odd.length] : 'AQz9+/'[next() % 6])).join('')
    cases.push(body.slice(0, Math.max(0, length - end.length)) + (length ? end : ''))
  }
  let taken = 0
  for (const s of cases) {
    const bytes = decodeInBody(s)
    if ((bytes !== null) !== wasBase64(s)) t.fail(`${JSON.stringify(s)}: ${bytes ? 'taken' : 'refused'} by the thread`)
    else if (bytes && !bytes.equals(Buffer.from(s, 'base64'))) t.fail(`${JSON.stringify(s)}: other bytes`)
    if (bytes) taken++
  }
  t.ok(taken > 300 && taken < cases.length - 300, `both kinds came up (${taken} of ${cases.length} taken)`)
})

t.test('image fields are the plain long strings of an operation’s schema', async (t) => {
  const json = (route: { body: unknown }) => (route.body as { content?: Record<string, { schema: unknown }> }).content?.['application/json']?.schema ?? route.body
  t.same([...imageFields(json(uploadSelfieRoute))], [['image', 14_000_000]])
  t.same([...imageFields(json(uploadDocumentRoute))].sort(), [['back_image', 14_000_000], ['front_image', 14_000_000]])
  t.same([...imageFields(json(verifyActiveLivenessRoute))], [['image', 14_000_000]], 'a frame’s image, inside the array')
  t.same([...imageFields(json(createVerificationRoute))], [], 'an operation that takes no image')
  const both = { properties: { image: { type: 'string', maxLength: 14_000_000 }, nested: { properties: { image: { type: 'string', maxLength: 10 } } } } }
  t.same([...imageFields(both)], [], 'a name that is a short string elsewhere in the body is not taken')
  const pattern = { properties: { image: { type: 'string', maxLength: 14_000_000, pattern: '^A' } } }
  t.same([...imageFields(pattern)], [], 'a string with other constraints is not taken')
})

t.test('the field name before a string, as written', async (t) => {
  const at = (json: string) => nameBefore(Buffer.from(json), json.lastIndexOf('"X'))
  t.equal(at('{"image":"X"}'), 'image')
  t.equal(at('{ "frames": [{"action": "blink", "image" :\n "X"}]}'), 'image')
  t.equal(at('{"a\\"image":"X"}'), null, 'a name with an escaped quote')
  t.equal(at('{"im\\u0061ge":"X"}'), null, 'an escaped name')
  t.equal(at('{"images":["X"]}'), null, 'an element of an array')
  t.equal(at('"X"'), null)
})

t.test('through the API: large images arrive as their bytes; other long strings fail as before', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('base64-client', 'service')
  const selfie = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url))
  const large = await sharp(selfie).resize(1500, 2000, { fit: 'fill' }).jpeg({ quality: 95 }).toBuffer()
  t.ok(large.toString('base64').length > 2 * PIECE_BYTES, 'a body parsed in pieces')
  const session = async () => (await b.call('POST', '/verifications', { key, body: { checks: ['liveness'] } })).json().id as string

  const vid = await session()
  const res = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: large.toString('base64') } })
  t.equal(res.statusCode, 201, res.body)
  const live = await b.call('POST', `/verifications/${vid}/documents/${res.json().document_id}/liveness`, { key, body: {} })
  t.equal(live.statusCode, 200, 'the selfie’s face was found in the bytes the thread decoded')

  const notBase64 = large.toString('base64').slice(0, -4) + 'QU-D'
  const refused = await b.call('POST', `/verifications/${await session()}/selfie`, { key, body: { image: notBase64 } })
  t.equal(refused.statusCode, 400)
  t.match(refused.json().error.details, [{ path: '/image', message: /must be a base64 string/ }])

  const docVid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id as string
  const longMrz = await b.call('POST', `/verifications/${docVid}/documents`, {
    key,
    body: { document_type: 'passport', front_image: large.toString('base64'), mrz: large.toString('base64') },
  })
  expectValidationError(t, longMrz, 'uploadDocument', /^\/mrz$/)

  const escaped = await b.call('POST', `/verifications/${await session()}/selfie`, {
    key,
    headers: { 'content-type': 'application/json' },
    body: `{"im\\u0061ge":"${large.toString('base64')}"}`,
  })
  t.equal(escaped.statusCode, 201, 'a field name written with an escape is parsed as text, and taken')
})
