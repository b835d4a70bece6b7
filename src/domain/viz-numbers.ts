// The document number where a data page labels it (Documentnummer, Card No.): the number under the
// label is the zone's, or a copy printed elsewhere on the page confirms nothing (src/domain/viz-check.ts).
import { withoutDates } from './printed-dates.js'
import type { PageLayout } from './viz-dates.js'
import { labelLine, nextRow } from './viz-labels.js'

/** A label over a document's number (Documentnummer, Card No., N°, PassportNo. with its space lost), and words of labels of other numbers (a personal number). */
const NUMBER_LABEL = /NUMM?ER|NUMERO|\bNO\b|N[°º]/
const NUMBER_LABEL_SPACE_LOST = /(DOCUMENT|PASSPORT|PASSEPORT|PASAPORTE|CARD|CARTE)NO(?!T)/
const OTHER_NUMBERS = ['PERSO', 'BSN', 'TAX', 'SOCIAL']
/** Words naming the document itself: a label holding one names its number, whatever other number it also names. */
const OWN_NUMBER = ['DOCUMENT', 'PASSPORT', 'PASSEPORT', 'PASAPORTE', 'PASSAPORTO', 'REISEPASS', 'CARD', 'CARTE', 'CARTA', 'AUSWEIS', 'SOPORTE']
/** Words naming the document's own number: the document's word with a number's, either way round. */
const DOCUMENT_NUMBER = new RegExp(`(${OWN_NUMBER.join('|')})\\W*(NUMM?ER|NUMERO|NO\\b|N[°º.])|(NUMERO|NO\\b|N[°º.])\\W*(DU |DE LA |DEL |DE )?(${OWN_NUMBER.join('|')})`)
/** Where a label of a number ends on its line (its last word naming the number). */
const LABEL_END = new RegExp(`${NUMBER_LABEL.source}|${NUMBER_LABEL_SPACE_LOST.source}`, 'g')

/** A line's words (split at spaces, slashes and colons), the dates it prints left out, as letters and digits. */
const wordsOf = (line: string) => withoutDates(line).split(/[\s/:]+/).map((w) => w.replace(/[^A-Z0-9]/g, '')).filter(Boolean)
/** Whether a word may be a number: six or more letters and digits, a digit among them. */
const isNumber = (word: string) => word.length >= 6 && /\d/.test(word)
/** A line's words that may be a number. */
const numbersIn = (line: string) => wordsOf(line).filter(isNumber)

/**
 * Whether the page's labels of the document's number (upper-case lines) confirm the zone's `number`:
 * undefined where no label labels a printed number. A label is a line naming the number (whatever
 * digits number it: 5. Document No.), not a line naming only another number (Personal No.). Its values
 * are the lines printed right under it or beside it (labels left of their values) that print a number,
 * each as its words, dates left out (a row's expiry read on the same line), and every one prints the
 * zone's; where the label's value is beside it or on its line (labels left of their values), a line
 * under it that begins with a label of its own is the next row's label and value, but a number with a
 * label's words put after it is its value, and so is any line under a label over its value, and any on
 * a page printing its labels over their values (`labelsOver`: a number added onto its label's line does
 * not make the page's own under it another row's). A label
 * naming another number too (two columns' labels read as one line) labels both: the number printed
 * under its words naming the document's number is the zone's. A label printing a number itself holds
 * its value: what follows the label on its line (Passport No. YGT726RPV) is one of its values, and a
 * number added onto a label (Ref 2024A1) too.
 */
