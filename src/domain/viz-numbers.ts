// The document number where a data page labels it (Documentnummer, Card No.): the number under the
// label is the zone's, or a copy printed elsewhere on the page confirms nothing (src/domain/viz-check.ts).
import { withoutDates } from './printed-dates.js'
import type { PageLayout } from './viz-dates.js'

/** A label over a document's number (Documentnummer, Card No., N°, PassportNo. with its space lost), and words of labels of other numbers (a personal number). */
const NUMBER_LABEL = /NUMM?ER|NUMERO|\bNO\b|N[°º]/
const NUMBER_LABEL_SPACE_LOST = /(DOCUMENT|PASSPORT|PASSEPORT|PASAPORTE|CARD|CARTE)NO(?!T)/
const OTHER_NUMBERS = ['PERSO', 'BSN', 'TAX', 'SOCIAL']

/** A line's words (split at spaces and slashes), the dates it prints left out, as letters and digits. */
const wordsOf = (line: string) => withoutDates(line).split(/[\s/]+/).map((w) => w.replace(/[^A-Z0-9]/g, '')).filter(Boolean)
/** Whether a word may be a number: six or more letters and digits, a digit among them. */
const isNumber = (word: string) => word.length >= 6 && /\d/.test(word)
/** A line's words that may be a number. */
const numbersIn = (line: string) => wordsOf(line).filter(isNumber)

/**
 * The lines printed right under a label of the document's number, or beside it (labels left of their
 * values), that print a number; each as its words, dates left out (a row's expiry read on the same
 * line). A label is a line naming the number that prints no number itself, whatever digits number it
 * (5. Document No.).
 */
export function numbersUnderLabels(upper: string[], layout: PageLayout): string[][] {
  const labels = (l: string) => {
    const letters = l.replace(/[^A-Z]/g, '')
    return (NUMBER_LABEL.test(l) || NUMBER_LABEL_SPACE_LOST.test(letters)) && !numbersIn(l).length && !OTHER_NUMBERS.some((w) => letters.includes(w))
  }
  return [...layout.under, ...layout.beside].flatMap(([i, j]) => {
    if (!labels(upper[i]!) || !numbersIn(upper[j]!).length) return []
    return [wordsOf(upper[j]!)]
  })
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
