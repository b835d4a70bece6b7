// Declared names against MRZ names, as ICAO 9303 Part 3 writes them: transliteration, apostrophes,
// hyphens, truncation, and no match between different people's names.
import t from 'tap'
import { firstNameMatches, lastNameMatches, mrzNameForms, nameFieldFull, namePartlyMatches, surnameCut } from '../src/domain/mrz-names.js'

t.test('legitimate spellings match', async (t) => {
  const surnames: Array<[string, string]> = [
    ["O'Brien", 'OBRIEN'], ["O'Brien", 'O BRIEN'], ["D'Arcy", 'DARCY'], ['Đurić', 'DJURIC'], ['Đurić', 'DURIC'],
    ['Müller', 'MUELLER'], ['Müller', 'MULLER'], ['Øster', 'OESTER'], ['Strauß', 'STRAUSS'], ['Łukasiewicz', 'LUKASIEWICZ'],
    ['García Márquez', 'GARCIA MARQUEZ'], ['Smith-Jones', 'SMITH JONES'], ['Ångström', 'AANGSTROEM'], ['Ångström', 'ANGSTROM'],
    ['Þórsdóttir', 'THORSDOTTIR'], ['Çelik', 'CELIK'], ['Şahin', 'SAHIN'], ['Dvořák', 'DVORAK'],
    ['Иванов', 'IVANOV'], ['Щербаков', 'SHCHERBAKOV'], ['Юсупова', 'IUSUPOVA'], ['Жуков', 'ZHUKOV'], ['Хрущёв', 'KHRUSHCHEV'],
    ['Παπαδόπουλος', 'PAPADOPOULOS'], ['Θεοδωρίδης', 'THEODORIDIS'], ['Χατζής', 'CHATZIS'],
  ]
  for (const [declared, mrz] of surnames) t.ok(lastNameMatches(declared, mrz, false), `${declared} = ${mrz}`)
  const given: Array<[string, string]> = [
    ["N'Golo", 'NGOLO'], ['Anne-Marie', 'ANNE MARIE'], ['José', 'JOSE'], ['Anna', 'ANNA MARIA'], ['Zoë', 'ZOE'], ['Наталья', 'NATALIA'],
  ]
  for (const [declared, mrz] of given) t.ok(firstNameMatches(declared, mrz, false), `${declared} = ${mrz}`)
})

t.test('a name cut to fit its field matches the full name declared, only when the field is full', async (t) => {
  // TD3: 39 characters for SURNAME<<GIVEN<NAMES.
  const cut = { format: 'TD3' as const, surname: 'VAN DER BERGHE', given_names: 'MARIA CHRISTINA ALEXAN' }
  t.equal(14 + 2 + 22, 38)
  t.notOk(nameFieldFull(cut), '38 of 39 characters')
  const full = { ...cut, given_names: 'MARIA CHRISTINA ALEXAND' }
  t.ok(nameFieldFull(full), '39 of 39 characters')
  t.ok(firstNameMatches('Maria Christina Alexandra', full.given_names, true))
  t.notOk(firstNameMatches('Maria Christina Alexandra', full.given_names, false), 'not when nothing was cut')
  t.notOk(firstNameMatches('Maria Christina Beatrix', full.given_names, true), 'a different name still differs')
  const longSurname = { format: 'TD1' as const, surname: 'WOLFESCHLEGELSTEINHAUSENBERGE', given_names: null }
  t.ok(nameFieldFull({ ...longSurname, surname: 'WOLFESCHLEGELSTEINHAUSENBERGER' }))
  t.ok(lastNameMatches('Wolfeschlegelsteinhausenbergerdorff', 'WOLFESCHLEGELSTEINHAUSENBERGER', true))
  t.ok(surnameCut({ ...longSurname, surname: 'WOLFESCHLEGELSTEINHAUSENBERGER' }), 'a full field of surname alone: it may be cut')
  // Given names after the `<<` show that the surname was written whole, however full the field.
  const filledByGivenNames = { format: 'TD3' as const, surname: 'DIAZ', given_names: 'MARIA GUADALUPE CONCEPCION ROSARI' }
  t.ok(nameFieldFull(filledByGivenNames))
  t.notOk(surnameCut(filledByGivenNames), 'a surname followed by given names is whole')
  t.notOk(lastNameMatches('Diazabal', 'DIAZ', surnameCut(filledByGivenNames)), 'so a longer surname that begins with it differs')
  // A long surname capped to keep an initial or a name after it may have been cut.
  t.ok(surnameCut({ format: 'TD1', surname: 'WOLFESCHLEGELSTEINHAUSENBER', given_names: 'J' }), 'an initial after it')
  t.ok(surnameCut({ format: 'TD3', surname: 'WOLFESCHLEGELSTEINHAUSENBERGERDO', given_names: 'JOHANN' }), 'a surname of most of the field')
  t.ok(lastNameMatches('Wolfeschlegelsteinhausenbergerdorff', 'WOLFESCHLEGELSTEINHAUSENBER', true))
})

t.test("different people's names never match", async (t) => {
  const pairs: Array<[string, string]> = [
    ['Müller', 'MILLER'], ['Schmidt', 'SCHMITT'], ["O'Brien", 'BRIEN'], ['Đurić', 'CURIC'], ['Иванов', 'IVANOVA'],
    ['Petrov', 'PETROVA'], ['Anne', 'ANNA'], ['Jon', 'JOHN'], ['Παπαδόπουλος', 'PAPADOPOULO'],
  ]
  for (const [declared, mrz] of pairs) {
    t.notOk(lastNameMatches(declared, mrz, false), `${declared} ≠ ${mrz}`)
    t.notOk(firstNameMatches(declared, mrz, false), `${declared} ≠ ${mrz} (as given names)`)
  }
  t.notOk(firstNameMatches('Maria', 'ANNA MARIA', false), 'a later given name alone is not the first')
  t.notOk(firstNameMatches('An', 'ANNA', false), 'a prefix of a word is not the word')
})

