// The printed page (ICAO's visual inspection zone) against the MRZ: each of the holder's names, the
// document number and the two dates is looked for in the page's OCR text. A value printed as the zone
// has it (a name also as ICAO spells it, or as OCR reads it without its diacritics) confirms it; one
// within OCR's noise of it, or the same but for letters taken for one another (a letter or two in long
// values, B/8, SS/S) is `near`: found, but confirming nothing, since a letter changed in the zone reads
// the same. A name the page prints shorter than the MRZ (a misread zone), or a page that reads well
// and shows at most one of the five (a page painted over), disagrees; a page that does not read well
// says only that.
import type { MrzData } from '../../generated/schemas.js'
import { centuryApart } from './mrz.js'
import { distance } from './edit-distance.js'
import { mrzNameForms, nameFieldFull, oneLetterSpellings, printsTwoScripts } from './mrz-names.js'
import { datesOf, isMonthWord, printsDate } from './printed-dates.js'
import { lookDate, NO_LAYOUT, pageDates, type PageLayout } from './viz-dates.js'
import { labelsConfirmNumber } from './viz-numbers.js'
import { CONNECTIVES, GIVEN_LABELS, isLabel, LABEL_WORDS, LABELS, labelLine, labelsAlone, labelWord, labelsOverValues, misread, SURNAME_LABELS, underLabels } from './viz-labels.js'
import type { SentZoneCheck } from './sent-zone.js'

export type VizField = 'surname' | 'given_names' | 'document_number' | VizDateField
export type VizDateField = 'date_of_birth' | 'expiration_date'
/** `match`: printed as in the MRZ; `near`: within OCR's noise or a fold of it; `mismatch`: printed otherwise; `unread`: not found on the page. */
export type VizStatus = 'match' | 'near' | 'mismatch' | 'unread'
export interface VizResult {
  /** Whether the page read well enough to judge it: its labels were read, or it shows every field the MRZ has. */
  page_read: boolean
  fields: Record<VizField, VizStatus>
  /** The dates found only as a two-digit year (14 MAR 85): the page does not say their century. */
  two_digit_years?: VizDateField[]
  /** With an MRZ sent as text: how it stands against the zone the photo shows. */
  sent_zone?: SentZoneCheck
}

const FIELDS: VizField[] = ['surname', 'given_names', 'document_number', 'date_of_birth', 'expiration_date']

/** A surname's first line's letters, at least, where it runs onto a second (a name too long for its field). */
const WRAPPED_FROM = 20

/** Labels a page must show to count as read. */
const LABELS_NEEDED = 4

/** Words in MRZ letters (transliterated, upper case), the first spelling of each. */
const words = (line: string) => [...mrzNameForms(line)][0] ?? ''

/** A name's key: the spellings of national letters folded (MUELLER and MULLER alike, SS and S). */
const nameKey = (s: string) => oneLetterSpellings(s).replace(/SS/g, 'S')

/**
 * A zone's name as OCR reads the page that printed it: the OCR drops diacritics (SCHRÖDER reads
 * SCHRODER), so a letter the zone transliterates in two (OE, UE, AE, AA, DJ) is one on the page, and
 * it reads ß (the zone's SS) as B: GROß reads GROB. Only this way round: a page with more letters than
 * that (GROSS, ADJANI for a zone's GROS, ADANI) is another name.
 */
const asOcrReadsIt = (name: string) => oneLetterSpellings(name).replace(/SS/g, 'B')

/** Characters OCR takes for one another, folded for document numbers. */
const numberKey = (s: string) => s.replace(/O/g, '0').replace(/[IL]/g, '1').replace(/S/g, '5').replace(/B/g, '8').replace(/Z/g, '2')

/** The runs of consecutive words of `line` that have `n` words. */
function runs(line: string[], n: number): string[] {
  const out: string[] = []
  for (let i = 0; i + n <= line.length; i++) out.push(line.slice(i, i + n).join(' '))
  return out
}

/**
 * Whether what an MRZ name has beyond the printed one is the zone's `<` fillers read as letters (OCR
 * reads them as K): letters added to the last word, or words, each some K's with a letter or two.
 */
const fillersMisread = (rest: string) => rest.length > 0 && rest.split(' ').every((w, i) => (i === 0 && w === '') || /^[A-Z]{0,2}K+[A-Z]{0,2}$/.test(w))

/** OCR's edits allowed for a value of this length: none for short ones, where one edit is another value. */
const toleranceFor = (value: string) => (value.length <= 4 ? 0 : value.length <= 9 ? 1 : 2)

