// Forged documents that keep every check digit, through the API: the printed page must confirm the
// zone, and only the page's own fields can. Neither the zone's own lines (whatever a forger writes in
// their optional fields) nor text beside the page (a note on the desk) is the printed page.
import { readFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import sharp from 'sharp'
import { build, type Built } from './helpers/build.js'
import { td3 } from './helpers/mrz.js'
import { withZoneLine } from './helpers/zone-glyphs.js'
import { phoneCapture } from '../scripts/fixtures/drawing.js'
import { cardBack, cardFront, cardZone, type Mark } from './helpers/card-forgeries.js'

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

/** The page with a sticker printing `text` as the page prints its values (or its labels, at a smaller `size`), its top left corner at (left, top), the text at its start or `end`. */
async function withSticker(page: Buffer, text: string, left: number, top: number, width = 300, anchor: 'start' | 'end' = 'start', size = 24): Promise<Buffer> {
  // At the values' size, bold and black; smaller, in the labels' type (regular, grey).
  const [height, type] = size < 24 ? [26, 'font-weight="normal" fill="#4a5060"'] : [40, 'font-weight="bold" fill="#111"']
  const sticker = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#eef0ea"/>` +
      `<text x="${anchor === 'end' ? width - 4 : 4}" y="${height - 10}" text-anchor="${anchor}" font-family="DejaVu Sans" ${type} font-size="${size}">${text}</text></svg>`,
  )
  return sharp(page).composite([{ input: await sharp(sticker).png().toBuffer(), left, top }]).jpeg({ quality: 90 }).toBuffer()
}

/** Four `<` written onto the page right after one of its values (their baseline at y), the value left as printed. */
async function fillersAfter(page: Buffer, x: number, y: number): Promise<Buffer> {
  const { width, height } = await sharp(page).metadata()
  const marks = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="24" fill="#111">&lt;&lt;&lt;&lt;</text></svg>`
  return sharp(page).composite([{ input: await sharp(Buffer.from(marks)).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
}

/** Text written straight onto the page in its labels' type (DejaVu Sans, grey): [text, x, baseline, size]. */
async function inLabelsType(page: Buffer, marks: Array<[string, number, number, number]>): Promise<Buffer> {
  const { width, height } = await sharp(page).metadata()
  const texts = marks.map(([text, x, y, size]) => `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" fill="#4a5060">${text}</text>`)
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${texts.join('')}</svg>`)
  return sharp(page).composite([{ input: await sharp(svg).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
}

async function verify(b: Built, key: string, photo: Buffer, declared = applicant) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity'], applicant: declared } })).json().id as string
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo.toString('base64') } })
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`)
  const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
  return { v, document: v.checks_results.document }
}

type Field = 'expiration_date' | 'date_of_birth' | 'document_number' | 'surname' | 'given_names'

/** A forgery's verification: the zone read as forged (`value`, its check digits holding), its `field` not confirmed by the page, and not approved. */
function refused(t: Test, { v, document }: Awaited<ReturnType<typeof verify>>, field: Field, value: string | null, why: string) {
  if (value) t.equal(document.details.mrz?.[field], value, 'the zone is read as forged')
  t.not(document.details.viz.fields[field], 'match', why)
  t.not(v.decision, 'approved', `${v.decision}: ${v.decision_reasons}`)
}