t.test('forms of a name', async (t) => {
  t.same([...mrzNameForms("D'Ärcy-Ñúñez")].sort(), ['D AERCY NUNEZ', 'D ARCY NUNEZ', 'DAERCY NUNEZ', 'DARCY NUNEZ'])
  t.same([...mrzNameForms('–')], [], 'nothing but punctuation: no form')
})

t.test('names that match in part: another transliteration, spacing, some of the words', async (t) => {
  const partly: Array<[string, string]> = [
    ['Muller', 'MUELLER'], ['Mueller', 'MULLER'], ['Schroder', 'SCHROEDER'], ['Angstrom', 'AANGSTROEM'],
    ['Vanderberg', 'VAN DER BERG'], ['Mc Donald', 'MCDONALD'], ['Smith', 'SMITH JONES'], ['Jones', 'SMITH JONES'],
    ['García López', 'GARCIA'], ['Jones Smith', 'SMITH JONES'], ['Maria', 'ANNA MARIA'],
  ]
  for (const [declared, mrz] of partly) {
    t.notOk(lastNameMatches(declared, mrz, false), `${declared} does not match ${mrz}`)
    t.ok(namePartlyMatches(declared, mrz), `${declared} matches ${mrz} in part`)
  }
  const different: Array<[string, string]> = [
    ['Müller', 'MILLER'], ['Schmidt', 'SCHMITT'], ["O'Brien", 'BRIEN'], ['Petrov', 'PETROVA'], ['Anne', 'ANNA'],
    ['Jon', 'JOHN'], ['Smith', 'SMYTH JONES'], ['J', 'J SMITH'], ['An', 'ANNA MARIA'], ['Maria', ''],
  ]
  for (const [declared, mrz] of different) t.notOk(namePartlyMatches(declared, mrz), `${declared} ≠ ${mrz}`)
})

t.test('letters no MRZ can write are a word that is not compared, not nothing', async (t) => {
  // Dropped, "Müller 王" was MUELLER and matched; Arabic or Chinese names are for a person to compare.
  for (const [declared, mrz] of [['Müller 王', 'MUELLER'], ['Wang-王', 'WANG'], ['王伟', 'WANG WEI'], ['محمد', 'MOHAMMED']]) {
    t.notOk(lastNameMatches(declared!, mrz!, false), `${declared} does not match ${mrz}`)
    t.notOk(firstNameMatches(declared!, mrz!, false), `${declared} is not ${mrz}'s given name`)
    t.ok(namePartlyMatches(declared!, mrz!), `${declared} matches ${mrz} in part, at most`)
  }
  t.notOk(namePartlyMatches('Smith 王', 'MUELLER'), 'its written words must still be the MRZ’s')
  t.same([...mrzNameForms('Ólafsdóttir Þór')], ['OLAFSDOTTIR THOR'], 'Latin letters with marks are written as ever')
})

t.test('invisible characters are no part of a name; a letter of another alphabet is no Latin letter', async (t) => {
  t.ok(lastNameMatches('Mu\u200beller', 'MUELLER', false), 'a zero-width space')
  t.ok(lastNameMatches('Mu\u00adeller', 'MUELLER', false), 'a soft hyphen')
  // A Cyrillic е in Müllеr, a Cyrillic А in Аnna: looks the same, is not the same name.
  t.notOk(lastNameMatches('Müll\u0435r', 'MUELLER', false))
  t.ok(namePartlyMatches('Müll\u0435r', 'MUELLER'), 'a person compares it')
  t.notOk(firstNameMatches('\u0410nna Maria', 'ANNA MARIA', false))
  t.ok(lastNameMatches('Παπαδόπουλος', 'PAPADOPOULOS', false), 'a Greek name alone is Greek')
  t.ok(lastNameMatches('Петров', 'PETROV', false), 'a Cyrillic name alone is Cyrillic')
})

t.test('initials, and names transliterated from another alphabet, match in part', async (t) => {
  for (const [declared, mrz] of [['A. M.', 'ANNA MARIA'], ['A.', 'ANNA MARIA'], ['J.P.', 'JAN PIETER'], ['v.d. Berg', 'VAN DER BERG']]) {
    t.notOk(firstNameMatches(declared!, mrz!, false), `${declared} is not ${mrz}`)
    t.ok(namePartlyMatches(declared!, mrz!), `${declared}: initials of ${mrz}`)
  }
  t.notOk(namePartlyMatches('B. M.', 'ANNA MARIA'), 'other initials')
  // Russian, Ukrainian, Greek, Arabic names: the zone's ICAO spelling against the one people use.
  const pairs = [['Yulia', 'IULIIA'], ['Evgeny', 'YEVHEN'], ['Dmitry', 'DMITRII'], ['Sergey', 'SERGEI'], ['Alexander', 'ALEKSANDR'], ['Natalya', 'NATALIIA'], ['Giorgos', 'GEORGIOS'], ['Mohammed', 'MUHAMMAD']]
  for (const [declared, mrz] of pairs) {
    t.notOk(namePartlyMatches(declared!, mrz!), `${declared} for ${mrz}: another name, for a Latin-script holder`)
    t.ok(namePartlyMatches(declared!, mrz!, true), `${declared} for ${mrz}: another spelling, for a holder whose name is transliterated`)
  }
  t.notOk(namePartlyMatches('Olga', 'IULIIA', true), 'another name still')
})
