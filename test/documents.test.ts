// POST /verifications/{id}/documents with MRZ text (the on-device path), image rules, the identity
// check, completion, storage. OCR of document photos is in documents-ocr.test.ts.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { uploads } from '../src/db/schema.js'
import { decryptMedia } from '../src/domain/media-crypto.js'
import { build } from './helpers/build.js'
import { frenchId, mrv, td1, td3, type Holder } from './helpers/mrz.js'
import { specErrors } from './helpers/spec.js'

const passport: Holder = { issuing: 'NLD', surname: 'MUELLER', given: 'ANNA MARIA', number: 'NX12AB34C', nationality: 'NLD', dob: '900312', sex: 'F', expiry: '340101' }
const card: Holder = { issuing: 'ROU', surname: 'POPESCU', given: 'ION', number: 'RX1234567', nationality: 'ROU', dob: '851224', sex: 'M', expiry: '300615' }

async function blankJpeg(width = 600, height = 400) {
  return (await sharp({ create: { width, height, channels: 3, background: '#e8e4da' } }).jpeg().toBuffer()).toString('base64')
}

const mediaKey = Buffer.alloc(32, 7)

t.test('documents over MRZ text', async (t) => {
  const b = await build(t, { mediaEncryptionKey: mediaKey })
  const { key } = await b.createKey('doc-client', 'service')
  const image = await blankJpeg()
  const session = async (checks: string[], applicant?: Record<string, string>) =>
    (await b.call('POST', '/verifications', { key, body: { checks, ...(applicant ? { applicant } : {}) } })).json().id as string
  const upload = (vid: string, body: Record<string, unknown>) =>
    b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: image, ...body } })

  await t.test('a valid passport passes with every field', async (t) => {
    const vid = await session(['document'])
    const res = await upload(vid, { mrz: td3(passport).join('\n') })
    t.equal(res.statusCode, 201)
    t.same(specErrors('uploadDocument', 201, res.json()), [])
    const body = res.json()
    t.match(body.document_id, /^doc_[0-9a-f-]{36}$/)
    t.equal(body.verification_id, vid)
    t.equal(body.verification_status, 'completed', 'the only requested check finished')
    const doc = body.checks_results.document
    t.equal(doc.passed, true)
    t.same(doc.reasons, [])
    t.same(doc.details.mrz, {
      format: 'TD3', document_code: 'P', issuing_state: 'NLD', document_number: 'NX12AB34C', surname: 'MUELLER',
      given_names: 'ANNA MARIA', nationality: 'NLD', date_of_birth: '1990-03-12', sex: 'F', expiration_date: '2034-01-01',
      optional_data: null, check_digits: { document_number: true, date_of_birth: true, expiration_date: true, composite: true },
    })
    t.equal(doc.details.expired, false)
    t.same(doc.details.viz.page_read, false, 'a photo with no page to read against the MRZ sent says so')
    const v = await b.call('GET', `/verifications/${vid}`, { key })
    t.equal(v.json().status, 'completed')
    t.same([v.json().decision, v.json().decision_reasons], ['review', ['mrz_text_unconfirmed']], 'a zone no photo shows, for a person to look at')
    t.ok(v.json().completed_at)
    t.same(v.json().checks_results.document, doc, 'a GET right after sees the result')
    t.same(specErrors('getVerification', 200, v.json()), [])
    const again = await upload(vid, { mrz: td3(passport).join('\n') })
    t.equal(again.statusCode, 409, 'uploads after completion are refused')
  })

  await t.test('a TD1 identity card passes', async (t) => {
    const vid = await session(['document'])
    const res = await upload(vid, { document_type: 'id_card', mrz: td1(card).join('\n') })
    t.equal(res.statusCode, 201)
    const mrz = res.json().checks_results.document.details.mrz
    t.match(mrz, { format: 'TD1', document_code: 'ID', issuing_state: 'ROU', document_number: 'RX1234567', surname: 'POPESCU', given_names: 'ION', date_of_birth: '1985-12-24', sex: 'M', expiration_date: '2030-06-15' })
    t.equal(res.json().checks_results.document.passed, true)
  })

  await t.test('an MRV-A visa passes as a visa', async (t) => {
    const vid = await session(['document'])
    const res = await upload(vid, { document_type: 'visa', mrz: mrv({ ...passport, sex: 'X' }, 'A').join('\n') })
    t.equal(res.statusCode, 201)
    t.same(specErrors('uploadDocument', 201, res.json()), [])
    const doc = res.json().checks_results.document
    t.equal(doc.passed, true, `reasons: ${doc.reasons}`)
    t.match(doc.details.mrz, { format: 'MRVA', document_code: 'V', sex: 'X', check_digits: { composite: null } })
  })

  await t.test('a French identity card of the 2 × 36 format passes', async (t) => {
    const vid = await session(['document'])
    const lines = frenchId({ surname: 'BERTHIER', given: 'CORINNE', issued: '1409', office: '923', serial: '10285', dob: '651206', sex: 'F' })
    const res = await upload(vid, { document_type: 'id_card', mrz: lines.join('\n') })
    t.equal(res.statusCode, 201, res.body)
    t.same(specErrors('uploadDocument', 201, res.json()), [])
    const doc = res.json().checks_results.document
    t.equal(doc.passed, true, `reasons: ${doc.reasons}`)
    t.match(doc.details.mrz, { format: 'TD2', document_number: '140992310285', nationality: 'FRA', expiration_date: '2029-08-31' })
  })

  await t.test('a tampered check digit fails', async (t) => {
    const vid = await session(['document'])
    const [l1, l2] = td3(passport)
    const tampered = `${l2!.slice(0, 3)}9${l2!.slice(4)}` // a document-number character changed, its check digit not
    const res = await upload(vid, { mrz: `${l1}\n${tampered}` })
    const doc = res.json().checks_results.document
    t.equal(doc.passed, false)
    t.ok(doc.reasons.includes('check_digit_mismatch'))
    t.equal(doc.details.mrz.check_digits.document_number, false)
  })

  await t.test('an expired document fails', async (t) => {
    const vid = await session(['document'])
    const res = await upload(vid, { mrz: td3({ ...passport, expiry: '190301' }).join('\n') })
    const doc = res.json().checks_results.document
    t.equal(doc.passed, false)
    t.same(doc.reasons, ['document_expired'])
    t.equal(doc.details.expired, true)
    t.equal(doc.details.mrz.expiration_date, '2019-03-01')
  })

  await t.test('an id card sent as a passport fails with document_type_mismatch', async (t) => {
    const vid = await session(['document'])
    const res = await upload(vid, { document_type: 'passport', mrz: td1(card).join('\n') })
    t.same(res.json().checks_results.document.reasons, ['document_type_mismatch'])
  })

  await t.test('MRZ text that is not an MRZ is a 400', async (t) => {
    const vid = await session(['document'])
    for (const mrz of ['hello', 'P<NLD\nSHORT', td3(passport).join('\n').toLowerCase()]) {
      const res = await upload(vid, { mrz })
      t.equal(res.statusCode, 400)
      t.equal(res.json().error.details[0].path, '/mrz')
    }
  })

  await t.test('identity: declared data against the document', async (t) => {
    const vid = await session(['document', 'identity'], { first_name: 'Anna', last_name: 'Müller', date_of_birth: '1990-03-12', document_number: 'nx12ab34c', nationality: 'NLD' })
    const res = await upload(vid, { mrz: td3(passport).join('\n') })
    t.equal(res.statusCode, 201)
    const identity = res.json().checks_results.identity
    t.equal(identity.passed, true, 'Müller matches MUELLER; Anna matches ANNA MARIA')
    t.same(identity.details.matches, { first_name: true, last_name: true, date_of_birth: true, document_number: true, nationality: true })
    t.same(identity.details.holder, { first_name: 'ANNA MARIA', last_name: 'MUELLER', date_of_birth: '1990-03-12', document_number: 'NX12AB34C', nationality: 'NLD' })
    t.equal(res.json().verification_status, 'completed')

    // Identity alone: the blank photo's page confirms nothing of the zone sent, which the document
    // check would send to review; the identity check says so itself, its names matching or not.
    const names = (res: { json(): { checks_results: { identity: { details: { matches: object } } } } }) => res.json().checks_results.identity.details.matches
    const diacritics = await session(['identity'], { first_name: 'José', last_name: 'Müller' })
    const ok = await upload(diacritics, { mrz: td3({ ...passport, surname: 'MULLER', given: 'JOSE' }).join('\n') })
    t.match(names(ok), { first_name: true, last_name: true }, 'Müller also matches MULLER; José matches JOSE')
    t.same(ok.json().checks_results.identity.reasons, ['document_unconfirmed'], 'a zone no page confirms')
    t.match((await b.call('GET', `/verifications/${diacritics}`, { key })).json(), { decision: 'review', decision_reasons: ['document_unconfirmed'] })
    t.notOk('document' in ok.json().checks_results, 'only requested checks appear')

    const apostrophe = await session(['identity'], { first_name: 'Seán', last_name: "O'Brien" })
    const irish = await upload(apostrophe, { mrz: td3({ ...passport, surname: 'OBRIEN', given: 'SEAN' }).join('\n') })
    t.match(names(irish), { first_name: true, last_name: true }, "O'Brien matches OBRIEN (ICAO omits apostrophes)")
    const long = await session(['identity'], { first_name: 'Maria Christina Alexandra', last_name: 'van der Berghe' })
    const cut = await upload(long, { mrz: td3({ ...passport, surname: 'VAN<DER<BERGHE', given: 'MARIA<CHRISTINA<ALEXAND' }).join('\n') })
    t.same(cut.json().checks_results.identity.details.holder.first_name, 'MARIA CHRISTINA ALEXAND')
    t.match(names(cut), { first_name: true, last_name: true }, 'a given name cut to fit the MRZ matches the full one')
    const longer = await session(['identity'], { last_name: 'Diazabal' })
    const given = await upload(longer, { mrz: td3({ ...passport, surname: 'DIAZ', given: 'MARIA<GUADALUPE<CONCEPCION<ROSARIO' }).join('\n') })
    t.match(names(given), { last_name: false }, 'given names fill the field: the surname before them is whole')

    const wrongDob = await session(['document', 'identity'], { first_name: 'Anna', last_name: 'Müller', date_of_birth: '1990-03-13' })
    const bad = await upload(wrongDob, { mrz: td3(passport).join('\n') })
    const id2 = bad.json().checks_results.identity
    t.equal(id2.passed, false)
    t.same(id2.reasons, ['date_of_birth_mismatch'])
    t.same(id2.details.matches, { first_name: true, last_name: true, date_of_birth: false, document_number: null, nationality: null })

    // Born in 1924: the zone's 24 reads as 2024, which the zone cannot tell from 1924.
    const centenarian = await session(['document', 'identity'], { first_name: 'Anna', last_name: 'Müller', date_of_birth: '1924-03-14' })
    const old = (await upload(centenarian, { mrz: td3({ ...passport, dob: '240314' }).join('\n') })).json().checks_results.identity
    t.equal(old.details.matches.date_of_birth, true, 'the declared century is taken')
    t.equal(old.details.holder.date_of_birth, '1924-03-14')
    const otherDay = await session(['document', 'identity'], { first_name: 'Anna', last_name: 'Müller', date_of_birth: '1924-03-15' })
    t.same((await upload(otherDay, { mrz: td3({ ...passport, dob: '240314' }).join('\n') })).json().checks_results.identity.reasons, ['date_of_birth_mismatch'], 'another day still differs')

    // A number NX10AB34C typed with the letter I for the one and O for the zero.
    const typed = await session(['document', 'identity'], { document_number: 'nx-IOab34c' })
    const matched = (await upload(typed, { mrz: td3({ ...passport, number: 'NX10AB34C' }).join('\n') })).json().checks_results.identity.details.matches
    t.equal(matched.document_number, true, 'O for 0 and I for 1 are the same number')

    const wrongName = await session(['identity'], { last_name: 'Schmidt' })
    t.same((await upload(wrongName, { mrz: td3(passport).join('\n') })).json().checks_results.identity.reasons, ['document_unconfirmed', 'last_name_mismatch'])

    // Names that match in part are a person's to judge: a genuine holder types them many ways.
    const partly = async (applicant: Record<string, string>) => {
      const vid = await session(['document', 'identity'], applicant)
      const identity = (await upload(vid, { mrz: td3({ ...passport, surname: 'GARCIA<LOPEZ', given: 'ANA<MARIA' }).join('\n') })).json().checks_results.identity
      return { identity, verification: (await b.call('GET', `/verifications/${vid}`, { key })).json() }
    }
    const oneSurname = await partly({ first_name: 'Ana', last_name: 'García' })
    t.same(oneSurname.identity.reasons, ['last_name_partial_match'], 'one of two surnames')
    t.equal(oneSurname.identity.details.matches.last_name, false, 'still not a match')
    t.equal(oneSurname.verification.decision, 'review')
    t.ok(oneSurname.verification.decision_reasons.includes('last_name_partial_match'))
    const exchanged = await partly({ first_name: 'Garcia Lopez', last_name: 'Ana Maria' })
    t.same(exchanged.identity.reasons, ['first_name_partial_match', 'last_name_partial_match'], 'first and last name exchanged')
    t.equal(exchanged.verification.decision, 'review')
    const other = await partly({ first_name: 'Ana', last_name: 'Garcin' })
    t.same(other.identity.reasons, ['last_name_mismatch'], 'another name is still a mismatch')
    t.equal(other.verification.decision, 'declined')

    // A zone with no surname (OCR'd as `<<` first, or sent so): a mismatch, not a crash.
    const noSurname = await session(['identity'], { first_name: 'Bob', last_name: 'Jones' })
    const unnamed = await upload(noSurname, { mrz: td3({ ...passport, surname: '', given: 'ANNA MARIA' }).join('\n') })
    t.equal(unnamed.statusCode, 201)
    t.ok(unnamed.json().checks_results.identity.reasons.includes('last_name_mismatch'), `${unnamed.json().checks_results.identity.reasons}`)

    const failedDoc = await session(['identity'], { last_name: 'Müller' })
    const expired = await upload(failedDoc, { mrz: td3({ ...passport, expiry: '190301' }).join('\n') })
    t.same(expired.json().checks_results.identity.reasons, ['document_failed'], 'fails when the document check fails')
  })

  await t.test('uploads need a pending, visible verification that a document feeds', async (t) => {
    const onlyLiveness = await session(['liveness'])
    const res = await upload(onlyLiveness, { mrz: td3(passport).join('\n') })
    t.equal(res.statusCode, 409)
    t.equal((await upload('vry_nope', { mrz: td3(passport).join('\n') })).statusCode, 404)
    const other = await b.createKey('another-client', 'service')
    const foreign = await b.call('POST', '/verifications', { key: other.key, body: { checks: ['document'] } })
    t.equal((await upload(foreign.json().id, { mrz: td3(passport).join('\n') })).statusCode, 404, "another client's verification")
    const faceOnly = await session(['face_match'])
    const stored = await upload(faceOnly, { mrz: td3(passport).join('\n') })
    t.equal(stored.statusCode, 201, 'a face_match session takes the document photo')
    t.same(stored.json().checks_results, {})
    t.equal(stored.json().verification_status, 'pending')
  })

  await t.test('images are stored encrypted and decrypt to what was sent', async (t) => {
    const vid = await session(['face_match'])
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } }).png().toBuffer()
    const res = await upload(vid, { front_image: png.toString('base64'), mrz: td3(passport).join('\n') })
    const id = res.json().document_id
    const [row] = await b.app.db.select().from(uploads).where(eq(uploads.id, id))
    t.ok(row?.front)
    t.equal(row!.front!.includes(png.subarray(0, 16)), false, 'no plaintext at rest')
    const key32 = mediaKey
    t.same(decryptMedia(key32, row!.front!, `${id}:front`), png)
    t.throws(() => decryptMedia(key32, row!.front!, `doc_other:front`), 'bound to its row')
  })
})

