// The printed page against the MRZ (src/domain/viz-check.ts), on OCR lines as the fixtures' pages
// give them: genuine pages agree, misread MRZ names and painted-over pages disagree, and a page that
// does not read well only says so.
import t from 'tap'
import type { MrzData } from '../generated/schemas.js'
import { inPrintedCentury, vizCrossCheck, vizDisagrees, vizShowsAll } from '../src/domain/viz-check.js'

const mrz: MrzData = {
  format: 'TD3', document_code: 'P', issuing_state: 'NLD', document_number: 'NW8K2P7R4', surname: 'MUELLER', given_names: 'ANNA MARIA',
  nationality: 'NLD', date_of_birth: '1985-03-14', sex: 'F', expiration_date: '2034-06-01', optional_data: null,
  check_digits: { document_number: true, date_of_birth: true, expiration_date: true, composite: true },
}
/** What OCR read of the phone fixture's page (its typos kept: Voomamen, Sumam, Nationalitelt). */
const page = [
  'KONINKRIJK DER NEDERLANDEN', 'KINGDOM OF THE NETHERLANDS ROYAUME DES PAYS-BAS', 'PASPOORT/ PASSPORT', 'Soort/Type Code / Code', 'P NLD',
  'Documentnummer / Document No.', 'NW8K2P7R4', 'Naam/Sumam', 'MÜLLER', 'Voomamen /Given names', 'ANNA MARIA', 'Nationalitelt/ Nationality',
  'NEDERLANDSE', 'Geboortedatum/Date of birth', '14 MAA/MAR 1985', 'Geslacht /Sex', 'V/F', 'Geldig tot/ Date of expiry', '01 JUN/JUN 2034',
  'Datum van afgifte / Date of issue', '02 JUN/JUN 2024', 'Place of birth UTRECHT',
]

t.test('a genuine page agrees, with OCR noise', async (t) => {
  const viz = vizCrossCheck(mrz, page)
  t.same(viz, { page_read: true, fields: { surname: 'match', given_names: 'match', document_number: 'match', date_of_birth: 'match', expiration_date: 'match' } })
  t.same(vizDisagrees(viz), [])
  const noisy = page.map((l) => l.replace('MÜLLER', 'MULLER').replace('NW8K2P7R4', 'NW8K2P7R4.').replace('ANNA MARIA', 'ANNA MARlA'))
  t.same(vizDisagrees(vizCrossCheck(mrz, noisy)), [], 'diacritics dropped, a letter misread')
  t.same(vizCrossCheck(mrz, page.map((l) => l.replace('NW8K2P7R4', 'NW8K 2P7R4'))).fields.document_number, 'match', 'a number printed in groups')
  t.same(vizCrossCheck({ ...mrz, date_of_birth: '1985-03-14' }, ['born 14.03.1985']).fields.date_of_birth, 'match', 'dates in numbers')
  // Born on the day the document expires, a century before: the expiry is no birth date.
  const born34 = { ...mrz, date_of_birth: '1934-06-01' }
  t.equal(inPrintedCentury(born34, ['01 JUN/JUN 1934', '02 JUN/JUN 2024', '01 JUN/JUN 2034']).date_of_birth, '1934-06-01')
  t.same(vizCrossCheck(born34, [...page.filter((l) => !/1985|2034/.test(l)), '01 JUN/JUN 1934', '01 JUN/JUN 2034']).fields.date_of_birth, 'match')
  const born24 = { ...mrz, date_of_birth: '2024-03-14' }
  t.same(vizCrossCheck(inPrintedCentury(born24, ['14 MAA/MAR 1924']), ['14 MAA/MAR 1924']).fields.date_of_birth, 'match', 'a birth a century before the zone reads it (24: 2024 or 1924)')
  t.same(vizCrossCheck(inPrintedCentury(born24, ['14 MAA/MAR 1934']), ['14 MAA/MAR 1934']).fields.date_of_birth, 'unread', 'another year is not')
  t.equal(inPrintedCentury({ ...mrz, date_of_birth: '2024-03-14' }, ['Geboortedatum/Date of birth', '14 MAA/MAR 1924']).date_of_birth, '1924-03-14', "the zone's date in the page's century")
  t.equal(inPrintedCentury({ ...mrz, date_of_birth: '2024-03-14' }, ['14 MAA/MAR 2024']).date_of_birth, '2024-03-14', 'the century the zone was read in, printed so')
  t.equal(inPrintedCentury({ ...mrz, date_of_birth: '2024-03-14' }, []).date_of_birth, '2024-03-14', 'no page: as the zone is read')
  // A full name field (39 characters of TD3) cuts the given names: the page prints them whole.
  const long = { ...mrz, surname: 'DIAZ', given_names: 'MARIA GUADALUPE CONCEPCION ROSARI' }
  t.equal(4 + 2 + long.given_names.length, 39)
  t.same(vizCrossCheck(long, ['DIAZ', 'MARIA GUADALUPE CONCEPCION ROSARITAS']).fields.given_names, 'match', 'given names cut to fit the zone')
  t.same(vizCrossCheck({ ...long, given_names: 'MARIA GUADALUPE ROSARI' }, ['DIAZ', 'MARIA GUADALUPE ROSARITAS']).fields.given_names, 'unread', 'not when the field had room')
  const squeezed = vizCrossCheck(mrz, ['14MAA/MAR1985 V/F', '02JUN/JUN 2024 01JUN/JUN 2034'])
  t.same([squeezed.fields.date_of_birth, squeezed.fields.expiration_date], ['match', 'match'], 'dates OCR read without their spaces')
  const slashless = vizCrossCheck(mrz, ['14MAAMAR 1985', '01 JUNJUN 2034'])
  t.same([slashless.fields.date_of_birth, slashless.fields.expiration_date], ['match', 'match'], 'and without the slash between the languages')
  t.same(vizCrossCheck(mrz, ['14APRAPR 1985']).fields.date_of_birth, 'unread', 'another month is no match')
})

t.test('an MRZ name misread (fillers read as K) disagrees with the page', async (t) => {
  const given = vizCrossCheck({ ...mrz, given_names: 'ANNA MARIA CK K KKKKS' }, page)
  t.equal(given.fields.given_names, 'mismatch')
  t.same(vizDisagrees(given), ['given_names'])
  const surname = vizCrossCheck({ ...mrz, surname: 'MUELLERK' }, page)
  t.equal(surname.fields.surname, 'mismatch')
  t.same(vizDisagrees(surname), ['surname'])
})

