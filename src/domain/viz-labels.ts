// The labels of data pages (ICAO's visual inspection zone): their words in the languages states print,
// as OCR reads them, those naming the dates (src/domain/viz-dates.ts), and the lines a name's label
// holds its value on (src/domain/viz-check.ts).
import type { PageLayout } from './viz-dates.js'

/** Words of the labels of data pages (English, French, German, Dutch, Spanish, Italian): a page that shows several was read. */
export const LABELS = new Set([
  'SURNAME', 'NAME', 'NAMES', 'GIVEN', 'DATE', 'BIRTH', 'EXPIRY', 'ISSUE', 'NATIONALITY', 'SEX', 'DOCUMENT', 'PASSPORT', 'AUTHORITY', 'PLACE', 'CARD',
  'NOM', 'PRENOMS', 'NAISSANCE', 'NATIONALITE', 'SEXE', 'EXPIRATION', 'DELIVRANCE', 'PASSEPORT',
  'NAAM', 'VOORNAMEN', 'GEBOORTEDATUM', 'NATIONALITEIT', 'GESLACHT', 'PASPOORT', 'GELDIG', 'AFGIFTE',
  'GEBURTSTAG', 'VORNAMEN', 'STAATSANGEHORIGKEIT', 'GESCHLECHT', 'GULTIG', 'REISEPASS',
  'APELLIDOS', 'NOMBRE', 'NACIMIENTO', 'NACIONALIDAD', 'SEXO', 'CADUCIDAD', 'PASAPORTE',
  'COGNOME', 'NOME', 'NASCITA', 'CITTADINANZA', 'SCADENZA', 'PASSAPORTO',
])
/** The same, to find in a line whose spaces OCR lost (GIVENNAMES, DATEOFBIRTH). */
export const LABEL_WORDS = [...LABELS]
/** Words joining labels' words (Date of birth, Lieu de naissance, Datum van afgifte). */
export const CONNECTIVES = new Set(['THE', 'AND', 'DES', 'DEL', 'DER', 'VAN', 'VON', 'DELLA'])
/** Words of the labels over a holder's surname, and over her given names. */
export const SURNAME_LABELS = new Set(['SURNAME', 'NAAM', 'NOM', 'COGNOME', 'APELLIDOS'])
export const GIVEN_LABELS = new Set(['GIVEN', 'VOORNAMEN', 'VORNAMEN', 'PRENOMS', 'NOMBRE', 'NOME'])

/**
 * Words naming each date (English, French, German, Dutch, Spanish, Italian), and words that make a
 * label another field's (a place of birth, an issuing authority).
 */
export const NAMING: Record<'birth' | 'issue' | 'expiry', { words: string[]; not: string[] }> = {
  birth: {
    words: ['BIRTH', 'NAISSANCE', 'GEBOORTEDATUM', 'GEBURTSTAG', 'GEBURTSDATUM', 'NACIMIENTO', 'NASCITA'],
    not: ['PLACE', 'LIEU', 'GEBOORTEPLAATS', 'GEBURTSORT', 'LUGAR', 'LUOGO'],
  },
  issue: {
    words: ['ISSUE', 'AFGIFTE', 'DELIVRANCE', 'AUSSTELLUNG', 'EXPEDICION', 'RILASCIO', 'EMISION', 'EMISSION'],
    not: ['AUTHORITY', 'AUTORITE', 'AUTORITEIT', 'BEHORDE', 'AUTORIDAD', 'AUTORITA', 'PLACE', 'LIEU', 'LUGAR', 'LUOGO'],
  },
  expiry: { words: ['EXPIRY', 'EXPIRATION', 'GELDIG', 'GULTIG', 'CADUCIDAD', 'VALIDEZ', 'SCADENZA', 'VALIDUNTIL', 'VALIDITE'], not: [] },
}
/** Words of a date's label without which a line naming no date is no date's label. */
export const DATE_WORDS = ['DATE', 'DATUM', 'FECHA', 'DATA']
/** A label over a validity's two dates, the first's word before the last's (Geldig van - tot, Valid from - until): no one date's label. */
export const RANGE = /FROM[A-Z]*(UNTIL|TO)|VANTOT|VOMBIS|DESDE[A-Z]*HASTA/
/** Words naming an expiry alone, never a validity's two dates: a label printing one is the expiry's, whatever is put onto it (Date of expiry (from)). */
export const EXPIRY_ONLY = ['EXPIRY', 'EXPIRATION', 'CADUCIDAD', 'SCADENZA', 'VALIDUNTIL']
/**
 * Words of the labels of a document's other fields (whole words: NAME is no label in VIETNAMESE); not a
 * signature's, which labels no text (a row's dates printed beside it are no signature's).
 */
export const FIELD_WORDS = new Set([
  'NAME', 'SURNAME', 'GIVEN', 'NATIONALITY', 'SEX', 'AUTHORITY', 'PLACE', 'TYPE', 'CODE', 'NOM', 'PRENOMS', 'NATIONALITE',
  'SEXE', 'LIEU', 'AUTORITE', 'NAAM', 'VOORNAMEN', 'NATIONALITEIT', 'GESLACHT', 'GEBOORTEPLAATS', 'AUTORITEIT', 'SOORT',
  'VORNAMEN', 'STAATSANGEHORIGKEIT', 'GESCHLECHT', 'GEBURTSORT', 'BEHORDE', 'APELLIDOS', 'NOMBRE',
  'NACIONALIDAD', 'SEXO', 'LUGAR', 'AUTORIDAD', 'COGNOME', 'NOME', 'CITTADINANZA', 'LUOGO', 'AUTORITA',
])