export function labelsConfirmNumber(upper: string[], layout: PageLayout, number: string, labelsOver: boolean): boolean | undefined {
  // Where the words naming a number begin and end on a line (a label's space lost inside punctuation:
  // from the line's start).
  const labelWords = (line: string) => {
    const found = [...line.matchAll(LABEL_END)]
    const lost = NUMBER_LABEL_SPACE_LOST.test(line.replace(/[^A-Z]/g, ''))
    return { at: Math.min(...found.map((m) => m.index), ...(lost ? [0] : [])), end: Math.max(0, ...found.map((m) => m.index + m[0].length)) }
  }
  const namesNumber = (line: string) => labelWords(line).at < Infinity
  // A number before a line's label's words: the line is a value with words put after it.
  const valueFirst = (line: string) => numbersIn(line.slice(0, labelWords(line).at)).length > 0
  const verdicts = upper.flatMap((line, at) => {
    const letters = line.replace(/[^A-Z]/g, '')
    if (!namesNumber(line)) return []
    const other = OTHER_NUMBERS.some((w) => letters.includes(w))
    if (other && !OWN_NUMBER.some((w) => letters.includes(w))) return []
    // What follows the label on its line, where it prints a number (a label's own number, 3.Passport
    // No., is none); and the lines under or beside it printing one.
    const own = numbersIn(line.replace(/^\W*\d{1,2}\W/, '')).length ? [wordsOf(line.slice(labelWords(line).end))] : []
    // A line naming a number of its own is the next row's label and value where the label has its value
    // beside it or on its line (labels left of their values); under a label over its value, it is that
    // value with a label's words put before it (BSN No. NW8K2P7R4).
    const beside = !labelsOver && (own.length > 0 || layout.beside.some(([i, j]) => i === at && numbersIn(upper[j]!).length))
    const isValue = (j: number) => !namesNumber(upper[j]!) || valueFirst(upper[j]!) || !beside || !nextRow(upper, layout, at, j)
    const near = [...layout.under, ...layout.beside].flatMap(([i, j]) => (i === at && numbersIn(upper[j]!).length && isValue(j) ? [j] : []))
    if (other && !own.length && near.length) return [printsNumber(underDocument(upper, at, near, layout), number)]
    // On a page of labels over their values, a label over a line of words alone (its number covered by
    // a word: ZIE BLZ / SEE PAGE) says its number is none the page shows.
    const covered = layout.under.some(([i, j]) => i === at && /\p{L}{2}/u.test(upper[j]!) && !namesNumber(upper[j]!) && !labelLine(upper[j]!.split(/[^\p{L}]+/u).filter(Boolean)))
    if (labelsOver && !own.length && !near.length && covered) return [false]
    const values = [...own, ...near.map((j) => wordsOf(upper[j]!))]
    return values.length ? [values.every((words) => printsNumber(words, number))] : []
  })
  return verdicts.length ? verdicts.every(Boolean) : undefined
}

/**
 * Of the values under a label naming the document's number and another (two columns' labels read as
 * one line), the words of the one printed under its words naming the document: where the line's length
 * puts those words (its start, where the reader does not say where it ends), the number beginning
 * nearest, found the same way in its line; the line's words, or that number alone where its line holds
 * both columns' numbers (their values read as one line too).
 */
function underDocument(upper: string[], at: number, values: number[], layout: PageLayout): string[] {
  const place = (j: number, index: number) => {
    const start = layout.along[j] ?? 0
    return start + (((layout.ends?.[j] ?? start) - start) * index) / upper[j]!.length
  }
  // The words naming the document's number (Documentnummer, Card No., N° du passeport), else a word naming the document.
  const phrase = upper[at]!.search(DOCUMENT_NUMBER)
  const doc = place(at, phrase >= 0 ? phrase : Math.min(...OWN_NUMBER.map((w) => upper[at]!.indexOf(w)).filter((i) => i >= 0)))
  const numbers = values.flatMap((j) =>
    [...withoutDates(upper[j]!).matchAll(/[^\s/:]+/g)].flatMap((m) => {
      const word = m[0].replace(/[^A-Z0-9]/g, '')
      return isNumber(word) ? [{ j, word, from: Math.abs(place(j, m.index) - doc) }] : []
    }),
  )
  const nearest = numbers.reduce((a, b) => (b.from < a.from ? b : a))
  return numbers.filter((n) => n.j === nearest.j).length > 1 ? [nearest.word] : wordsOf(upper[nearest.j]!)
}

/**
 * Whether a line under the number's label prints the zone's number, as it is (a fold or a letter
 * changed is another document's number): whole, or in groups, or as one of its words beside no other
 * number (a number printed beside the page's own makes the line another's).
 */
export function printsNumber(words: string[], number: string): boolean {
  if (words.join('') === number) return true
  const numbers = words.filter(isNumber)
  return numbers.length === 1 && numbers[0] === number
}
