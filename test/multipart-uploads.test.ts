// Uploads as multipart/form-data: the same operations, checks and limits as base64 in JSON, with the
// images as file parts (what `curl -F` and generated SDKs send).
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { uploads } from '../src/db/schema.js'
import { decryptMedia } from '../src/domain/media-crypto.js'
import { build, type Built } from './helpers/build.js'
import { td3, type Holder } from './helpers/mrz.js'
import { specErrors } from './helpers/spec.js'

const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url))
const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as {
  files: Array<{ file: string; mrz: string[] | null }>
}
const passport: Holder = { issuing: 'NLD', surname: 'MUELLER', given: 'ANNA MARIA', number: 'NX12AB34C', nationality: 'NLD', dob: '900312', sex: 'F', expiry: '340101' }
const mediaKey = Buffer.alloc(32, 9)

type Part = string | { file: Buffer; type?: string; name?: string }

/** A multipart/form-data body as fetch's FormData writes it: [name, text or file] in order. */
async function form(parts: Array<[string, Part]>): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData()
  for (const [name, part] of parts) {
    if (typeof part === 'string') fd.append(name, part)
    else fd.append(name, new Blob([part.file], { type: part.type ?? 'image/jpeg' }), part.name ?? 'photo.jpg')
  }
  const req = new Request('http://localhost/', { method: 'POST', body: fd })
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } }
}