t.test('MRZ names whose fillers OCR read as K, from the variant bench, disagree with the page', async (t) => {
  const greta: MrzData = { ...mrz, surname: 'SCHROEDER', given_names: 'GRETA LUISE' }
  const page = ['Surname / Nom', 'SCHRÖDER', 'Given names / Prénoms', 'GRETA LUISE', 'Date of birth 14 MAR 1985', 'Document No. NW8K2P7R4', 'Date of expiry 01 JUN 2034', 'Nationality NLD']
  t.same(vizDisagrees(vizCrossCheck(greta, page)), [], 'read right, it agrees')
  const swallowed = vizCrossCheck({ ...greta, surname: 'SCHROEDERKKGRETAKLUISEKKKKKKK', given_names: 'SCHROEDERKKGRETAKLUISEKKKKKKK' }, page)
  t.same(vizDisagrees(swallowed), ['surname', 'given_names'])
  const short = vizCrossCheck({ ...greta, surname: 'SCHROEDERKKGRETAKLUISE K', given_names: null }, page)
  t.same(vizDisagrees(short), ['surname'])
  const given = vizCrossCheck({ ...greta, given_names: 'GRETAKLUISE K' }, page)
  t.same(vizDisagrees(given), ['given_names'])
  const lost = vizCrossCheck({ ...greta, given_names: 'GRETALUISE' }, page)
  t.same(vizDisagrees(lost), ['given_names'], 'a filler lost between two names')
  const spaceLost = vizCrossCheck(greta, page.map((l) => l.replace('GRETA LUISE', 'GRETALUISE')))
  t.same(vizDisagrees(spaceLost), [], 'the page read without the space between its names')
  t.equal(spaceLost.fields.given_names, 'near', 'found, not confirmed: a filler put into a forged zone reads the same')
  const finnish: MrzData = { ...mrz, surname: 'HAEKKINEN', given_names: 'JAAKKO' }
  t.same(vizDisagrees(vizCrossCheck(finnish, ['Surname HÄKKINEN', 'Given names JAAKKO', 'Date of birth 14 MAR 1985', 'Document No. NW8K2P7R4', 'Nationality', 'Date of expiry 01 JUN 2034'])), [], 'names with K agree')
})

t.test('a zone forged a letter at a time never reads as confirmed by its genuine page', async (t) => {
  const printed = (value: string, as: string) => page.map((l) => (l === value ? as : l))
  const cases: Array<[Partial<MrzData>, string[], keyof ReturnType<typeof vizCrossCheck>['fields'], string]> = [
    [{ surname: 'GROS' }, printed('MÜLLER', 'GROSS'), 'surname', 'SS folded to S'],
    [{ surname: 'RAFAL' }, printed('MÜLLER', 'RAFAEL'), 'surname', 'AE folded to A'],
    [{ surname: 'ADANI' }, printed('MÜLLER', 'ADJANI'), 'surname', 'DJ folded to D'],
    [{ given_names: 'JOSE PHINE' }, printed('ANNA MARIA', 'JOSEPHINE'), 'given_names', 'a filler put into a name'],
    [{ document_number: 'NWBK2P7R4' }, page, 'document_number', '8 taken for B'],
    [{ document_number: 'NW8KZP7R4' }, page, 'document_number', '2 taken for Z'],
    [{ date_of_birth: '2024-06-02' }, page, 'date_of_birth', 'the birth date moved to the date of issue'],
  ]
  for (const [forged, lines, field, why] of cases) {
    const viz = vizCrossCheck({ ...mrz, ...forged }, lines)
    t.equal(viz.fields[field], 'near', `${why}: found, not confirmed`)
    t.notOk(vizShowsAll({ ...mrz, ...forged }, viz.fields), 'so a person looks')
  }
  // The one way round OCR's reading cannot tell: it drops diacritics, so a page's RAFAŁ reads RAFAL,
  // which a zone's RAFAEL is too, as SCHRÖDER reads SCHRODER for a zone's SCHROEDER.
  t.equal(vizCrossCheck({ ...mrz, surname: 'SCHROEDER' }, printed('MÜLLER', 'SCHRODER')).fields.surname, 'match', 'a diacritic OCR did not read')
  t.equal(vizCrossCheck({ ...mrz, surname: 'RAFAEL' }, printed('MÜLLER', 'RAFAL')).fields.surname, 'match', 'a limit: an E put into the zone after A, O or U')
  // ICAO's spellings of what the page prints are the page's value, letter for letter.
  for (const [zone, pageName] of [['MUELLER', 'MÜLLER'], ['MULLER', 'MÜLLER'], ['STRAUSS', 'STRAUß'], ['DJURIC', 'ĐURIĆ'], ['DURIC', 'ĐURIĆ'], ['RAFAL', 'RAFAŁ']]) {
    t.equal(vizCrossCheck({ ...mrz, surname: zone! }, printed('MÜLLER', pageName!)).fields.surname, 'match', `${zone} is ${pageName}`)
  }
})

t.test('a page painted over (labels read, no data) disagrees', async (t) => {
  const painted = page.filter((l) => !/MÜLLER|ANNA|NW8K|1985|2034/.test(l))
  const viz = vizCrossCheck(mrz, painted)
  t.equal(viz.page_read, true)
  t.same(vizDisagrees(viz), ['surname', 'given_names', 'document_number', 'date_of_birth', 'expiration_date'])
  const oneLeft = vizCrossCheck(mrz, [...painted, 'NW8K2P7R4'])
  t.same(vizDisagrees(oneLeft), ['surname', 'given_names', 'date_of_birth', 'expiration_date'], 'one field alone is not the page of this MRZ')
})

t.test('another person on the page, same layout: their names are not this MRZ', async (t) => {
  const other = page.map((l) => l.replace('MÜLLER', 'JANSEN').replace('ANNA MARIA', 'PIETER').replace('NW8K2P7R4', 'XR4T7Y2Q1').replace('14 MAA/MAR 1985', '02 OKT/OCT 1979'))
  t.same(vizDisagrees(vizCrossCheck(mrz, other)), ['surname', 'given_names', 'document_number', 'date_of_birth'], 'only the expiry is the same')
})

t.test('a page that shows every field of the MRZ was read, its labels unread or not', async (t) => {
  const values = ['MÜLLER', 'ANNA MARIA', 'NW8K2P7R4', '14 MAA/MAR 1985', '01 JUN/JUN 2034']
  t.equal(vizCrossCheck(mrz, values).page_read, true)
  t.equal(vizCrossCheck(mrz, values.slice(0, 4)).page_read, false, 'four of the five, and no labels: not enough to judge')
  t.same(vizDisagrees(vizCrossCheck(mrz, values.slice(0, 4))), [])
})

t.test('a page that does not read well says so and disagrees with nothing', async (t) => {
  const blurred = ['KON NKR', 'MU LER', '14 MA 1985', 'ANN']
  const viz = vizCrossCheck(mrz, blurred)
  t.equal(viz.page_read, false)
  t.same(vizDisagrees(viz), [])
  t.same(vizDisagrees(vizCrossCheck(mrz, [])), [])
})

