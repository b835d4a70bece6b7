// Reading machine-readable zones: layouts (TD1, TD2, TD3, MRV-A, MRV-B visas), sex X, and how
// two-digit years become dates. Zones are built by test/helpers/mrz.ts with valid check digits.
import t from 'tap'
import { documentCheck } from '../src/domain/document-check.js'
import { frenchIdExpiry } from '../src/domain/french-id.js'
import { mrzDate, parseMrzText, toMrzReading } from '../src/domain/mrz.js'
import { checkDigit, frenchId, mrv, td1, td3, type Holder } from './helpers/mrz.js'

const today = new Date('2026-11-25T12:00:00Z')
const holder: Holder = { issuing: 'USA', surname: 'KOWALSKA', given: 'ANNA', number: 'V12345678', nationality: 'POL', dob: '900312', sex: 'F', expiry: '280101' }
const read = (lines: string[]) => {
  const parsed = parseMrzText(lines.join('\n'))
  return parsed ? toMrzReading(parsed, today) : null
}

t.test('MRV-A and MRV-B visas are read and pass as visas', async (t) => {
  for (const kind of ['A', 'B'] as const) {
    const lines = mrv({ ...holder, optional: 'TRAVEL<2026' }, kind)
    t.equal(lines[0]!.length, kind === 'A' ? 44 : 36)
    const reading = read(lines)
    t.ok(reading, `MRV-${kind} is read`)
    t.match(reading!.data, {
      format: `MRV${kind}`, document_code: 'V', issuing_state: 'USA', document_number: 'V12345678', surname: 'KOWALSKA',
      given_names: 'ANNA', nationality: 'POL', date_of_birth: '1990-03-12', sex: 'F', expiration_date: '2028-01-01',
      optional_data: kind === 'A' ? 'TRAVEL 2026' : 'TRAVEL 2',
      check_digits: { document_number: true, date_of_birth: true, expiration_date: true, composite: null },
    })
    t.equal(reading!.checkDigitsValid, true)
    const check = documentCheck('doc_1', 'visa', reading, today)
    t.equal(check.passed, true, `MRV-${kind} passes the document check as a visa: ${check.reasons}`)
    t.same(documentCheck('doc_1', 'passport', reading, today).reasons, ['document_type_mismatch'])

    // A changed document number, its check digit not: the visa fails like any document.
    const tampered = [lines[0]!, `V12345679${lines[1]!.slice(9)}`]
    t.equal(read(tampered)!.checkDigitsValid, false)
    t.ok(documentCheck('doc_1', 'visa', read(tampered), today).reasons.includes('check_digit_mismatch'))
  }
})

t.test('sex X (unspecified) is read in every layout', async (t) => {
  for (const [name, lines] of [['TD3', td3({ ...holder, sex: 'X' })], ['TD1', td1({ ...holder, sex: 'X' })], ['MRV-A', mrv({ ...holder, sex: 'X' }, 'A')]] as const) {
    const reading = read([...lines])
    t.equal(reading?.data.sex, 'X', name)
    t.same(reading?.invalidFields, [], `${name}: no invalid field`)
    t.equal(documentCheck('doc_1', name === 'MRV-A' ? 'visa' : name === 'TD1' ? 'id_card' : 'passport', reading, today).passed, true, `${name} passes`)
  }
  t.equal(read(td3({ ...holder, sex: '<' }))?.data.sex, 'X', '< is unspecified too')
  t.equal(read(td3({ ...holder, sex: 'M' }))?.data.sex, 'M')
})

t.test('two-digit years', async (t) => {
  t.equal(mrzDate('991231', 'expiry', today), '1999-12-31', 'a 99 expiry is 1999: 2099 is not a plausible expiry')
  t.equal(mrzDate('461231', 'expiry', today), '2046-12-31', 'twenty years ahead is still this century')
  t.equal(mrzDate('470101', 'expiry', today), '1947-01-01', 'more than twenty years ahead is the century before')
  t.equal(mrzDate('270315', 'expiry', today), '2027-03-15')
  t.equal(mrzDate('150315', 'expiry', today), '2015-03-15')
  t.equal(mrzDate('261125', 'birth', today), '2026-11-25', 'born today')
  t.equal(mrzDate('261126', 'birth', today), '1926-11-26', 'a birth date is never in the future')
  t.equal(mrzDate('850230', 'birth', today), null, 'no 30 February')
  const expired = read(td3({ ...holder, expiry: '991231' }))
  t.equal(expired!.data.expiration_date, '1999-12-31')
  t.same(documentCheck('doc_1', 'passport', expired, today).reasons, ['document_expired'], 'a passport that expired in 1999 fails')
})

