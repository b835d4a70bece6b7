// Which photo the zone, the printed page and the portrait come from: a zone read on a card's back is
// judged against its front, where the portrait is; a zone sent as text against the front's page; and
// identity requested alone takes no zone its photo does not confirm. Real OCR and face analysis.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import { build, type Built } from './helpers/build.js'

interface Fixture {
  file: string
  mrz: string[]
}
const dir = new URL('./fixtures/documents/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { files: Fixture[] }
const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url))
const image = (path: string) => fixture(path).toString('base64')
const zoneOf = (file: string) => manifest.files.find((f) => f.file === file)!.mrz
const CARD_HOLDER = { first_name: 'Greta', last_name: 'Schröder', date_of_birth: '1948-05-23' }

async function verify(b: Built, key: string, checks: string[], applicant: object, document: Record<string, string>, selfie?: string) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks, applicant } })).json().id as string
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: document })
  if (res.statusCode !== 201) throw new Error(`document upload: ${res.statusCode} ${res.body}`)
  if (selfie) {
    t.equal((await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: image(selfie) } })).statusCode, 201)
    t.equal((await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })).statusCode, 200)
  }
  return { upload: res.json(), v: (await b.call('GET', `/verifications/${vid}`, { key })).json() }
}

t.test("a card's zone read on its back is judged against its front, where the portrait is", async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('sides', 'service')
  const checks = ['document', 'identity', 'face_match']
  // The fixture card prints everything on one side: as a front, its page; as a back, its zone.
  const card = { document_type: 'id_card', front_image: image('documents/idcard-td1-clean.jpg'), back_image: image('documents/idcard-td1-phone.jpg') }
  const genuine = await verify(b, key, checks, CARD_HOLDER, card, 'faces/selfie-hopper.jpg')
  t.same(Object.values(genuine.upload.checks_results.document.details.viz.fields), ['match', 'match', 'match', 'match', 'match'], 'the front prints the zone of the back')
  t.equal(genuine.v.decision, 'approved', `${genuine.v.decision_reasons}`)

  // Another person's face as the front, the holder's card as the back: a front with no page has no
  // portrait to compare, whoever the selfie is.
  const swapped = await verify(b, key, checks, CARD_HOLDER, { ...card, front_image: image('faces/selfie-collins-2.jpg') }, 'faces/selfie-collins.jpg')
  t.same(swapped.v.checks_results.face_match.reasons, ['no_face_in_document'], 'the front is no page')
  t.equal(swapped.upload.checks_results.document.details.viz.page_read, false, 'but the front prints nothing of the zone')
  t.not(swapped.v.decision, 'approved')
  t.ok(swapped.v.decision_reasons.includes('viz_unread'), `${swapped.v.decision}: ${swapped.v.decision_reasons}`)

  // The card's portrait covered, another face held beside it and text further off: the page is the
  // card's own lines, so the face beside it is no portrait, however far the photo's text reaches.
  const thumb = await sharp({ create: { width: 250, height: 330, channels: 3, background: '#c89f86' } }).png().toBuffer()
  const hopper = await sharp(fixture('faces/selfie-hopper.jpg')).resize({ height: 650 }).toBuffer()
  const words = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="420" height="260"><rect width="420" height="260" fill="#f4f4ef"/>' +
      '<text x="20" y="70" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#111">REISEPLAN 2025</text>' +
      '<text x="20" y="140" font-family="DejaVu Sans" font-size="30" fill="#111">BERLIN HAMBURG</text>' +
      '<text x="20" y="200" font-family="DejaVu Sans" font-size="30" fill="#111">MUENCHEN KOELN</text></svg>',
  )
  const covered = await sharp({ create: { width: 2300, height: 760, channels: 3, background: '#3c3c42' } })
    .composite([{ input: fixture('documents/idcard-td1-clean.jpg'), left: 20, top: 30 }, { input: thumb, left: 45, top: 110 }, { input: hopper, left: 1240, top: 50 }, { input: words, left: 1820, top: 220 }])
    .jpeg({ quality: 90 })
    .toBuffer()
  const beside = await verify(b, key, checks, CARD_HOLDER, { ...card, front_image: covered.toString('base64') }, 'faces/selfie-hopper.jpg')
  t.same(beside.v.checks_results.face_match.reasons, ['no_face_in_document'], `score ${beside.v.checks_results.face_match.score}`)
  t.not(beside.v.decision, 'approved')
})