/**
 * How a value is printed among `lines` (as word lists): `match` as a run of as many words, letter for
 * letter; `near` when only OCR's noise or a fold (`key`: letters OCR or spelling take for one another)
 * tells them apart, or the page's reading lost a space; `mismatch` when the page prints the MRZ's value
 * as it reads with the fillers OCR took for letters put back (K's added to it, or K's standing for
 * `<`: SCHROEDERKKGRETAKLUISE where the page prints SCHRÖDER and GRETA LUISE); else `unread`. Only
 * names can be misread in an MRZ without a check digit failing, so only names are judged for a
 * mismatch. A fold confirms only as `read` says OCR reads a zone's value off its page: a zone forged
 * a letter at a time folds to its page (GROS for GROSS, NWBK for NW8K) as surely as a misreading does.
 */
function look(value: string, lines: string[][], key: (s: string) => string, judgeMismatch: boolean, cutShort = false, read = (v: string) => v, confirms = (_line: string[]) => true): VizStatus {
  const want = key(value)
  const n = value.split(' ').length
  const tolerance = toleranceFor(want)
  let near = false
  // The value with every K taken for a filler: what the zone says if OCR read its `<` as K.
  const asFillers = want.replace(/K/g, ' ').trim().replace(/ +/g, ' ')
  let cut = false
  for (const line of lines) {
    for (let span = 1; span <= Math.max(n, 3); span++) {
      for (const run of runs(line, span)) {
        const have = key(run)
        if (have.length < 3) continue
        // Letters that are fillers misread are not OCR noise to tolerate.
        if (want.startsWith(have) && fillersMisread(want.slice(have.length))) cut = true
        else if (asFillers !== want && (asFillers === have || asFillers.startsWith(`${have} `))) cut = true
        // The same letters split otherwise: with fewer words in the zone, a filler its reading lost
        // (ANNAMARIA for ANNA MARIA); with fewer on the page, a space the page's reading lost, or a
        // filler put into the zone (JOSE<PHINE for JOSEPHINE), which only a person can tell apart.
        else if (have !== want && have.replace(/ /g, '') === want.replace(/ /g, '')) {
          if (want.split(' ').length < have.split(' ').length) cut = true
          else near = true
        }
        // Printed in a line that is not the value's alone (a name inside another field), it is found,
        // not confirmed.
        else if (span === n && (run === value || run === read(value))) {
          if (confirms(line)) return 'match'
          near = true
        }
        else if (span === n && distance(want, have, tolerance) <= tolerance) near = true
        // The zone's name field was full: its last word may be the printed one's beginning.
        else if (cutShort && span === n && run.startsWith(value)) {
          if (confirms(line)) return 'match'
          near = true
        }
      }
    }
  }
  return judgeMismatch && cut ? 'mismatch' : near ? 'near' : 'unread'
}

/**
 * The page's OCR lines (the MRZ's own excluded by the caller) against the MRZ's data; `layout` says
 * where they are printed (a label and its value), where the reader knows.
 */
