// The catalogue of genuine-layout pages: 73 layouts of passport and identity-card data pages in the
// ways real states print them, each a family of where labels sit by their values. Every page is
// self-consistent (its printed fields are what its zone says), so each field should be confirmed.
import { aboveLayout, COND, leftLayout, SERIF, type Builder, type PageDef } from './drawing.js'
import type { HolderOptions } from './holders.js'
import type { Key, Style } from './labels.js'

export const FAMILIES = ['above', 'side-by-side', 'range', 'left-close', 'left-far', 'left-mixed', 'id-card'] as const
export type Family = (typeof FAMILIES)[number]

/** A page's layout: its family (how labels sit by their values), the issuing country, its style and fields. */
export interface Layout { name: string; family: Family; cc: string; kind: 'passport' | 'id_card'; s: Style; page: PageDef; build: Builder; holder?: HolderOptions }
const P = (state: string, english: string, kindText: string): PageDef => ({ state, english, kindText })
const PG = {
  NLD: P('KONINKRIJK DER NEDERLANDEN', 'KINGDOM OF THE NETHERLANDS', 'PASPOORT / PASSPORT'),
  D: P('BUNDESREPUBLIK DEUTSCHLAND', 'FEDERAL REPUBLIC OF GERMANY', 'REISEPASS / PASSPORT'),
  FRA: P('RÉPUBLIQUE FRANÇAISE', 'FRENCH REPUBLIC', 'PASSEPORT / PASSPORT'),
  ESP: P('REINO DE ESPAÑA', 'KINGDOM OF SPAIN', 'PASAPORTE / PASSPORT'),
  ITA: P('REPUBBLICA ITALIANA', 'ITALIAN REPUBLIC', 'PASSAPORTO / PASSPORT'),
  GBR: P('UNITED KINGDOM OF GREAT BRITAIN', 'AND NORTHERN IRELAND', 'PASSPORT / PASSEPORT'),
  IRL: P('ÉIRE · IRELAND', 'IRELAND', 'PAS / PASSPORT'),
  BEL: P('BELGIQUE · BELGIË · BELGIEN', 'KINGDOM OF BELGIUM', 'PASSEPORT / PASSPORT'),
  AUT: P('REPUBLIK ÖSTERREICH', 'REPUBLIC OF AUSTRIA', 'REISEPASS / PASSPORT'),
  CHE: P('SCHWEIZ · SUISSE · SVIZZERA', 'SWITZERLAND', 'PASS / PASSPORT'),
  SWE: P('KONUNGARIKET SVERIGE', 'KINGDOM OF SWEDEN', 'PASS / PASSPORT'),
  RUS: P('РОССИЙСКАЯ ФЕДЕРАЦИЯ', 'RUSSIAN FEDERATION', 'ПАСПОРТ / PASSPORT'),
  BGR: P('РЕПУБЛИКА БЪЛГАРИЯ', 'REPUBLIC OF BULGARIA', 'ПАСПОРТ / PASSPORT'),
  UKR: P('УКРАЇНА', 'UKRAINE', 'ПАСПОРТ / PASSPORT'),
  GRC: P('ΕΛΛΗΝΙΚΗ ΔΗΜΟΚΡΑΤΙΑ', 'HELLENIC REPUBLIC', 'ΔΙΑΒΑΤΗΡΙΟ / PASSPORT'),
}
// Columns (x in pixels) of a passport page; its portrait ends at 312.
const c1 = 350, c3 = 800, cR = 860
// Grids for labels above values: rows of [field, x].
const GRID_NL: Array<Array<[Key, number]>> = [[['type', c1], ['code', c1 + 150], ['number', c3]], [['surname', c1]], [['given', c1]], [['nationality', c1], ['personal', c3]], [['dob', c1], ['sex', c3]], [['pob', c1], ['authority', c3]], [['issue', c1], ['expiry', c3]]]
const GRID_B: Array<Array<[Key, number]>> = [[['surname', c1], ['number', cR]], [['given', c1]], [['nationality', c1], ['sex', cR]], [['dob', c1], ['personal', cR]], [['pob', c1], ['issue', cR]], [['authority', c1], ['expiry', cR]]]
const GRID_3: Array<Array<[Key, number]>> = [[['type', c1], ['code', c1 + 130], ['number', c3]], [['surname', c1]], [['given', c1]], [['nationality', c1], ['sex', c3], ['personal', c3 + 130]], [['pob', c1], ['authority', c3]], [['dob', c1], ['issue', c1 + 260], ['expiry', c1 + 520]]]
const GRID_SBS = (gap: number): Array<Array<[Key, number]>> => [[['type', c1], ['code', c1 + 130], ['number', c3]], [['surname', c1]], [['given', c1]], [['nationality', c1], ['sex', c3]], [['dob', c1], ['pob', c3]], [['authority', c1]], [['issue', c1], ['expiry', c1 + gap]]]
const GRID_RANGE: Array<Array<[Key, number]>> = [[['type', c1], ['code', c1 + 130], ['number', c3]], [['surname', c1]], [['given', c1]], [['nationality', c1], ['sex', c3]], [['dob', c1], ['pob', c3]], [['personal', c1], ['authority', c3]], [['range', c1]]]