t.test('short names are matched exactly', async (t) => {
  const li = { ...mrz, surname: 'LI', given_names: 'WEI' }
  const viz = vizCrossCheck(li, ['Surname LE', 'Given names WEN'])
  t.equal(viz.fields.surname, 'unread', 'LE is not LI')
  t.equal(viz.fields.given_names, 'unread', 'WEN is not WEI')
})

t.test('a value within OCR noise of the printed one is near: found, not confirmed', async (t) => {
  const maia = { ...mrz, given_names: 'ANNA MAIA' }
  t.equal(vizCrossCheck(maia, page).fields.given_names, 'near', 'within OCR\'s tolerance of ANNA MARIA')
  t.equal(vizCrossCheck(mrz, page).fields.given_names, 'match')
  t.equal(vizCrossCheck(mrz, page).fields.surname, 'match', 'MÜLLER is MUELLER, diacritics folded')
  // A zone changed a letter at a time, check digits recomputed, beside its genuine page: never confirmed.
  const forged = { ...mrz, surname: 'MUELLEN', given_names: 'ANNE MARIO', document_number: mrz.document_number!.slice(0, -1) + '5' }
  const viz = vizCrossCheck(forged, page)
  t.same([viz.fields.surname, viz.fields.given_names, viz.fields.document_number], ['near', 'near', 'near'])
  t.notOk(vizShowsAll(forged, viz.fields), 'so the page confirms nothing of it (review)')
  t.same(vizDisagrees(viz), [], 'nor is it a page painted over')
})

t.test('a page printing two-digit years (British passports) confirms the dates, not their century', async (t) => {
  const pick = (viz: ReturnType<typeof vizCrossCheck>) => [viz.fields.date_of_birth, viz.fields.expiration_date]
  const gb: MrzData = { ...mrz, issuing_state: 'GBR', nationality: 'GBR', surname: 'SMITH', given_names: 'JANE', document_number: '123456789', expiration_date: '2030-01-05' }
  const ukPage = ['Surname/Nom (1)', 'SMITH', 'Given names/Prénoms (2)', 'JANE', 'Nationality/Nationalité (3)', 'BRITISH CITIZEN',
    'Date of birth/Date de naissance (4)', '14 MAR /MARS 85', 'Sex/Sexe (5) Place of birth/Lieu de naissance (6)', 'F LONDON',
    'Date of issue/Date de délivrance (7) Authority/Autorité (8)', '05 JAN /JANV 20 HMPO', 'Date of expiry/Date d\'expiration (9)', '05 JAN /JANV 30']
  const viz = vizCrossCheck(gb, ukPage)
  t.same(viz.fields, { surname: 'match', given_names: 'match', document_number: 'unread', date_of_birth: 'match', expiration_date: 'match' })
  t.same(viz.two_digit_years, ['date_of_birth', 'expiration_date'], 'their century is not printed')
  t.same(vizCrossCheck(gb, ukPage.map((l) => l.replace(' /MARS ', '/MARS').replace('JAN /JANV 30', 'JAN/JANV30'))).fields.date_of_birth, 'match', 'read without spaces')
  // A zone whose birth date is moved to the page's date of issue: printed, but not as the birth.
  t.same(vizCrossCheck({ ...gb, date_of_birth: '2020-01-05' }, ukPage).fields.date_of_birth, 'near')
  t.same(vizCrossCheck({ ...gb, expiration_date: '2020-01-05' }, ukPage).fields.expiration_date, 'near', 'an expiry that is the date of issue')
  t.same(vizCrossCheck({ ...gb, date_of_birth: '1985-03-15' }, ukPage).fields.date_of_birth, 'unread', 'another day')
  t.same(vizCrossCheck({ ...gb, date_of_birth: '1986-03-14' }, ukPage).fields.date_of_birth, 'unread', 'another year')
  t.equal(vizCrossCheck(gb, page).two_digit_years, undefined, 'a page printing its centuries has none')
  // A holder born in 1945 whose passport expired in 2019: whatever century a printed 45 is read in,
  // the zone's expiry moved onto her birthday (2045) or her birth onto the date of issue is not the page's.
  const old = ['Date of birth', '14 MAR /MARS 45', 'Date of issue', '05 JAN /JANV 09', 'Date of expiry', '05 JAN /JANV 19']
  const born45: MrzData = { ...gb, date_of_birth: '1945-03-14', expiration_date: '2019-01-05' }
  t.same(pick(vizCrossCheck(born45, old)), ['match', 'match'], 'as printed')
  t.same(pick(vizCrossCheck({ ...born45, expiration_date: '2045-03-14' }, old)), ['near', 'near'], 'the birthday is no expiry')
  t.same(pick(vizCrossCheck({ ...born45, date_of_birth: '2009-01-05' }, old)), ['near', 'near'], 'nor the date of issue a birth')
  t.same(pick(vizCrossCheck({ ...born45, expiration_date: '2009-01-05' }, old)), ['near', 'near'], 'nor an expiry')
  t.same(pick(vizCrossCheck({ ...born45, date_of_birth: '2009-01-05', expiration_date: '2045-03-14' }, old)), ['near', 'near'], 'nor both at once: an expiry 26 years after its issue')
  const born38 = ['14 MAR /MARS 38', '05 JAN /JANV 15', '05 JAN /JANV 25']
  t.same(pick(vizCrossCheck({ ...born45, date_of_birth: '1938-03-14', expiration_date: '2025-01-05' }, born38)), ['match', 'match'], 'a passport of ten years')
  t.same(pick(vizCrossCheck({ ...born45, date_of_birth: '2015-01-05', expiration_date: '2038-03-14' }, born38)), ['near', 'near'], 'its expiry moved 13 years on')
  t.equal(inPrintedCentury({ ...gb, date_of_birth: '2024-03-14' }, ['14 MAR /MARS 24']).date_of_birth, '2024-03-14', 'nor does a two-digit year say a century')
  t.same(vizCrossCheck(mrz, ['14 MAA/MAR 1985', '14 MAA/MAR 19856']).two_digit_years, undefined, 'a four-digit year is no two-digit one')
})