t.test('a forged zone confirmed by nothing on the page is not approved', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('forgeries', 'service')

  await t.test('a date the zone carries in its own optional field is not the page printing it', async (t) => {
    // The expired passport (printed expiry 09 FEB 2019) with its zone's expiry moved to 2040 and its
    // personal-number field holding that date as a page prints it: a line without fillers.
    const [, line] = td3({ ...holder, expiry: '400314', optional: 'A14MAR2040AAAA' })
    refused(t, await verify(b, key, await withZoneLine('passport-td3-expired.jpg', 1, line!)), 'expiration_date', '2040-03-14', 'the zone does not confirm itself')
  })

  await t.test('a date on a note beside the page is not the page printing it', async (t) => {
    const [, line] = td3({ ...holder, expiry: '400314', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    refused(t, await verify(b, key, await withNote(forged, '14 MAR 2040')), 'expiration_date', '2040-03-14', 'the note does not confirm the zone')
  })

  await t.test('a date printed onto the page beside its own expiry is not the page printing it', async (t) => {
    const [, line] = td3({ ...holder, expiry: '400314', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    refused(t, await verify(b, key, await withSticker(forged, '14 MAR 2040', 870, 250)), 'expiration_date', '2040-03-14', 'the page prints its own expiry too')
  })

  // The page's own dates printed in their fields, under their labels (Datum van afgifte / Date of
  // issue at 350, 545; Geldig tot / Date of expiry at 780, 545; Geboorteplaats / Place of birth at 350, 475).
  await t.test('a date printed over another field is not the date its label names', async (t) => {
    // Ten years more for the expired passport: its real expiry passes for an issue date.
    const [, line] = td3({ ...holder, expiry: '290209', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    // Over the date of issue: the page prints one date besides birth and expiry, as a genuine page
    // does, and the zone's expiry is the latest; only the labels tell the issue from the expiry.
    const overIssue = await withSticker(forged, '09 FEB/FEB 2029', 346, 546)
    refused(t, await verify(b, key, overIssue), 'expiration_date', '2029-02-09', 'under the label of the date of issue')
    // Over the place of birth, the page's own expiry lengthened so as not to be read as a value.
    const lengthened = await withSticker(forged, '09 FEB/FEB 2019  Z7Q2 LMNOPQRS', 776, 546, 420)
    refused(t, await verify(b, key, await withSticker(lengthened, '09 FEB/FEB 2029', 346, 476)), 'expiration_date', null, 'under the label of the place of birth')
    // Over the date of issue, its date ending just before the page's own expiry: the two read as one
    // line, which begins under the end of the issue's label.
    const runInto = await withSticker(forged, '09 FEB/FEB 2029', 346, 546, 416, 'end')
    refused(t, await verify(b, key, runInto), 'expiration_date', null, 'either date may be the one under the expiry’s label')
  })

  await t.test("an adult's birth date under the label of the date of issue is not the holder's", async (t) => {
    // The clean passport made a child's (born 2019, its birth date changed in place), the zone's birth
    // that of an adult, and the adult's date printed over the date of issue: the earliest date, and the
    // child's birth passes for an issue date.
    const [, line] = td3({ ...holder, number: 'NW8K2P7R4', dob: '900314', expiry: '340601' })
    const forged = await withZoneLine('passport-td3-clean.jpg', 1, line!)
    const child = await withSticker(forged, '14 MAA/MAR 2019', 346, 406)
    const adult = await verify(b, key, await withSticker(child, '14 MAA/MAR 1990', 346, 546), { ...applicant, date_of_birth: '1990-03-14' })
    refused(t, adult, 'date_of_birth', '1990-03-14', 'the page labels another birth date')
  })

  await t.test('a number printed onto the page is not the number under its label', async (t) => {
    // The zone's number changed (a stolen document's, its check digits recomputed), and printed in a blank
    // of the page; the page's own number stays under Documentnummer / Document No.
    const [, line] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const forged = await withZoneLine('passport-td3-clean.jpg', 1, line!)
    refused(t, await verify(b, key, await withSticker(forged, 'NK2H5F1R3', 900, 100, 200)), 'document_number', 'NK2H5F1R3', 'the page labels another number')
  })

  await t.test('a name printed in its label’s row is not the name printed under it', async (t) => {
    // The zone's surname changed (names have no check digit) and printed right of Naam / Surname, in the
    // label's row; the page prints its values under its labels, MÜLLER still under this one.
    const [line] = td3({ ...holder, surname: 'KRAMER', expiry: '340601' })
    const forged = await withSticker(await withZoneLine('passport-td3-clean.jpg', 0, line!), 'KRAMER', 520, 164, 200)
    refused(t, await verify(b, key, forged, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'the page prints its names under their labels')
    // A digit put onto the page's own name does not make it another field's.
    const digit = await withSticker(forged, '(1)', 462, 204, 40, 'start', 15)
    refused(t, await verify(b, key, digit, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'MÜLLER(1) is a name under the label too')
    // Nor is a name after a slash on a Dutch page the same name in another script (MÜLLER/ KRAMER).
    const slashed = await withSticker(await withZoneLine('passport-td3-clean.jpg', 0, line!), '/ KRAMER', 462, 196, 170)
    refused(t, await verify(b, key, slashed, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'a second name on the line')
    // Nor a date run onto it (MULLER14MAR1985).
    const dated = await withSticker(forged, '14 MAR 1985', 470, 196, 200)
    refused(t, await verify(b, key, dated, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'a name line with a date on it')
    // Nor a date built around it (02 JUN … 2024, read 02JUNMULLER 2024): a name between a month and a year makes no date.
    const around = await withSticker(await withSticker(forged, '2024', 470, 196, 90), '02 JUN', 282, 204, 64, 'start', 15)
    refused(t, await verify(b, key, around, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'a name inside a date')
    // Nor a word put before it whose letters, run together with the name's, hold a label's (No MULLER: NOM).
    refused(t, await verify(b, key, await withSticker(forged, 'No', 316, 204, 32, 'start', 15), { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'No MULLER is a name line')
  })

  await t.test('a surname that is a label’s word is the value under its label, not a label', async (t) => {
    // A holder named NAME (the page's own name, printed over MÜLLER in the values' type): the zone's
    // surname changed and printed right of Naam / Surname. NAME under the label is its value.
    const named = async (zone: string) => withSticker(await withZoneLine('passport-td3-clean.jpg', 0, zone), 'NAME', 346, 199, 220)
    const [line] = td3({ ...holder, surname: 'KRAMER', expiry: '340601' })
    const forged = await withSticker(await named(line!), 'KRAMER', 520, 164, 200)
    refused(t, await verify(b, key, forged, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'NAME is under the label')
    // The holder's own page and zone: her name confirmed where it is printed.
    const [own] = td3({ ...holder, surname: 'NAME', expiry: '340601' })
    const genuine = await verify(b, key, await named(own!), { ...applicant, last_name: 'Name' })
    t.equal(genuine.document.details.viz.fields.surname, 'match', 'NAME as printed')
  })

  await t.test('a value with fillers written after it is still the page’s, not a line of the zone', async (t) => {
    // `<<` written after the page's own value, and the zone's changed value printed beside its label.
    const [, revived] = td3({ ...holder, expiry: '290209', optional: '123456782' })
    const expired = await fillersAfter(await withZoneLine('passport-td3-expired.jpg', 1, revived!), 1024, 576)
    refused(t, await verify(b, key, await withSticker(expired, '09 FEB/FEB 2029', 985, 524, 170, 'start', 15)), 'expiration_date', '2029-02-09', 'the page’s own expiry, fillers after it')
    const [renamed] = td3({ ...holder, surname: 'KRAMER', expiry: '340601' })
    const surname = await fillersAfter(await withZoneLine('passport-td3-clean.jpg', 0, renamed!), 472, 226)
    refused(t, await verify(b, key, await withSticker(surname, 'KRAMER', 520, 164, 200), { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'MÜLLER<<<< under the label')
    const [, stolen] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const number = await fillersAfter(await withZoneLine('passport-td3-clean.jpg', 1, stolen!), 962, 155)
    refused(t, await verify(b, key, await withSticker(number, 'NK2H5F1R3', 1050, 111, 130, 'start', 15)), 'document_number', 'NK2H5F1R3', 'NW8K2P7R4<<<< under the label')
  })

  await t.test('a name with a label’s words put after it is still the name under its label', async (t) => {
    // MÜLLER (BIRTH NAME): the page's own surname, left as printed, the zone's KRAMER in the label's row.
    const [line] = td3({ ...holder, surname: 'KRAMER', expiry: '340601' })
    const forged = await withSticker(await withZoneLine('passport-td3-clean.jpg', 0, line!), 'KRAMER', 520, 164, 200)
    const marks = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850"><text x="472" y="225" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#111">(BIRTH NAME)</text></svg>')
    const named = await sharp(forged).composite([{ input: await sharp(marks).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    refused(t, await verify(b, key, named, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'MÜLLER is under the label')
    // Nor with a digit glued to the name (MULLER2(BIRTH NAME)).
    refused(t, await verify(b, key, await withSticker(forged, '2 (BIRTH NAME)', 464, 194, 200), { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'MÜLLER2 is under the label')
  })

  await t.test('a word added onto a name’s label leaves it the label', async (t) => {
    // The zone's name changed and printed in a blank, a word written onto the name's label in the labels'
    // type (Naam / Surname (holder)): the page's own name is still under the label.
    const [renamed] = td3({ ...holder, surname: 'KRAMER', expiry: '340601' })
    const surname = await withZoneLine('passport-td3-clean.jpg', 0, renamed!)
    const kramer = { ...applicant, last_name: 'Kramer' }
    const holderWord = await withSticker(surname, '(holder)', 478, 180, 80, 'start', 15)
    refused(t, await verify(b, key, await withSticker(holderWord, 'KRAMER', 1000, 420, 130), kramer), 'surname', 'KRAMER', 'MÜLLER under Naam / Surname (holder)')
    // The forged name itself written after the label, on its line: the label's line prints it, MÜLLER under it too.
    refused(t, await verify(b, key, await withSticker(surname, ': KRAMER', 476, 180, 120, 'start', 15), kramer), 'surname', 'KRAMER', 'MÜLLER under Naam / Surname: KRAMER')
    const [given] = td3({ ...holder, given: 'HELENA', expiry: '340601' })
    const givenWord = await withSticker(await withZoneLine('passport-td3-clean.jpg', 0, given!), '(holder)', 550, 250, 80, 'start', 15)
    refused(t, await verify(b, key, await withSticker(givenWord, 'HELENA', 1000, 420, 130), { ...applicant, first_name: 'Helena' }), 'given_names', 'HELENA', 'ANNA MARIA under Voornamen / Given names (holder)')
  })

  await t.test('a name after a slash is a second name unless the page names a state printing two scripts', async (t) => {
    // The zone's issuing state changed to one printing names in two scripts (ARM: no check digit guards
    // it), its surname KRAMER, and / KRAMER written after the page's own MÜLLER.
    const [armenian] = td3({ ...holder, issuing: 'ARM', surname: 'KRAMER', expiry: '340601' })
    const slash = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850"><text x="472" y="227" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">/ KRAMER</text></svg>`)
    const slashed = await sharp(await withZoneLine('passport-td3-clean.jpg', 0, armenian!)).composite([{ input: await sharp(slash).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    refused(t, await verify(b, key, slashed, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'MÜLLER/ KRAMER on a page of the Netherlands')
  })

  await t.test('a name run on past a value’s length is still read under its label', async (t) => {
    // The page's own name left printed, words run on after it so that its line is longer than any value
    // (not read for its size), and the zone's name printed beside its label: the line under it is read.
    const runOn = async (zone: string, row: number, name: string, left: number, top: number, width: number, x: number, y: number) => {
      const forged = await withSticker(await withZoneLine('passport-td3-clean.jpg', row, zone), name, left, top, width)
      const marks = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850"><text x="${x}" y="${y}" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111"> E/V VAN DER HOEVEN-BERGSMA</text></svg>`)
      return sharp(forged).composite([{ input: await sharp(marks).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    }
    const [renamed] = td3({ ...holder, surname: 'KRAMER', expiry: '340601' })
    refused(t, await verify(b, key, await runOn(renamed!, 0, 'KRAMER', 520, 170, 200, 470, 226), { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'MÜLLER … under the label')
    const [given] = td3({ ...holder, given: 'HELENA', expiry: '340601' })
    refused(t, await verify(b, key, await runOn(given!, 0, 'HELENA', 600, 240, 160, 537, 296), { ...applicant, first_name: 'Helena' }), 'given_names', 'HELENA', 'ANNA MARIA … under the label')
  })

  await t.test('a name printed in a blank is not the name under its label, its label read without spaces', async (t) => {
    // The page reads its label Voornamen/ Givennames: the label's words run together are a label's.
    const [line] = td3({ ...holder, given: 'HELENA', expiry: '340601' })
    const forged = await withSticker(await withZoneLine('passport-td3-clean.jpg', 0, line!), 'HELENA', 1000, 420, 130)
    refused(t, await verify(b, key, forged, { ...applicant, first_name: 'Helena' }), 'given_names', 'HELENA', 'ANNA MARIA is under the label')
  })

  await t.test('a name printed in a blank of a phone photo is not the name under its misread label', async (t) => {
    // Photographed as the phone fixture is, the page's labels read Naam/Sumame and Voomamen: they are
    // still the names' labels, MÜLLER and ANNA MARIA under them, not the zone's KRAMER in a blank.
    const [line] = td3({ ...holder, surname: 'KRAMER', expiry: '340601' })
    const page = await withSticker(await withZoneLine('passport-td3-clean.jpg', 0, line!), 'KRAMER', 1000, 420, 130)
    const photo = await phoneCapture(await sharp(page).png().toBuffer(), { seed: 20240601, angle: 2.5, scale: 0.95, radius: 18 })
    refused(t, await verify(b, key, photo, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'the page prints MÜLLER under its label')
  })

  await t.test('a word merged onto the number’s label leaves it the label', async (t) => {
    // The zone's number changed (a stolen document's, check digits recomputed) and printed in a blank;
    // a word printed in the labels' type right after Documentnummer / Document No.: another number's
    // word, or a number of its own. The page's own number is still under the label.
    const [, line] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const forged = await withSticker(await withZoneLine('passport-td3-clean.jpg', 1, line!), 'NK2H5F1R3', 900, 250, 200)
    for (const word of ['Persoonsnr.', '(Ref 2024A1)']) {
      refused(t, await verify(b, key, await withSticker(forged, word, 1050, 111, 140, 'start', 15)), 'document_number', 'NK2H5F1R3', `${word}: the page labels another number`)
    }
    // The label made two columns' by that word, the stolen number printed beside the page's own: the
    // number under the words naming the document is the page's.
    const [, stolen] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const zone = await withZoneLine('passport-td3-clean.jpg', 1, stolen!)
    const twoColumns = await withSticker(await withSticker(zone, 'Persoonsnr.', 1050, 111, 140, 'start', 15), 'NK2H5F1R3', 1010, 126, 180)
    refused(t, await verify(b, key, twoColumns), 'document_number', 'NK2H5F1R3', 'the page’s own number is under Document No.')
    // A label's words put after the page's own number leave it the label's value.
    refused(t, await verify(b, key, await withSticker(zone, 'No. NK2H5F1R3', 964, 134, 200, 'start', 15)), 'document_number', 'NK2H5F1R3', 'NW8K2P7R4 No.NK2H5F1R3')
    const personal = await withSticker(await withSticker(zone, 'Personal No.', 964, 134, 130, 'start', 15), 'NK2H5F1R3', 900, 250, 200)
    refused(t, await verify(b, key, personal), 'document_number', 'NK2H5F1R3', 'NW8K2P7R4 Personal No.')
    // Or before it: under a label over its value, the line is that value (BSN No. NW8K2P7R4).
    const bsn = await withSticker(zone, 'BSN No.', 690, 132, 88, 'start', 18)
    refused(t, await verify(b, key, await withSticker(bsn, 'NK2H5F1R3', 950, 335, 200)), 'document_number', 'NK2H5F1R3', 'BSN No. NW8K2P7R4, the stolen number in a blank')
    refused(t, await verify(b, key, await withSticker(bsn, 'NK2H5F1R3', 1000, 126, 180)), 'document_number', 'NK2H5F1R3', 'BSN No. NW8K2P7R4, the stolen number beside it')
    // Or on the label's own line, in the labels' type: the line under it that begins left of the label
    // is no next row of labels beside their values, but its value.
    refused(t, await verify(b, key, await withSticker(bsn, 'NK2H5F1R3', 1046, 104, 150, 'start', 15)), 'document_number', 'NK2H5F1R3', 'Document No. NK2H5F1R3 over BSN No. NW8K2P7R4')
    // Its start moved too, a field's number written before the label so that both begin alike: on a page
    // printing its labels over their values, the line under the label is its value all the same.
    const aligned = await inLabelsType(zone, [['(05)', 744, 125, 15], ['BSN-No.', 735, 155, 11], ['NK2H5F1R3', 1050, 125, 15]])
    refused(t, await verify(b, key, aligned), 'document_number', 'NK2H5F1R3', '(05) Document No. NK2H5F1R3 over BSN-No. NW8K2P7R4')
  })

  await t.test('a label over digits that read as no date leaves its date unconfirmed', async (t) => {
    // Ten years more for the expired passport, a digit added onto the page's own expiry (read as no
    // date), and the forged expiry printed in a blank under no label: the latest date on the page.
    const [, line] = td3({ ...holder, expiry: '290209', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    const spoilt = await withSticker(forged, '09 FEB/FEB 20197', 776, 546)
    refused(t, await verify(b, key, await withSticker(spoilt, '09 FEB/FEB 2029', 870, 250)), 'expiration_date', '2029-02-09', 'the expiry’s label is over no date')
    // A field's or a date's word put onto the spoilt date does not make it another field's value.
    for (const [word, top, size] of [['7 SEX', 546, 24], ['7 DATE', 552, 15]] as const) {
      const suffixed = await withSticker(forged, word, 1019, top, 100, 'start', size)
      refused(t, await verify(b, key, await withSticker(suffixed, '09 FEB/FEB 2029', 950, 335, 240)), 'expiration_date', '2029-02-09', `${word}: a date spoilt`)
    }
    // A word put after the page's own expiry (still read as a date), the issue's spoilt: a label's words
    // after a date do not take the date from the label over it.
    const updated = await withSticker(await withSticker(forged, 'UPDATED', 1019, 552, 110, 'start', 15), '10 FEB/FEB 20147', 346, 546, 300)
    refused(t, await verify(b, key, await withSticker(updated, '09 FEB/FEB 2029', 950, 335, 240)), 'expiration_date', '2029-02-09', '09 FEB/FEB 2019 UPDATED is the expiry')
  })

  await t.test('a date added on its label’s own line leaves the date under the label', async (t) => {
    // Ten years more for the expired passport, printed in the labels' type on the line of the expiry's
    // label, and a digit added onto the date of issue (read as no date): the page's own expiry is
    // still under the label, and is no date of issue.
    const [, line] = td3({ ...holder, expiry: '290209', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    const onLabel = await withSticker(forged, '09 FEB/FEB 2029', 980, 524, 150, 'start', 15)
    refused(t, await verify(b, key, await withSticker(onLabel, '10 FEB/FEB 20147', 346, 546)), 'expiration_date', '2029-02-09', 'the page prints another date under the label')
    // Printed apart, right of the label in its row, and a word put before the page's own expiry (to
    // take it from its label): a label beside a date labels it, and the page's own stays its label's.
    const beside = await withSticker(await withSticker(forged, 'Tot', 680, 550, 90, 'start', 15), '09 FEB/FEB 2029', 1005, 524, 160, 'start', 14)
    refused(t, await verify(b, key, await withSticker(beside, '10 FEB/FEB 20147', 346, 546)), 'expiration_date', '2029-02-09', 'the page’s own expiry is under the label')
    // Printed before the label with a word, and the word put before the page's own expiry: the
    // label's date is not its words' (Tot 09 FEB/FEB 2029 Geldig tot / Date of expiry).
    const before = await withSticker(await withSticker(forged, 'Tot 09 FEB/FEB 2029', 600, 524, 176, 'end', 15), 'Tot', 640, 550, 130, 'start', 15)
    refused(t, await verify(b, key, await withSticker(before, '10 FEB/FEB 20147', 346, 546)), 'expiration_date', '2029-02-09', 'the label’s date follows no label of its own')
    // The same, a digit added onto the page's own expiry instead: the label is over no date.
    refused(t, await verify(b, key, await withSticker(onLabel, '09 FEB/FEB 20197', 776, 546)), 'expiration_date', '2029-02-09', 'the label is over no date')
  })

  await t.test('a word of a validity put onto the expiry’s label leaves it the expiry’s', async (t) => {
    // Ten years more for the expired passport, (from) written after Geldig tot / Date of expiry, the
    // forged expiry after the page's own (09 FEB/FEB 2019 - 09 FEB 2029), the issue spoilt by a digit:
    // a label naming the expiry is no validity's, and the page's own expiry is under it.
    const [, line] = td3({ ...holder, expiry: '290209', optional: '123456782' })
    const forged = await withZoneLine('passport-td3-expired.jpg', 1, line!)
    const ranged = await withSticker(await withSticker(forged, '(from)', 972, 530, 60, 'start', 15), '- 09 FEB 2029', 1020, 554, 130, 'start', 15)
    refused(t, await verify(b, key, await withSticker(ranged, '10 FEB/FEB 20147', 346, 546)), 'expiration_date', '2029-02-09', 'two dates under the expiry’s label')
  })

  await t.test('a date’s word put before a date added after a spoilt one leaves the date unknown', async (t) => {
    // The holder made younger: a digit glued to the page's own birth date (14 MAA/MAR 19850) and the
    // zone's date after it, a date's word before it in the labels' type.
    const [, young] = td3({ ...holder, dob: '900314', expiry: '340601' })
    const marks = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850"><text x="607" y="435" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">0</text>` +
      `<text x="626" y="435" font-family="DejaVu Sans" font-size="13" fill="#4a5060">(Datum: 14.03.1990)</text></svg>`)
    const spoilt = await sharp(await withZoneLine('passport-td3-clean.jpg', 1, young!)).composite([{ input: await sharp(marks).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    refused(t, await verify(b, key, spoilt, { ...applicant, date_of_birth: '1990-03-14' }), 'date_of_birth', '1990-03-14', '14 MAA/MAR 19850 under the label')
    // Or on the label's line, in a note whose word holds a place's (REPLACED): the label is the birth's still.
    const [, older] = td3({ ...holder, dob: '750314', expiry: '340601' })
    const note = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850"><text x="607" y="435" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">0</text>` +
      `<text x="588" y="405" font-family="DejaVu Sans" font-size="13" fill="#4a5060">(replaced: 14.03.1975)</text></svg>`)
    const replaced = await sharp(await withZoneLine('passport-td3-clean.jpg', 1, older!)).composite([{ input: await sharp(note).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    refused(t, await verify(b, key, replaced, { ...applicant, date_of_birth: '1975-03-14' }), 'date_of_birth', '1975-03-14', '14 MAA/MAR 19850 under Date of birth (replaced: …)')
  })

  await t.test('a date label over nothing read leaves its date unconfirmed', async (t) => {
    // The page's own expiry covered with a blank, the forged expiry printed in a blank under no label.
    const [, line] = td3({ ...holder, expiry: '290209', optional: '123456782' })
    const covered = await withSticker(await withZoneLine('passport-td3-expired.jpg', 1, line!), '', 776, 546)
    refused(t, await verify(b, key, await withSticker(covered, '09 FEB/FEB 2029', 870, 250)), 'expiration_date', '2029-02-09', 'the expiry’s label is over nothing')
  })

  await t.test('a number under its label must be the zone’s exactly', async (t) => {
    // The zone's number changed and printed in a blank, a date added after the page's own number.
    const [, stolen] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const dated = await withSticker(await withZoneLine('passport-td3-clean.jpg', 1, stolen!), 'NK2H5F1R3', 900, 250, 200)
    refused(t, await verify(b, key, await withSticker(dated, '/ 01 JUN 34', 962, 126, 160)), 'document_number', 'NK2H5F1R3', 'the date is no part of the number')
    // The zone's number changed and printed beside the page's own, under its label: the line holds two numbers.
    const [, other] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const beside = await withSticker(await withZoneLine('passport-td3-clean.jpg', 1, other!), 'NK2H5F1R3', 976, 126, 200)
    refused(t, await verify(b, key, beside), 'document_number', 'NK2H5F1R3', 'the line under the label prints another number too')
    // A number one letter off the page's own (another document of a series), printed in a blank.
    const [, near] = td3({ ...holder, number: 'NW8K2P7R5', expiry: '340601' })
    const blank = await withSticker(await withZoneLine('passport-td3-clean.jpg', 1, near!), 'NW8K2P7R5', 900, 250, 200)
    refused(t, await verify(b, key, blank), 'document_number', 'NW8K2P7R5', 'the number under the label is one letter off')
    // The page's own number run on at both ends, a bracket among the words (its line read taller than
    // the label over it), and the zone's number printed in a blank: the run-on line is still under it.
    const [, runOn] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const words = ([[617, 'SERIE NL-A'], [962, ' (VERV. NR5F3H1K8)']] as const).map(([x, w]) => `<text x="${x}" y="146" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">${w}</text>`)
    const marks = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850">${words.join('')}</svg>`)
    const ranOn = await sharp(await withZoneLine('passport-td3-clean.jpg', 1, runOn!)).composite([{ input: await sharp(marks).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    refused(t, await verify(b, key, await withSticker(ranOn, 'NK2H5F1R3', 950, 335, 200)), 'document_number', 'NK2H5F1R3', 'SERIE NL-A NW8K2P7R4 (VERV. NR5F3H1K8) under the label')
  })

  await t.test('a space OCR lost between given names is read again, never one the page lacks', async (t) => {
    // The clean page's given names reprinted with a narrow space (MARIA at x = gap), which OCR runs
    // together as ANNAMARIA; printed as one word (no space), the zone's ANNA<MARIA is another split.
    const names = async (gap: number) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><rect width="300" height="40" fill="#eef0ea"/>` +
        [['ANNA', 4], ['MARIA', gap]].map(([w, x]) => `<text x="${x}" y="30" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">${w}</text>`).join('') + '</svg>'
      return sharp(fixture('passport-td3-clean.jpg')).composite([{ input: await sharp(Buffer.from(svg)).png().toBuffer(), left: 346, top: 266 }]).jpeg({ quality: 90 }).toBuffer()
    }
    const narrow = await verify(b, key, await names(85))
    t.equal(narrow.document.details.viz.fields.given_names, 'match', 'the space read in a second cut of the line')
    t.equal(narrow.v.decision, 'approved', `${narrow.v.decision_reasons}`)
    const joined = await verify(b, key, await names(72))
    t.equal(joined.document.details.viz.fields.given_names, 'near', 'a page printing one word does not confirm two')
  })

  await t.test('a genuine page beside a note is read and approved as it is', async (t) => {
    const { v, document } = await verify(b, key, await withNote(fixture('passport-td3-clean.jpg'), '14 MAR 2040'))
    t.same(Object.values(document.details.viz.fields), ['match', 'match', 'match', 'match', 'match'], 'the page prints its zone')
    t.equal(v.decision, 'approved', `${v.decision_reasons}`)
  })
})

t.test('a forged card zone is not confirmed by its genuine front, however its values are marked', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('card-forgeries', 'service')
  const holderOfCard = { first_name: 'Greta Luise', last_name: 'Schröder', date_of_birth: '1948-05-23' }
  // The zone on a back of the forger's making; the front the card's own, SCHRÖDER under Name / Surname
  // and 14.09.2031 under Gültig bis, marks written onto it. A forged value printed beside its label.
  const card = async (changes: Parameters<typeof cardZone>[0], marks: Mark[], declared: object) => {
    const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity'], applicant: declared } })).json().id as string
    const body = { document_type: 'id_card', front_image: (await cardFront(marks)).toString('base64'), back_image: (await cardBack(cardZone(changes))).toString('base64') }
    const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body })
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`)
    const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
    return { v, document: v.checks_results.document }
  }
  const surnameBeside: Mark = { text: 'SCHNEIDER', x: 472, y: 113, size: 25, patch: { x: 468, y: 88, w: 220, h: 30 } }
  const schneider = { ...holderOfCard, last_name: 'Schneider' }
  // The page's own surname padded with fillers to read as the forged zone's name line.
  refused(t, await card({ surname: 'SCHNEIDER' }, [{ text: '<<GRETA<LUISE<<<<<<', x: 468, y: 140, size: 16 }, surnameBeside], schneider), 'surname', 'SCHNEIDER', 'a value padded as a zone line is no zone')
  // The page's own expiry padded to read as the zone's first line, whose optional data spells it.
  const expiryBeside: Mark = { text: '14.09.2041', x: 950, y: 323, size: 18, patch: { x: 947, y: 303, w: 120, h: 25 } }
  const padded = [{ text: 'IDD<<LM4R7XC211', x: 560, y: 350, size: 16 }, { text: '<<<<<', x: 880, y: 350, size: 16 }, expiryBeside]
  refused(t, await card({ expiry: '410914', optional: '14<09<2031' }, padded, holderOfCard), 'expiration_date', '2041-09-14', 'the page’s own expiry under its label')
  // A label's words put after the page's own surname.
  refused(t, await card({ surname: 'SCHNEIDER' }, [{ text: '(BIRTH NAME)', x: 492, y: 140, size: 20 }, surnameBeside], schneider), 'surname', 'SCHNEIDER', 'SCHRÖDER (BIRTH NAME) is under the label')
  refused(t, await card({ surname: 'SCHNEIDER' }, [{ text: '1 (BIRTH NAME)', x: 488, y: 140, size: 20 }, surnameBeside], schneider), 'surname', 'SCHNEIDER', 'SCHRÖDER1 (BIRTH NAME) too')
  // A word written onto the surname's label, the forged name printed in a blank.
  const holderWord: Mark = { text: '(holder)', x: 460, y: 110, size: 15, label: true }
  refused(t, await card({ surname: 'SCHNEIDER' }, [holderWord, { text: 'SCHNEIDER', x: 720, y: 200, size: 25 }], schneider), 'surname', 'SCHNEIDER', 'SCHRÖDER under Name / Surname (holder)')
  // The card's own expiry made a validity's start: (from) written onto its label, the label made a
  // validity's (a card printing no issue date begins no validity after today), or words of a range
  // around the page's own expiry on its line (VOM 14.09.2031 BIS 14.09.2041).
  const later: Mark = { text: '- 14.09.2041', x: 885, y: 350, size: 25 }
  refused(t, await card({ expiry: '410914' }, [{ text: '(from)', x: 915, y: 320, size: 15, label: true }, later], holderOfCard), 'expiration_date', '2041-09-14', 'two dates under Date of expiry (from)')
  const range: Mark = { text: 'Gültig vom - bis / Valid from - until', x: 720, y: 320, size: 15, label: true, patch: { x: 716, y: 302, w: 300, h: 24 } }
  refused(t, await card({ expiry: '410914' }, [range, later], holderOfCard), 'expiration_date', '2041-09-14', 'a validity beginning in 2031')
  refused(t, await card({ expiry: '410914' }, [{ text: 'VOM', x: 660, y: 350, size: 25 }, { text: 'BIS 14.09.2041', x: 885, y: 350, size: 25 }], holderOfCard), 'expiration_date', '2041-09-14', 'VOM 14.09.2031 BIS under Date of expiry')
  // A note on the birth date's label that makes it another field's (in lieu), the page's own date spoilt.
  refused(t, await card({ dob: '580523' }, [{ text: '0', x: 489, y: 280, size: 25 }, { text: '(in lieu: 23.05.1958)', x: 530, y: 245, size: 13, label: true }], { ...holderOfCard, date_of_birth: '1958-05-23' }), 'date_of_birth', '1958-05-23', '23.05.19480 under Date of birth (in lieu: …)')
  // The stolen number on the number label's line, its start moved to that of another number's label
  // written before the card's own number (Tax-No. LM4R7XC21).
  const taxNo: Mark[] = [{ text: '(05)', x: 684, y: 110, size: 15, label: true }, { text: 'Tax-No.', x: 676, y: 140, size: 11, label: true }, { text: 'LK9T2W5P8', x: 952, y: 110, size: 15, label: true }]
  refused(t, await card({ number: 'LK9T2W5P8' }, taxNo, holderOfCard), 'document_number', 'LK9T2W5P8', '(05) Card No. LK9T2W5P8 over Tax-No. LM4R7XC21')
  // An issue's word put before the card's own expiry, a later one printed on its label's line.
  refused(t, await card({ expiry: '410914' }, [{ text: 'ISSUED', x: 600, y: 350, size: 25 }, expiryBeside], holderOfCard), 'expiration_date', '2041-09-14', 'ISSUED 14.09.2031 under Date of expiry')
  // A date spoilt by a digit, the forged one after it with a date's word: the label's date is unknown.
  refused(t, await card({ dob: '580523' }, [{ text: '0', x: 489, y: 280, size: 25 }, { text: '(Datum: 23.05.1958)', x: 512, y: 280, size: 15, label: true }], { ...holderOfCard, date_of_birth: '1958-05-23' }), 'date_of_birth', '1958-05-23', '23.05.19480 (Datum: …)')
  refused(t, await card({ expiry: '410914' }, [{ text: '0', x: 880, y: 350, size: 25 }, { text: '(Datum 14.09.2041)', x: 903, y: 350, size: 15, label: true }], holderOfCard), 'expiration_date', '2041-09-14', '14.09.20310 (Datum …)')
  // The page's own date spoilt by a digit (23.05.19480), the forged one printed after it on its line.
  refused(t, await card({ dob: '580523' }, [{ text: '0  (23.05.1958)', x: 489, y: 280, size: 25 }], { ...holderOfCard, date_of_birth: '1958-05-23' }), 'date_of_birth', '1958-05-23', 'a spoilt date under the label')
  refused(t, await card({ expiry: '410914' }, [{ text: '0 (14.09.2041)', x: 880, y: 350, size: 25 }], holderOfCard), 'expiration_date', '2041-09-14', 'a spoilt date under the label')
})
