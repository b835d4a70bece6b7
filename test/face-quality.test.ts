// A face captured too poorly to be judged says so (issue 29, item 2): the measures of a face's own
// pixels (src/analysis/faces.ts) and the reasons they give (src/domain/face-checks.ts), on face match
// with its score still reported, so that a client asks for a retake instead of concluding "another
// person".
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import t from 'tap'
import { createAnalysisPool } from '../src/analysis/pool.js'
import { faceMatchResult, faceQualityReasons, pageTurn, QUALITY, turnedArea } from '../src/domain/face-checks.js'
import type { FaceObservation } from '../src/domain/face-observation.js'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'

const face: FaceObservation = {
  box: { x: 0, y: 0, width: 200, height: 200 }, detectionScore: 0.9, embedding: [1, 0], yaw: 0, pitch: 5, roll: 0,
  leftEyeOpen: 0.33, rightEyeOpen: 0.35, mouthOpen: 0.02, happy: 0.1,
  quality: { brightness: 130, sharpness: 12, eyes: 1.05, mouth: 1.2 },
}

t.test('each poor measure gives its own reason; a well-captured face none', async (t) => {
  t.same(faceQualityReasons(face), [])
  t.same(faceQualityReasons({ ...face, box: { ...face.box, width: 60 } }), ['face_too_small'])
  t.same(faceQualityReasons({ ...face, quality: { ...face.quality!, sharpness: 2 } }), ['face_blurry'])
  t.same(faceQualityReasons({ ...face, quality: { ...face.quality!, brightness: 35 } }), ['face_too_dark'])
  t.same(faceQualityReasons({ ...face, yaw: 40 }), ['face_not_frontal'])
  t.same(faceQualityReasons({ ...face, quality: { ...face.quality!, eyes: 0.3 } }), ['face_occluded'])
  t.same(faceQualityReasons({ ...face, quality: { ...face.quality!, mouth: 0.5 } }), ['face_occluded'])
  t.same(faceQualityReasons({ ...face, quality: undefined }), [], 'a face measured before quality was kept')
  t.same(faceQualityReasons({ ...face, box: { ...face.box, height: 60 }, quality: undefined }), ['face_too_small'], 'its size comes from its box')
})

t.test('face match: a low score from a poor capture carries its reasons; a good score passes', async (t) => {
  const match = (selfie: FaceObservation, similarity: number) =>
    faceMatchResult({ documentId: 'doc_a', selfieId: 'doc_b', documentFaces: [face], selfieFaces: [selfie], threshold: 0.75, model: { name: 'm', version: '1.0.0' }, similarity: () => similarity, now: new Date() })
  const occluded = { ...face, quality: { ...face.quality!, eyes: 0.3 } }
  t.same(match(occluded, 0.5).reasons, ['below_threshold', 'face_occluded'])
  t.equal(match(occluded, 0.5).score, 0.5, 'the score is still reported')
  t.same(match(occluded, 0.9).reasons, [], 'matched all the same: no retake needed')
  t.same(match(face, 0.5).reasons, ['below_threshold'], 'a well-captured face that does not match is another person')
})

t.test("a selfie's image quality is measured on its grey copy: blur lowers its sharpness, light its brightness", async (t) => {
  const pool = createAnalysisPool({ threads: 1, queue: 4 })
  t.teardown(() => pool.close())
  const quality = async (photo: Buffer) => {
    const r = await pool.analyseFaces({ image: new Uint8Array(photo), opts: {}, quality: true })
    if (!r.ok || !r.quality) throw new Error('not measured')
    return r.quality
  }
  const selfie = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url))
  const [sharp0, blurred, dim] = [await quality(selfie), await quality(await sharp(selfie).blur(3).jpeg().toBuffer()), await quality(await sharp(selfie).linear(0.3, 0).jpeg().toBuffer())]
  t.match(sharp0, { width: 420, height: 476 })
  // Measured: 16 in focus, 3.2 blurred by σ 3 px (QUALITY.minSharpness is 3).
  t.ok(sharp0.sharpness > QUALITY.minSharpness * 4, `in focus: ${sharp0.sharpness}`)
  t.ok(blurred.sharpness < sharp0.sharpness / 3, `blurred: ${blurred.sharpness}`)
  t.ok(Math.abs(dim.brightness / sharp0.brightness - 0.3) < 0.05, `at 30 % of the light: ${dim.brightness} of ${sharp0.brightness}`)
  // Brightness is the grey level, not a colour channel's: pure red (255 in its red channel) is a mid grey.
  const red = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } }).jpeg().toBuffer()
  const redBrightness = (await quality(red)).brightness
  t.ok(redBrightness < QUALITY.maxBrightness - 50, `pure red is not over-exposed: ${redBrightness}`)
})

