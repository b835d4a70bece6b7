// Dates where the page labels them (src/domain/viz-dates.ts): a date confirms the zone's under its own
// label, never under another field's, as the reader pairs each label with the lines printed under it.
import t from 'tap'
import type { MrzData } from '../generated/schemas.js'
import { vizCrossCheck } from '../src/domain/viz-check.js'
import { labelsOf, pageDates, type PageLayout } from '../src/domain/viz-dates.js'

const mrz: MrzData = {
  format: 'TD3', document_code: 'P', issuing_state: 'NLD', document_number: 'NR5F3H1K8', surname: 'MUELLER', given_names: 'ANNA MARIA',
  nationality: 'NLD', date_of_birth: '1985-03-14', sex: 'F', expiration_date: '2019-02-09', optional_data: null,
  check_digits: { document_number: true, date_of_birth: true, expiration_date: true, composite: true },
}
const forged = { ...mrz, expiration_date: '2029-02-09' }

/** A layout: which line is under which, and where each begins (the page's two columns at 350 and 780). */
const layout = (under: Array<[number, number]>, along: number[] = [], beside: Array<[number, number]> = []) => ({ under, beside, along }) satisfies PageLayout

/** An expired passport's page as OCR reads it (spaces lost), and its layout. */
const page = [
  'Geboortedatum/Dateofbirth', 'Geslacht/Sex', '14MAA/MAR1985', 'V/F', 'Geboorteplaats/ Placeofbirth', 'UTRECHT',
  'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry', '10FEB/FEB 2009', '09FEB/FEB 2019',
]
const columns = [350, 780, 350, 780, 350, 350, 350, 780, 350, 780]
const read = layout([[0, 2], [1, 3], [2, 4], [4, 5], [5, 6], [6, 8], [7, 9]], columns)

t.test('what a label names, its spaces lost or not', async (t) => {
  t.same(labelsOf('Geboortedatum/Dateofbirth'), ['birth'])
  t.same(labelsOf('Date of birth / Date de naissance'), ['birth'])
  t.same(labelsOf('Geboorteplaats/ Placeofbirth'), ['other'], 'a place of birth is no date')
  t.same(labelsOf('Datumvan afgifte/ Dateofissue'), ['issue'])
  t.same(labelsOf('Autoriteit / Authority'), ['other'], 'the issuing authority is no date')
  t.same(labelsOf('Gültig bis / Date of expiry'), ['expiry'])
  t.same(labelsOf('Fecha de caducidad'), ['expiry'])
  t.same(labelsOf('Datum van afgifte / Date of issue  Geldig tot / Date of expiry'), ['issue', 'expiry'], 'two labels read as one line, in order')
  t.same(labelsOf('Geldig tot / Date of expiry  Datum van afgifte / Date of issue'), ['expiry', 'issue'])
  t.same(labelsOf('Gattig bis / Date of expil'), ['date'], 'a date, its words misread')
  t.same(labelsOf('Geldig van - tot / Valid from - until'), ['date'], 'a validity, no one date')
  t.same(labelsOf('Gültig bis / Date of expiry (from)'), ['expiry'], 'a validity’s word put onto the expiry’s label')
  t.same(labelsOf('Geldig tot (from)'), ['expiry'], 'from after the until: no validity')
  t.same(labelsOf('Geboortedatum/ Dateofbirth (replaced:14.03.1975)'), ['birth'], 'REPLACED is no place')
  t.same(labelsOf('EMISIÓN'), ['issue'])
  t.same(labelsOf('14MAA/MAR1985'), [], 'a value')
  t.same(labelsOf('Sex / Sexe: F'), [], 'a label holding its value is no label of the line under it')
  t.same(labelsOf('VIETNAMESE'), [], 'a value holding a label word (NAME) is a value')
})

