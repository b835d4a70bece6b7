// Document photos read by OCR in the worker pool: the fixtures of scripts/make-fixtures.ts.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import { findText, readText } from '../src/analysis/ocr.js'
import { levelBoxes } from '../src/analysis/text-boxes.js'
import { offScreen, onDesk, perspective } from './helpers/photos.js'
import { eq } from 'drizzle-orm'
import { uploads } from '../src/db/schema.js'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { until } from './helpers/webhooks.js'

interface Fixture {
  file: string
  document_type: 'passport' | 'id_card' | null
  expected: Record<string, string> | null
  expected_failed_checks: string[]
}
const dir = new URL('./fixtures/documents/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { files: Fixture[] }
const image = (file: string) => readFileSync(new URL(file, dir)).toString('base64')

t.test('document photos', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-client', 'service')
  for (const f of manifest.files) {
    await t.test(f.file, async (t) => {
      const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
      const res = await b.call('POST', `/verifications/${vid}/documents`, {
        key,
        body: { document_type: f.document_type ?? 'passport', front_image: image(f.file) },
      })
      t.equal(res.statusCode, 201)
      t.same(specErrors('uploadDocument', 201, res.json()), [])
      const doc = res.json().checks_results.document
      if (!f.expected) {
        t.equal(doc.passed, false)
        t.same(doc.reasons, ['mrz_not_found'])
        t.equal(doc.details.mrz, null)
        return
      }
      const { optional_data, ...fields } = f.expected
      t.match(doc.details.mrz, { ...fields, optional_data: optional_data || null }, 'every field as printed in the MRZ')
      // The printed page was read and agrees with the zone (tampered and expired pages too: only the zone differs).
      t.equal(doc.details.viz.page_read, true, 'the printed page was read')
      t.same(doc.details.viz.disagreeing, [])
      const matched = Object.values(doc.details.viz.fields).filter((v) => v === 'match').length
      t.ok(matched >= 4, `${matched} of 5 printed fields found as in the zone`)
      const digits = doc.details.mrz.check_digits
      if (f.expected_failed_checks.includes('document_number_check_digit')) {
        t.equal(doc.passed, false)
        t.equal(digits.document_number, false, 'the tampered digit is caught')
        t.ok(doc.reasons.includes('check_digit_mismatch'))
      } else if (f.expected_failed_checks.includes('document_expired')) {
        t.equal(doc.passed, false)
        t.same(doc.reasons, ['document_expired'])
        t.equal(doc.details.expired, true)
      } else {
        t.same(doc.reasons, [])
        t.equal(doc.passed, true)
        t.same(digits, { document_number: true, date_of_birth: true, expiration_date: true, composite: true })
      }
    })
  }
})

t.test('identity from a photographed passport', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-identity', 'service')
  const vid = (
    await b.call('POST', '/verifications', {
      key,
      body: { checks: ['document', 'identity'], applicant: { first_name: 'Anna Maria', last_name: 'Müller', date_of_birth: '1985-03-14', nationality: 'NLD' } },
    })
  ).json().id
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: image('passport-td3-phone.jpg') } })
  t.equal(res.json().checks_results.identity.passed, true)
  t.equal(res.json().verification_status, 'completed')
})

t.test('the event loop answers while an OCR runs', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-loop', 'service')
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  let uploadDone = 0
  const upload = b
    .call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: image('passport-td3-clean.jpg') } })
    .then((r) => {
      uploadDone = performance.now()
      return r
    })
  await until(async () => b.app.analysisPool.pending(), (n) => n > 0) // the upload is in the pool
  const started = performance.now()
  const get = await b.call('GET', `/verifications/${vid}`, { key })
  const getDone = performance.now()
  t.equal(get.statusCode, 200)
  t.equal(uploadDone, 0, 'the GET was answered before the upload finished')
  t.comment(`GET took ${(getDone - started).toFixed(0)} ms while the OCR ran`)
  t.equal((await upload).statusCode, 201)
})