t.test('a value found inside another field, or beside the page’s own, confirms nothing', async (t) => {
  // A zone's surname changed to a name the page prints in its authority (BURG. VAN UTRECHT).
  const authority = [...page, 'Autoriteit / Authority', 'BURG. VAN UTRECHT']
  t.equal(vizCrossCheck({ ...mrz, surname: 'VAN UTRECHT' }, authority).fields.surname, 'near', 'found, not confirmed')
  t.equal(vizCrossCheck(mrz, authority).fields.surname, 'match', 'the surname in its own line confirms')
  t.equal(vizCrossCheck(mrz, page.map((l) => (l === 'MÜLLER' ? 'Naam / Surname MÜLLER' : l))).fields.surname, 'match', 'beside its label too')
  // An expired page with a date added to it (a sticker printing the zone's forged expiry).
  const expired = ['Geboortedatum / Date of birth', '14 MAA/MAR 1985', 'Datum van afgifte / Date of issue', '10 FEB/FEB 2014', 'Geldig tot / Date of expiry', '09 FEB/FEB 2019']
  const forged = { ...mrz, expiration_date: '2040-03-14' }
  t.equal(vizCrossCheck(forged, [...expired, '14 MAR 2040']).fields.expiration_date, 'near', 'the latest date, with the page’s own expiry among the others')
  t.equal(vizCrossCheck({ ...mrz, expiration_date: '2019-02-09' }, expired).fields.expiration_date, 'match', 'the genuine page')
  // A child's passport (born 2010) with an adult's birth date added.
  const child = ['Date of birth', '14 MAR 2010', 'Date of issue', '02 JUN 2024', 'Date of expiry', '01 JUN 2029']
  const adult = { ...mrz, date_of_birth: '1990-03-14', expiration_date: '2029-06-01' }
  t.equal(vizCrossCheck(adult, [...child, '14 MAR 1990']).fields.date_of_birth, 'near', 'the earliest date, with the page’s own birth among the others')
  t.equal(vizCrossCheck({ ...adult, date_of_birth: '2010-03-14' }, child).fields.date_of_birth, 'match', 'the genuine page')
  // A card valid 15 years (issued 2016, expiring 2031) is genuine.
  const card = { ...mrz, date_of_birth: '1948-05-23', expiration_date: '2031-09-14' }
  t.equal(vizCrossCheck(card, ['23.05.1948', '15.09.2016', '14.09.2031']).fields.expiration_date, 'match')
})

t.test('dates as pages print them across Europe', async (t) => {
  const born = { ...mrz, date_of_birth: '1984-01-12', expiration_date: '2032-04-08' }
  t.equal(vizCrossCheck(born, ['12 GEN/JAN 1984']).fields.date_of_birth, 'match', 'the national month first (Italian GEN), English after')
  t.equal(vizCrossCheck(born, ['12 ENE/JAN 1984']).fields.date_of_birth, 'match', 'Spanish ENE')
  t.equal(vizCrossCheck(born, ['12011984', '08042032']).fields.date_of_birth, 'match', 'DD MM YYYY with its spaces lost to OCR')
  t.equal(vizCrossCheck(born, ['12011984', '08042032']).fields.expiration_date, 'match')
  t.equal(vizCrossCheck(born, ['12345678', '12 JAN 1984']).fields.date_of_birth, 'match', 'eight digits that are no date are no date')
  t.equal(vizCrossCheck(born, ['12 011984', '0804 2032']).fields.date_of_birth, 'match', 'one of the spaces lost')
  t.equal(vizCrossCheck(born, ['12 011984', '0804 2032']).fields.expiration_date, 'match')
  const june = { ...born, expiration_date: '2032-06-08' }
  t.equal(vizCrossCheck(june, ['12 GEN/JAN 1984', '08JUNJUIN2032']).fields.expiration_date, 'match', 'two languages’ months run together')
  t.equal(vizCrossCheck(june, ['12 GEN/JAN 84', '08JUNJUIN 32']).fields.expiration_date, 'match', 'and with two-digit years')
  t.equal(vizCrossCheck({ ...born, date_of_birth: '2016-08-01' }, ['01AG02016', '08 APR 2032']).fields.date_of_birth, 'match', 'the O of AGO read as a zero')
  t.equal(vizCrossCheck({ ...june, expiration_date: '2033-10-31' }, ['12 GEN/JAN 1984', 'Date of expiry310CT2033']).fields.expiration_date, 'match', 'the O of OCT read as a zero')
  // A month in its own script first (Greek ΦΕΒ), or what OCR keeps of it.
  t.equal(vizCrossCheck({ ...born, date_of_birth: '1987-02-20' }, ['20 ΦΕΒ/FEB 1987', '08 APR 2032']).fields.date_of_birth, 'match')
  t.equal(vizCrossCheck({ ...born, date_of_birth: '1987-02-20' }, ['20 EB/FEB1987', '08 APR 2032']).fields.date_of_birth, 'match', 'the first month read in part')
  // A name between a month and a year makes no date, nor swallows the name.
  t.equal(vizCrossCheck({ ...born, date_of_birth: '2024-06-02' }, ['02JUNMULLER 2024', '08 APR 2032']).fields.date_of_birth, 'unread')
  t.equal(vizCrossCheck(born, ['12 JAN/JANV/GEN 1984', '08 APR 2032']).fields.date_of_birth, 'match', 'months in three languages')
  t.equal(vizCrossCheck({ ...born, date_of_birth: '1985-03-14' }, ['14 MAAIMAR 1985', '08 APR 2032']).fields.date_of_birth, 'match', 'a slash read as I')
  // GROß is read GROB by OCR: the zone's GROSS.
  t.equal(vizCrossCheck({ ...mrz, surname: 'GROSS' }, ['GROB']).fields.surname, 'match', 'ß read as B')
})

