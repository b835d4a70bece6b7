// Forged documents that keep every check digit, through the API: the printed page must confirm the
// zone, and only the page's own fields can. Neither the zone's own lines (whatever a forger writes in
// their optional fields) nor text beside the page (a note on the desk) is the printed page.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import { build, type Built } from './helpers/build.js'
import { td3 } from './helpers/mrz.js'
import { withZoneLine } from './helpers/zone-glyphs.js'

const fixture = (file: string) => readFileSync(new URL(`./fixtures/documents/${file}`, import.meta.url))
/** The holder of the fixture passports, and her expired passport's number. */
const holder = { issuing: 'NLD', surname: 'MUELLER', given: 'ANNA MARIA', number: 'NR5F3H1K8', nationality: 'NLD', dob: '850314', sex: 'F' as const }
const applicant = { first_name: 'Anna Maria', last_name: 'Müller', date_of_birth: '1985-03-14' }

/** The page on a dark desk, a paper note written `note` beside it. */
async function withNote(page: Buffer, note: string): Promise<Buffer> {
  const paper = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="90"><rect width="320" height="90" fill="#fffef5"/>` +
      `<text x="20" y="58" font-family="DejaVu Sans" font-size="30" fill="#222">${note}</text></svg>`,
  )
  const { width, height } = await sharp(page).metadata()
  return sharp({ create: { width: width! + 440, height: height! + 80, channels: 3, background: '#4a4038' } })
    .composite([{ input: page, left: 40, top: 40 }, { input: await sharp(paper).png().toBuffer(), left: width! + 80, top: height! - 120 }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

async function verify(b: Built, key: string, photo: Buffer) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity'], applicant } })).json().id as string
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo.toString('base64') } })
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`)
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  return { v, document: v.checks_results.document }
}

t.test('a forged expiry confirmed by nothing on the page is not approved', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('forgeries', 'service')

  await t.test('a date the zone carries in its own optional field is not the page printing it', async (t) => {
    // The expired passport (printed expiry 09 FEB 2019) with its zone's expiry moved to 2040 and its
    // personal-number field holding that date as a page prints it: a line without fillers.
    const [, line] = td3({ ...holder, expiry: '400314', optional: 'A14MAR2040AAAA' })
    const { v, document } = await verify(b, key, await withZoneLine('passport-td3-expired.jpg', 1, line!))
    t.equal(document.details.mrz?.expiration_date, '2040-03-14', 'the zone is read as forged, its check digits holding')
    t.not(document.details.viz.fields.expiration_date, 'match', 'the zone does not confirm itself')
    t.not(v.decision, 'approved', `${v.decision}: ${v.decision_reasons}`)
  })

  await t.test('a date on a note beside the page is not the page printing it', async (t) => {
    const [, line] = td3({ ...holder, expiry: '400314', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    const { v, document } = await verify(b, key, await withNote(forged, '14 MAR 2040'))
    t.equal(document.details.mrz?.expiration_date, '2040-03-14')
    t.not(document.details.viz.fields.expiration_date, 'match', 'the note does not confirm the zone')
    t.not(v.decision, 'approved', `${v.decision}: ${v.decision_reasons}`)
  })

  await t.test('a date printed onto the page beside its own expiry is not the page printing it', async (t) => {
    const [, line] = td3({ ...holder, expiry: '400314', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    const sticker = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="44"><rect width="260" height="44" fill="#eef0ea"/>` +
        `<text x="6" y="34" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#111">14 MAR 2040</text></svg>`,
    )
    const stuck = await sharp(forged).composite([{ input: await sharp(sticker).png().toBuffer(), left: 870, top: 250 }]).jpeg({ quality: 90 }).toBuffer()
    const { v, document } = await verify(b, key, stuck)
    t.equal(document.details.mrz?.expiration_date, '2040-03-14')
    t.not(document.details.viz.fields.expiration_date, 'match', 'the page prints its own expiry too')
    t.not(v.decision, 'approved', `${v.decision}: ${v.decision_reasons}`)
  })

  await t.test('a genuine page beside a note is read and approved as it is', async (t) => {
    const { v, document } = await verify(b, key, await withNote(fixture('passport-td3-clean.jpg'), '14 MAR 2040'))
    t.same(Object.values(document.details.viz.fields), ['match', 'match', 'match', 'match', 'match'], 'the page prints its zone')
    t.equal(v.decision, 'approved', `${v.decision_reasons}`)
  })
})
