// Selfie, face match, passive liveness and active-liveness challenges on real photos (public-domain
// portraits: test/fixtures/README.md), analysed by the face models in the worker pool.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import { build, type Built } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { onDesk } from './helpers/photos.js'

const photo = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url)).toString('base64')
const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as {
  files: Array<{ file: string; mrz: string[] | null }>
}
const mrzOf = (file: string) => manifest.files.find((f) => f.file === file.replace('documents/', ''))!.mrz!.join('\n')

async function session(b: Built, key: string, checks: string[]) {
  return (await b.call('POST', '/verifications', { key, body: { checks } })).json().id as string
}
/** The document photo, with its MRZ as text so that no OCR runs: these tests are about faces. */
async function uploadDocument(b: Built, key: string, vid: string, file: string, mrzFile = file) {
  const res = await b.call('POST', `/verifications/${vid}/documents`, {
    key,
    body: { document_type: 'passport', front_image: photo(file), mrz: mrzOf(mrzFile) },
  })
  if (res.statusCode !== 201) throw new Error(`document upload: ${res.statusCode} ${res.body}`)
  return res.json().document_id as string
}
async function uploadSelfie(b: Built, key: string, vid: string, file: string) {
  const res = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: photo(file) } })
  if (res.statusCode !== 201) throw new Error(`selfie upload: ${res.statusCode} ${res.body}`)
  return res.json().document_id as string
}