t.test('where the page labels a name, the name confirms there', async (t) => {
  // A card's front, its rows of two columns read label, label, value, value.
  const card = [
    'Ausweisnummer / Card No.', 'Name / Surname', 'LM4R7XC21', 'SCHRÖDER', 'Vornamen / Given names', 'GRETA LUISE',
    'Geburtstag / Date of birth', 'Staatsangehörigkeit / Nationality', '23.05.1948', 'DEUTSCH', 'Geburtsort / Place of birth', 'HAMBURG',
  ]
  const zone = { ...mrz, surname: 'SCHROEDER', given_names: 'GRETA LUISE', document_number: 'LM4R7XC21', date_of_birth: '1948-05-23' }
  t.equal(vizCrossCheck(zone, card).fields.surname, 'match', 'the surname in the row under its label')
  // The zone's surname changed to the place of birth, which the page prints alone in its own field.
  t.equal(vizCrossCheck({ ...zone, surname: 'HAMBURG' }, card).fields.surname, 'near', 'found in another field: not confirmed')
  // A name printed in two alphabets on one line: each part is the name.
  t.equal(vizCrossCheck({ ...mrz, surname: 'IVANOVA' }, ['Фамилия / Surname', 'ИВАНОВА/IVANOVA']).fields.surname, 'match')
  const russian = { ...mrz, issuing_state: 'RUS', nationality: 'RUS', surname: 'IVANOVA' }
  t.equal(vizCrossCheck(russian, ['RUSSIAN FEDERATION', 'MBAHOBA/IVANOVA']).fields.surname, 'match', 'whatever OCR reads of the other part')
  t.equal(vizCrossCheck({ ...russian, issuing_state: 'NLD' }, ['RUSSIAN FEDERATION', 'MBAHOBA/IVANOVA']).fields.surname, 'near', 'only where the state prints two scripts')
  t.equal(vizCrossCheck(russian, ['KINGDOM OF THE NETHERLANDS', 'MBAHOBA/IVANOVA']).fields.surname, 'near', 'on a page naming that state')
  // Or in its own script over the Latin, under the label: the Latin line under the other prints it.
  const twoLines = ['/ Surname', 'KY3HELOBA', 'KUZNETSOVA', '/ Given names', 'ANNA', 'RUSSIAN FEDERATION']
  const twoLinesLayout = { under: [[0, 1], [1, 2], [2, 3], [3, 4]] as Array<[number, number]>, beside: [], along: [350, 350, 350, 350, 350, 350] }
  const kuznetsova = { ...russian, surname: 'KUZNETSOVA', given_names: 'ANNA' }
  t.equal(vizCrossCheck(kuznetsova, twoLines, twoLinesLayout).fields.surname, 'match')
  t.equal(vizCrossCheck({ ...kuznetsova, issuing_state: 'NLD' }, twoLines, twoLinesLayout).fields.surname, 'near', 'a Latin page’s two names')
  const kramerBeside = { ...twoLinesLayout, beside: [[0, 6]] as Array<[number, number]>, along: [...twoLinesLayout.along, 520] }
  t.equal(vizCrossCheck({ ...kuznetsova, surname: 'KRAMER' }, [...twoLines, 'KRAMER'], kramerBeside).fields.surname, 'near', 'a name beside the label')
  // A name added after a slash on a Latin page's own name line is a second name, not a spelling of it.
  const slashed = ['Naam / Surname', 'MÜLLER/ KRAMER', 'Voornamen / Given names', 'ANNA MARIA']
  const rows = { under: [[0, 1], [1, 2], [2, 3]] as Array<[number, number]>, beside: [], along: [350, 350, 350, 350] }
  t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER' }, slashed, rows).fields.surname, 'near')
  t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER' }, slashed).fields.surname, 'near', 'nor anywhere')
  // Nor with the zone's issuing state changed alone to one printing two scripts: the page names no such state.
  t.equal(vizCrossCheck({ ...mrz, issuing_state: 'ARM', surname: 'KRAMER' }, ['KONINKRIJK DER NEDERLANDEN', ...slashed], { ...rows, under: rows.under.map(([a, b]) => [a + 1, b + 1] as [number, number]), along: [350, ...rows.along] }).fields.surname, 'near', 'ARM in the zone alone')
  const dated = ['Naam / Surname', 'KRAMER', 'MULLER14MAR1985', 'Voornamen / Given names', 'ANNA MARIA']
  const besideAndUnder = { under: [[0, 2], [2, 3], [3, 4]] as Array<[number, number]>, beside: [[0, 1]] as Array<[number, number]>, along: [350, 520, 350, 350, 350] }
  t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER' }, dated, besideAndUnder).fields.surname, 'near', 'a date run onto the page’s own name')
  // Whatever word is put before the page's own name (No MULLER: NOM run together), and whatever the
  // holder's name holds (RICARDO: CARD; MAY, MARJAN: months' words).
  const named = (own: string) => ['Naam / Surname', 'KRAMER', own, 'Voornamen / Given names', 'ANNA MARIA']
  for (const own of ['No MULLER', 'RICARDO', 'MAY', 'MARJAN', 'LI']) {
    t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER' }, named(own), besideAndUnder).fields.surname, 'near', `${own} is a name line`)
  }
  t.equal(vizCrossCheck({ ...mrz, surname: 'MAY' }, named('MAY').filter((l) => l !== 'KRAMER'), { under: [[0, 1], [1, 2], [2, 3]], beside: [], along: [350, 350, 350, 350] }).fields.surname, 'match', 'a holder named MAY')
  // Nor is the page's own name with a label's words put after it (MÜLLER (BIRTH NAME)), for either name.
  for (const own of ['MÜLLER (BIRTH NAME)', 'MULLER1 (BIRTH NAME)', 'CARDOSO (BIRTH NAME)', 'MAY (BIRTH NAME)', 'MULLER1 SEX F']) {
    t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER' }, named(own), besideAndUnder).fields.surname, 'near', `${own}: a name with labels’ words after it`)
  }
  const given = ['Voornamen / Given names', 'HELGA', 'ANNA MARIA (GIVEN)', 'Nationaliteit / Nationality', 'NEDERLANDSE']
  t.equal(vizCrossCheck({ ...mrz, given_names: 'HELGA' }, given, besideAndUnder).fields.given_names, 'near', 'given names with a label’s word after them')
  // A label read with the zone's other name, under the surname's label (labels left of their values), is no name line.
  const merged = ['MEIJER', 'Naam', 'Voornamen JOHANNES HENDRIK']
  t.equal(vizCrossCheck({ ...mrz, surname: 'MEIJER', given_names: 'JOHANNES HENDRIK' }, merged, { under: [[1, 2]], beside: [[1, 0]], along: [350, 120, 120] }).fields.surname, 'match', 'the next label read with its value')
})

t.test("a name under its label is that line's whole value, under every such label", async (t) => {
  const labelled = ['Naam / Surname', 'MÜLLER', 'Voornamen / Given names', 'ANNA MARIA', 'Geboortedatum / Date of birth', '14 MAA/MAR 1985']
  t.equal(vizCrossCheck(mrz, labelled).fields.surname, 'match')
  t.equal(vizCrossCheck(mrz, labelled).fields.given_names, 'match')
  // The zone's names rearranged from the page's own (MARIA<<ANNA), the page untouched.
  const rearranged = vizCrossCheck({ ...mrz, surname: 'MARIA', given_names: 'ANNA' }, labelled).fields
  t.equal(rearranged.surname, 'near', 'MARIA is part of the given names’ row, not the surname')
  t.equal(rearranged.given_names, 'near')
  // A label and name added above the page's own (a sticker printing BAKER under "Naam / Nom").
  const added = ['Naam / Nom', 'BAKER', 'Voornamen / Prenoms', 'JOHN', ...labelled]
  const forged = vizCrossCheck({ ...mrz, surname: 'BAKER', given_names: 'JOHN' }, added).fields
  t.equal(forged.surname, 'near', 'the page’s own surname label prints another name')
  t.equal(forged.given_names, 'near')
})

