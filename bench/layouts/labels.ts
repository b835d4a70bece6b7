// What a genuine-layout page prints for each field: its label in the page's languages (joined with
// " / " as multilingual pages print them, numbered as ICAO's data-page fields may be) and its value.
import { printDate, type DateStyle, type Holder } from './holders.js'

export type Key = 'type' | 'code' | 'number' | 'surname' | 'given' | 'nationality' | 'dob' | 'sex' | 'pob' | 'issue' | 'expiry' | 'authority' | 'personal' | 'range'

const LABELS: Record<string, Record<Key, string>> = {
  en: { type: 'Type', code: 'Code', number: 'Passport No.', surname: 'Surname', given: 'Given names', nationality: 'Nationality', dob: 'Date of birth', sex: 'Sex', pob: 'Place of birth', issue: 'Date of issue', expiry: 'Date of expiry', authority: 'Authority', personal: 'Personal No.', range: 'Valid from - until' },
  fr: { type: 'Type', code: 'Code du pays', number: 'N° du passeport', surname: 'Nom', given: 'Prénoms', nationality: 'Nationalité', dob: 'Date de naissance', sex: 'Sexe', pob: 'Lieu de naissance', issue: 'Date de délivrance', expiry: "Date d'expiration", authority: 'Autorité', personal: 'N° personnel', range: 'Valable du - au' },
  de: { type: 'Typ', code: 'Kode', number: 'Pass-Nr.', surname: 'Name', given: 'Vornamen', nationality: 'Staatsangehörigkeit', dob: 'Geburtstag', sex: 'Geschlecht', pob: 'Geburtsort', issue: 'Datum', expiry: 'Gültig bis', authority: 'Behörde', personal: 'Persönliche Nr.', range: 'Gültig vom - bis' },
  nl: { type: 'Soort', code: 'Code', number: 'Documentnummer', surname: 'Naam', given: 'Voornamen', nationality: 'Nationaliteit', dob: 'Geboortedatum', sex: 'Geslacht', pob: 'Geboorteplaats', issue: 'Datum van afgifte', expiry: 'Geldig tot', authority: 'Autoriteit', personal: 'Persoonsnummer', range: 'Geldig van - tot' },
  es: { type: 'Tipo', code: 'Código', number: 'N° pasaporte', surname: 'Apellidos', given: 'Nombre', nationality: 'Nacionalidad', dob: 'Fecha de nacimiento', sex: 'Sexo', pob: 'Lugar de nacimiento', issue: 'Fecha de expedición', expiry: 'Fecha de caducidad', authority: 'Autoridad', personal: 'DNI N°', range: 'Válido desde - hasta' },
  it: { type: 'Tipo', code: 'Codice', number: 'Passaporto N.', surname: 'Cognome', given: 'Nome', nationality: 'Cittadinanza', dob: 'Data di nascita', sex: 'Sesso', pob: 'Luogo di nascita', issue: 'Data di rilascio', expiry: 'Data di scadenza', authority: 'Autorità', personal: 'Codice fiscale', range: 'Valido dal - al' },
  // Labels of states printing their own script first (Russian, Bulgarian, Ukrainian, Greek), then Latin.
  ru: { type: 'Тип', code: 'Код государства', number: 'Номер паспорта', surname: 'Фамилия', given: 'Имя', nationality: 'Гражданство', dob: 'Дата рождения', sex: 'Пол', pob: 'Место рождения', issue: 'Дата выдачи', expiry: 'Дата окончания срока', authority: 'Орган, выдавший документ', personal: 'Личный код', range: 'Действителен с - по' },
  bg: { type: 'Вид', code: 'Код', number: 'Паспорт №', surname: 'Фамилия', given: 'Име', nationality: 'Гражданство', dob: 'Дата на раждане', sex: 'Пол', pob: 'Място на раждане', issue: 'Дата на издаване', expiry: 'Валиден до', authority: 'Издаден от', personal: 'ЕГН', range: 'Валиден от - до' },
  uk: { type: 'Тип', code: 'Код держави', number: 'Паспорт №', surname: 'Прізвище', given: "Ім'я", nationality: 'Громадянство', dob: 'Дата народження', sex: 'Стать', pob: 'Місце народження', issue: 'Дата видачі', expiry: 'Дійсний до', authority: 'Орган, що видав', personal: 'Запис №', range: 'Дійсний з - до' },
  el: { type: 'Τύπος', code: 'Κωδικός', number: 'Αρ. διαβατηρίου', surname: 'Επώνυμο', given: 'Όνομα', nationality: 'Ιθαγένεια', dob: 'Ημερ. γέννησης', sex: 'Φύλο', pob: 'Τόπος γέννησης', issue: 'Ημερ. έκδοσης', expiry: 'Ημερ. λήξης', authority: 'Αρχή έκδοσης', personal: 'Αρ. μητρώου', range: 'Ισχύει από - έως' },
}
/** An identity card's number is its card's, not a passport's. */
const CARD_NUMBER: Record<string, string> = { en: 'Card No.', fr: 'N° de la carte', de: 'Ausweisnummer', nl: 'Documentnummer', es: 'N° soporte', it: 'N. carta' }
const NUMBERED: Partial<Record<Key, string>> = { type: '1.', code: '2.', number: '3.', surname: '4.', given: '5.', nationality: '6.', dob: '7.', sex: '8.', pob: '9.', issue: '10a.', expiry: '10b.', authority: '11.', personal: '12.' }