t.test('face match', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('face-client', 'service')

  await t.test('the same person passes', async (t) => {
    const vid = await session(b, key, ['face_match'])
    const docId = await uploadDocument(b, key, vid, 'documents/passport-td3-phone.jpg')
    const selfie = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: photo('faces/selfie-collins.jpg') } })
    t.equal(selfie.statusCode, 201)
    t.same(specErrors('uploadSelfie', 201, selfie.json()), [])
    t.match(selfie.json(), { document_id: /^doc_/, verification_id: vid, document_type: 'selfie' })
    const res = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })
    t.equal(res.statusCode, 200)
    t.same(specErrors('runFaceMatch', 200, res.json()), [])
    const r = res.json()
    t.equal(r.passed, true)
    t.same(r.reasons, [])
    t.ok(r.score >= r.threshold, `score ${r.score} ≥ threshold ${r.threshold}`)
    t.equal(r.threshold, b.config.faceMatchThreshold)
    t.equal(r.document_id, docId)
    t.equal(r.selfie_id, selfie.json().document_id)
    t.match(r.model, { name: 'human-faceres', version: /^\d+\.\d+\.\d+$/ })
    const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
    t.equal(v.status, 'completed')
    t.same(v.checks_results.face_match, r)
  })

  await t.test('a passport at a tenth of a desk photo still matches its holder', async (t) => {
    const vid = await session(b, key, ['face_match'])
    const onDeskPhoto = await onDesk(readFileSync(new URL('./fixtures/documents/passport-td3-clean.jpg', import.meta.url)), 0.1)
    const doc = await b.call('POST', `/verifications/${vid}/documents`, {
      key,
      body: { document_type: 'passport', front_image: onDeskPhoto.toString('base64'), mrz: mrzOf('passport-td3-clean.jpg') },
    })
    t.equal(doc.statusCode, 201)
    await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
    const r = (await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).json()
    t.equal(r.passed, true, `score ${r.score}`)
  })

  await t.test('a document photographed upside down or on its side is matched on its portrait set upright', async (t) => {
    // Turned in its pixels, no EXIF: the page's portrait is upside down (not found, or its face read
    // wrong and taken for another person's) unless it is turned with the page, which the way its lines
    // read tells: the document check reads them; for face match alone they are found, not read.
    const cases = [
      ['documents/passport-td3-phone.jpg', 180, 'faces/selfie-collins.jpg', true, ['document', 'face_match']],
      ['documents/idcard-td1-phone.jpg', 180, 'faces/selfie-hopper.jpg', true, ['document', 'face_match']],
      ['documents/passport-td3-phone.jpg', 90, 'faces/selfie-collins.jpg', true, ['document', 'face_match']],
      ['documents/passport-td3-phone.jpg', 180, 'faces/selfie-hopper.jpg', false, ['document', 'face_match']],
      ['documents/idcard-td1-phone.jpg', 180, 'faces/selfie-hopper.jpg', true, ['face_match']],
      ['documents/passport-td3-phone.jpg', 180, 'faces/selfie-collins.jpg', true, ['face_match']],
      ['documents/passport-td3-phone.jpg', 270, 'faces/selfie-collins.jpg', true, ['face_match']],
      ['documents/idcard-td1-phone.jpg', 90, 'faces/selfie-collins.jpg', false, ['face_match']],
    ] as const
    for (const [file, angle, selfie, same, checks] of cases) {
      const vid = await session(b, key, [...checks])
      const turned = await sharp(readFileSync(new URL(`./fixtures/${file}`, import.meta.url))).rotate(angle).jpeg({ quality: 92 }).toBuffer()
      const type = file.includes('passport') ? 'passport' : 'id_card'
      const doc = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: type, front_image: turned.toString('base64'), mrz: mrzOf(file) } })
      t.equal(doc.statusCode, 201)
      await uploadSelfie(b, key, vid, selfie)
      const r = (await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).json()
      const what = `${checks}: ${file} turned ${angle}°, ${selfie}: score ${r.score}`
      if (same) t.same([r.passed, r.reasons], [true, []], what)
      else t.same([r.passed, r.reasons], [false, ['below_threshold']], what)
    }
  })

  await t.test('for face match alone, a face held up beside the document is not taken for its portrait', async (t) => {
    const passport = readFileSync(new URL('./fixtures/documents/passport-td3-clean.jpg', import.meta.url))
    const beside = await sharp(readFileSync(new URL('./fixtures/faces/selfie-hopper.jpg', import.meta.url))).resize({ height: 800 }).toBuffer()
    const holding = async (page: Buffer) =>
      sharp({ create: { width: 2100, height: 900, channels: 3, background: '#d8d4cc' } })
        .composite([{ input: beside, left: 20, top: 50 }, { input: page, left: 880, top: 25 }])
        .jpeg({ quality: 90 })
        .toBuffer()
    const match = async (photo: Buffer) => {
      const vid = await session(b, key, ['face_match'])
      const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo.toString('base64') } })
      t.equal(res.statusCode, 201)
      await uploadSelfie(b, key, vid, 'faces/selfie-hopper.jpg')
      const r = (await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).json()
      return { r, v: (await b.call('GET', `/verifications/${vid}`, { key })).json() }
    }
    // The page is found (its lines, not read): the portrait compared is the one on it, another person's.
    const other = await match(await holding(passport))
    t.same([other.r.passed, other.r.reasons], [false, ['below_threshold']], `score ${other.r.score}`)
    t.not(other.v.decision, 'approved')
    // The portrait covered, the selfie's face held up beside the page: nothing to compare, never a pass.
    const thumb = await sharp({ create: { width: 270, height: 350, channels: 3, background: '#c89f86' } }).png().toBuffer()
    const covered = await match(await holding(await sharp(passport).composite([{ input: thumb, left: 40, top: 120 }]).toBuffer()))
    t.same([covered.r.passed, covered.r.reasons], [false, ['no_face_in_document']], `score ${covered.r.score}`)
    t.not(covered.v.decision, 'approved')
    // Held over the page's edge, its centre off the page: the page reaches as far as its lines, not a tenth beyond.
    const face = await sharp(readFileSync(new URL('./fixtures/faces/turn-hopper-up.jpg', import.meta.url))).resize({ height: 420 }).toBuffer()
    const edge = await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#d8d4cc' } })
      .composite([{ input: await sharp(passport).composite([{ input: thumb, left: 40, top: 120 }]).toBuffer(), left: 450, top: 75 }, { input: face, left: 250, top: 200 }])
      .jpeg({ quality: 90 })
      .toBuffer()
    const atEdge = await match(edge)
    t.same([atEdge.r.passed, atEdge.r.reasons], [false, ['no_face_in_document']], `at the edge: score ${atEdge.r.score}`)
    // No page found, no portrait: the same photo too blurred for its page's text, or a photo of the
    // person alone sent as the document.
    const blurred = await match(await sharp(await holding(await sharp(passport).composite([{ input: thumb, left: 40, top: 120 }]).toBuffer())).blur(8).jpeg().toBuffer())
    t.same([blurred.r.passed, blurred.r.reasons], [false, ['no_face_in_document']], `blurred: score ${blurred.r.score}`)
    const alone = await match(readFileSync(new URL('./fixtures/faces/selfie-hopper.jpg', import.meta.url)))
    t.same([alone.r.passed, alone.r.reasons], [false, ['no_face_in_document']], `a selfie for a document: score ${alone.r.score}`)
    t.not(alone.v.decision, 'approved')

    // The same portrait printed twice, small, grey and faint beside the large one (a ghost image), is one person.
    const ghost = await sharp(passport).extract({ left: 40, top: 120, width: 270, height: 350 }).resize({ height: 193 }).grayscale().ensureAlpha(0.5).png().toBuffer()
    const twice = await sharp(passport).composite([{ input: ghost, left: 960, top: 300 }]).jpeg({ quality: 85 }).toBuffer()
    const again = await session(b, key, ['face_match'])
    await b.call('POST', `/verifications/${again}/documents`, { key, body: { document_type: 'passport', front_image: twice.toString('base64') } })
    await uploadSelfie(b, key, again, 'faces/selfie-collins.jpg')
    const one = (await b.call('POST', `/verifications/${again}/face-match`, { key, body: {} })).json()
    t.equal(one.passed, true, `a ghost image: ${one.reasons}, score ${one.score}`)
  })

  await t.test("the portrait compared is the one on the zone's page, never a face beside it", async (t) => {
    const passport = readFileSync(new URL('./fixtures/documents/passport-td3-clean.jpg', import.meta.url))
    const hopper = await sharp(readFileSync(new URL('./fixtures/faces/selfie-hopper.jpg', import.meta.url))).resize({ height: 800 }).toBuffer()
    const holding = async (page: Buffer) =>
      sharp({ create: { width: 2100, height: 900, channels: 3, background: '#d8d4cc' } })
        .composite([{ input: page, left: 20, top: 25 }, { input: hopper, left: 1300, top: 50 }])
        .jpeg({ quality: 90 })
        .toBuffer()
    const match = async (photo: Buffer, selfie: string) => {
      const vid = await session(b, key, ['document', 'face_match'])
      const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo.toString('base64') } })
      t.equal(res.statusCode, 201)
      t.equal(res.json().checks_results.document.passed, true, 'the zone is read')
      await uploadSelfie(b, key, vid, selfie)
      const r = (await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).json()
      return { r, v: (await b.call('GET', `/verifications/${vid}`, { key })).json() }
    }
    // The portrait covered by a thumb, the selfie's face held up beside the page: nothing to compare.
    const thumb = await sharp({ create: { width: 270, height: 350, channels: 3, background: '#c89f86' } }).png().toBuffer()
    const covered = await holding(await sharp(passport).composite([{ input: thumb, left: 40, top: 120 }]).toBuffer())
    const attack = await match(covered, 'faces/selfie-hopper.jpg')
    t.equal(attack.r.passed, false, `score ${attack.r.score}`)
    t.same(attack.r.reasons, ['no_face_in_document'])
    t.not(attack.v.decision, 'approved')
    // Tilted by 30°, the face beside the page lies within the box around the turned page, not on the page.
    const face = await sharp(readFileSync(new URL('./fixtures/faces/selfie-hopper.jpg', import.meta.url))).resize(420).toBuffer()
    const flat = await sharp({ create: { width: 3000, height: 2400, channels: 3, background: '#3c3c42' } })
      .composite([{ input: passport, left: 500, top: 700 }, { input: thumb, left: 540, top: 820 }, { input: face, left: 1850, top: 1080 }])
      .png()
      .toBuffer()
    const tilted = await sharp(flat).rotate(30, { background: '#3c3c42' }).resize(2400, 2400, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer()
    const turned = await match(tilted, 'faces/selfie-hopper.jpg')
    t.same(turned.r.reasons, ['no_face_in_document'], `tilted: score ${turned.r.score}`)
    // A copy of the zone under another face, below the passport: the zone's page cannot be told.
    const zoneCopy = await sharp(passport).extract({ left: 0, top: 690, width: 1200, height: 160 }).toBuffer()
    const copied = await sharp({ create: { width: 1300, height: 1900, channels: 3, background: '#d8d4cc' } })
      .composite([{ input: passport, left: 50, top: 30 }, { input: face, left: 440, top: 960 }, { input: zoneCopy, left: 50, top: 1700 }])
      .jpeg({ quality: 90 })
      .toBuffer()
    const twice = await match(copied, 'faces/selfie-hopper.jpg')
    t.same(twice.r.reasons, ['no_face_in_document'], `a zone shown twice: score ${twice.r.score}`)
    // The holder's passport held beside another face: its portrait is compared, the face beside ignored.
    const holder = await match(await holding(passport), 'faces/selfie-collins.jpg')
    t.equal(holder.r.passed, true, `${holder.r.reasons}, score ${holder.r.score}`)
  })

  await t.test('different people fail', async (t) => {
    const vid = await session(b, key, ['face_match'])
    await uploadDocument(b, key, vid, 'documents/passport-td3-clean.jpg')
    await uploadSelfie(b, key, vid, 'faces/selfie-hopper.jpg')
    const r = (await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).json()
    t.equal(r.passed, false)
    t.same(r.reasons, ['below_threshold'])
    t.ok(r.score < r.threshold)
  })

  await t.test('a document with no face', async (t) => {
    const vid = await session(b, key, ['face_match'])
    await uploadDocument(b, key, vid, 'faces/no-face.jpg', 'documents/passport-td3-clean.jpg')
    await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
    const r = (await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).json()
    t.equal(r.passed, false)
    t.same(r.reasons, ['no_face_in_document'])
    t.equal(r.score, null)
  })

  await t.test('a selfie that cannot be judged is refused, to be taken again', async (t) => {
    const vid = await session(b, key, ['face_match'])
    await uploadDocument(b, key, vid, 'documents/passport-td3-clean.jpg')
    for (const [file, reason] of [['faces/group-two.jpg', 'multiple_faces'], ['faces/no-face.jpg', 'no_face']] as const) {
      const res = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: photo(file) } })
      t.equal(res.statusCode, 422, file)
      t.same(specErrors('uploadSelfie', 422, res.json()), [])
      t.same(res.json().error.details.map((d: { path: string; reason: string }) => [d.path, d.reason]), [['/image', reason]])
      const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
      t.match(v, { status: 'pending', last_error: { code: 'selfie_unusable', reasons: [reason] } })
    }
    t.equal((await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).statusCode, 409, 'no selfie was stored')
    // A face stored under fully transparent pixels is what no one sees: judged as seen, blank.
    const hidden = await sharp(readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url))).ensureAlpha(0).png().toBuffer()
    const blank = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: hidden.toString('base64') } })
    t.equal(blank.statusCode, 422)
    t.match(blank.json().error.details, [{ reason: 'no_face' }])
    await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
    t.equal((await b.call('GET', `/verifications/${vid}`, { key })).json().last_error, null, 'a selfie taken since clears it')
  })

  await t.test('uploads: defaults, explicit ids, missing ones', async (t) => {
    const vid = await session(b, key, ['face_match'])
    let res = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })
    t.equal(res.statusCode, 409, 'no document yet')
    const docId = await uploadDocument(b, key, vid, 'documents/passport-td3-clean.jpg')
    res = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })
    t.equal(res.statusCode, 409, 'no selfie yet')
    const first = await uploadSelfie(b, key, vid, 'faces/selfie-hopper.jpg')
    await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
    res = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: { document_id: 'doc_unknown' } })
    t.equal(res.statusCode, 404)
    res = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: { document_id: first } })
    t.equal(res.statusCode, 409, 'a selfie is not a document')
    res = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: { document_id: docId, selfie_id: first } })
    t.equal(res.json().selfie_id, first, 'an explicit selfie')
    t.equal(res.json().passed, false)
    const onlyDoc = await session(b, key, ['document'])
    res = await b.call('POST', `/verifications/${onlyDoc}/selfie`, { key, body: { image: photo('faces/selfie-collins.jpg') } })
    t.equal(res.statusCode, 409, 'a selfie feeds nothing requested')
    const fresh = await session(b, key, ['face_match'])
    res = await b.call('POST', `/verifications/${fresh}/selfie`, { key, body: { image: 'not base64!' } })
    t.equal(res.statusCode, 400)
  })
})