t.test('a photo turned in its pixels is read at every quarter turn', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-turns', 'service')
  const phone = readFileSync(new URL('passport-td3-phone.jpg', dir))
  const expected = manifest.files.find((f) => f.file === 'passport-td3-phone.jpg')!.expected!
  for (const angle of [90, 180, 270]) {
    // Turned pixels and no EXIF orientation: what an upright phone over a landscape page gives.
    const turned = await sharp(phone).rotate(angle).jpeg({ quality: 92 }).toBuffer()
    t.equal((await sharp(turned).metadata()).orientation, undefined, `${angle}°: no EXIF orientation`)
    const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
    const started = Date.now()
    const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: turned.toString('base64') } })
    t.equal(res.statusCode, 201)
    const doc = res.json().checks_results.document
    t.equal(doc.passed, true, `${angle}°: ${doc.reasons} (${Date.now() - started} ms)`)
    t.equal(doc.details.mrz?.document_number, expected.document_number, `${angle}°: the number as printed`)
    t.equal(doc.details.mrz?.surname, expected.surname)
  }
})

t.test('a printed page painted over, its MRZ untouched, fails', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-viz', 'service')
  const clean = readFileSync(new URL('passport-td3-clean.jpg', dir))
  // The page's printed data found by OCR in this process, and covered with the page's own colour.
  const { data, info } = await sharp(clean).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const page = { data, width: info.width, height: info.height }
  const lines = (await readText(page, levelBoxes(await findText(page)).boxes)).filter((l) => !l.text.includes('<<') && /MÜLLER|MULLER|ANNA|NW8K2P7R4|1985|2034/i.test(l.text))
  t.ok(lines.length >= 4, `${lines.length} printed values found to paint over`)
  // The page is level: each line's box is nearly upright.
  const rects = lines.map(({ box }) => {
    const [left, top] = [Math.max(0, Math.floor(box.cx - box.length / 2)), Math.max(0, Math.floor(box.cy - box.thickness / 2))]
    const [width, height] = [Math.min(info.width - left, Math.ceil(box.length)), Math.min(info.height - top, Math.ceil(box.thickness))]
    return { input: { create: { width, height, channels: 3 as const, background: '#f4f1e8' } }, left, top }
  })
  const painted = await sharp(clean).composite(rects).jpeg({ quality: 92 }).toBuffer()
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity'], applicant: { first_name: 'Anna Maria', last_name: 'Müller' } } })).json().id
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: painted.toString('base64') } })
  t.equal(res.statusCode, 201)
  const doc = res.json().checks_results.document
  t.equal(doc.details.mrz?.surname, 'MUELLER', 'the zone itself is read')
  t.equal(doc.passed, false, 'a page that does not show the zone\'s data does not pass')
  t.same(doc.reasons, ['viz_mrz_mismatch'])
  t.equal(doc.details.viz.page_read, true)
  t.ok(doc.details.viz.disagreeing.length >= 4, `disagreeing: ${doc.details.viz.disagreeing}`)
  t.same(res.json().checks_results.identity.reasons, ['document_failed'], 'nor does identity')
})