// Two-script pages: names, nationality and place of birth in two scripts, each on a row of its own.
const GRID_2S: Array<Array<[Key, number]>> = [[['type', c1], ['code', c1 + 150], ['number', c3]], [['surname', c1]], [['given', c1]], [['nationality', c1]], [['dob', c1], ['sex', c3]], [['pob', c1]], [['issue', c1], ['authority', c3]], [['expiry', c1]]]
// The document number's label and the personal number's in one row, `gap` apart, close enough for OCR
// to read the two labels as one line.
const GRID_NUMBERS = (gap: number): Array<Array<[Key, number]>> => [[['type', c1], ['code', c1 + 150]], [['number', c1], ['personal', c1 + gap]], [['surname', c1]], [['given', c1]], [['nationality', c1], ['sex', c3]], [['dob', c1], ['pob', c3]], [['issue', c1], ['expiry', c3]]]

// Rows for labels left of values, one field a row.
const ROWS_A: Key[] = ['number', 'surname', 'given', 'nationality', 'dob', 'sex', 'pob', 'issue', 'expiry', 'authority']
const ROWS_B: Key[] = ['surname', 'given', 'dob', 'pob', 'nationality', 'sex', 'number', 'personal', 'issue', 'expiry', 'authority']
const CLOSE = (g: number) => [{ gap: g }]
const FAR = (x: number) => [{ column: x }]

/**
 * The catalogue. A page's seed is 101 + its place here (its holder, theme and phone capture follow from
 * it): add layouts at the end, so that no other page changes.
 */