t.test('passive liveness of a selfie', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('liveness-client', 'service')
  const vid = await session(b, key, ['liveness', 'face_match'])
  const selfie = await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
  const res = await b.call('POST', `/verifications/${vid}/documents/${selfie}/liveness`, { key })
  t.equal(res.statusCode, 200)
  t.same(specErrors('runDocumentLiveness', 200, res.json()), [])
  const r = res.json()
  t.same(r.checks.map((c: { name: string }) => c.name), ['face_detected', 'single_face', 'image_quality', 'screen_pattern', 'print_tones', 'paper_border', 'glare'])
  t.ok(r.checks.every((c: { passed: boolean }) => c.passed), 'a genuine selfie passes every signal')
  t.equal(r.passed, true)
  t.same(r.reasons, [])
  t.ok(r.score >= 0 && r.score <= 1)
  t.equal(r.selfie_id, selfie)
  t.equal(r.challenge_id, null)
  t.equal((await b.call('POST', `/verifications/${vid}/documents/doc_unknown/liveness`, { key })).statusCode, 404)
  const docId = await uploadDocument(b, key, vid, 'documents/passport-td3-clean.jpg')
  t.equal((await b.call('POST', `/verifications/${vid}/documents/${docId}/liveness`, { key })).statusCode, 409, 'a document is not a selfie')
  // A selfie without one face is refused at upload (422): there is nothing to examine.
  t.equal((await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: photo('faces/no-face.jpg') } })).statusCode, 422)
})