t.test('a name printed beside its label (labels left of their values) confirms there', async (t) => {
  // A label-left page: each value's box a little taller than its label's, so OCR lists it first.
  const left = ['GIRARD', 'Nom / Surname', 'ELODIE', 'Prénoms / Given names', 'FRANÇAISE', 'Nationalité / Nationality']
  const zone = { ...mrz, surname: 'GIRARD', given_names: 'ELODIE' }
  const beside = { under: [[0, 2], [1, 3], [2, 4], [3, 5]] as Array<[number, number]>, beside: [[1, 0], [3, 2], [5, 4]] as Array<[number, number]>, along: [680, 340, 680, 340, 680, 340] }
  t.equal(vizCrossCheck(zone, left, beside).fields.surname, 'match')
  t.equal(vizCrossCheck(zone, left, beside).fields.given_names, 'match')
  t.equal(vizCrossCheck(zone, left, { ...beside, beside: [] }).fields.surname, 'near', 'without the row, the line after the label is the next row’s')
  // A label and its value read as one line, the label's spaces lost: the label's words run together.
  t.equal(vizCrossCheck({ ...mrz, given_names: 'SIMONE' }, ['Givennames:SIMoNE']).fields.given_names, 'match')
  t.equal(vizCrossCheck({ ...mrz, given_names: 'SIMONE' }, ['Givenrame:SIMoNE']).fields.given_names, 'near', 'a word that is no label’s')
  // A second name for one label: the zone's surname printed under the label (its row the page's own
  // GIRARD), or a label-above page's beside its label in the label's row (MÜLLER under it).
  const under = vizCrossCheck({ ...zone, surname: 'KRAMER' }, [...left, 'KRAMER'], { ...beside, under: [...beside.under, [1, 6]], along: [...beside.along, 340] })
  t.equal(under.fields.surname, 'near', 'GIRARD beside the label is a name too')
  const above = ['Naam / Surname', 'KRAMER', 'MÜLLER', 'Voornamen / Given names', 'ANNA MARIA']
  const rows = { under: [[0, 2], [2, 3], [3, 4]] as Array<[number, number]>, beside: [[0, 1]] as Array<[number, number]>, along: [350, 520, 350, 350, 350] }
  t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER' }, above, rows).fields.surname, 'near', 'MÜLLER under the label is a name too')
  t.equal(vizCrossCheck(mrz, above.filter((l) => l !== 'KRAMER'), { under: [[0, 1], [1, 2], [2, 3]], beside: [], along: [350, 350, 350, 350] }).fields.surname, 'match', 'the page as printed')
})

t.test("a name printed beside the page's own, in its row, is not under the label", async (t) => {
  const page = ['Naam / Surname', 'MÜLLER', 'KRAMER', 'Voornamen / Given names', 'ANNA MARIA', 'HELENE']
  const rows = { under: [[0, 1], [1, 3], [3, 4]] as Array<[number, number]>, beside: [[1, 2], [4, 5]] as Array<[number, number]>, along: [350, 350, 620, 350, 350, 620] }
  const zone = { ...mrz, surname: 'KRAMER', given_names: 'HELENE' }
  t.equal(vizCrossCheck(zone, page, rows).fields.surname, 'near')
  t.equal(vizCrossCheck(zone, page, rows).fields.given_names, 'near')
  t.equal(vizCrossCheck(mrz, page, rows).fields.surname, 'match', 'the page’s own name is')
})

t.test('given names run onto a second line are one name', async (t) => {
  const page = ['Apellidos / Surname', 'GARCIA LOPEZ', 'Nombre / Given names', 'LUCIA', 'JAVIER', 'Nacionalidad / Nationality', 'ESPAÑOLA']
  const zone = { ...mrz, surname: 'GARCIA LOPEZ', given_names: 'LUCIA JAVIER' }
  const rows = { under: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6]] as Array<[number, number]>, beside: [], along: [350, 350, 350, 350, 350, 350, 350] }
  t.equal(vizCrossCheck(zone, page, rows).fields.given_names, 'match')
  t.equal(vizCrossCheck(zone, page).fields.given_names, 'unread', 'without the layout, two lines are not one')
  t.equal(vizCrossCheck({ ...zone, given_names: 'JAVIER LUCIA' }, page, rows).fields.given_names, 'unread', 'in the order printed')
})

t.test('a label OCR misreads is still the label: the name under it must be the zone’s', async (t) => {
  // The phone fixture's labels as OCR reads them (Sumame, Voomamen), the zone's names changed, and
  // the changed names printed in a blank of the page, under no label: the page's own are under theirs.
  const misread = ['Naam/Sumame', 'MÜLLER', 'Voomamen/Given names', 'ANNA MARIA', 'KRAMER', 'Vormamen/ Givennames', 'HELENA']
  const rows = { under: [[0, 1], [1, 2], [2, 3]] as Array<[number, number]>, beside: [], along: [350, 350, 350, 350, 1000, 350, 1000] }
  const zone = { ...mrz, surname: 'KRAMER', given_names: 'HELENA' }
  t.equal(vizCrossCheck(zone, misread.slice(0, 5), rows).fields.surname, 'near', 'Sumame is Surname')
  t.equal(vizCrossCheck(zone, misread.slice(0, 5).concat('HELENA'), rows).fields.given_names, 'near', 'Voomamen is Voornamen')
  const card = ['Name/ Sumame', 'SCHRÖDER', 'Vomamen/Given names', 'GRETA LUISE', 'HEIDI']
  const cardZone = { ...mrz, surname: 'SCHROEDER', given_names: 'HEIDI' }
  t.equal(vizCrossCheck(cardZone, card, rows).fields.given_names, 'near', 'Vomamen is Vornamen')
  t.equal(vizCrossCheck({ ...cardZone, given_names: 'GRETA LUISE' }, card.slice(0, 4), rows).fields.given_names, 'match', 'the page’s own names under them')
  t.equal(vizCrossCheck(mrz, misread.slice(0, 4), rows).fields.surname, 'match', 'the page’s own surname')
  // A name a letter away from a label's word (BARNES, JAMES: NAMES) is no label: the page's own is under it.
  const names = ['Naam / Surname', 'KRAMER', 'BARNES', 'Voornamen / Given names', 'JAMES']
  const besideLabel = { under: [[0, 2], [2, 3], [3, 4]] as Array<[number, number]>, beside: [[0, 1]] as Array<[number, number]>, along: [350, 620, 350, 350, 350] }
  t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER', given_names: 'JAMES' }, names, besideLabel).fields.surname, 'near', 'BARNES under the label')
  t.equal(vizCrossCheck({ ...mrz, surname: 'BARNES', given_names: 'JAMES' }, names.filter((l) => l !== 'KRAMER'), rows).fields.surname, 'match', 'BARNES as printed')
  // A holder whose surname is a label's word (DATE, CARD, MANES: NAMES as OCR misreads it): printed in
  // capitals under a label in small letters, as the page prints its values, it is the label's value.
  for (const own of ['DATE', 'CARD', 'MANES']) {
    const page = [names[0]!, 'KRAMER', own, ...names.slice(3)]
    t.equal(vizCrossCheck({ ...mrz, surname: 'KRAMER', given_names: 'JAMES' }, page, besideLabel).fields.surname, 'near', `${own} under the label, KRAMER beside it`)
    const genuine = page.filter((l) => l !== 'KRAMER')
    t.equal(vizCrossCheck({ ...mrz, surname: own, given_names: 'JAMES' }, genuine, rows).fields.surname, 'match', `${own} as printed`)
  }
  // Labels left of their values: the next label, in small letters, under the surname's is still a label.
  const leftLabels = ['MEIJER', 'Naam', 'JOHANNES HENDRIK', 'Voornamen / Given names']
  const leftLayout = { under: [[1, 3], [0, 2]] as Array<[number, number]>, beside: [[1, 0], [3, 2]] as Array<[number, number]>, along: [350, 120, 350, 120] }
  t.equal(vizCrossCheck({ ...mrz, surname: 'MEIJER', given_names: 'JOHANNES HENDRIK' }, leftLabels, leftLayout).fields.surname, 'match', 'a label under a label')
  // Labels left of their values: the next label misread (Voormamen) under the surname's is no second name.
  const left = ['MEIJER', 'Naam', 'JOHANNES HENDRIK', 'Voormamen']
  const beside = { under: [[1, 3], [0, 2]] as Array<[number, number]>, beside: [[1, 0], [3, 2]] as Array<[number, number]>, along: [350, 120, 350, 120] }
  t.equal(vizCrossCheck({ ...mrz, surname: 'MEIJER', given_names: 'JOHANNES HENDRIK' }, left, beside).fields.surname, 'match', 'a label misread is no name line')
})