t.test('a genuine page confirms its dates under their labels', async (t) => {
  const viz = vizCrossCheck(mrz, page, read)
  t.equal(viz.fields.date_of_birth, 'match')
  t.equal(viz.fields.expiration_date, 'match')
  t.same(pageDates(page.map((l) => l.toUpperCase()), read).labelled.issue.full, ['2009-02-10'])
  // A label and its value on one line (Date of birth 14.03.1985), fields numbered (3. Date of birth).
  const inline = ['3. Date of birth 14.03.1985', '4. Date of expiry 09.02.2019', '5. Date of issue 10.02.2009']
  t.equal(vizCrossCheck(mrz, inline, layout([[0, 1], [1, 2]])).fields.date_of_birth, 'match')
  t.equal(vizCrossCheck(mrz, ['3. Date of birth', '14.03.1985', 'Date of expiry', '09.02.2019'], layout([[0, 1], [2, 3]])).fields.date_of_birth, 'match')
  // A line with its own value over a date (Sex: F over the birth date's line) labels nothing.
  const sexAbove = ['Sex / Sexe: F', 'Date of birth / Date de naissance: 14.03.1985', 'Date of expiry: 09.02.2019']
  t.equal(vizCrossCheck(mrz, sexAbove, layout([[0, 1], [1, 2]])).fields.date_of_birth, 'match')
  // Two columns' values read as one line: each date is the label's above it, in the order printed.
  const merged = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry', '10FEB/FEB 2009 09FEB/FEB 2019']
  const mergedLayout = layout([[0, 1], [2, 4], [3, 4]], [350, 350, 350, 780, 350])
  t.equal(vizCrossCheck(mrz, merged, mergedLayout).fields.expiration_date, 'match')
  t.equal(vizCrossCheck(mrz, merged, mergedLayout).fields.date_of_birth, 'match')
  // A date run under the next column's label, whose own value was not read (Sex over 14 MAR 1985).
  const card = ['Date ofbirth', 'Nationality', 'Sex', '14MAR1985', 'NZL', 'Expiry', '01FEB 2030']
  const cardMrz = { ...mrz, expiration_date: '2030-02-01' }
  t.equal(vizCrossCheck(cardMrz, card, layout([[0, 3], [2, 3], [1, 4], [5, 6]], [329, 617, 481, 330, 618, 658, 658])).fields.date_of_birth, 'match')
  // A label in words the check does not know beside one it knows, their values read as one line.
  const card2030 = { ...mrz, expiration_date: '2030-02-01' }
  const beside = ['Date of birth', 'Expires', '14.03.1985 01.02.2030']
  t.equal(vizCrossCheck(card2030, beside, layout([[0, 2], [1, 2]], [350, 520, 350])).fields.date_of_birth, 'match')
  t.equal(vizCrossCheck(card2030, beside, layout([[0, 2], [1, 2]], [350, 520, 350])).fields.expiration_date, 'match')
  // An issue that is also the validity's start, and a ghost image repeating the birth date under no label.
  const permit = ['Date of birth', '14.03.1985', 'Date of issue', '01.02.2020', 'Valid from', '01.02.2020', 'Valid until', '01.02.2030', '14.03.1985']
  t.equal(vizCrossCheck(card2030, permit, layout([[0, 1], [2, 3], [4, 5], [6, 7]])).fields.expiration_date, 'match')
  t.equal(vizCrossCheck(card2030, permit, layout([[0, 1], [2, 3], [4, 5], [6, 7]])).fields.date_of_birth, 'match')
  // Labels beside their values, the first row read as one line over the next row's label and value:
  // the value beside its own label is not the label's above.
  const leftLabels = ['Date of birth 14.03.1985', 'Date of issue', '10.02.2009', 'Date of expiry', '09.02.2019']
  const leftLayout = { ...layout([[0, 1], [0, 2], [1, 3], [2, 4]], [350, 350, 520, 350, 520], [[1, 2], [3, 4]]), ends: [650, 450, 600, 460, 610] }
  t.equal(vizCrossCheck(mrz, leftLabels, leftLayout).fields.date_of_birth, 'match')
  t.equal(vizCrossCheck(mrz, leftLabels, leftLayout).fields.expiration_date, 'match')
  // Labels left of their values, each value read before its label: the dates are their labels' beside
  // them, a ghost image's copy of the birth date too; a merged label and value (Nationality DUTCH) over
  // a date, and a signature's label beside one, label none of them.
  const left = ['LIEKE', 'Voornamen/Given names', '14.03.1985', 'Geboortedatum/Date of birth', '14.03.1985', 'Nationaliteit/Nationality NEDERLANDSE',
    '10.02.2009', 'Datum van afgifte/Date of issue', '09.02.2019', 'Geldig tot/Date of expiry', 'Handtekening/Signature']
  const leftRows = layout([[0, 2], [1, 3], [3, 5], [5, 6], [5, 7], [6, 8], [7, 9]], [690, 340, 690, 340, 1070, 340, 690, 340, 690, 340, 40],
    [[1, 0], [3, 2], [2, 4], [7, 6], [9, 8], [10, 8]])
  t.equal(vizCrossCheck(mrz, left, leftRows).fields.date_of_birth, 'match')
  t.equal(vizCrossCheck(mrz, left, leftRows).fields.expiration_date, 'match')
  t.same(pageDates(left.map((l) => l.toUpperCase()), leftRows).labelled.issue.full, ['2009-02-10'])
  // A page printing two-digit years labels them too.
  const british = ['Date of birth', '14 MAR /MARS 85', 'Date of expiry', '09 FEB /FEB 19', 'Date of issue', '10 FEB /FEB 09']
  t.equal(vizCrossCheck(mrz, british, layout([[0, 1], [2, 3], [4, 5]])).fields.expiration_date, 'match')
  // A label misread (Gattig bis / Date of expil, Goltig bis) says nothing of the date under it.
  const misread = ['Geburtstag/ Date of birth', '14.03.1985', 'Gattig bis / Date of expil', '09.02.2019']
  t.equal(vizCrossCheck(mrz, misread, layout([[0, 1], [2, 3]])).fields.expiration_date, 'match')
  t.equal(vizCrossCheck(mrz, ['Geburtstag', '14.03.1985', 'Goltig bis', '09.02.2019'], layout([[0, 1], [2, 3]])).fields.expiration_date, 'match')
  // A validity's label over its first date (Geldig van - tot: the issue).
  const validity = ['Geboortedatum/Date of birth', '14.03.1985', 'Geldig van - tot / Valid from - until', '10.02.2009', '09.02.2019']
  t.equal(vizCrossCheck(mrz, validity, layout([[0, 1], [2, 3]], [350, 350, 350, 350, 600])).fields.expiration_date, 'match')
  // Labels in a language the check does not know label nothing: the dates stand as the page prints them.
  const polish = ['Data urodzenia', '14.03.1985', 'Data wydania', '10.02.2009', 'Data ważności', '09.02.2019']
  t.equal(vizCrossCheck(mrz, polish, layout([[0, 1], [2, 3], [4, 5]])).fields.expiration_date, 'match')
})

