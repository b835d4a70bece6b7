// Forged documents that keep every check digit, through the API: the printed page must confirm the
// zone, and only the page's own fields can. Neither the zone's own lines (whatever a forger writes in
// their optional fields) nor text beside the page (a note on the desk) is the printed page.
import t from 'tap'
import sharp from 'sharp'
import { build } from './helpers/build.js'
import { td3 } from './helpers/mrz.js'
import { withZoneLine } from './helpers/zone-glyphs.js'
import { refused } from './helpers/card-forgeries.js'
import { applicant, fillersAfter, fixture, holder, inLabelsType, verify, withNote, withSticker } from './helpers/passport-forgeries.js'

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
    // Or covered with a word (VERLENGD, extended): the label is over words alone.
    const worded = await withSticker(await withZoneLine('passport-td3-expired.jpg', 1, line!), 'VERLENGD', 776, 546)
    refused(t, await verify(b, key, await withSticker(worded, '09 FEB/FEB 2029', 950, 335, 240)), 'expiration_date', '2029-02-09', 'VERLENGD under the expiry’s label')
    // The same for the number: ZIE BLZ / SEE PAGE over the page's own, the stolen number in a blank.
    const [, stolen] = td3({ ...holder, number: 'NK2H5F1R3', expiry: '340601' })
    const seePage = await withSticker(await withZoneLine('passport-td3-clean.jpg', 1, stolen!), 'ZIE BLZ/SEE PAGE', 776, 126, 220)
    refused(t, await verify(b, key, await withSticker(seePage, 'NK2H5F1R3', 950, 335, 200)), 'document_number', 'NK2H5F1R3', 'ZIE BLZ/SEE PAGE under the number’s label')
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

  await t.test('a genuine page beside a note is read and approved as it is', async (t) => {
    const { v, document } = await verify(b, key, await withNote(fixture('passport-td3-clean.jpg'), '14 MAR 2040'))
    t.same(Object.values(document.details.viz.fields), ['match', 'match', 'match', 'match', 'match'], 'the page prints its zone')
    t.equal(v.decision, 'approved', `${v.decision_reasons}`)
  })
})