t.test('a photo that cannot be read because of how it was taken is answered 422, to retake', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-retake', 'service')
  const phone = readFileSync(new URL('passport-td3-phone.jpg', dir))
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  const send = (image: Buffer, extra: Record<string, string> = {}) =>
    b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: image.toString('base64'), ...extra } })

  const variants: Array<[string, Buffer, string]> = [
    ['blurred', await sharp(phone).blur(8).jpeg().toBuffer(), 'image_blurry'],
    // At 15 % of the light the zone is still read; at 8 % it is not.
    ['dark', await sharp(phone).linear(0.08, 0).jpeg().toBuffer(), 'too_dark'],
    // A glare spot blown out to white over the lower half of the page, its MRZ with it.
    ['glare', await sharp(phone).composite([{ input: Buffer.from('<svg width="1278" height="960"><ellipse cx="640" cy="800" rx="700" ry="260" fill="white"/></svg>') }]).jpeg().toBuffer(), 'glare'],
    // The page 400 px wide in a 3266 × 2449 photo: 1.5 % of it, its letters a few pixels high.
    ['too small', await onDesk(await sharp(phone).resize(400).jpeg().toBuffer(), 0.015), 'document_too_small'],
  ]
  for (const [what, image, reason] of variants) {
    const res = await send(image)
    t.equal(res.statusCode, 422, `${what}: ${res.body.slice(0, 300)}`)
    t.same(specErrors('uploadDocument', 422, res.json()), [])
    t.equal(res.json().error.code, 'unprocessable')
    t.ok(res.json().error.details.some((d: { path: string; reason: string }) => d.path === '/front_image' && d.reason === reason), `${what}: ${reason}`)
    const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
    t.equal(v.status, 'pending', `${what}: the verification waits for a retake`)
    t.same(v.checks_results, {}, `${what}: no check finished`)
    t.match(v.last_error, { code: 'document_unreadable', message: /front_image cannot be read/ })
    t.ok(v.last_error.reasons.includes(reason), `${what}: last_error says ${reason}`)
    t.same(specErrors('getVerification', 200, v), [])
  }
  const [row] = await b.app.db.select().from(uploads).where(eq(uploads.verificationId, vid))
  t.equal(row, undefined, 'nothing was stored')

  // The MRZ sent as text: the photo's quality never refuses the upload.
  const mrz = (manifest.files.find((f) => f.file === 'passport-td3-phone.jpg') as Fixture & { mrz: string[] }).mrz.join('\n')
  const blurredWithText = await send(variants[0]![1], { mrz })
  t.equal(blurredWithText.statusCode, 201, 'with the MRZ as text a blurred photo is taken')
})

t.test('a retaken photo clears the last error; a sharp photo with no MRZ still fails its check', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-retake-2', 'service')
  const phone = readFileSync(new URL('passport-td3-phone.jpg', dir))
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  const send = (image: Buffer) => b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: image.toString('base64') } })
  t.equal((await send(await sharp(phone).blur(8).jpeg().toBuffer())).statusCode, 422)
  t.ok((await b.call('GET', `/verifications/${vid}`, { key })).json().last_error)
  const good = await send(phone)
  t.equal(good.statusCode, 201)
  t.equal(good.json().checks_results.document.passed, true)
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  t.equal(v.last_error, null, 'the accepted photo clears it')

  const declared = { first_name: 'Anna Maria', last_name: 'Müller', date_of_birth: '1985-03-14' }
  const other = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity'], applicant: declared } })).json().id
  const noMrz = await b.call('POST', `/verifications/${other}/documents`, { key, body: { document_type: 'passport', front_image: image('no-mrz.jpg') } })
  t.equal(noMrz.statusCode, 201, 'sharp and lit, without an MRZ: not a retake')
  t.same(noMrz.json().checks_results.document.reasons, ['mrz_not_found'])
  t.same(noMrz.json().checks_results.identity.reasons, ['no_document'], 'nothing read is no mismatch')
  t.match((await b.call('GET', `/verifications/${other}`, { key })).json(), { decision: 'review', decision_reasons: ['mrz_not_found', 'no_document'] })
})

t.test('a page small in the frame, or seen in perspective, is found and read', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-find', 'service')
  const expected = manifest.files.find((f) => f.file === 'passport-td3-clean.jpg')!.expected!
  const clean = readFileSync(new URL('passport-td3-clean.jpg', dir))
  const photos: Array<[string, Buffer]> = [
    // 3800 × 2690: a tenth of a 10 MP photo.
    ['a tenth of the frame, on a desk', await onDesk(clean, 0.1)],
    ['in perspective, its top edge a fifth shorter', await perspective(clean, [[0.1, 0.05], [0.9, 0.05], [1, 1], [0, 1]])],
  ]
  for (const [what, photo] of photos) {
    const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
    const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo.toString('base64') } })
    t.equal(res.statusCode, 201, what)
    const doc = res.json().checks_results.document
    t.equal(doc.passed, true, `${what}: ${doc.reasons}`)
    t.same([doc.details.mrz?.document_number, doc.details.mrz?.surname, doc.details.mrz?.given_names], [expected.document_number, expected.surname, expected.given_names], `${what}: read as printed`)
  }
})