async function post(b: Built, key: string, url: string, parts: Array<[string, Part]>) {
  const { payload, headers } = await form(parts)
  return b.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${key}` } })
}

const blankJpeg = (width = 600, height = 400) => sharp({ create: { width, height, channels: 3, background: '#e8e4da' } }).jpeg().toBuffer()

t.test('document uploads as a form', async (t) => {
  const b = await build(t, { mediaEncryptionKey: mediaKey })
  const { key } = await b.createKey('form-client', 'service')
  const session = async (checks: string[]) => (await b.call('POST', '/verifications', { key, body: { checks } })).json().id as string
  const image = await blankJpeg()

  await t.test('file parts and text parts run the checks and store the bytes as sent', async (t) => {
    const vid = await session(['document'])
    const back = await blankJpeg(500, 320)
    const res = await post(b, key, `/verifications/${vid}/documents`, [
      ['document_type', 'passport'],
      ['front_image', { file: image }],
      ['back_image', { file: back, type: 'image/png', name: 'back.jpg' }],
      ['mrz', td3(passport).join('\n')],
    ])
    t.equal(res.statusCode, 201, res.body)
    t.same(specErrors('uploadDocument', 201, res.json()), [])
    t.equal(res.json().document_type, 'passport')
    t.equal(res.json().checks_results.document.passed, true)
    t.equal(res.json().checks_results.document.details.mrz.surname, 'MUELLER')
    const [row] = await b.app.db.select().from(uploads).where(eq(uploads.id, res.json().document_id))
    t.ok(decryptMedia(mediaKey, row!.front!, `${row!.id}:front`).equals(image), 'the front file is stored byte for byte')
    t.ok(decryptMedia(mediaKey, row!.back!, `${row!.id}:back`).equals(back), 'and the back one')
  })

  await t.test('a phone photo of a passport is read from its file part (OCR)', async (t) => {
    const vid = await session(['document'])
    const res = await post(b, key, `/verifications/${vid}/documents`, [
      ['document_type', 'passport'],
      ['front_image', { file: fixture('documents/passport-td3-clean.jpg') }],
    ])
    t.equal(res.statusCode, 201, res.body)
    const expected = manifest.files.find((f) => f.file === 'passport-td3-clean.jpg')!.mrz!
    t.equal(res.json().checks_results.document.details.mrz.document_number, expected[1]!.slice(0, 9).replace(/<+$/, ''))
  })

  await t.test('what a form must not do is a clear 4xx', async (t) => {
    const vid = await session(['document'])
    const url = `/verifications/${vid}/documents`
    const mrz = td3(passport).join('\n')
    const cases: Array<[string, Array<[string, Part]>, number, string, string?]> = [
      ['an image as a text part', [['document_type', 'passport'], ['front_image', image.toString('base64')]], 400, 'validation_error', '/front_image'],
      ['a text field as a file', [['document_type', { file: Buffer.from('passport'), type: 'text/plain' }], ['front_image', { file: image }]], 400, 'validation_error', '/document_type'],
      ['a field twice', [['document_type', 'passport'], ['document_type', 'id_card'], ['front_image', { file: image }]], 400, 'validation_error', '/document_type'],
      ['an unknown field', [['document_type', 'passport'], ['front_image', { file: image }], ['colour', 'red']], 400, 'validation_error', '/colour'],
      ['a missing image', [['document_type', 'passport'], ['mrz', mrz]], 400, 'validation_error', '/front_image'],
      ['a document type outside the enum', [['document_type', 'library_card'], ['front_image', { file: image }]], 400, 'validation_error', '/document_type'],
      ['a text part over 4,096 bytes', [['document_type', 'passport'], ['front_image', { file: image }], ['mrz', 'P'.repeat(5000)]], 400, 'validation_error', '/mrz'],
      ['a NUL character', [['document_type', 'passport'], ['front_image', { file: image }], ['mrz', `P<${'\u0000'}`]], 400, 'validation_error', '/mrz'],
      ['three file parts', [['document_type', 'passport'], ['front_image', { file: image }], ['back_image', { file: image }], ['extra', { file: image }]], 413, 'payload_too_large'],
      ['a file of no image format', [['document_type', 'passport'], ['front_image', { file: Buffer.from('%PDF-1.7 not an image') }]], 422, 'unprocessable'],
    ]
    for (const [what, parts, status, code, path] of cases) {
      const res = await post(b, key, url, parts)
      t.equal(res.statusCode, status, `${what}: ${res.body}`)
      t.equal(res.json().error.code, code, what)
      if (path) t.ok(res.json().error.details.some((d: { path: string }) => d.path === path), `${what}: points at ${path}`)
      t.same(specErrors('uploadDocument', status, res.json()), [], `${what}: documented shape`)
    }
    const still = await b.call('GET', `/verifications/${vid}`, { key })
    t.equal(still.json().status, 'pending', 'nothing refused was recorded')
  })

  await t.test('image limits hold for files as for base64', async (t) => {
    const vid = await session(['document'])
    const url = `/verifications/${vid}/documents`
    const tooBig = Buffer.concat([image, Buffer.alloc(10 * 1024 * 1024)])
    const big = await post(b, key, url, [['document_type', 'passport'], ['front_image', { file: tooBig }]])
    t.equal(big.statusCode, 413)
    t.match(big.json().error, { code: 'payload_too_large', message: /front_image is larger than 10 MB/ })
    // A PNG of 8,001 px a side: a few kilobytes, refused from its header.
    const wide = await sharp({ create: { width: 8001, height: 8, channels: 3, background: '#000' } }).png().toBuffer()
    const side = await post(b, key, url, [['document_type', 'passport'], ['front_image', { file: wide, type: 'image/png' }]])
    t.equal(side.statusCode, 413)
    t.match(side.json().error.message, /front_image is larger than 8000 px on a side/)
  })

  await t.test('a body that is not well-formed multipart is 400', async (t) => {
    const vid = await session(['document'])
    for (const [contentType, payload] of [
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="document_type"\r\n\r\npassport'],
      ['multipart/form-data; boundary=x', 'no parts at all'],
    ] as const) {
      const res = await b.app.inject({ method: 'POST', url: `/verifications/${vid}/documents`, payload, headers: { 'content-type': contentType, authorization: `Bearer ${key}` } })
      t.equal(res.statusCode, 400, `${contentType}: ${res.body}`)
      t.equal(res.json().error.code, 'validation_error')
    }
    const none = await b.app.inject({ method: 'POST', url: `/verifications/${vid}/documents`, headers: { authorization: `Bearer ${key}` } })
    t.equal(none.statusCode, 400, 'no body and no Content-Type: the body an upload must have')
    t.match(none.json().error.details, [{ path: '', message: 'must be object' }])
  })

  await t.test('operations without a form answer 415 to one', async (t) => {
    const vid = await session(['face_match'])
    for (const url of [`/verifications/${vid}/face-match`, '/verifications', `/verifications/${vid}/active-liveness/challenge`]) {
      const res = await post(b, key, url, [['checks', 'document']])
      t.equal(res.statusCode, 415, url)
      t.equal(res.json().error.code, 'unsupported_media_type')
      t.equal(res.json().error.message, 'unsupported Content-Type: send application/json', 'the one type it takes')
    }
    const upload = await b.app.inject({ method: 'POST', url: `/verifications/${vid}/selfie`, headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' }, payload: 'a selfie' })
    t.equal(upload.statusCode, 415)
    t.equal(upload.json().error.message, 'unsupported Content-Type: send application/json or multipart/form-data', 'an upload names both')
  })

  await t.test('a compressed form is 415', async (t) => {
    const vid = await session(['document'])
    const { payload, headers } = await form([['document_type', 'passport'], ['front_image', { file: image }]])
    const res = await b.app.inject({ method: 'POST', url: `/verifications/${vid}/documents`, payload: gzipSync(payload), headers: { ...headers, 'content-encoding': 'gzip', authorization: `Bearer ${key}` } })
    t.equal(res.statusCode, 415)
    t.match(res.json().error.message, /Content-Encoding/)
  })

  await t.test('no key, no reading of the form', async (t) => {
    const vid = await session(['document'])
    const res = await post(b, 'ivs_' + 'x'.repeat(43), `/verifications/${vid}/documents`, [['document_type', 'passport'], ['front_image', { file: image }]])
    t.equal(res.statusCode, 401)
  })
})

t.test('selfies and liveness frames as forms', async (t) => {
  const b = await build(t, { mediaEncryptionKey: mediaKey })
  const { key } = await b.createKey('form-faces', 'service')
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['face_match', 'liveness'] } })).json().id as string
  const selfie = fixture('faces/selfie-collins.jpg')

  const up = await post(b, key, `/verifications/${vid}/selfie`, [['image', { file: selfie }]])
  t.equal(up.statusCode, 201, up.body)
  t.same(specErrors('uploadSelfie', 201, up.json()), [])
  const [row] = await b.app.db.select().from(uploads).where(eq(uploads.id, up.json().document_id))
  t.ok(decryptMedia(mediaKey, row!.front!, `${row!.id}:front`).equals(selfie), 'the selfie file is stored byte for byte')

  const challenge = async () => (await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })).json() as { challenge_id: string; actions: string[] }

  const c1 = await challenge()
  const uneven = await post(b, key, `/verifications/${vid}/active-liveness/verify`, [
    ['challenge_id', c1.challenge_id],
    ...c1.actions.map((a) => ['action', a] as [string, Part]),
    ['image', { file: selfie }],
  ])
  t.equal(uneven.statusCode, 400, 'one image for several actions')
  t.match(uneven.json().error.details, [{ path: '/image', message: /as many parts as action/ }])

  const tooMany = await post(b, key, `/verifications/${vid}/active-liveness/verify`, [
    ['challenge_id', c1.challenge_id],
    ...Array.from({ length: 6 }, () => ['image', { file: selfie }] as [string, Part]),
  ])
  t.equal(tooMany.statusCode, 413, 'six frames')

  // The challenge was not used up by the refused forms: the same one is answered now.
  const frames = c1.actions.flatMap((a) => [['action', a], ['image', { file: selfie }]] as Array<[string, Part]>)
  const res = await post(b, key, `/verifications/${vid}/active-liveness/verify`, [['challenge_id', c1.challenge_id], ...frames])
  t.equal(res.statusCode, 200, res.body)
  t.same(specErrors('verifyActiveLiveness', 200, res.json()), [])
  const result = res.json()
  t.equal(result.challenge_id, c1.challenge_id)
  const same = result.checks.find((s: { name: string }) => s.name === 'same_person')
  t.equal(same.passed, true, 'every frame is the selfie itself: the same person')
  t.equal(result.passed, false, 'a neutral selfie shows none of the challenged actions')
  t.ok(c1.actions.every((a) => result.reasons.includes(`${a}_not_shown`)), `reasons ${result.reasons}`)
})