t.test('active liveness challenges', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('active-client', 'service')
  // face_match keeps the session pending while liveness is run more than once.
  const vid = await session(b, key, ['liveness', 'face_match'])
  const res = await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })
  t.equal(res.statusCode, 201)
  t.same(specErrors('createLivenessChallenge', 201, res.json()), [])
  const challenge = res.json()
  t.match(challenge.challenge_id, /^lch_/)
  t.ok(challenge.actions.length >= 2 && challenge.actions.length <= 4)
  t.equal(new Set(challenge.actions).size, challenge.actions.length, 'distinct actions')
  const ttl = Date.parse(challenge.expires_at) - Date.now()
  t.ok(ttl > 100_000 && ttl <= 120_000, 'expires after 2 minutes')

  const verify = (body: unknown) => b.call('POST', `/verifications/${vid}/active-liveness/verify`, { key, body })
  t.equal((await verify({ challenge_id: challenge.challenge_id, frames: [{ action: challenge.actions[0], image: photo('faces/selfie-collins.jpg') }] })).statusCode, 409, 'no selfie yet')
  const selfieId = await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
  // Every challenge asks for a head movement (its frame is judged for depth).
  const c = (await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })).json()
  t.ok(c.actions.some((a: string) => ['turn_left', 'turn_right', 'look_up'].includes(a)), `a head movement in ${c.actions}`)
  const stray = ['turn_left', 'turn_right', 'look_up', 'blink', 'smile', 'open_mouth'].find((a) => !c.actions.includes(a))
  t.equal((await verify({ challenge_id: c.challenge_id, frames: [{ action: stray, image: photo('faces/selfie-collins-2.jpg') }] })).statusCode, 400, 'an action the challenge did not ask for')
  // Every frame looks straight at the camera: a pose action is contradicted.
  const frames = c.actions.map((action: string) => ({ action, image: photo('faces/selfie-collins-2.jpg') }))
  const done = await verify({ challenge_id: c.challenge_id, frames })
  t.equal(done.statusCode, 200)
  t.same(specErrors('verifyActiveLiveness', 200, done.json()), [])
  const r = done.json()
  t.equal(r.challenge_id, c.challenge_id)
  t.equal(r.passed, false)
  const pose = c.actions.find((a: string) => ['turn_left', 'turn_right', 'look_up'].includes(a))
  t.match(r.checks.find((x: { name: string }) => x.name === `action_${pose}`), { passed: false }, `${pose} not shown by a frontal frame`)
  t.match(r.checks.find((x: { name: string }) => x.name === 'same_person'), { passed: true }, 'the same person as the selfie')
  t.equal((await verify({ challenge_id: c.challenge_id, frames })).statusCode, 409, 'a used challenge is refused')
  const framesKept = async () => (await b.app.uploadsRepository.listForVerification(vid)).filter((u) => u.kind === 'frame')
  t.same((await framesKept()).map((u) => u.documentType), c.actions, 'the judged frames are kept, sealed, one per action')
  const frameId = (await framesKept())[0]!.id
  const consolePage = (await b.call('GET', `/admin/console/verifications/${vid}`, { key: b.adminKey })).body
  t.match(consolePage, new RegExp(`Challenge frame \\(${c.actions[0].replace('_', ' ')}\\)`), 'for a reviewer to see in the console')
  const frameImage = await b.call('GET', `/admin/console/verifications/${vid}/images/${frameId}/front`, { key: b.adminKey })
  t.equal(frameImage.statusCode, 200)
  t.ok(frameImage.rawPayload.equals(Buffer.from(photo('faces/selfie-collins-2.jpg'), 'base64')), 'the frame as it was sent')
  const asSelfie = await b.call('POST', `/verifications/${vid}/documents/${frameId}/liveness`, { key })
  t.equal(asSelfie.statusCode, 409, 'a frame is not a selfie')

  // Frames nothing can be judged from: 422 with a reason per frame, no result, the challenge used up.
  const blank = (await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })).json()
  const noFaces = await verify({ challenge_id: blank.challenge_id, frames: blank.actions.map((action: string, i: number) => ({ action, image: photo(i === 0 ? 'faces/no-face.jpg' : 'faces/selfie-collins-2.jpg') })) })
  t.equal(noFaces.statusCode, 422)
  t.same(specErrors('verifyActiveLiveness', 422, noFaces.json()), [])
  t.same(noFaces.json().error.details.map((d: { path: string; reason: string }) => [d.path, d.reason]), [['/frames/0/image', 'no_face']])
  const seen = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  t.match(seen.last_error, { code: 'frames_unusable', reasons: ['no_face'] })
  t.equal(seen.checks_results.liveness.challenge_id, c.challenge_id, 'no result recorded for them')
  t.equal((await framesKept()).length, c.actions.length, 'and no frame kept')
  const retaken = blank.actions.map((action: string) => ({ action, image: photo('faces/selfie-collins-2.jpg') }))
  t.equal((await verify({ challenge_id: blank.challenge_id, frames: retaken })).statusCode, 409, 'the challenge was used up: a new one is taken')

  const other = (await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })).json()
  const stranger = await verify({ challenge_id: other.challenge_id, frames: other.actions.map((action: string) => ({ action, image: photo('faces/selfie-hopper.jpg') })) })
  const s = stranger.json()
  t.equal(s.passed, false)
  t.match(s.checks.find((x: { name: string }) => x.name === 'same_person'), { passed: false }, "another person's frames")
  t.ok(s.reasons.includes('different_person'))
  t.equal((await verify({ challenge_id: 'lch_unknown', frames })).statusCode, 404)
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  t.equal(v.checks_results.liveness.challenge_id, other.challenge_id, 'the result is the liveness check')
  t.equal(v.last_error, null, 'frames judged since: the refusal is no longer the last word')

  // The failed challenge is not washed out by the weaker passive check, not even on a new selfie.
  const passive = await b.call('POST', `/verifications/${vid}/documents/${selfieId}/liveness`, { key })
  t.equal(passive.statusCode, 409)
  t.same(specErrors('runDocumentLiveness', 409, passive.json()), [])
  t.match(passive.json().error.message, /only challenges judge its liveness/)
  const newSelfie = await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
  t.equal((await b.call('POST', `/verifications/${vid}/documents/${newSelfie}/liveness`, { key })).statusCode, 409, 'a new selfie changes nothing')
  t.notOk((await b.call('GET', `/verifications/${vid}`, { key })).json().checks_results.liveness, 'no passive result was recorded')
})

