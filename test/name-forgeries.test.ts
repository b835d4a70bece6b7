// Forged names that keep every check digit, through the API: a name the zone carries is confirmed only
// by the page's own name under its label, whatever words, labels, slashes or lines are put around it.
import t from 'tap'
import sharp from 'sharp'
import { build } from './helpers/build.js'
import { td3 } from './helpers/mrz.js'
import { withZoneLine } from './helpers/zone-glyphs.js'
import { refused } from './helpers/card-forgeries.js'
import { applicant, fixture, holder, verify, withSticker } from './helpers/passport-forgeries.js'
import { phoneCapture } from '../scripts/fixtures/drawing.js'

t.test('a forged name confirmed by nothing on the page is not approved', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('name-forgeries', 'service')

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
    // A label's word stuck left of the page's own name as well (Sex MÜLLER): the label is still there.
    const besideLabel = await withSticker(await withSticker(holderWord, 'KRAMER', 1000, 420, 130), 'Sex', 300, 204, 46, 'start', 15)
    refused(t, await verify(b, key, besideLabel, kramer), 'surname', 'KRAMER', 'Sex MÜLLER under Naam / Surname (holder)')
  })

  await t.test('a name after a slash is a second name unless the page names a state printing two scripts', async (t) => {
    // The zone's issuing state changed to one printing names in two scripts (ARM: no check digit guards
    // it), its surname KRAMER, and / KRAMER written after the page's own MÜLLER.
    const [armenian] = td3({ ...holder, issuing: 'ARM', surname: 'KRAMER', expiry: '340601' })
    const slash = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850"><text x="472" y="227" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">/ KRAMER</text></svg>`)
    const slashed = await sharp(await withZoneLine('passport-td3-clean.jpg', 0, armenian!)).composite([{ input: await sharp(slash).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    refused(t, await verify(b, key, slashed, { ...applicant, last_name: 'Kramer' }), 'surname', 'KRAMER', 'MÜLLER/ KRAMER on a page of the Netherlands')
    // Nor where the forged name holds that state's name (KIRAN holds IRAN): a name is no state named.
    const [iranian] = td3({ ...holder, issuing: 'IRN', surname: 'KIRAN', expiry: '340601' })
    const kiran = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850"><text x="472" y="227" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">/ KIRAN</text></svg>`)
    const named = await sharp(await withZoneLine('passport-td3-clean.jpg', 0, iranian!)).composite([{ input: await sharp(kiran).png().toBuffer(), left: 0, top: 0 }]).jpeg({ quality: 90 }).toBuffer()
    refused(t, await verify(b, key, named, { ...applicant, last_name: 'Kiran' }), 'surname', 'KIRAN', 'MÜLLER/ KIRAN')
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
})