t.test('bad images get 4xx, never a 500', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('img-client', 'service')
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  const upload = (front_image: string) => b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image } })
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } }).jpeg().toBuffer()

  let res = await upload('not base64 at all!')
  t.equal(res.statusCode, 400)
  t.equal(res.json().error.details[0].path, '/front_image')
  res = await upload(`data:image/jpeg;base64,${jpeg.toString('base64')}`)
  t.equal(res.statusCode, 400, 'a data: URL is not bare base64')

  res = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)).toString('base64'))
  t.equal(res.statusCode, 422, 'truncated JPEG')
  t.equal(res.json().error.code, 'unprocessable')

  const wide = await sharp({ create: { width: 9000, height: 20, channels: 3, background: '#fff' } }).png().toBuffer()
  res = await upload(wide.toString('base64'))
  t.equal(res.statusCode, 413, '9,000 px')
  t.equal(res.json().error.code, 'payload_too_large')

  const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } }).gif().toBuffer()
  res = await upload(gif.toString('base64'))
  t.equal(res.statusCode, 422, 'GIF')
  t.match(res.json().error.message, /JPEG, PNG or WebP/)

  res = await upload(Buffer.from('just some text, not an image').toString('base64'))
  t.equal(res.statusCode, 422)

  const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1)
  res = await upload(big.toString('base64'))
  t.equal(res.statusCode, 413, 'over 10 MB decoded')
  t.match(res.json().error.message, /larger than 10 MB/)
  // A photo of a page without an MRZ, sharp and lit: the check runs and fails for want of a zone.
  const webp = await sharp(readFileSync(new URL('./fixtures/documents/no-mrz.jpg', import.meta.url))).webp().toBuffer()
  res = await upload(webp.toString('base64'))
  t.equal(res.statusCode, 201, 'WebP is accepted')
  t.same(res.json().checks_results.document.reasons, ['mrz_not_found'], 'an image without an MRZ')
  // One flat colour: no page to read, a photo to retake.
  const flat = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } }).webp().toBuffer()
  const another = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  res = await b.call('POST', `/verifications/${another}/documents`, { key, body: { document_type: 'passport', front_image: flat.toString('base64') } })
  t.equal(res.statusCode, 422)
  t.same(res.json().error.details.map((d: { reason: string }) => d.reason), ['document_not_found'])
})