/** Lines read after a label, beside its value, in the same row (a page prints two columns). */
const ROW = 3

/** Whether a word is a label's, or labels' words run together where OCR lost their spaces (GIVENNAMES). */
export const isLabel = (w: string): boolean => LABELS.has(w) || LABEL_WORDS.some((l) => w.length > l.length && w.startsWith(l) && isLabel(w.slice(l.length)))

/**
 * Whether a word is one of `words` as OCR misreads labels' small type, in words of five letters or more:
 * rn or rm read as m, n as m, l as i (SUMAME, VOORMAMEN, VOMAMEN, GLVEN). Those misreadings only: a name
 * a letter away from a label's word (JAMES, BARNES, BIRCH) is no label.
 */
export const misread = (w: string, words: Iterable<string>): boolean => {
  const fold = (x: string) => x.replace(/R[NM]/g, 'M').replace(/N/g, 'M').replace(/L/g, 'I')
  return w.length >= 5 && [...words].some((l) => l.length >= 5 && fold(w) === fold(l))
}

/** A label's word, as printed or as OCR misreads it. */
export const labelWord = (w: string) => isLabel(w) || misread(w, LABELS)
export const labelsAlone = (l: string[]) => l.every((w) => labelWord(w) || w.length <= 2)
/** A line of labels: labels' words alone, one at least (not a name of two letters, LI). */
export const labelLine = (l: string[]) => labelsAlone(l) && l.some(labelWord)

/**
 * The lines under each of a name's labels (a line holding one of `label`), where a data page prints that
 * name: where the layout is known, the lines printed right under it and right after it in its row
 * (labels beside their values), not labels; on a page read without it, the first ROW lines after it
 * that are not labels (its row may hold another column's value, read first). A label with other words
 * on its line (Surname MÜLLER, its value read with it; Surname (holder), words added onto it) is still
 * the label, and its own line is one of its lines. Empty when no line is read as such a label.
 */
export function underLabels(lines: string[][], label: Set<string>, layout: PageLayout, valueTyped: (label: number, line: number) => boolean): number[][] {
  // A label's words misread are still its (a label not seen would leave its value unchecked).
  const ofLabel = (l: string[]) => l.some((w) => label.has(w) || misread(w, label))
  const labelled = lines.flatMap((l, at) => (ofLabel(l) ? [at] : []))
  // A line of two letters is a value under the label (a name: LI), not beside it (a label read in pieces);
  // so is a line of labels' words printed as the page prints values (`valueTyped`: a surname DATE).
  const near = (at: number) => [
    ...layout.under.flatMap(([i, j]) => (i === at && (!labelLine(lines[j]!) || valueTyped(i, j)) ? [j] : [])),
    ...layout.beside.flatMap(([i, j]) => (i === at && (!labelsAlone(lines[j]!) || valueTyped(i, j)) ? [j] : [])),
  ]
  const after = (at: number) => lines.flatMap((l, i) => (i > at && !labelsAlone(l) ? [i] : [])).slice(0, ROW)
  // A label with other words on its line is one where lines are its values (a piece of a label misread,
  // Voornamen read as amen, is none): the next row's value beside a label of its own is no value of it,
  // and a label whose values are all such has its own line alone (a label's word put beside the page's
  // own name does not take the label away).
  const otherLabels = (j: number) => layout.beside.some(([k, b]) => b === j && labelLine(lines[k]!))
  return labelled.flatMap((at) => {
    const values = layout.along.length ? near(at) : after(at)
    if (labelsAlone(lines[at]!)) return [values]
    return values.length ? [[at, ...values.filter((j) => !otherLabels(j))]] : []
  })
}

/** Characters' widths a row's label may begin from the label over it and still be the next row's (labels left of their values, in a column). */
const COLUMN = 2

/**
 * Whether line `j`, under the label on line `at`, begins where it begins: the next row of labels left of
 * their values, not a value with a label's words put before it (BSN No. NW8K2P7R4 under Document No.
 * printing a number on its line; ISSUED 14.09.2021 under Date of expiry). Where the reader does not
 * say where lines end, it may be.
 */
export function nextRow(lines: string[], layout: PageLayout, at: number, j: number): boolean {
  const [start, end, below] = [layout.along[at], layout.ends?.[at], layout.along[j]]
  if (start === undefined || end === undefined || below === undefined) return true
  return Math.abs(below - start) <= (COLUMN * (end - start)) / lines[at]!.length
}

/**
 * Whether a page prints its labels over their values: a name's label, a line of labels alone, has a
 * line holding no label's word right under it (its value).
 */
export function labelsOverValues(lines: string[][], layout: PageLayout): boolean {
  const names = new Set([...SURNAME_LABELS, ...GIVEN_LABELS])
  return layout.under.some(([i, j]) => labelLine(lines[i]!) && lines[i]!.some((w) => names.has(w) || misread(w, names)) && lines[j]!.some((w) => w.length > 1) && !lines[j]!.some(labelWord))
}