export const layouts: Layout[] = [
  // ---- labels above values
  { name: 'above-nl-en-maa', family: 'above', cc: 'NLD', kind: 'passport', s: { langs: ['nl', 'en'], date: 'BI:nl' }, page: PG.NLD, build: aboveLayout(GRID_NL, {}) },
  { name: 'above-nl-en-fr-ghost', family: 'above', cc: 'NLD', kind: 'passport', s: { langs: ['nl', 'en', 'fr'], date: 'BI:nl', labelSize: 13 }, page: PG.NLD, build: aboveLayout(GRID_NL, { ghost: true }) },
  { name: 'above-de-en-fr-dot', family: 'above', cc: 'D', kind: 'passport', s: { langs: ['de', 'en', 'fr'], date: 'DOT', labelSize: 13 }, page: PG.D, build: aboveLayout(GRID_NL, {}) },
  { name: 'above-de-dot-ghost-gridb', family: 'above', cc: 'D', kind: 'passport', s: { langs: ['de', 'en'], date: 'DOT' }, page: PG.D, build: aboveLayout(GRID_B, { ghost: true }) },
  { name: 'above-fr-en-spaced-digits', family: 'above', cc: 'FRA', kind: 'passport', s: { langs: ['fr', 'en'], date: 'SP' }, page: PG.FRA, build: aboveLayout(GRID_NL, {}) },
  { name: 'above-fr-en-fr-months', family: 'above', cc: 'FRA', kind: 'passport', s: { langs: ['fr', 'en'], date: 'BI:fr', labelCase: 'upper', labelSize: 13 }, page: PG.FRA, build: aboveLayout(GRID_B, {}) },
  { name: 'above-es-en-bi-months', family: 'above', cc: 'ESP', kind: 'passport', s: { langs: ['es', 'en'], date: 'BI:es' }, page: PG.ESP, build: aboveLayout(GRID_NL, {}), holder: { personal: 'dni' } },
  { name: 'above-es-en-fr-slash-given2', family: 'above', cc: 'ESP', kind: 'passport', s: { langs: ['es', 'en', 'fr'], date: 'SLASH', labelSize: 12 }, page: PG.ESP, build: aboveLayout(GRID_B, { splitGiven: true }), holder: { twoGiven: true, personal: 'dni' } },
  { name: 'above-it-en-fr-bi-months', family: 'above', cc: 'ITA', kind: 'passport', s: { langs: ['it', 'en', 'fr'], date: 'BI:it', labelSize: 13 }, page: PG.ITA, build: aboveLayout(GRID_NL, {}) },
  { name: 'above-it-en-dot-3dates', family: 'above', cc: 'ITA', kind: 'passport', s: { langs: ['it', 'en'], date: 'DOT' }, page: PG.ITA, build: aboveLayout(GRID_3, {}) },
  { name: 'above-en-plain', family: 'above', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'EN' }, page: PG.IRL, build: aboveLayout(GRID_NL, {}) },
  { name: 'above-numbered-prefix-en', family: 'above', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'EN', numbered: 'prefix' }, page: PG.IRL, build: aboveLayout(GRID_B, { ghost: true }) },
  { name: 'above-numbered-be-fr-nl-en-dot', family: 'above', cc: 'BEL', kind: 'passport', s: { langs: ['fr', 'nl', 'en'], date: 'DOT', numbered: 'prefix', labelSize: 12 }, page: PG.BEL, build: aboveLayout(GRID_NL, {}) },
  { name: 'above-en-iso-personal', family: 'above', cc: 'SWE', kind: 'passport', s: { langs: ['en'], date: 'ISO' }, page: PG.SWE, build: aboveLayout(GRID_NL, {}), holder: { personal: 'sweden' } },
  { name: 'above-gb-two-digit-years', family: 'above', cc: 'GBR', kind: 'passport', s: { langs: ['en', 'fr'], date: 'UK', numbered: 'suffix', labelSize: 13 }, page: PG.GBR, build: aboveLayout(GRID_B, {}), holder: { numberStyle: 'digits' } },
  { name: 'above-en-two-digit-plain', family: 'above', cc: 'GBR', kind: 'passport', s: { langs: ['en'], date: 'EN2' }, page: PG.GBR, build: aboveLayout(GRID_NL, {}), holder: { numberStyle: 'digits', bornFrom: 1952, bornTo: 1965 } },
  { name: 'above-at-de-en-fr-given2', family: 'above', cc: 'AUT', kind: 'passport', s: { langs: ['de', 'en', 'fr'], date: 'DOT', labelSize: 12 }, page: PG.AUT, build: aboveLayout(GRID_NL, { splitGiven: true }, 64), holder: { twoGiven: true, numberStyle: 'll7' } },
  { name: 'above-ch-de-fr-it-en-dot', family: 'above', cc: 'CHE', kind: 'passport', s: { langs: ['de', 'fr', 'it', 'en'], date: 'DOT', labelSize: 13, labelFont: COND }, page: PG.CHE, build: aboveLayout(GRID_B, {}) },
  { name: 'above-de-local-months-serif', family: 'above', cc: 'D', kind: 'passport', s: { langs: ['de', 'en'], date: 'LOC:de', valueFont: SERIF }, page: PG.D, build: aboveLayout(GRID_NL, {}), holder: { bornFrom: 2012, bornTo: 2016 } },
  { name: 'above-it-local-months-child', family: 'above', cc: 'ITA', kind: 'passport', s: { langs: ['it', 'en'], date: 'LOC:it' }, page: PG.ITA, build: aboveLayout(GRID_NL, {}), holder: { bornFrom: 2014, bornTo: 2019 } },
  // ---- issue | expiry side by side
  { name: 'sbs-en-tight-columns', family: 'side-by-side', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'EN' }, page: PG.IRL, build: aboveLayout(GRID_SBS(220), {}) },
  { name: 'sbs-nl-en-tight-bi', family: 'side-by-side', cc: 'NLD', kind: 'passport', s: { langs: ['nl', 'en'], date: 'BI:nl', labelSize: 13 }, page: PG.NLD, build: aboveLayout(GRID_SBS(260), { ghost: true }) },
  { name: 'sbs-de-dot-tight', family: 'side-by-side', cc: 'D', kind: 'passport', s: { langs: ['de', 'en'], date: 'DOT' }, page: PG.D, build: aboveLayout(GRID_SBS(200), {}) },
  { name: 'sbs-es-slash', family: 'side-by-side', cc: 'ESP', kind: 'passport', s: { langs: ['es', 'en'], date: 'SLASH', labelSize: 13 }, page: PG.ESP, build: aboveLayout(GRID_SBS(300), {}) },
  { name: 'sbs-fr-en-wide', family: 'side-by-side', cc: 'FRA', kind: 'passport', s: { langs: ['fr', 'en'], date: 'SP' }, page: PG.FRA, build: aboveLayout(GRID_SBS(420), {}) },
  // ---- validity range in one field
  { name: 'range-en-dot', family: 'range', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'DOT' }, page: PG.IRL, build: aboveLayout(GRID_RANGE, {}) },
  { name: 'range-nl-en-dot', family: 'range', cc: 'NLD', kind: 'passport', s: { langs: ['nl', 'en'], date: 'DOT' }, page: PG.NLD, build: aboveLayout(GRID_RANGE, {}), holder: { personal: 'digits' } },
  { name: 'range-de-en-dot', family: 'range', cc: 'AUT', kind: 'passport', s: { langs: ['de', 'en'], date: 'DOT' }, page: PG.AUT, build: aboveLayout(GRID_RANGE, {}) },
  { name: 'range-es-en-slash', family: 'range', cc: 'ESP', kind: 'passport', s: { langs: ['es', 'en'], date: 'SLASH' }, page: PG.ESP, build: aboveLayout(GRID_RANGE, {}) },
  { name: 'range-left-close-en', family: 'range', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'DOT' }, page: PG.IRL, build: leftLayout(['number', 'surname', 'given', 'nationality', 'dob', 'sex', 'pob', 'range', 'authority'], CLOSE(2), { colon: true }) },
  // ---- labels left of values: close (1-3 character widths), far (a column), mixed
  { name: 'left-close1-en', family: 'left-close', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'EN' }, page: PG.IRL, build: leftLayout(ROWS_A, CLOSE(1), {}) },
  { name: 'left-close2-en-colon-dot', family: 'left-close', cc: 'GBR', kind: 'passport', s: { langs: ['en'], date: 'DOT' }, page: PG.GBR, build: leftLayout(ROWS_A, CLOSE(2), { colon: true }) },
  { name: 'left-close3-fr-spaced', family: 'left-close', cc: 'FRA', kind: 'passport', s: { langs: ['fr'], date: 'SP' }, page: PG.FRA, build: leftLayout(ROWS_A, CLOSE(3), {}) },
  { name: 'left-close2-fr-en-bi', family: 'left-close', cc: 'FRA', kind: 'passport', s: { langs: ['fr', 'en'], date: 'BI:fr', labelSize: 13 }, page: PG.FRA, build: leftLayout(ROWS_A, CLOSE(2), { splitGiven: true }), holder: { twoGiven: true } },
  { name: 'left-close1-de-dot', family: 'left-close', cc: 'D', kind: 'passport', s: { langs: ['de'], date: 'DOT' }, page: PG.D, build: leftLayout(ROWS_B, CLOSE(1), { ghost: true }) },
  { name: 'left-close2-nl-maa', family: 'left-close', cc: 'NLD', kind: 'passport', s: { langs: ['nl'], date: 'BI:nl' }, page: PG.NLD, build: leftLayout(ROWS_B, CLOSE(2), {}), holder: { personal: 'digits' } },
  { name: 'left-close1-es-slash', family: 'left-close', cc: 'ESP', kind: 'passport', s: { langs: ['es'], date: 'SLASH' }, page: PG.ESP, build: leftLayout(ROWS_A, CLOSE(1), { colon: true }) },
  { name: 'left-close3-it-bi', family: 'left-close', cc: 'ITA', kind: 'passport', s: { langs: ['it'], date: 'BI:it' }, page: PG.ITA, build: leftLayout(ROWS_A, CLOSE(3), {}) },
  { name: 'left-close2-en-two-digit', family: 'left-close', cc: 'GBR', kind: 'passport', s: { langs: ['en'], date: 'EN2' }, page: PG.GBR, build: leftLayout(ROWS_A, CLOSE(2), {}), holder: { numberStyle: 'digits' } },
  { name: 'left-close1-samesize-regular', family: 'left-close', cc: 'CHE', kind: 'passport', s: { langs: ['en'], date: 'DOT', labelSize: 20, valueSize: 20, valueWeight: 'normal', labelColour: '#333' }, page: PG.CHE, build: leftLayout(ROWS_A, CLOSE(1), { colon: true }) },
  { name: 'left-close2-iso', family: 'left-close', cc: 'SWE', kind: 'passport', s: { langs: ['en'], date: 'ISO' }, page: PG.SWE, build: leftLayout(ROWS_B, CLOSE(2), {}), holder: { personal: 'sweden' } },
  { name: 'left-far-en', family: 'left-far', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'EN' }, page: PG.IRL, build: leftLayout(ROWS_A, FAR(560), {}) },
  { name: 'left-far-nl-en-dot', family: 'left-far', cc: 'NLD', kind: 'passport', s: { langs: ['nl', 'en'], date: 'DOT', labelSize: 14 }, page: PG.NLD, build: leftLayout(ROWS_B, FAR(690), { ghost: true }), holder: { personal: 'digits' } },
  { name: 'left-far-de-en-iso', family: 'left-far', cc: 'D', kind: 'passport', s: { langs: ['de', 'en'], date: 'ISO', labelSize: 14 }, page: PG.D, build: leftLayout(ROWS_A, FAR(640), {}) },
  { name: 'left-far-fr-en-spaced', family: 'left-far', cc: 'FRA', kind: 'passport', s: { langs: ['fr', 'en'], date: 'SP', labelSize: 14 }, page: PG.FRA, build: leftLayout(ROWS_A, FAR(680), {}) },
  { name: 'left-far-small-labels-it', family: 'left-far', cc: 'ITA', kind: 'passport', s: { langs: ['it'], date: 'BI:it', labelSize: 12, valueSize: 25 }, page: PG.ITA, build: leftLayout(ROWS_A, FAR(540), {}) },
  { name: 'left-mixed-en-alternating', family: 'left-mixed', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'EN' }, page: PG.IRL, build: leftLayout(ROWS_A, [{ gap: 1 }, { column: 620 }, { gap: 2 }], { ghost: true }) },
  { name: 'left-mixed-de-dates-close', family: 'left-mixed', cc: 'D', kind: 'passport', s: { langs: ['de'], date: 'DOT' }, page: PG.D, build: leftLayout(ROWS_A, [{ column: 600 }, { column: 600 }, { column: 600 }, { column: 600 }, { gap: 1 }, { column: 600 }, { column: 600 }, { gap: 2 }, { gap: 1 }, { column: 600 }], {}) },
  { name: 'left-mixed-es-dates-far', family: 'left-mixed', cc: 'ESP', kind: 'passport', s: { langs: ['es', 'en'], date: 'SLASH', labelSize: 13 }, page: PG.ESP, build: leftLayout(ROWS_A, [{ gap: 2 }, { gap: 1 }, { gap: 1 }, { gap: 3 }, { column: 700 }, { gap: 2 }, { gap: 1 }, { column: 700 }, { column: 700 }, { gap: 2 }], { splitGiven: true }), holder: { twoGiven: true } },
  { name: 'left-mixed-nl-en-bi', family: 'left-mixed', cc: 'NLD', kind: 'passport', s: { langs: ['nl', 'en'], date: 'BI:nl', labelSize: 14 }, page: PG.NLD, build: leftLayout(ROWS_A, [{ gap: 3 }, { gap: 3 }, { column: 720 }, { gap: 1 }, { gap: 2 }, { column: 720 }, { gap: 1 }, { column: 720 }, { gap: 2 }, { column: 720 }], {}) },
  // ---- TD1 identity cards (zone on the same image)
  { name: 'id-de-above-dot', family: 'id-card', cc: 'D', kind: 'id_card', s: { langs: ['de', 'en'], date: 'DOT', id: true, valueSize: 22, labelSize: 13 }, page: P('BUNDESREPUBLIK DEUTSCHLAND', 'FEDERAL REPUBLIC OF GERMANY', 'PERSONALAUSWEIS / IDENTITY CARD'), build: aboveLayout([[['surname', 310], ['number', 720]], [['given', 310]], [['dob', 310], ['nationality', 720]], [['pob', 310], ['expiry', 720]]], {}, 64, 108) },
  { name: 'id-nl-above-maa', family: 'id-card', cc: 'NLD', kind: 'id_card', s: { langs: ['nl', 'en'], date: 'BI:nl', id: true, valueSize: 22, labelSize: 13 }, page: P('KONINKRIJK DER NEDERLANDEN', 'KINGDOM OF THE NETHERLANDS', 'IDENTITEITSKAART / IDENTITY CARD'), build: aboveLayout([[['surname', 310], ['number', 720]], [['given', 310]], [['nationality', 310], ['sex', 720]], [['dob', 310], ['pob', 720]], [['issue', 310], ['expiry', 560]]], {}, 62, 104) },
  { name: 'id-es-above-spaced', family: 'id-card', cc: 'ESP', kind: 'id_card', s: { langs: ['es'], date: 'SP', id: true, valueSize: 22, labelSize: 13, labelCase: 'upper' }, page: P('ESPAÑA', 'REINO DE ESPAÑA', 'DOCUMENTO NACIONAL DE IDENTIDAD'), build: aboveLayout([[['surname', 310]], [['given', 310]], [['sex', 310], ['nationality', 480], ['dob', 720]], [['number', 310], ['expiry', 720]]], {}, 66, 108), holder: { personal: 'dni' } },
  { name: 'id-it-above-dot-given2', family: 'id-card', cc: 'ITA', kind: 'id_card', s: { langs: ['it', 'en'], date: 'DOT', id: true, valueSize: 21, labelSize: 12, labelCase: 'upper' }, page: P('REPUBBLICA ITALIANA', 'ITALIAN REPUBLIC', "CARTA D'IDENTITÀ / IDENTITY CARD"), build: aboveLayout([[['surname', 310], ['number', 760]], [['given', 310]], [['pob', 310], ['dob', 620]], [['sex', 310], ['nationality', 440]], [['issue', 310], ['expiry', 620]]], { splitGiven: true }, 60, 100), holder: { twoGiven: true } },
  { name: 'id-fr-above-spaced', family: 'id-card', cc: 'FRA', kind: 'id_card', s: { langs: ['fr', 'en'], date: 'SP', id: true, valueSize: 22, labelSize: 13 }, page: P('RÉPUBLIQUE FRANÇAISE', 'FRENCH REPUBLIC', "CARTE NATIONALE D'IDENTITÉ"), build: aboveLayout([[['surname', 310]], [['given', 310]], [['sex', 310], ['nationality', 440], ['dob', 760]], [['pob', 310]], [['number', 310], ['expiry', 760]]], {}, 62, 104) },
  { name: 'id-be-above-numbered-dot', family: 'id-card', cc: 'BEL', kind: 'id_card', s: { langs: ['nl', 'fr', 'en'], date: 'DOT', id: true, valueSize: 21, labelSize: 11, numbered: 'prefix' }, page: P('BELGIË · BELGIQUE · BELGIEN', 'BELGIUM', 'IDENTITEITSKAART / CARTE D’IDENTITÉ'), build: aboveLayout([[['surname', 310], ['number', 720]], [['given', 310]], [['pob', 310], ['dob', 720]], [['nationality', 310], ['sex', 720]], [['issue', 310], ['expiry', 720]]], {}, 62, 104), holder: { bornFrom: 1952, bornTo: 1960 } },
  { name: 'id-left-close-de-dot', family: 'id-card', cc: 'D', kind: 'id_card', s: { langs: ['de'], date: 'DOT', id: true, valueSize: 21, labelSize: 14 }, page: P('BUNDESREPUBLIK DEUTSCHLAND', 'FEDERAL REPUBLIC OF GERMANY', 'PERSONALAUSWEIS'), build: leftLayout(['number', 'surname', 'given', 'dob', 'pob', 'nationality', 'expiry'], CLOSE(2), { colon: true, x: 310 }, 44, 118) },
  { name: 'id-left-far-en', family: 'id-card', cc: 'IRL', kind: 'id_card', s: { langs: ['en'], date: 'EN', id: true, valueSize: 21, labelSize: 14 }, page: P('ÉIRE · IRELAND', 'IRELAND', 'PASSPORT CARD'), build: leftLayout(['number', 'surname', 'given', 'dob', 'sex', 'nationality', 'issue', 'expiry'], FAR(540), { x: 310 }, 42, 116) },
  // ---- more labels-left: labels centred on their value's height (not on its baseline)
  { name: 'left-close2-en-centred-labels', family: 'left-close', cc: 'GBR', kind: 'passport', s: { langs: ['en'], date: 'EN' }, page: PG.GBR, build: leftLayout(ROWS_A, CLOSE(2), { raise: 4 }) },
  { name: 'left-far-de-en-centred-labels', family: 'left-far', cc: 'AUT', kind: 'passport', s: { langs: ['de', 'en'], date: 'DOT', labelSize: 14 }, page: PG.AUT, build: leftLayout(ROWS_B, FAR(650), { raise: 4 }), holder: { numberStyle: 'll7' } },
  { name: 'left-mixed-it-en-centred', family: 'left-mixed', cc: 'ITA', kind: 'passport', s: { langs: ['it', 'en'], date: 'DOT', labelSize: 14 }, page: PG.ITA, build: leftLayout(ROWS_A, [{ gap: 2 }, { column: 700 }, { gap: 1 }, { gap: 3 }, { column: 700 }], { raise: 4 }) },
  // ---- names in two scripts (the state's, then the zone's Latin): on one line, or on two
  { name: 'above-ru-en-two-script-dot', family: 'above', cc: 'RUS', kind: 'passport', s: { langs: ['ru', 'en'], date: 'DOT', labelSize: 13, twoScript: 'line', numberSplit: 2 }, page: PG.RUS, build: aboveLayout(GRID_2S, {}, 62), holder: { numberStyle: 'digits' } },
  { name: 'above-bg-en-two-script-dot', family: 'above', cc: 'BGR', kind: 'passport', s: { langs: ['bg', 'en'], date: 'DOT', labelSize: 13, twoScript: 'line' }, page: PG.BGR, build: aboveLayout(GRID_2S, {}, 62), holder: { numberStyle: 'digits' } },
  { name: 'above-uk-en-two-script-bi', family: 'above', cc: 'UKR', kind: 'passport', s: { langs: ['uk', 'en'], date: 'BI:uk', labelSize: 13, twoScript: 'line' }, page: PG.UKR, build: aboveLayout(GRID_2S, {}, 62), holder: { numberStyle: 'll6' } },
  { name: 'above-el-en-two-script-bi', family: 'above', cc: 'GRC', kind: 'passport', s: { langs: ['el', 'en'], date: 'BI:el', labelSize: 13, twoScript: 'line' }, page: PG.GRC, build: aboveLayout(GRID_2S, {}, 62), holder: { numberStyle: 'll7' } },
  { name: 'above-ru-en-two-script-lines', family: 'above', cc: 'RUS', kind: 'passport', s: { langs: ['ru', 'en'], date: 'DOT', labelSize: 13, twoScript: 'lines', numberSplit: 2 }, page: PG.RUS, build: aboveLayout(GRID_2S, {}, 56, 116), holder: { numberStyle: 'digits' } },
  { name: 'above-el-en-two-script-lines', family: 'above', cc: 'GRC', kind: 'passport', s: { langs: ['el', 'en'], date: 'DOT', labelSize: 13, twoScript: 'lines' }, page: PG.GRC, build: aboveLayout(GRID_2S, {}, 56, 116), holder: { numberStyle: 'll7' } },
  // ---- the document number's label and the personal number's in one row
  { name: 'above-nl-en-number-personal-row', family: 'above', cc: 'NLD', kind: 'passport', s: { langs: ['nl', 'en'], date: 'DOT', labelSize: 13 }, page: PG.NLD, build: aboveLayout(GRID_NUMBERS(226), {}), holder: { personal: 'digits' } },
  { name: 'above-es-en-number-dni-row', family: 'above', cc: 'ESP', kind: 'passport', s: { langs: ['es', 'en'], date: 'SLASH', labelSize: 13 }, page: PG.ESP, build: aboveLayout(GRID_NUMBERS(190), {}), holder: { personal: 'dni' } },
  { name: 'above-be-fr-en-number-personal-row', family: 'above', cc: 'BEL', kind: 'passport', s: { langs: ['fr', 'en'], date: 'DOT', labelSize: 13 }, page: PG.BEL, build: aboveLayout(GRID_NUMBERS(212), {}), holder: { personal: 'digits' } },
  // ---- labels left of values nearly touching them (OCR reads label and value as one line)
  { name: 'left-touch-en', family: 'left-close', cc: 'IRL', kind: 'passport', s: { langs: ['en'], date: 'EN' }, page: PG.IRL, build: leftLayout(ROWS_A, CLOSE(0.3), {}) },
  { name: 'left-touch-en-colon', family: 'left-close', cc: 'GBR', kind: 'passport', s: { langs: ['en'], date: 'DOT' }, page: PG.GBR, build: leftLayout(ROWS_B, CLOSE(0.4), { colon: true }) },
  { name: 'left-touch-fr-en', family: 'left-close', cc: 'FRA', kind: 'passport', s: { langs: ['fr', 'en'], date: 'SP', labelSize: 14 }, page: PG.FRA, build: leftLayout(ROWS_A, CLOSE(0.4), {}) },
]