t.test('a date printed over another field confirms nothing', async (t) => {
  // The zone's expiry forged ten years on, printed over the date of issue: the page then prints one
  // date besides birth and expiry, within the issue's years, and the forged one is the latest.
  const overIssue = page.map((l) => l.replace('10FEB/FEB 2009', '09 FEB/FEB 2029'))
  t.equal(vizCrossCheck(forged, overIssue).fields.expiration_date, 'match', 'without the layout, the dates alone agree')
  t.equal(vizCrossCheck(forged, overIssue, read).fields.expiration_date, 'near', 'under the label of the date of issue')
  // Over the place of birth, the page's own expiry not read.
  const overPlace = page.map((l) => l.replace('UTRECHT', '09 FEB/FEB 2029')).filter((l) => l !== '09FEB/FEB 2019')
  t.equal(vizCrossCheck(forged, overPlace, layout([[0, 2], [1, 3], [2, 4], [4, 5], [6, 8], [7, 8]], columns)).fields.expiration_date, 'near', 'under another field’s label')
  // The sticker's date and the page's own expiry read as one line under both labels.
  const merged = [...page.slice(0, 8), '09FEB/FEB2029 09FEB/FEB2019']
  t.equal(vizCrossCheck(forged, merged, layout([[0, 2], [1, 3], [4, 5], [6, 8], [7, 8]], columns)).fields.expiration_date, 'near', 'the forged date is the issue’s, in the order printed')
  // The sticker's date run into the page's own expiry, the line beginning under the issue's label's
  // end: only the expiry's label is over it, and the line prints two dates.
  t.equal(vizCrossCheck(forged, merged, layout([[0, 2], [1, 3], [4, 5], [7, 8]], [...columns.slice(0, 8), 530])).fields.expiration_date, 'near', 'either date may be the label’s')
  // The labels of the date of issue and of the expiry joined into one line by text put between them.
  const bridged = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datum van afgifte / Date of issue Den Haag Geldig tot / Date of expiry', '09 FEB/FEB 2029', '09FEB/FEB 2019']
  t.equal(vizCrossCheck(forged, bridged, layout([[0, 1], [2, 3], [2, 4]], [350, 350, 350, 350, 780])).fields.expiration_date, 'near', 'each date under its label, in order')
  // More labels than dates: one of the row's dates is each label's. The joined labels over the page's
  // own expiry, the forged date printed below their row; or text run into the expiry under both labels.
  const shifted = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datum van afgifte / Date of issue Den Haag Geldig tot / Date of expiry', '09FEB/FEB 2019', '09 FEB/FEB 2029']
  t.equal(vizCrossCheck(forged, shifted, layout([[0, 1], [2, 3]], [350, 350, 350, 780, 350])).fields.expiration_date, 'near', 'joined labels, the forged date in no row')
  const runOn = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry', 'Den Haag,Nederland -09 FEB/FEB 2019', '09 FEB/FEB 2029']
  t.equal(vizCrossCheck(forged, runOn, layout([[0, 1], [2, 4], [3, 4]], [350, 350, 350, 780, 350, 350])).fields.expiration_date, 'near', 'a value run into the next column')
  // The page's own expiry made unreadable by a digit added onto it, the forged date printed under no label.
  const spoilt = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Geldig tot/Date of expiry', '09 FEB/FEB 20190', '09 FEB/FEB 2029']
  t.equal(vizCrossCheck(forged, spoilt, layout([[0, 1], [2, 3]])).fields.expiration_date, 'near', 'the label’s date is not known')
  // A word put after the page's own expiry, read as a date still: the expiry's label keeps it.
  const updated = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Geldig tot/Date of expiry', '09 FEB/FEB 2019 UPDATED', '09 FEB/FEB 2029']
  t.equal(vizCrossCheck(forged, updated, layout([[0, 1], [2, 3]])).fields.expiration_date, 'near', 'UPDATED is no label of the date before it')
  // Whatever field's or date's word is put onto the spoilt date (SEX, DATE).
  for (const word of ['7SEX', '7 DATE', '7 Code']) {
    const suffixed = spoilt.map((l) => (l === '09 FEB/FEB 20190' ? `09FEB/FEB2019${word}` : l))
    t.equal(vizCrossCheck(forged, suffixed, layout([[0, 1], [2, 3]])).fields.expiration_date, 'near', `${word}: the label’s date is not known`)
  }
  // The forged date on the expiry label's own line, the issue's spoilt by a digit: the page's own
  // expiry is still the value under the label.
  const onLabel = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry 09 FEB/FEB2029', '10FEB/FEB20097', '09FEB/FEB 2019']
  t.equal(vizCrossCheck(forged, onLabel, layout([[0, 1], [2, 4], [3, 5]], [350, 350, 350, 780, 350, 780])).fields.expiration_date, 'near', 'two dates under the label')
  // The forged date on the expiry label's line, a digit added onto the page's own expiry under it.
  const spoiltUnder = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry 09 FEB/FEB2029', '10FEB/FEB2014', '09FEB/FEB20197']
  t.equal(vizCrossCheck(forged, spoiltUnder, layout([[0, 1], [2, 4], [3, 5]], [350, 350, 350, 780, 350, 780])).fields.expiration_date, 'near', 'the label is over no date')
  // The forged date printed before the expiry's label, a label put before the page's own expiry: a
  // label's date follows its words on a page of labels beside their values.
  const before = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datumvan afgifte/ Dateofissue', '09FEB/FEB2029Geldig tot/Dateofexpiry', '10FEB/FEB20147', 'Tot', '09FEB/FEB2019']
  const beforeLayout = layout([[0, 1], [2, 4], [3, 5], [3, 6]], [350, 350, 350, 642, 350, 704, 779], [[5, 6]])
  t.equal(vizCrossCheck(forged, before, beforeLayout).fields.expiration_date, 'near', 'the page’s own expiry is under the label')
  // The page's own expiry covered with a blank, the forged date printed under no label: the expiry's label is over nothing.
  const covered = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', '09FEB/FEB2029', 'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry', '10FEB/FEB2014']
  const coveredLayout = layout([[0, 1], [3, 5]], [350, 350, 870, 350, 780, 350], [[3, 4]])
  t.equal(vizCrossCheck(forged, covered, coveredLayout).fields.expiration_date, 'near', 'the label’s date is not known')
  t.equal(vizCrossCheck(forged, covered, { ...coveredLayout, under: [[0, 1], [3, 5], [4, 2]] }).fields.expiration_date, 'match', 'a label read over its value')
  // On a page of labels left of their values, the forged date printed as the date of issue's value.
  const leftForged = ['14.03.1985', 'Geboortedatum/Date of birth', '09.02.2029', 'Datum van afgifte/Date of issue', '09.02.2019', 'Geldig tot/Date of expiry']
  t.equal(vizCrossCheck(forged, leftForged, layout([[0, 2], [1, 3], [2, 4], [3, 5]], [690, 340, 690, 340, 690, 340], [[1, 0], [3, 2], [5, 4]])).fields.expiration_date, 'near', 'beside the label of the date of issue')
  // Words put beside the page's own expiry to take it from its label (Tot), the forged date printed
  // beside the label in its row, or run onto a label lengthened to reach over those words: the page's
  // own date stays its label's.
  const tot = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry', '09 FEB/FEB 2029', '10FEB/FEB20147', 'Tot', '09FEB/FEB2019']
  const totLayout = layout([[0, 1], [2, 5], [3, 7]], [350, 350, 350, 780, 1005, 350, 700, 780], [[3, 4], [6, 7]])
  t.equal(vizCrossCheck(forged, tot, totLayout).fields.expiration_date, 'near', 'a label beside a date labels it, apart from the rows under labels')
  const lengthened = ['Geboortedatum/Dateofbirth', '14MAA/MAR1985', 'Datumvan afgifte/ Dateofissue', 'Verloopt op Geldig tot/Date of expiry 09FEB/FEB2029', '10FEB/FEB20147', 'Tot / Until', '09FEB/FEB2019']
  const lengthenedLayout = { ...layout([[0, 1], [2, 4], [3, 5], [3, 6]], [350, 350, 350, 600, 350, 680, 780], [[5, 6]]), ends: [560, 560, 560, 1160, 560, 770, 990] }
  t.equal(vizCrossCheck(forged, lengthened, lengthenedLayout).fields.expiration_date, 'near', 'the label’s date is not over the value')
  // A word put before the forged date in front of the label: the label's date follows no label words of its own.
  const worded = lengthened.map((l) => l.replace('Verloopt op Geldig tot/Date of expiry 09FEB/FEB2029', 'Tot09FEB/FEB2029Geldig tot/Dateof expiry'))
  t.equal(vizCrossCheck(forged, worded, { ...lengthenedLayout, along: [350, 350, 350, 616, 350, 645, 781] }).fields.expiration_date, 'near', 'a date before the label is not its date')
  const blank = [...lengthened.map((l) => l.replace(' 09FEB/FEB2029', '')), '09 FEB/FEB 2029']
  t.equal(vizCrossCheck(forged, blank, lengthenedLayout).fields.expiration_date, 'near', 'a date’s label printing no date keeps its value')
  // The zone's birth an adult's, printed over the date of issue of a child's passport born 2019.
  const adult = { ...mrz, date_of_birth: '1990-03-14', expiration_date: '2034-06-01' }
  const child = ['Geboortedatum/Dateofbirth', '14MAA/MAR2019', 'Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry', '14 MAA/MAR 1990', '01JUN/JUN2034']
  const childLayout = layout([[0, 1], [2, 4], [3, 5]], [350, 350, 350, 780, 350, 780])
  t.equal(vizCrossCheck(adult, child).fields.date_of_birth, 'match', 'without the layout, the earliest date')
  t.equal(vizCrossCheck(adult, child, childLayout).fields.date_of_birth, 'near', 'the page labels another birth date')
  // A label's value that is another date than the zone's, whatever else the page prints.
  t.equal(vizCrossCheck(forged, ['Date of expiry', '09 FEB 2019', '09 FEB 2029'], layout([[0, 1]])).fields.expiration_date, 'near')
})