t.test('a surname runs onto a second line only when too long for one', async (t) => {
  // MUELLER<KRAMER in the zone, KRAMER printed on a line of its own under the page's MÜLLER.
  const page = ['Naam / Surname', 'MÜLLER', 'KRAMER', 'Voornamen / Given names', 'ANNA MARIA']
  const rows = { under: [[0, 1], [1, 2], [2, 3], [3, 4]] as Array<[number, number]>, beside: [], along: [350, 350, 350, 350, 350] }
  t.equal(vizCrossCheck({ ...mrz, surname: 'MUELLER KRAMER' }, page, rows).fields.surname, 'near', 'a word put under the page’s own')
  const padded = page.map((l) => (l === 'MÜLLER' ? 'MÜLLER **************' : l))
  t.equal(vizCrossCheck({ ...mrz, surname: 'MUELLER KRAMER' }, padded, rows).fields.surname, 'near', 'however its line is padded')
  const lettered = page.map((l) => (l === 'MÜLLER' ? 'I I I I I I I I I I I I I I I I MÜLLER' : l))
  t.equal(vizCrossCheck({ ...mrz, surname: 'MUELLER KRAMER' }, lettered, rows).fields.surname, 'near', 'or with single letters')
  const long = ['Apellidos / Surname', 'GONZALEZ FERNANDEZ DE LA', 'TORRE', 'Nombre / Given names', 'ANNA MARIA']
  t.equal(vizCrossCheck({ ...mrz, surname: 'GONZALEZ FERNANDEZ DE LA TORRE' }, long, rows).fields.surname, 'match', 'a name too long for its field')
})