t.test('a challenge never asks for what the selfie already shows', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('challenge-client', 'service')
  const asked = new Set<string>()
  // Twenty challenges, five to a verification (its limit).
  for (let v = 0; v < 4; v++) {
    const vid = await session(b, key, ['liveness'])
    // Eileen Collins smiles in this photo (happy 0.99): a smile could not be told from it.
    await uploadSelfie(b, key, vid, 'faces/selfie-collins.jpg')
    for (let i = 0; i < 5; i++) {
      const c = await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })
      t.equal(c.statusCode, 201)
      for (const a of c.json().actions as string[]) asked.add(a)
    }
  }
  t.notOk(asked.has('smile'), `asked: ${[...asked].join(', ')}`)
  t.ok(asked.size >= 4, 'the other actions are still asked')
})

t.test('a verification has at most five challenges, however they are asked for', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('challenge-limit', 'service')
  const vid = await session(b, key, ['liveness'])
  const ask = () => b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })
  // Sent at once: the limit holds across requests that overlap.
  const answers = await Promise.all(Array.from({ length: 8 }, ask))
  t.same(answers.map((a) => a.statusCode).sort(), [201, 201, 201, 201, 201, 409, 409, 409])
  const refused = answers.find((a) => a.statusCode === 409)!
  t.same(specErrors('createLivenessChallenge', 409, refused.json()), [])
  t.match(refused.json().error.message, /had its 5 challenges: start a new verification/)
  t.equal((await ask()).statusCode, 409, 'and later')
  const another = await session(b, key, ['liveness'])
  t.equal((await b.call('POST', `/verifications/${another}/active-liveness/challenge`, { key })).statusCode, 201, 'another verification has its own')
})
