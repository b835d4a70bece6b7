// Dates where the page labels them (src/domain/viz-dates.ts): a date confirms the zone's under its own
// label, never under another field's, as the reader pairs each label with the line printed under it.
import t from 'tap'
import type { MrzData } from '../generated/schemas.js'
import { vizCrossCheck } from '../src/domain/viz-check.js'
import { labelOf, pageDates } from '../src/domain/viz-dates.js'

const mrz: MrzData = {
  format: 'TD3', document_code: 'P', issuing_state: 'NLD', document_number: 'NR5F3H1K8', surname: 'MUELLER', given_names: 'ANNA MARIA',
  nationality: 'NLD', date_of_birth: '1985-03-14', sex: 'F', expiration_date: '2019-02-09', optional_data: null,
  check_digits: { document_number: true, date_of_birth: true, expiration_date: true, composite: true },
}

/** An expired passport's page as OCR reads it (spaces lost), and which line is printed under which. */
const page = [
  'Geboortedatum/Dateofbirth', 'Geslacht/Sex', '14MAA/MAR1985', 'V/F', 'Geboorteplaats/ Placeofbirth', 'UTRECHT',
  'Geldig tot/Date of expiry', 'Datumvan afgifte/ Dateofissue', '09FEB/FEB 2019', '10FEB/FEB 2009',
]
const under: Array<[number, number]> = [[0, 2], [1, 3], [2, 4], [4, 5], [5, 7], [6, 8], [7, 9]]

t.test('what a label names, its spaces lost or not', async (t) => {
  t.equal(labelOf('Geboortedatum/Dateofbirth'), 'birth')
  t.equal(labelOf('Date of birth / Date de naissance'), 'birth')
  t.equal(labelOf('Geboorteplaats/ Placeofbirth'), 'other', 'a place of birth is no date')
  t.equal(labelOf('Datumvan afgifte/ Dateofissue'), 'issue')
  t.equal(labelOf('Autoriteit / Authority'), 'other', 'the issuing authority is no date')
  t.equal(labelOf('Gültig bis / Date of expiry'), 'expiry')
  t.equal(labelOf('Fecha de caducidad'), 'expiry')
  t.equal(labelOf('Datum van afgifte / Date of issue  Geldig tot / Date of expiry'), null, 'two labels read as one line name neither')
  t.equal(labelOf('Date of bith'), null, 'a date naming none known')
  t.equal(labelOf('14MAA/MAR1985'), null, 'a value')
})

t.test('a genuine page confirms its dates under their labels', async (t) => {
  const viz = vizCrossCheck(mrz, page, under)
  t.equal(viz.fields.date_of_birth, 'match')
  t.equal(viz.fields.expiration_date, 'match')
  t.same(pageDates(page.map((l) => l.toUpperCase()), under).labelled.issue.full, ['2009-02-10'])
  // A label and its value on one line (Date of birth 14.03.1985), fields numbered (3. Date of birth).
  t.equal(vizCrossCheck(mrz, ['3. Date of birth 14.03.1985', '4. Date of expiry 09.02.2019', '5. Date of issue 10.02.2009']).fields.date_of_birth, 'match')
  t.equal(vizCrossCheck(mrz, ['3. Date of birth', '14.03.1985'], [[0, 1]]).fields.date_of_birth, 'match')
  // Two columns' values read as one line tell neither's label.
  const merged = ['Datumvan afgifte/ Dateofissue', 'Geldig tot/Date of expiry', '10FEB/FEB 2009 09FEB/FEB 2019', '14MAA/MAR1985']
  t.equal(vizCrossCheck(mrz, merged, [[0, 2], [1, 2]]).fields.expiration_date, 'match')
  // A page printing two-digit years labels them too.
  const british = ['Date of birth', '14 MAR /MARS 85', 'Date of expiry', '09 FEB /FEB 19', 'Date of issue', '10 FEB /FEB 09']
  t.equal(vizCrossCheck(mrz, british, [[0, 1], [2, 3], [4, 5]]).fields.expiration_date, 'match')
})

t.test('a date printed over another field confirms nothing', async (t) => {
  // The zone's expiry forged ten years on, printed over the date of issue: the page then prints one
  // date besides birth and expiry, within the issue's years, and the forged one is the latest.
  const forged = { ...mrz, expiration_date: '2029-02-09' }
  const overIssue = page.map((l) => l.replace('10FEB/FEB 2009', '09 FEB/FEB 2029'))
  t.equal(vizCrossCheck(forged, overIssue).fields.expiration_date, 'match', 'without the layout, the dates alone agree')
  t.equal(vizCrossCheck(forged, overIssue, under).fields.expiration_date, 'near', 'under the label of the date of issue')
  // Over the place of birth, the page's own expiry not read.
  const overPlace = page.map((l) => l.replace('UTRECHT', '09 FEB/FEB 2029')).filter((l) => l !== '09FEB/FEB 2019')
  t.equal(vizCrossCheck(forged, overPlace, [[0, 2], [1, 3], [2, 4], [4, 5], [6, 8], [7, 8]]).fields.expiration_date, 'near', 'under another field’s label')
  // The zone's birth an adult's, printed over the date of issue of a child's passport born 2019.
  const adult = { ...mrz, date_of_birth: '1990-03-14', expiration_date: '2034-06-01' }
  const child = ['Geboortedatum/Dateofbirth', '14MAA/MAR2019', 'Geldig tot/Date of expiry', 'Datumvan afgifte/ Dateofissue', '01JUN/JUN2034', '14 MAA/MAR 1990']
  t.equal(vizCrossCheck(adult, child).fields.date_of_birth, 'match', 'without the layout, the earliest date')
  t.equal(vizCrossCheck(adult, child, [[0, 1], [2, 4], [3, 5]]).fields.date_of_birth, 'near', 'the page labels another birth date')
  // A label's value that is another date than the zone's, whatever else the page prints.
  t.equal(vizCrossCheck(forged, ['Date of expiry', '09 FEB 2019', '09 FEB 2029'], [[0, 1]]).fields.expiration_date, 'near')
})