t.test("a date printed twice is one date more than the page's own", async (t) => {
  // A child's page (born 2016, issued 2024, expiring 2029) whose zone is an adult's (born 1996): the
  // adult's date over the date of issue, and a copy of the expiry added so that it reads once more.
  const adult = { ...mrz, date_of_birth: '1996-05-03', expiration_date: '2029-06-02' }
  const child = ['03 MEI/MAY 2016', '03 MEI/MAY 1996', '02 JUN/JUN 2029', '02 JUN/JUN 2029']
  t.equal(vizCrossCheck(adult, child).fields.date_of_birth, 'near')
  t.equal(vizCrossCheck(adult, child.slice(1, 3)).fields.date_of_birth, 'match', 'the page printing each once')
})

t.test('where no label names the expiry, a later date in a blank does not revive the page’s own', async (t) => {
  // A card that prints no issue date, photographed small: its expiry's label read "Gtig bis/Date o"
  // (a date it does not say). Its zone's expiry moved ten years on, that date printed in a blank
  // under the card's own (expired) one, beside a speck read as letters.
  const card = { ...mrz, format: 'TD1' as const, date_of_birth: '1948-05-23', expiration_date: '2024-09-14' }
  const lines = ['Geburtstag/Date of birth', '23.05.1948', 'Gtig bis/Date o', '14.09.2024', '14.09.2034', 'MA']
  const rows = layout([[0, 1], [1, 2], [2, 3], [3, 4]], [350, 350, 350, 350, 720, 900], [[5, 4]])
  t.equal(vizCrossCheck({ ...card, expiration_date: '2034-09-14' }, lines, rows).fields.expiration_date, 'near', 'the card’s own expiry is no issue date')
  t.equal(vizCrossCheck(card, lines.slice(0, 4), layout([[0, 1], [1, 2], [2, 3]], [350, 350, 350, 350])).fields.expiration_date, 'match', 'the card as printed')
  // Beside the label over the card's own expiry (Gltig bis/Dateofep: a date's word, no expiry named),
  // the zone's date is not that label's only date.
  const beside = ['Geburtstag/Date of birth', '23.05.1948', 'Gltig bis/Dateofep', '14.09.2034', '14.09.2024']
  const besideRows = layout([[0, 1], [1, 2], [2, 4]], [350, 350, 350, 720, 350], [[2, 3]])
  t.equal(vizCrossCheck({ ...card, expiration_date: '2034-09-14' }, beside, besideRows).fields.expiration_date, 'near', 'beside the label')
  // Under a word or a mark read as letters, or in a blank under the page's header, it is the same.
  const header = ['BUNDESREPUBLIK DEUTSCHLAND', '14.09.2034', ...lines.slice(0, 4)]
  const headed = layout([[0, 1], [2, 3], [3, 4], [4, 5]], [350, 350, 350, 350, 350, 350])
  t.equal(vizCrossCheck({ ...card, expiration_date: '2034-09-14' }, header, headed).fields.expiration_date, 'near', 'under the header')
  // Genuine pages whose expiry label is misread: the issue under its label, a validity's two dates,
  // the expiry under a label still saying it labels a date (Date o, Datum), or on its line.
  const issued = ['Date of issue', 'Gltg bis/Dat', '02 JUN/JUN 2024', '01 JUN/JUN 2034']
  const passport = { ...mrz, expiration_date: '2034-06-01' }
  t.equal(vizCrossCheck(passport, issued, layout([[0, 2], [1, 3]], [350, 780, 350, 780])).fields.expiration_date, 'match', 'the issue labelled')
  const valid = ['Valid from - until', '02.06.2024', '01.06.2034']
  t.equal(vizCrossCheck(passport, valid, layout([[0, 1]], [350, 350, 600], [[1, 2]])).fields.expiration_date, 'match', 'a validity')
  // A validity that begins after the day it is checked is the page's own expiry made its start.
  const before = new Date('2024-05-31T12:00:00Z')
  t.equal(vizCrossCheck(passport, valid, layout([[0, 1]], [350, 350, 600], [[1, 2]]), before).fields.expiration_date, 'near', 'a validity beginning in two days (a day’s margin for time zones)')
  t.equal(vizCrossCheck(passport, valid, layout([[0, 1]], [350, 350, 600], [[1, 2]]), new Date('2024-06-02T00:30:00Z')).fields.expiration_date, 'match', 'one beginning today')
  const dated = ['Datiu', 'edg tot/Date o', '02 JUN/JUN 2024', '01 JUN/JUN 2034']
  t.equal(vizCrossCheck(passport, dated, layout([[0, 2], [1, 3]], [350, 780, 350, 780])).fields.expiration_date, 'match', 'under a date’s label misread')
  t.equal(vizCrossCheck(passport, ['Datum 02.06.2024', 'Gultg bis Datum 01.06.2034'], layout([[0, 1]], [350, 350])).fields.expiration_date, 'match', 'on its line')
  // A card printing no issue date, revived: its own expiry given an issue's word (ISSUED, begun left of the
  // label over it), a later date printed on the label's line. A row of labels beside their values begins
  // where the row over it does.
  const revived = { ...card, expiration_date: '2041-09-14' }
  const issuedLines = ['Geburtstag/Date of birth', '23.05.1948', 'Gultig bis/Dateofexpiry', '14.09.2041', 'ISSUED 14.09.2031']
  const issuedAt = (start: number) => ({ ...layout([[0, 1], [2, 4]], [330, 330, 719, 950, start], [[2, 3]]), ends: [527, 489, 914, 1065, start + 279] })
  const later = new Date('2035-01-01T00:00:00Z')
  t.equal(vizCrossCheck(revived, issuedLines, issuedAt(600), later).fields.expiration_date, 'near', 'ISSUED put before the value under the label')
  t.equal(vizCrossCheck(revived, issuedLines, issuedAt(719), later).fields.expiration_date, 'match', 'the next row of labels beside their values')
  // A page whose date labels are all misread past a date's word cannot be told from a card revived: review.
  const unknown = ['Datiu', 'edg tot/Oateo', '02 JUN/JUN 2024', '01 JUN/JUN 2034']
  t.equal(vizCrossCheck(passport, unknown, layout([[0, 2], [1, 3]], [350, 780, 350, 780])).fields.expiration_date, 'near', 'labels misread')
})