t.test('a zone whose fillers OCR misreads is read again until its names are those on the page', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-recut', 'service')
  // Off a screen, this card's zone first reads GRETAKLUISE: a filler taken for a K.
  const photo = await offScreen(readFileSync(new URL('idcard-td1-clean.jpg', dir)))
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'id_card', front_image: photo.toString('base64') } })
  t.equal(res.statusCode, 201)
  const doc = res.json().checks_results.document
  t.equal(doc.passed, true, `${doc.reasons}`)
  t.same([doc.details.mrz?.surname, doc.details.mrz?.given_names], ['SCHROEDER', 'GRETA LUISE'])
  t.same(doc.details.viz.disagreeing, [])
})

t.test('a page that prints a value other than the zone has is sent to a person, not approved', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-forged', 'service')
  // The clean passport with its printed surname (MÜLLER) covered by its place of birth (UTRECHT): the zone,
  // with every check digit, is untouched.
  const clean = readFileSync(new URL('passport-td3-clean.jpg', dir))
  const placeOfBirth = await sharp(clean).extract({ left: 340, top: 480, width: 170, height: 30 }).toBuffer()
  const forged = await sharp(clean).composite([{ input: placeOfBirth, left: 340, top: 201 }]).jpeg({ quality: 90 }).toBuffer()
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: forged.toString('base64') } })
  t.equal(res.statusCode, 201)
  const doc = res.json().checks_results.document
  t.equal(doc.details.mrz.surname, 'MUELLER', 'the zone is read as it is')
  t.equal(doc.details.viz.page_read, true)
  t.not(doc.details.viz.fields.surname, 'match', 'the page does not print the surname of the zone')
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  t.equal(v.status, 'completed')
  t.not(v.decision, 'approved')
  t.ok(v.decision_reasons.includes('viz_unconfirmed') || v.decision_reasons.includes('viz_mrz_mismatch'), `${v.decision}: ${v.decision_reasons}`)
})

t.test('an MRZ sent as text is judged against the photo it comes with', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-sent', 'service')
  const { td3 } = await import('./helpers/mrz.js')
  const upload = async (mrz: string) => {
    const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
    const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: image('passport-td3-clean.jpg'), mrz } })
    t.equal(res.statusCode, 201)
    return { doc: res.json().checks_results.document, v: (await b.call('GET', `/verifications/${vid}`, { key })).json() }
  }
  const own = manifest.files.find((f) => f.file === 'passport-td3-clean.jpg')! as Fixture & { mrz: string[] }
  const same = await upload(own.mrz.join('\n'))
  t.equal(same.doc.passed, true)
  t.same(Object.values(same.doc.details.viz.fields), ['match', 'match', 'match', 'match', 'match'], 'its page prints the zone sent')
  t.equal(same.v.decision, 'approved')

  // Another person's valid zone with this holder's photo: the photo's own zone holds every check digit.
  const other = await upload(td3({ issuing: 'NLD', surname: 'SMITH', given: 'JOHN', number: 'XY1234567', nationality: 'NLD', dob: '700102', sex: 'M', expiry: '330101' }).join('\n'))
  t.equal(other.doc.details.mrz.surname, 'SMITH', 'judged as sent')
  t.equal(other.doc.passed, false)
  t.same(other.doc.reasons, ['viz_mrz_mismatch'])
  t.same(other.doc.details.viz.disagreeing, ['document_number', 'date_of_birth', 'expiration_date'])
  t.equal(other.v.decision, 'declined')
})