export function vizCrossCheck(mrz: MrzData, page: string[], layout: PageLayout = NO_LAYOUT, today = new Date()): VizResult {
  const upper = page.map((l) => l.normalize('NFC').toUpperCase())
  const lines = upper.map((l) => words(l).split(' ').filter(Boolean))
  // Names as the zone may spell what the page prints: each of ICAO's spellings (MÜLLER: MUELLER, MULLER).
  // A line printing a name in two scripts (ИВАНОВА/IVANOVA, on such a state's page) prints it in each part.
  // The state named on a line of its own, not inside a name (KIRAN holds IRAN).
  const nameParts = `${mrz.surname ?? ''} ${mrz.given_names ?? ''}`.split(' ').filter((w) => w.length > 2)
  const twoScripts = printsTwoScripts(mrz.issuing_state, upper.filter((l) => !nameParts.some((w) => l.replace(/[^A-Z]/g, '').includes(w))))
  const parts = (line: string) => (twoScripts ? line.split('/') : [line.replace(/\//g, ' ')])
  const formsOf = (line: string) => parts(line).flatMap((part) => [...mrzNameForms(part)].map((form) => form.split(' ').filter(Boolean)))
  // A name run onto a second line (LUCIA over JAVIER) is read as one: each line with the line right
  // under it, both of words and not of labels alone.
  const wordsOnly = (i: number) => !/\d/.test(upper[i]!) && !labelsAlone(lines[i]!)
  const withNext = (i: number) => layout.under.flatMap(([a, j]) => (a === i && wordsOnly(i) && wordsOnly(j) ? [`${upper[i]} ${upper[j]}`] : []))
  const nameLines = [...upper, ...upper.flatMap((_, i) => withNext(i))].flatMap(formsOf)
  const labels = new Set(lines.flat().filter((w) => LABELS.has(w)))
  const dates = pageDates(upper, layout)
  const fields = Object.fromEntries(FIELDS.map((f) => [f, 'unread'])) as Record<VizField, VizStatus>
  // The name the zone writes last (the given names, or a surname alone) is the one a full field cuts.
  const full = nameFieldFull(mrz)
  // A name is confirmed by a line that prints names alone (the zone's, with the labels of a data page
  // and stray marks): MUELLER, VAN UTRECHT inside an authority's name (BURG. VAN UTRECHT) is another field.
  const zoneWords = `${mrz.surname ?? ''} ${mrz.given_names ?? ''}`.split(' ').filter(Boolean)
  const nameWords = new Set(zoneWords.flatMap((w) => [w, asOcrReadsIt(w)]))
  // A word of a value, digits and marks on it aside: three letters besides labels' words (OFBIRTH is a
  // label's, CARDOSO a name), no connective of labels nor one of the zone's names.
  const valueWord = (w: string, letters = w.replace(/[^\p{L}]/gu, '')) =>
    LABEL_WORDS.reduce((x, l) => (l.length >= 4 ? x.replaceAll(l, '') : x), letters).length >= 3 && !CONNECTIVES.has(letters) && !nameWords.has(letters)
  // A piece of a label's word, the rest of it lost (DOCUMEN, AMEN): three letters at least, no word whole.
  const piece = (w: string) => w.length >= 3 && !nameWords.has(w) && !labelWord(w) && LABEL_WORDS.some((l) => l.length > w.length && (l.startsWith(w) || l.endsWith(w)))
  const namesAlone = (line: string[]) =>
    line.every((w) => w.length <= 1 || nameWords.has(w) || isLabel(w) || (full && zoneWords.some((z) => w.startsWith(z))))
  // Where the page labels a name, it confirms there: found only elsewhere (a place of birth that is
  // the zone's surname, text added onto the page), it is found, not confirmed.
  // Under a label, the name is a line's whole value (its labels aside): MARIA is not the surname in a
  // row printing ANNA MARIA. A page labelling the name more than once (a label added onto it) prints it
  // under each label.
  const whole = (value: string, cutShort: boolean) => (form: string[]) => {
    const printed = form.filter((w) => value.split(' ').includes(w) || (!isLabel(w) && w.length > 1)).join(' ')
    return printed === value || printed === asOcrReadsIt(value) || (cutShort && printed.startsWith(value))
  }
  const name = (value: string, label: Set<string>, cutShort: boolean, wraps: (i: number) => boolean = () => true): VizStatus => {
    const anywhere = look(value, nameLines, nameKey, true, cutShort, asOcrReadsIt, namesAlone)
    // A page printing its labels in small letters prints its values in capitals: a line of labels' words
    // in capitals alone under such a label is its value (a surname DATE, CARD, MANES), not a label.
    const labelled = underLabels(lines, label, layout, (i, j) => /\p{Ll}/u.test(page[i]!) && !/\p{Ll}/u.test(page[j]!))
    if (!labelled.length || anywhere !== 'match') return anywhere
    const prints = (i: number) => [upper[i]!, ...(wraps(i) ? withNext(i) : [])].flatMap(formsOf).some(whole(value, cutShort))
    // Where the layout is known, each line of words under or beside the label that holds no label's word
    // (its spaces read or not), labels' words alone printed as a value, or under it labels' words after a
    // word none of the zone's names (MÜLLER (BIRTH NAME), not Voornamen JOHANNES), and is no date (its
    // words months' beside a date) prints the name: a name added in the label's row beside the page's own
    // under it (or under it, beside the page's own) is a second name for one label, whatever is put onto it.
    const nameLike = (i: number) => {
      const letters = upper[i]!.split(/[^\p{L}]+/u).filter((w) => w.length >= 2)
      const named = letters.some((w) => !isMonthWord(w)) || (letters.length > 0 && !printsDate(upper[i]!))
      const stray = layout.under.some(([a, j]) => j === i && lines[a]!.some((w) => label.has(w) || misread(w, label))) && lines[i]!.slice(0, lines[i]!.findIndex(labelWord)).some((w) => valueWord(w))
      // A piece of a label's word (3.Documen, the next column's label read in part) is no name.
      const pieces = lines[i]!.some(piece) && lines[i]!.every((w) => w.length <= 2 || labelWord(w) || piece(w))
      return layout.along.length > 0 && named && !pieces && (!lines[i]!.some(labelWord) || labelLine(lines[i]!) || stray)
    }
    // On a two-script state's page, a name in its own script may be printed over the Latin one: a line
    // under the label that does not print the name has it printed right under it.
    const printsOrOver = (i: number) => prints(i) || (twoScripts && layout.under.some(([a, j]) => a === i && prints(j)))
    // A name's last words run onto the line under the line of its first (Given names JAVIER over LUCIA):
    // that line is the name's, where the first line alone does not print it.
    const runOnto = (under: number[], i: number) =>
      under.some((a) => layout.under.some(([x, y]) => x === a && y === i) && wraps(a) && !formsOf(upper[a]!).some(whole(value, cutShort)) && formsOf(`${upper[a]} ${upper[i]}`).some(whole(value, cutShort)))
    return labelled.every((under) => under.some(printsOrOver) && under.every((i) => !nameLike(i) || printsOrOver(i) || runOnto(under, i))) ? 'match' : 'near'
  }
  // Given names may be printed one to a line; a surname runs onto a second only when its words' letters
  // are too many for one (a word put under the page's own is no part of it, however its line is padded).
  if (mrz.surname) fields.surname = name(mrz.surname, SURNAME_LABELS, full && !mrz.given_names, (i) => lines[i]!.filter((w) => w.length > 1).join('').length >= WRAPPED_FROM)
  if (mrz.given_names) fields.given_names = name(mrz.given_names, GIVEN_LABELS, full)
  // A number may be printed in groups: each line is also tried as one word.
  if (mrz.document_number) {
    fields.document_number = look(mrz.document_number, lines.map((l) => [l.join(''), ...l]), numberKey, false)
    // Where the page labels the number, the number under its label is the zone's: a number added
    // elsewhere on the page (the zone's, changed) is found, not confirmed.
    if (fields.document_number === 'match' && labelsConfirmNumber(upper, layout, mrz.document_number, labelsOverValues(lines, layout)) === false) {
      fields.document_number = 'near'
    }
  }
  const twoDigit: VizDateField[] = []
  for (const [f, kind] of [['date_of_birth', 'birth'], ['expiration_date', 'expiry']] as const) {
    if (!mrz[f]) continue
    const { status, century } = lookDate(mrz, mrz[f], dates, kind, today)
    fields[f] = status
    if (status !== 'unread' && !century) twoDigit.push(f)
  }
  return { page_read: labels.size >= LABELS_NEEDED || vizShowsAll(mrz, fields), fields, ...(twoDigit.length ? { two_digit_years: twoDigit } : {}) }
}

/**
 * The zone's data with its date of birth in the century the page prints it in: a zone's two digits of
 * year (24) are read as the latest century that puts the birth in the past (2024); a page that prints
 * the same day a century earlier (14 MAR 1924) says which it is.
 */
export function inPrintedCentury(mrz: MrzData, page: string[]): MrzData {
  const born = mrz.date_of_birth
  if (!born) return mrz
  const dates = page.flatMap((l) => datesOf(l.normalize('NFC').toUpperCase()))
  // Only a century earlier (the zone's reading is the latest past one), and not when the page prints
  // the zone's reading itself: an expiry on the same day a century later is no birth date.
  const printed = dates.includes(born) ? undefined : dates.find((d) => d < born && centuryApart(d, born))
  return printed ? { ...mrz, date_of_birth: printed } : mrz
}

/** Whether the page shows every field the MRZ has, each as the MRZ has it. */
export const vizShowsAll = (mrz: MrzData, fields: VizResult['fields']) => FIELDS.some((f) => mrz[f]) && FIELDS.every((f) => fields[f] === 'match' || !mrz[f])

/**
 * Whether the page disagrees with the MRZ: a field printed otherwise, or a page that was read and
 * shows at most one of the five (the MRZ's data is not what is printed).
 */
export function vizDisagrees(viz: VizResult): VizField[] {
  const mismatched = FIELDS.filter((f) => viz.fields[f] === 'mismatch')
  if (mismatched.length) return mismatched
  // Found near its value is found: OCR's noise is no page painted over.
  const found = FIELDS.filter((f) => viz.fields[f] === 'match' || viz.fields[f] === 'near').length
  return viz.page_read && found <= 1 ? FIELDS.filter((f) => viz.fields[f] !== 'match' && viz.fields[f] !== 'near') : []
}