t.test('the helper writes check digits as ICAO does', async (t) => {
  // ICAO 9303 Part 3's worked example: L898902C3 has check digit 6.
  t.equal(checkDigit('L898902C3'), '6')
})

t.test('the French identity card of 1988–2021 (2 × 36)', async (t) => {
  const card = { surname: 'BERTHIER', given: 'CORINNE', issued: '1409', office: '923', serial: '10285', dob: '651206', sex: 'F' as const, admin: '921023' }
  const reading = read(frenchId(card))
  t.ok(reading, 'read, not refused')
  t.match(reading!.data, {
    format: 'TD2', document_code: 'ID', issuing_state: 'FRA', document_number: '140992310285', surname: 'BERTHIER', given_names: 'CORINNE',
    nationality: 'FRA', date_of_birth: '1965-12-06', sex: 'F', expiration_date: '2029-08-31', optional_data: '921023',
    check_digits: { document_number: true, date_of_birth: true, expiration_date: null, composite: true },
  })
  t.equal(documentCheck('doc_1', 'id_card', reading, today).passed, true, 'an adult card of 2014 is valid 15 years')
  const old = read(frenchId({ ...card, issued: '0302' }))
  t.equal(old!.data.expiration_date, '2013-01-31', 'issued in 2003: 10 years')
  t.same(documentCheck('doc_1', 'id_card', old, today).reasons, ['document_expired'])
  const tampered = frenchId(card)
  t.equal(read([tampered[0]!, `1409923102861${tampered[1]!.slice(13)}`])!.checkDigitsValid, false, 'a changed number breaks its check digit')

  t.equal(frenchIdExpiry('1409', '2000-01-01', today), '2024-08-31', 'a minor at issue: 10 years')
  t.equal(frenchIdExpiry('0801', '1980-05-01', today), '2022-12-31', 'an adult card of 2008: 10 years, extended by 5')
  t.equal(frenchIdExpiry('1409', null, today), '2024-08-31', 'no birth date: the shorter validity')
  t.equal(frenchIdExpiry('9013', '1960-01-01', today), null, 'no 13th month')
  t.equal(frenchIdExpiry('9502', '1960-01-01', today), '2005-01-31', 'a 95 issue is 1995')
})

t.test('names holding fillers read as K are not taken as names', async (t) => {
  const misread = read(td3({ ...holder, surname: 'SCHROEDERKKGRETAKLUISEKKKKKKK', given: '' }))
  t.ok(misread!.invalidFields.includes('names'))
  t.ok(documentCheck('doc_1', 'passport', misread, today).reasons.includes('mrz_invalid_field'), 'the document check does not pass it')
  const trailing = read(td3({ ...holder, given: 'ANNA MARIA KK' }))
  t.ok(trailing!.invalidFields.includes('names'), 'KK ending the given names')
  const finnish = read(td3({ ...holder, surname: 'HAKKINEN', given: 'JAAKKO' }))
  t.same(finnish!.invalidFields, [], 'two K inside a name are a name')
  t.equal(documentCheck('doc_1', 'passport', finnish, today).passed, true)
})

t.test('a zone with no day of the calendar or no document number does not pass, though its check digits hold', async (t) => {
  for (const [label, lines, field] of [
    ['31 February', td3({ ...holder, dob: '850231' }), 'birthDate'],
    ['31 April', td1({ ...holder, dob: '920431' }), 'birthDate'],
    ['an expiry on 30 February', td3({ ...holder, expiry: '300230' }), 'expirationDate'],
    ['a number of fillers only', td3({ ...holder, number: '' }), 'documentNumber'],
  ] as const) {
    const reading = read(lines)
    t.equal(reading!.checkDigitsValid, true, `${label}: the check digits hold`)
    t.ok(reading!.invalidFields.includes(field), `${label}: ${field} is invalid`)
    t.ok(documentCheck('doc_1', reading!.data.format === 'TD1' ? 'id_card' : 'passport', reading, today).reasons.includes('mrz_invalid_field'), `${label}: the document check declines it`)
  }
  const unknownDay = read(td3({ ...holder, dob: '9003<<' }))
  t.notOk(unknownDay?.invalidFields.includes('birthDate'), 'fillers for an unknown day are no invalid date')
  t.same(read(td3(holder))!.invalidFields, [], 'a real date and a number')
})

t.test('a surname alone filling the name field has no given names', async (t) => {
  const [, line2] = td3(holder)
  const alone = read(['P<NLDWOLFESCHLEGELSTEINHAUSENBERGERDORFFWELC', line2!])!
  t.equal(alone.data.surname, 'WOLFESCHLEGELSTEINHAUSENBERGERDORFFWELC')
  t.equal(alone.data.given_names, null, 'the surname is not repeated as given names')
  t.equal(read(td3(holder))!.data.given_names, 'ANNA', 'given names after the << are')
})