t.test("a zone sent as text is judged against a front that does not show it", async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('sent-zone', 'service')
  // The passport's page above its zone: a front that prints the holder's data, without the zone.
  const page = await sharp(fixture('documents/passport-td3-clean.jpg')).extract({ left: 0, top: 0, width: 1200, height: 680 }).jpeg({ quality: 90 }).toBuffer()
  const mrz = zoneOf('passport-td3-clean.jpg').join('\n')
  const { upload, v } = await verify(b, key, ['document'], {}, { document_type: 'passport', front_image: page.toString('base64'), mrz })
  t.same(Object.values(upload.checks_results.document.details.viz.fields), ['match', 'match', 'match', 'match', 'match'], 'its page prints the zone sent')
  t.same(upload.checks_results.document.details.viz.sent_zone, { photo_zone: false, differs: [] })
  // Nothing confirms the zone's states and sex, which no page value is compared with: a person looks.
  t.equal(v.decision, 'review')
  t.same(v.decision_reasons, ['mrz_text_unconfirmed'])
  // A zone sent with another surname, `<<<<` written after the page's own (MÜLLER<<<<) and the sent
  // one printed in the label's row: a line with fillers that is no line of the zone is the page's.
  const { td3 } = await import('./helpers/mrz.js')
  const renamed = td3({ issuing: 'NLD', surname: 'KRAMER', given: 'ANNA MARIA', number: 'NW8K2P7R4', nationality: 'NLD', dob: '850314', sex: 'F', expiry: '340601' })
  const marks = (text: string, x: number, y: number, weight: string) => `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-weight="${weight}" font-size="24" fill="#111">${text}</text>`
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="680">${marks('&lt;&lt;&lt;&lt;', 472, 226, 'normal')}<rect x="520" y="164" width="200" height="40" fill="#eef0ea"/>${marks('KRAMER', 524, 194, 'bold')}</svg>`)
  const forged = await sharp(page).composite([{ input: overlay, left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
  const sent = await verify(b, key, ['document'], {}, { document_type: 'passport', front_image: forged.toString('base64'), mrz: renamed.join('\n') })
  t.not(sent.upload.checks_results.document.details.viz.fields.surname, 'match', 'MÜLLER<<<< is under the label')
  t.not(sent.v.decision, 'approved', `${sent.v.decision_reasons}`)
})

t.test("a zone sent as text that differs from the photo's own is not approved", async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('sent-differs', 'service')
  const { td3 } = await import('./helpers/mrz.js')
  const holder = { issuing: 'NLD', surname: 'MUELLER', given: 'ANNA MARIA', number: 'NW8K2P7R4', nationality: 'NLD', dob: '850314', sex: 'F' as const, expiry: '340601' }
  const send = (changes: object, applicant: object) =>
    verify(b, key, ['document', 'identity'], applicant, { document_type: 'passport', front_image: image('documents/passport-td3-phone.jpg'), mrz: td3({ ...holder, ...changes }).join('\n') })
  // The names a letter away (within OCR's noise of the page), the number and dates the photo's.
  const renamed = await send({ surname: 'MILLER', given: 'ANNA MARTA' }, { first_name: 'Anna Marta', last_name: 'Miller', date_of_birth: '1985-03-14' })
  t.same(renamed.upload.checks_results.document.details.viz.sent_zone, { photo_zone: true, differs: ['surname', 'given_names'] })
  t.match(renamed.upload.checks_results.document.details.viz.fields, { surname: 'near', given_names: 'near' }, 'the page prints them only near')
  t.equal(renamed.v.decision, 'review')
  t.same(renamed.v.decision_reasons, ['mrz_text_differs'])
  // Another nationality, which no page check reads.
  const german = await send({ nationality: 'DEU', issuing: 'DEU' }, { last_name: 'Müller', nationality: 'DEU' })
  t.same(german.upload.checks_results.document.details.viz.sent_zone.differs, ['issuing_state', 'nationality'])
  t.equal(german.v.decision, 'review', `${german.v.decision_reasons}`)
  // The same zone as the photo's: approved.
  const same = await send({}, { last_name: 'Müller', date_of_birth: '1985-03-14' })
  t.same(same.upload.checks_results.document.details.viz.sent_zone, { photo_zone: true, differs: [] })
  t.equal(same.v.decision, 'approved', `${same.v.decision_reasons}`)
  // A photo whose zone fails a check digit (its number changed), sent with that zone's digits put right.
  const fixed = td3({ ...holder, number: 'NW8K2P7R5' }).join('\n')
  const tampered = await verify(b, key, ['document', 'identity'], { last_name: 'Müller' }, { document_type: 'passport', front_image: image('documents/passport-td3-tampered.jpg'), mrz: fixed })
  t.same(tampered.upload.checks_results.document.details.viz.sent_zone, { photo_zone: true, differs: ['check_digits'] })
  t.not(tampered.v.decision, 'approved', `${tampered.v.decision}: ${tampered.v.decision_reasons}`)
})

t.test('identity alone takes no zone its photo does not confirm', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('ocr-identity', 'service')
  const own = zoneOf('passport-td3-clean.jpg')
  // The holder's own zone with another surname: names have no check digit.
  const renamed = [`${own[0]!.replace('MUELLER<<', 'MEIER<<')}<<`, own[1]!]
  t.equal(renamed[0]!.length, 44)
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['identity'], applicant: { first_name: 'Anna', last_name: 'Meier' } } })).json().id
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: image('documents/passport-td3-clean.jpg'), mrz: renamed.join('\n') } })
  t.equal(res.statusCode, 201)
  const identity = res.json().checks_results.identity
  t.match(identity.details.matches, { first_name: true, last_name: true }, 'the zone sent names the declared person')
  t.equal(identity.passed, false, 'but the page prints MÜLLER')
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  t.not(v.decision, 'approved')
  t.ok(['document_failed', 'document_unconfirmed'].some((r) => identity.reasons.includes(r)), `reasons ${identity.reasons}`)
})

/** The clean passport's page above its zone, printing `born` as its date of birth (DejaVu Sans, as the fixtures' pages). */
async function pageBorn(born: string) {
  const printed = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><rect width="300" height="40" fill="#eef0eb"/>' +
      `<text x="2" y="31" font-family="DejaVu Sans" font-weight="bold" font-size="25" fill="#111">${born}</text></svg>`,
  )
  return sharp(fixture('documents/passport-td3-clean.jpg'))
    .extract({ left: 0, top: 0, width: 1200, height: 680 })
    .composite([{ input: printed, left: 346, top: 405 }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

t.test("a birth a century before the zone's reading is dated as the page prints it", async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('centenarian', 'service')
  const { td3 } = await import('./helpers/mrz.js')
  const zone = (dob: string) => td3({ issuing: 'NLD', surname: 'MUELLER', given: 'ANNA MARIA', number: 'NW8K2P7R4', nationality: 'NLD', dob, sex: 'F', expiry: '340601' }).join('\n')
  const page = await pageBorn('14 MAA/MAR 1924')
  const { upload, v } = await verify(b, key, ['document', 'identity'], { last_name: 'Müller', date_of_birth: '1924-03-14' }, { document_type: 'passport', front_image: page.toString('base64'), mrz: zone('240314') })
  t.equal(upload.checks_results.document.details.mrz.date_of_birth, '1924-03-14', 'not a two-year-old')
  t.equal(upload.checks_results.document.details.viz.fields.date_of_birth, 'match')
  t.equal(upload.checks_results.identity.details.matches.date_of_birth, true)
  t.same(v.decision_reasons, ['mrz_text_unconfirmed', 'birth_century_unconfirmed'], 'reviewed as a zone no photo shows, and as a holder over 100')

  // A child's passport, its page printing 2015: a birth declared in 1915 is not the holder's.
  const child = await pageBorn('14 MAA/MAR 2015')
  const young = await verify(b, key, ['document', 'identity'], { last_name: 'Müller', date_of_birth: '1915-03-14' }, { document_type: 'passport', front_image: child.toString('base64'), mrz: zone('150314') })
  t.equal(young.upload.checks_results.document.details.mrz.date_of_birth, '2015-03-14')
  t.equal(young.upload.checks_results.document.details.viz.fields.date_of_birth, 'match')
  t.same(young.upload.checks_results.identity.reasons, ['date_of_birth_mismatch'], 'the page says which century')
  t.equal(young.upload.checks_results.identity.details.holder.date_of_birth, '2015-03-14')
  t.equal(young.v.decision, 'declined')

  // A page printing a two-digit year (as British passports do) confirms the date, not its century.
  const short = await pageBorn('14 MAR /MARS 24')
  const uk = await verify(b, key, ['document', 'identity'], { last_name: 'Müller', date_of_birth: '1924-03-14' }, { document_type: 'passport', front_image: short.toString('base64'), mrz: zone('240314') })
  t.equal(uk.upload.checks_results.document.details.viz.fields.date_of_birth, 'match')
  t.same(uk.upload.checks_results.document.details.viz.two_digit_years, ['date_of_birth'])
  t.equal(uk.upload.checks_results.identity.details.matches.date_of_birth, true, 'the declared century is taken')
  // The date, not its century: a child's page (20 for 2020) and a declared 1920 would make a centenarian.
  t.same(uk.v.decision_reasons, ['mrz_text_unconfirmed', 'birth_century_unconfirmed'], 'the page confirms the date, a person the century')
})