/** How a page prints: its label languages, date style, field numbers, sizes, fonts and colours (defaults in drawing.ts). */
export interface Style {
  langs: string[]; date: DateStyle; numbered?: 'prefix' | 'suffix'; labelSize?: number; valueSize?: number; labelFont?: string; valueFont?: string; valueWeight?: 'bold' | 'normal'
  labelCase?: 'upper' | 'as-is'; labelColour?: string; id?: boolean
  /**
   * A holder named in a script of her state's (national in holders.ts): both spellings on one line
   * (ИВАНОВА / IVANOVA), or on two, the national over the Latin.
   */
  twoScript?: 'line' | 'lines'
  /** The document number printed in two groups, split after this many characters (72 1234567). */
  numberSplit?: number
}

export function labelText(k: Key, s: Style): string {
  let t = s.langs.map((l) => (k === 'number' && s.id ? CARD_NUMBER[l]! : LABELS[l]![k])).join(' / ')
  if (s.labelCase === 'upper') t = t.toUpperCase()
  if (s.numbered === 'prefix' && NUMBERED[k]) t = `${NUMBERED[k]} ${t}`
  if (s.numbered === 'suffix' && NUMBERED[k]) t = `${t} (${NUMBERED[k]!.replace('.', '')})`
  return t
}

/** The value's lines (one, unless a layout splits the given names). */
export function valueText(k: Key, h: Holder, s: Style, kind: 'passport' | 'id_card'): string[] {
  switch (k) {
    case 'type': return [kind === 'passport' ? 'P' : 'ID']
    case 'code': return [h.country.issuing]
    case 'number': return [s.numberSplit ? `${h.number.slice(0, s.numberSplit)} ${h.number.slice(s.numberSplit)}` : h.number]
    case 'surname': return h.national ? bothScripts(h.national.surname, h.surname, s) : [h.surname]
    case 'given': return h.national ? bothScripts(h.national.given, h.given, s) : [h.given]
    case 'nationality': return [h.country.natPrinted]
    case 'dob': return [printDate(h.dob, s.date)]
    case 'sex': return [h.sexPrinted]
    case 'pob': return [h.pob]
    case 'issue': return [printDate(h.issue, s.date)]
    case 'expiry': return [printDate(h.expiry, s.date)]
    case 'authority': return [h.country.authority]
    case 'personal': return [h.personal ?? '']
    case 'range': return [`${printDate(h.issue, s.date)} - ${printDate(h.expiry, s.date)}`]
  }
}

/** A name in the state's script and in Latin letters: on one line, or the national over the Latin. */
const bothScripts = (national: string, latin: string, s: Style) => (s.twoScript === 'lines' ? [national, latin] : [`${national} / ${latin}`])