t.test('through the API: a selfie with its eyes covered says why it did not match', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('face-quality', 'service')
  const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url))
  const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as { files: Array<{ file: string; mrz: string[] | null }> }
  const mrz = manifest.files.find((f) => f.file === 'passport-td3-clean.jpg')!.mrz!.join('\n')
  const selfie = fixture('faces/selfie-collins.jpg')
  const { width, height } = await sharp(selfie).metadata()
  // A dark band over the eyes: this selfie's face box spans about x 55–267, y 65–278.
  const band = Buffer.from(`<svg width="${width}" height="${height}"><rect x="45" y="125" width="232" height="50" fill="#111"/></svg>`)
  // (Blurred by σ 3 px this selfie still matches, 0.80; by σ 4 and more it is refused at upload.)
  const photos: Array<[string, Buffer, string]> = [['eyes covered', await sharp(selfie).composite([{ input: band }]).jpeg().toBuffer(), 'face_occluded']]
  for (const [what, photo, reason] of photos) {
    const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['face_match'] } })).json().id
    t.equal((await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: fixture('documents/passport-td3-clean.jpg').toString('base64'), mrz } })).statusCode, 201)
    t.equal((await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: photo.toString('base64') } })).statusCode, 201)
    const res = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })
    t.equal(res.statusCode, 200)
    t.same(specErrors('runFaceMatch', 200, res.json()), [])
    const r = res.json()
    // It falls below the threshold (the faces issue measured 4 of 4 false rejects so): the reason says
    // to retake, not that another person is there.
    t.equal(r.passed, false)
    t.ok(r.reasons.includes('below_threshold') && r.reasons.includes(reason), `${what}: ${r.reasons} with a score of ${r.score}`)
    t.type(r.score, 'number', 'the score is still reported')
  }
})

t.test('a selfie far too blurred or dark to judge is refused at upload, to be taken again', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('face-unusable', 'service')
  const selfie = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url))
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['liveness'] } })).json().id
  // Measured: blurred by σ 5 px its face's sharpness is 1.6; at 12 % of the light its mean grey is 19.
  for (const [photo, reason] of [[await sharp(selfie).blur(5).jpeg().toBuffer(), 'face_blurry'], [await sharp(selfie).linear(0.12, 0).jpeg().toBuffer(), 'face_too_dark']] as const) {
    const res = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: photo.toString('base64') } })
    t.equal(res.statusCode, 422, `${reason}: ${res.body.slice(0, 200)}`)
    t.ok(res.json().error.details.some((d: { reason: string }) => d.reason === reason), reason)
  }
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  t.match(v, { status: 'pending', checks_results: {}, last_error: { code: 'selfie_unusable' } })
})

t.test('an accepted selfie does not clear a document photo\'s refusal, nor the reverse', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('last-error-kinds', 'service')
  const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url))
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'face_match'] } })).json().id
  const blurred = await sharp(fixture('documents/passport-td3-phone.jpg')).blur(8).jpeg().toBuffer()
  t.equal((await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: blurred.toString('base64') } })).statusCode, 422)
  t.equal((await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: fixture('faces/selfie-collins.jpg').toString('base64') } })).statusCode, 201)
  t.match((await b.call('GET', `/verifications/${vid}`, { key })).json().last_error, { code: 'document_unreadable' }, 'still the document\'s')
  t.equal((await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: fixture('faces/no-face.jpg').toString('base64') } })).statusCode, 422)
  const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as { files: Array<{ file: string; mrz: string[] | null }> }
  const mrz = manifest.files.find((f) => f.file === 'passport-td3-clean.jpg')!.mrz!.join('\n')
  t.equal((await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: fixture('documents/passport-td3-clean.jpg').toString('base64'), mrz } })).statusCode, 201)
  t.match((await b.call('GET', `/verifications/${vid}`, { key })).json().last_error, { code: 'selfie_unusable' }, 'a document does not clear the selfie\'s')
})

t.test('a page photographed turned is set upright by the quarter turn its corners say', async (t) => {
  // A page's corners from its head's left, in shares of a 1000 × 800 photo: upright, then turned.
  const upright = [[0.125, 0.25], [0.875, 0.25], [0.875, 0.75], [0.125, 0.75]] as const
  const size = { width: 1000, height: 800 }
  t.equal(pageTurn(upright, size), 0)
  t.equal(pageTurn(upright.map(([u, v]) => [1 - u, 1 - v] as const), size), 180, 'upside down')
  t.equal(pageTurn([[0.8, 0.1], [0.8, 0.9], [0.2, 0.9], [0.2, 0.1]], size), 270, 'read downward: on its right side')
  t.equal(pageTurn([[0.2, 0.9], [0.2, 0.1], [0.8, 0.1], [0.8, 0.9]], size), 90, 'read upward: on its left side')
  t.equal(pageTurn([[0.1, 0.2], [0.9, 0.3], [0.9, 0.8], [0.1, 0.7]], size), 0, 'a few degrees off is upright')
  t.equal(pageTurn([], size), 0, 'no page: as it is')
  // Once the photo is turned, the page's corners are where the turned photo has them: upright.
  const onLeftSide = [[0.2, 0.9], [0.2, 0.1], [0.8, 0.1], [0.8, 0.9]] as const
  t.equal(pageTurn(turnedArea(onLeftSide, 90), { width: size.height, height: size.width }), 0, 'on its left side, turned 90°')
  const upsideDown = upright.map(([u, v]) => [1 - u, 1 - v] as const)
  t.same(turnedArea(upsideDown, 180), upright.map(([u, v]) => [u, v]), 'upside down, turned 180°')
  t.same(turnedArea([[0.1, 0.2]], 90), [[0.8, 0.1]])
  t.same(turnedArea([[0.1, 0.2]], 180), [[0.9, 0.8]])
  t.same(turnedArea([[0.1, 0.2]], 270), [[0.2, 0.9]])
})