t.test('where the page labels the number, the number under the label is the zone’s', async (t) => {
  const numbered = ['Documentnummer / Document No.', 'NW8K2P7R4', 'Persoonsnummer / Personal No.', '123456782', 'NK2H5F1R3']
  const layout = { under: [[0, 1], [2, 3]] as Array<[number, number]>, beside: [], along: [780, 780, 350, 350, 900] }
  t.equal(vizCrossCheck(mrz, numbered, layout).fields.document_number, 'match')
  t.equal(vizCrossCheck({ ...mrz, document_number: 'NK2H5F1R3' }, numbered).fields.document_number, 'match', 'without the layout, found anywhere')
  t.equal(vizCrossCheck({ ...mrz, document_number: 'NK2H5F1R3' }, numbered, layout).fields.document_number, 'near', 'another number under the label')
  t.equal(vizCrossCheck(mrz, numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K2P7R4.')), layout).fields.document_number, 'match', 'punctuation under the label')
  t.equal(vizCrossCheck(mrz, numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K 2P7R4')), layout).fields.document_number, 'match', 'a number printed in groups')
  // A letter changed (NW8K2P7R5), the forged copy printed elsewhere: under the label is another number.
  t.equal(vizCrossCheck({ ...mrz, document_number: 'NW8K2P7R5' }, [...numbered, 'NW8K2P7R5'], layout).fields.document_number, 'near')
  // The forged number printed beside the page's own, read as one line under the label.
  const beside = numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K2P7R4 NK2H5F1R3'))
  t.equal(vizCrossCheck({ ...mrz, document_number: 'NK2H5F1R3' }, beside, layout).fields.document_number, 'near')
  // A label whose space OCR lost (PassportNo.) is a label all the same; NOT VALID is none.
  const spaceLost = ['SYNTHETIC TEST DOCUMENT-NOTVALID', 'NK2H5F1R3', 'PassportNo./PasseportNo.', 'NW8K2P7R4']
  const spaceLayout = { under: [[0, 1], [2, 3]] as Array<[number, number]>, beside: [], along: [780, 900, 780, 780] }
  t.equal(vizCrossCheck({ ...mrz, document_number: 'NK2H5F1R3' }, spaceLost, spaceLayout).fields.document_number, 'near')
  t.equal(vizCrossCheck(mrz, spaceLost, spaceLayout).fields.document_number, 'match')
  // A date added after the page's own number (read as one line): the number is still another's. A row's
  // expiry read on the number's line leaves the number as it is.
  const stolen = { ...mrz, document_number: 'NK2H5F1R3' }
  t.equal(vizCrossCheck(stolen, numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K2P7R4/01JUN34')), layout).fields.document_number, 'near')
  t.equal(vizCrossCheck(stolen, numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K2P7R4-01JUN2034')), layout).fields.document_number, 'near', 'only the date is left out')
  // The stolen number printed beside the label, the page's own still under it: every line the label has must print it.
  const besideLabel = { ...layout, beside: [[0, 4]] as Array<[number, number]> }
  t.equal(vizCrossCheck(stolen, numbered, besideLabel).fields.document_number, 'near')
  t.equal(vizCrossCheck(mrz, numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K2P7R4 01.06.2034')), layout).fields.document_number, 'match')
  // Digits on the label's line (a field's number, or added onto it) leave it a label.
  t.equal(vizCrossCheck(stolen, numbered.map((l) => l.replace('Document No.', 'Document No. (1)')), layout).fields.document_number, 'near')
  t.equal(vizCrossCheck(mrz, numbered.map((l) => l.replace('Documentnummer', '5. Documentnummer')), layout).fields.document_number, 'match')
  // A label left of its number, the number read first.
  const left = ['GTJ475V13', 'N° du passeport / Passport No.', 'NK2H5F1R3']
  const leftLayout = { under: [[0, 2]] as Array<[number, number]>, beside: [[1, 0]] as Array<[number, number]>, along: [680, 340, 900] }
  t.equal(vizCrossCheck({ ...mrz, document_number: 'GTJ475V13' }, left, leftLayout).fields.document_number, 'match')
  t.equal(vizCrossCheck(stolen, left, leftLayout).fields.document_number, 'near', 'the number beside the label is another')
  // A word merged onto the label's line leaves it the label: another number's word (two columns'
  // labels read as one line label both numbers, one of them the zone's), or a number of its own (its value).
  const merged = (word: string) => numbered.map((l) => (l.startsWith('Documentnummer') ? `${l} ${word}` : l))
  t.equal(vizCrossCheck(stolen, merged('Persoonsnr.'), layout).fields.document_number, 'near', 'another number’s word')
  const twoColumns = { ...layout, under: [[0, 1], [0, 3]] as Array<[number, number]>, along: [780, 780, 350, 1010, 900] }
  t.equal(vizCrossCheck(mrz, merged('Persoonsnummer / Personal No.'), twoColumns).fields.document_number, 'match', 'two columns’ labels as one line')
  // A stolen number beside the page's own, the label made two columns' by a word (or one before it):
  // the number under the words naming the document is the page's own.
  const stolenBeside = { ...twoColumns, along: [780, 780, 350, 350, 1010], under: [[0, 1], [0, 4]] as Array<[number, number]> }
  t.equal(vizCrossCheck(stolen, merged('Persoonsnr.'), stolenBeside).fields.document_number, 'near', 'the first column is the document’s')
  const before = numbered.map((l) => (l.startsWith('Documentnummer') ? `Persoonsnr. ${l}` : l))
  t.equal(vizCrossCheck(stolen, before, { ...stolenBeside, along: [680, 780, 350, 350, 1010], ends: [1150, 860, 500, 460, 1150] }).fields.document_number, 'near', 'under the document’s words')
  // Both columns' values read as one line too: the number under the document's words.
  const spanish = ['N°pasaporte / Passport No.DNI N°/ Personal No.', 'WH2LY06N8 02872691Z']
  const oneRow = { under: [[0, 1]] as Array<[number, number]>, beside: [], along: [350, 350], ends: [1100, 1000] }
  t.equal(vizCrossCheck({ ...mrz, document_number: 'WH2LY06N8' }, spanish, oneRow).fields.document_number, 'match')
  t.equal(vizCrossCheck({ ...mrz, document_number: '02872691Z' }, [...spanish, '02872691Z'], oneRow).fields.document_number, 'near', 'the personal number is no document number')
  const gluedStolen = ['Persoonsnr. Documentnummer / Document No.', 'NW8K2P7R4 NK2H5F1R3']
  t.equal(vizCrossCheck(stolen, gluedStolen, { under: [[0, 1]], beside: [], along: [680, 780], ends: [1150, 1190] }).fields.document_number, 'near', 'the stolen number glued on')
  // A document's word put before the label with another number's: the words naming the document's
  // number (Documentnummer) place its column, not the first document word (Card).
  const cardPrefix = ['Card /Persoonsnr Documentnummer/ Document No.', 'NK2H5F1R3', 'NW8K2P7R4']
  t.equal(vizCrossCheck(stolen, cardPrefix, { under: [[0, 1], [0, 2]], beside: [], along: [648, 600, 780], ends: [1043, 760, 955] }).fields.document_number, 'near', 'Card before Documentnummer')
  // A label's words put after the page's own number leave it the label's value.
  t.equal(vizCrossCheck(stolen, numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K2P7R4 No.NK2H5F1R3')), layout).fields.document_number, 'near', 'a number, then a label')
  t.equal(vizCrossCheck(stolen, numbered.map((l) => l.replace('NW8K2P7R4', 'NW8K2P7R4 Personal No.')), layout).fields.document_number, 'near', 'a number, then another’s label')
  t.equal(vizCrossCheck(stolen, numbered.map((l) => l.replace('NW8K2P7R4', 'BSN No. NW8K2P7R4')), layout).fields.document_number, 'near', 'another’s label, then the number')
  // Labels left of their values: the row under the label is the next row's label and value.
  const leftRows = ['Passport No.', 'GTJ475V13', 'Personal No. 123456782']
  const leftRowsLayout = { under: [[0, 2]] as Array<[number, number]>, beside: [[0, 1]] as Array<[number, number]>, along: [340, 680, 340] }
  t.equal(vizCrossCheck({ ...mrz, document_number: 'GTJ475V13' }, leftRows, leftRowsLayout).fields.document_number, 'match')
  t.equal(vizCrossCheck(stolen, merged('(Ref 2024A1)'), layout).fields.document_number, 'near', 'a number of its own')
  t.equal(vizCrossCheck(stolen, merged('(Ref NK2H5F1R3)'), layout).fields.document_number, 'near', 'the page’s own still under it')
  t.equal(vizCrossCheck(stolen, merged('Persoonsnr. NK2H5F1R3'), layout).fields.document_number, 'near', 'another number’s word and the number')
  t.equal(vizCrossCheck(stolen, numbered.map((l) => (l.startsWith('Documentnummer') ? `(Ref 2024A1) ${l}` : l)), layout).fields.document_number, 'near', 'before it')
  // A label-left page's label and number read as one line: the number after the label is its value.
  const oneLine = ['Passport No.GTJ475V13', 'Surname: KRAMER', 'NK2H5F1R3']
  const oneLayout = { under: [[0, 1]] as Array<[number, number]>, beside: [], along: [340, 340, 900] }
  t.equal(vizCrossCheck({ ...mrz, document_number: 'GTJ475V13' }, oneLine, oneLayout).fields.document_number, 'match')
  t.equal(vizCrossCheck(stolen, oneLine, oneLayout).fields.document_number, 'near')
  t.equal(vizCrossCheck({ ...mrz, document_number: 'PX1V4SUB7' }, ['N°PASAPORTE:PX1V4SUB7'], { under: [], beside: [], along: [340] }).fields.document_number, 'match', 'after a colon')
})
