// The holders of the genuine-layout pages and their zones: a person per page, drawn from a seeded
// generator so that every run renders the same pages, with names, places and dates as the issuing
// country prints them, and the zone that ICAO 9303 makes of them (test/helpers/mrz.ts).
import { checkDigit, td1, td3 } from '../../test/helpers/mrz.js'
import { mulberry32 } from '../../test/helpers/random.js'

const MONTHS: Record<string, string[]> = {
  en: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  fr: ['JANV', 'FÉV', 'MARS', 'AVR', 'MAI', 'JUIN', 'JUIL', 'AOÛT', 'SEPT', 'OCT', 'NOV', 'DÉC'],
  de: ['JAN', 'FEB', 'MÄR', 'APR', 'MAI', 'JUN', 'JUL', 'AUG', 'SEP', 'OKT', 'NOV', 'DEZ'],
  nl: ['JAN', 'FEB', 'MAA', 'APR', 'MEI', 'JUN', 'JUL', 'AUG', 'SEP', 'OKT', 'NOV', 'DEC'],
  es: ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'],
  it: ['GEN', 'FEB', 'MAR', 'APR', 'MAG', 'GIU', 'LUG', 'AGO', 'SET', 'OTT', 'NOV', 'DIC'],
  uk: ['СІЧ', 'ЛЮТ', 'БЕР', 'КВІ', 'ТРА', 'ЧЕР', 'ЛИП', 'СЕР', 'ВЕР', 'ЖОВ', 'ЛИС', 'ГРУ'],
  el: ['ΙΑΝ', 'ΦΕΒ', 'ΜΑΡ', 'ΑΠΡ', 'ΜΑΪ', 'ΙΟΥΝ', 'ΙΟΥΛ', 'ΑΥΓ', 'ΣΕΠ', 'ΟΚΤ', 'ΝΟΕ', 'ΔΕΚ'],
}

/**
 * How a page prints its dates: EN 14 MAR 1985; BI:nl 14 MAA/MAR 1985 (local month, then English);
 * LOC:it 14 GIU 1985; DOT 14.03.1985; SLASH 14/03/1985; ISO 1985-03-14; SP 14 03 1985;
 * UK 14 MAR /MARS 85 (two-digit year); EN2 14 MAR 85.
 */
export type DateStyle = 'EN' | `BI:${string}` | `LOC:${string}` | 'DOT' | 'SLASH' | 'ISO' | 'SP' | 'UK' | 'EN2'

/** An ISO date (YYYY-MM-DD) as a page in `style` prints it. */
export function printDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-')
  const mi = Number(m) - 1
  switch (true) {
    case style === 'EN': return `${d} ${MONTHS.en![mi]} ${y}`
    case style.startsWith('BI:'): return `${d} ${MONTHS[style.slice(3)]![mi]}/${MONTHS.en![mi]} ${y}`
    case style.startsWith('LOC:'): return `${d} ${MONTHS[style.slice(4)]![mi]} ${y}`
    case style === 'DOT': return `${d}.${m}.${y}`
    case style === 'SLASH': return `${d}/${m}/${y}`
    case style === 'ISO': return iso
    case style === 'SP': return `${d} ${m} ${y}`
    case style === 'UK': return `${d} ${MONTHS.en![mi]} /${MONTHS.fr![mi]!.replace('É', 'E').replace('Û', 'U')} ${y!.slice(2)}`
    case style === 'EN2': return `${d} ${MONTHS.en![mi]} ${y!.slice(2)}`
  }
  throw new Error(`unknown date style ${style}`)
}

const addYears = (iso: string, n: number) => `${Number(iso.slice(0, 4)) + n}${iso.slice(4)}`
function addDays(iso: string, n: number): string {
  const t = new Date(`${iso}T00:00:00Z`)
  t.setUTCDate(t.getUTCDate() + n)
  return t.toISOString().slice(0, 10)
}
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10)

/** A name as the zone spells it (ICAO 9303's transliteration: MÜLLER as MUELLER, GARCÍA as GARCIA). */
const translit = (s: string) =>
  s.toUpperCase().replace(/Ü/g, 'UE').replace(/Ö/g, 'OE').replace(/Ä/g, 'AE').replace(/ß/g, 'SS').replace(/Å/g, 'AA')
    .normalize('NFD').replace(/\p{M}/gu, '').replace(/['’]/g, '').replace(/-/g, ' ')

/**
 * A name written in Cyrillic or Greek as ICAO 9303 Part 3 transliterates it for the zone (its tables
 * for Cyrillic and Greek; ΟΥ as OU, as Greek passports write it after ELOT 743): the Latin spelling a
 * two-script page prints beside the national one. The catalogue's names keep to letters whose
 * spelling the states' own laws share with ICAO's (no Bulgarian Ъ, Щ, Я; no Ukrainian Г, И; no Greek
 * ΑΥ, ΕΥ, ΜΠ, ΝΤ at a word's start).
 */
const SCRIPT_LETTERS: Record<string, string> = {
  А: 'A', Б: 'B', В: 'V', Г: 'G', Ґ: 'G', Д: 'D', Е: 'E', Ё: 'E', Є: 'IE', Ж: 'ZH', З: 'Z', И: 'I', І: 'I', Ї: 'I', Й: 'I',
  К: 'K', Л: 'L', М: 'M', Н: 'N', О: 'O', П: 'P', Р: 'R', С: 'S', Т: 'T', У: 'U', Ф: 'F', Х: 'KH', Ц: 'TS', Ч: 'CH',
  Ш: 'SH', Щ: 'SHCH', Ъ: 'IE', Ы: 'Y', Ь: '', Э: 'E', Ю: 'IU', Я: 'IA',
  Α: 'A', Β: 'V', Γ: 'G', Δ: 'D', Ε: 'E', Ζ: 'Z', Η: 'I', Θ: 'TH', Ι: 'I', Κ: 'K', Λ: 'L', Μ: 'M', Ν: 'N', Ξ: 'X',
  Ο: 'O', Π: 'P', Ρ: 'R', Σ: 'S', Τ: 'T', Υ: 'Y', Φ: 'F', Χ: 'CH', Ψ: 'PS', Ω: 'O',
}
const icaoLatin = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ΟΥ/g, 'OU').replace(/[\u0370-\u03ff\u0400-\u04ff]/g, (c) => SCRIPT_LETTERS[c] ?? c).replace(/['’]/g, '')

/**
 * What a country prints: its nationality, names, places, issuing authority, and its sex codes (female,
 * male). A state writing names in a script of its own (`script`) has them here in that script (and, where
 * its names are a woman's or a man's, a woman's in `femaleSurnames` and `femaleGiven`).
 */
export interface Country {
  code: string; issuing: string; natPrinted: string; surnames: string[]; given: string[]; places: string[]; authority: string; sex: [string, string]
  script?: 'cyrillic' | 'greek'; femaleSurnames?: string[]; femaleGiven?: string[]
}

const COUNTRIES: Record<string, Country> = {
  NLD: { code: 'NLD', issuing: 'NLD', natPrinted: 'NEDERLANDSE', surnames: ['DE VRIES', 'JANSEN', 'VAN DIJK', 'BAKKER', 'VISSER', 'MEIJER'], given: ['ANNA MARIA', 'PIETER JAN', 'SOPHIE', 'LIEKE', 'DAAN', 'JOHANNES HENDRIK'], places: ['UTRECHT', 'ROTTERDAM', 'GRONINGEN', 'DELFT'], authority: 'BURG. VAN AMSTERDAM', sex: ['V/F', 'M/M'] },
  D: { code: 'D', issuing: 'D', natPrinted: 'DEUTSCH', surnames: ['MÜLLER', 'SCHRÖDER', 'WEBER', 'KRÜGER', 'HOFFMANN', 'BECKER'], given: ['GRETA LUISE', 'JONAS', 'KATHARINA', 'LUKAS PAUL', 'MAXIMILIAN', 'HANNA'], places: ['HAMBURG', 'KÖLN', 'LEIPZIG', 'MÜNCHEN'], authority: 'STADT KÖLN', sex: ['F', 'M'] },
  FRA: { code: 'FRA', issuing: 'FRA', natPrinted: 'FRANÇAISE', surnames: ['LEFÈVRE', 'DUBOIS', 'MOREAU', 'GIRARD', 'ROUSSEAU'], given: ['CLAIRE', 'JEAN PIERRE', 'ÉLODIE', 'MATHIEU', 'CAMILLE'], places: ['LYON', 'NANTES', 'BORDEAUX', 'LILLE'], authority: 'PRÉFECTURE DU RHÔNE', sex: ['F', 'M'] },
  ESP: { code: 'ESP', issuing: 'ESP', natPrinted: 'ESPAÑOLA', surnames: ['GARCÍA LÓPEZ', 'MARTÍNEZ RUIZ', 'NÚÑEZ PÉREZ', 'SÁNCHEZ GIL'], given: ['MARÍA JOSÉ', 'JAVIER', 'LUCÍA', 'ANTONIO'], places: ['MADRID', 'SEVILLA', 'VALENCIA', 'BILBAO'], authority: 'DGP 28079', sex: ['F', 'M'] },
  ITA: { code: 'ITA', issuing: 'ITA', natPrinted: 'ITALIANA', surnames: ['ROSSI', 'BIANCHI', 'ESPOSITO', 'COLOMBO', 'RICCI'], given: ['GIULIA', 'MARCO', 'FRANCESCA', 'LUCA', 'CHIARA'], places: ['TORINO', 'NAPOLI', 'FIRENZE', 'BOLOGNA'], authority: 'QUESTURA DI ROMA', sex: ['F', 'M'] },
  GBR: { code: 'GBR', issuing: 'GBR', natPrinted: 'BRITISH CITIZEN', surnames: ['SMITH', 'TAYLOR', 'WILLIAMS', 'HUGHES'], given: ['OLIVER JAMES', 'EMILY', 'HARRY', 'CHARLOTTE ROSE'], places: ['LONDON', 'LEEDS', 'CARDIFF', 'BRISTOL'], authority: 'HMPO', sex: ['F', 'M'] },
  IRL: { code: 'IRL', issuing: 'IRL', natPrinted: 'ÉIREANNACH/IRISH', surnames: ['MURPHY', 'KELLY', 'WALSH', 'BYRNE'], given: ['SIOBHAN', 'CONOR', 'AOIFE MARY', 'SEAN'], places: ['DUBLIN', 'CORK', 'GALWAY'], authority: 'DFA DUBLIN', sex: ['F', 'M'] },
  BEL: { code: 'BEL', issuing: 'BEL', natPrinted: 'BELGE', surnames: ['PEETERS', 'JANSSENS', 'DUPONT', 'MAES'], given: ['LAURA', 'THOMAS', 'ELISE MARIE', 'LUCAS'], places: ['GENT', 'LIÈGE', 'ANTWERPEN', 'NAMUR'], authority: 'GENT', sex: ['F', 'M'] },
  AUT: { code: 'AUT', issuing: 'AUT', natPrinted: 'ÖSTERREICH', surnames: ['GRUBER', 'HUBER', 'WAGNER', 'PICHLER'], given: ['ELISABETH', 'FLORIAN', 'JOHANNA', 'STEFAN'], places: ['WIEN', 'GRAZ', 'LINZ', 'SALZBURG'], authority: 'BH INNSBRUCK', sex: ['F', 'M'] },
  CHE: { code: 'CHE', issuing: 'CHE', natPrinted: 'SCHWEIZ SUISSE', surnames: ['MEIER', 'FAVRE', 'KELLER', 'BERNASCONI'], given: ['NICOLE', 'RETO', 'SIMONE', 'ANDREA'], places: ['BERN', 'ZÜRICH', 'LUGANO', 'GENÈVE'], authority: 'BERN', sex: ['F', 'M'] },
  SWE: { code: 'SWE', issuing: 'SWE', natPrinted: 'SVENSK/SWEDISH', surnames: ['LINDQVIST', 'ANDERSSON', 'NILSSON', 'BERG'], given: ['ASTRID', 'ERIK', 'INGRID', 'OSKAR'], places: ['UPPSALA', 'MALMÖ', 'GÖTEBORG'], authority: 'POLISEN', sex: ['F', 'M'] },
  // States printing the holder's name in their script and in Latin letters.
  RUS: {
    code: 'RUS', issuing: 'RUS', natPrinted: 'РОССИЙСКАЯ ФЕДЕРАЦИЯ / RUSSIAN FEDERATION', script: 'cyrillic',
    surnames: ['ИВАНОВ', 'СМИРНОВ', 'КУЗНЕЦОВ', 'СОКОЛОВ', 'ЖУКОВ', 'ВОРОБЬЁВ'], femaleSurnames: ['ИВАНОВА', 'СМИРНОВА', 'КУЗНЕЦОВА', 'СОКОЛОВА', 'ЖУКОВА', 'ЩЕРБАКОВА'],
    given: ['ДМИТРИЙ', 'АЛЕКСЕЙ', 'СЕРГЕЙ', 'МИХАИЛ', 'ЮРИЙ'], femaleGiven: ['НАТАЛЬЯ', 'ЕЛЕНА', 'ЮЛИЯ', 'ОЛЬГА', 'ТАТЬЯНА'],
    places: ['МОСКВА / RUSSIA', 'САНКТ-ПЕТЕРБУРГ / RUSSIA', 'НОВОСИБИРСК / RUSSIA', 'КАЗАНЬ / RUSSIA'], authority: 'МВД 77810', sex: ['Ж/F', 'М/M'],
  },
  BGR: {
    code: 'BGR', issuing: 'BGR', natPrinted: 'БЪЛГАРСКО / BULGARIAN', script: 'cyrillic',
    surnames: ['ГЕОРГИЕВ', 'ДИМИТРОВ', 'ПЕТРОВ', 'НИКОЛОВ', 'ЖИВКОВ', 'ЦВЕТАНОВ'], femaleSurnames: ['ГЕОРГИЕВА', 'ДИМИТРОВА', 'ПЕТРОВА', 'НИКОЛОВА', 'ЧОЛАКОВА', 'ЦВЕТАНОВА'],
    given: ['ИВАН', 'ГЕОРГИ', 'СТЕФАН', 'ВАСИЛ', 'БОРИСЛАВ'], femaleGiven: ['ЕЛЕНА', 'ДЕСИСЛАВА', 'ВЕСЕЛИНА', 'ГАЛИНА', 'ЦВЕТЕЛИНА'],
    places: ['СОФИЯ / SOFIA', 'ПЛОВДИВ / PLOVDIV', 'ВАРНА / VARNA', 'БУРГАС / BURGAS'], authority: 'МВР / MOI BGR', sex: ['Ж/F', 'М/M'],
  },
  UKR: {
    code: 'UKR', issuing: 'UKR', natPrinted: 'УКРАЇНА / UKRAINE', script: 'cyrillic',
    surnames: ['ШЕВЧЕНКО', 'КОВАЛЕНКО', 'БОНДАРЕНКО', 'ТКАЧЕНКО', 'КРАВЧУК', 'КОВАЛЬЧУК'],
    given: ['ТАРАС', 'ОЛЕКСАНДР', 'ОЛЕКСІЙ', 'ПЕТРО', 'СТЕПАН'], femaleGiven: ['ОЛЕНА', 'ОКСАНА', 'СОФІЯ', 'НАТАЛІЯ', 'ЛЕСЯ'],
    places: ['М. КИЇВ / UKR', 'М. ЛЬВІВ / UKR', 'М. ОДЕСА / UKR', 'М. ХАРКІВ / UKR'], authority: '8012', sex: ['Ж/F', 'Ч/M'],
  },
  GRC: {
    code: 'GRC', issuing: 'GRC', natPrinted: 'ΕΛΛΗΝΙΚΗ / HELLENIC', script: 'greek',
    surnames: ['ΠΑΠΑΔΟΠΟΥΛΟΣ', 'ΒΛΑΧΟΣ', 'ΟΙΚΟΝΟΜΟΥ', 'ΓΕΩΡΓΙΟΥ', 'ΚΩΝΣΤΑΝΤΙΝΙΔΗΣ', 'ΜΑΚΡΗΣ'], femaleSurnames: ['ΠΑΠΑΔΟΠΟΥΛΟΥ', 'ΒΛΑΧΟΥ', 'ΟΙΚΟΝΟΜΟΥ', 'ΓΕΩΡΓΙΟΥ', 'ΚΩΝΣΤΑΝΤΙΝΙΔΟΥ', 'ΜΑΚΡΗ'],
    given: ['ΝΙΚΟΛΑΟΣ', 'ΔΗΜΗΤΡΙΟΣ', 'ΙΩΑΝΝΗΣ', 'ΑΘΑΝΑΣΙΟΣ', 'ΧΡΗΣΤΟΣ'], femaleGiven: ['ΜΑΡΙΑ', 'ΕΛΕΝΗ', 'ΣΟΦΙΑ', 'ΧΡΙΣΤΙΝΑ', 'ΑΙΚΑΤΕΡΙΝΗ'],
    places: ['ΑΘΗΝΑ / ATHINA', 'ΘΕΣΣΑΛΟΝΙΚΗ / THESSALONIKI', 'ΠΑΤΡΑ / PATRA', 'ΗΡΑΚΛΕΙΟ / IRAKLEIO'], authority: 'Α.Ε.Α./Δ.Δ.', sex: ['Θ/F', 'Α/M'],
  },
}

/** A page's holder: names and dates as printed (dates ISO), and the names as the zone spells them. */
export interface Holder {
  country: Country; surname: string; given: string; sex: 'F' | 'M'; sexPrinted: string; number: string
  dob: string; issue: string; expiry: string; pob: string; personal?: string; mrzSurname: string; mrzGiven: string
  /** The names in the state's own script, where it has one (`surname` and `given` are then their Latin spelling). */
  national?: { surname: string; given: string }
}

/**
 * How a layout wants its holder: born between `bornFrom` and `bornTo` (a child's 5-year passport, a
 * birth year two digits cannot place), valid `years`, two given names, a personal number in the
 * country's style, and the document number's style.
 */
export interface HolderOptions { bornFrom?: number; bornTo?: number; years?: 5 | 10; twoGiven?: boolean; personal?: 'digits' | 'sweden' | 'dni'; numberStyle?: 'alnum' | 'digits' | 'll7' | 'll6' }

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'
const DIGITS = '0123456789'

/** The holder of country `cc` drawn from `seed`. The draws' order is fixed: changing it changes every page. */
export function makeHolder(seed: number, cc: string, o: HolderOptions = {}): Holder {
  const r = mulberry32(seed * 7919 + 17)
  const pick = <T,>(a: T[]) => a[Math.floor(r() * a.length)]!
  const country = COUNTRIES[cc]!
  const sex: 'F' | 'M' = r() < 0.5 ? 'F' : 'M'
  // (A woman's names from a woman's list, where the country has one: the same draws.)
  const surname = pick(sex === 'F' && country.femaleSurnames ? country.femaleSurnames : country.surnames)
  let given = pick(sex === 'F' && country.femaleGiven ? country.femaleGiven : country.given)
  if (o.twoGiven && !given.includes(' ')) given = `${given} ${country.given.filter((g) => !g.includes(' ') && g !== given)[0]}`
  const bornFrom = o.bornFrom ?? 1952
  const bornTo = o.bornTo ?? 2004
  const year = bornFrom + Math.floor(r() * (bornTo - bornFrom + 1))
  const dob = `${year}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`
  const years = o.years ?? (2026 - year < 18 ? 5 : 10)
  // Issued late enough that no page has expired when these pages were made: a genuine page in use.
  const issueFrom = years === 10 ? Date.UTC(2017, 5, 1) : Date.UTC(2022, 1, 1)
  const issueTo = Date.UTC(2026, 9, 15)
  let issue = new Date(issueFrom + r() * (issueTo - issueFrom)).toISOString().slice(0, 10)
  if (issue < dob) issue = addDays(dob, 200)
  const expiry = addDays(addYears(issue, years), -1)
  const style = o.numberStyle ?? 'alnum'
  let number = ''
  if (style === 'digits') for (let i = 0; i < 9; i++) number += pick([...DIGITS])
  else if (style === 'll7') number = pick([...LETTERS]) + pick([...LETTERS]) + Array.from({ length: 7 }, () => pick([...DIGITS])).join('')
  else if (style === 'll6') number = pick([...LETTERS]) + pick([...LETTERS]) + Array.from({ length: 6 }, () => pick([...DIGITS])).join('')
  else for (let i = 0; i < 9; i++) number += i < 2 ? pick([...LETTERS]) : pick([...(LETTERS + DIGITS + DIGITS)])
  let personal: string | undefined
  if (o.personal === 'digits') {
    const base = Array.from({ length: 8 }, () => pick([...DIGITS])).join('')
    personal = base + checkDigit(base)
  }
  if (o.personal === 'sweden') personal = `${dob.replace(/-/g, '')}${Array.from({ length: 4 }, () => pick([...DIGITS])).join('')}`
  if (o.personal === 'dni') {
    const n = Array.from({ length: 8 }, () => pick([...DIGITS])).join('')
    personal = n + 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(n) % 23]
  }
  if (country.script) {
    const latin = { surname: icaoLatin(surname), given: icaoLatin(given) }
    return {
      country, surname: latin.surname, given: latin.given, sex, sexPrinted: sex === 'F' ? country.sex[0] : country.sex[1], number, dob, issue, expiry, pob: pick(country.places), personal,
      mrzSurname: translit(latin.surname), mrzGiven: translit(latin.given), national: { surname, given },
    }
  }
  return {
    country, surname, given, sex, sexPrinted: sex === 'F' ? country.sex[0] : country.sex[1], number, dob, issue, expiry, pob: pick(country.places), personal,
    mrzSurname: translit(surname), mrzGiven: translit(given),
  }
}

/** The holder's zone: TD3 (2 × 44) for a passport, TD1 (3 × 30) for an identity card. */
export function zoneOf(h: Holder, kind: 'passport' | 'id_card'): string[] {
  const base = { issuing: h.country.issuing.padEnd(3, '<'), surname: h.mrzSurname, given: h.mrzGiven, number: h.number, nationality: h.country.code.padEnd(3, '<'), dob: yymmdd(h.dob), sex: h.sex, expiry: yymmdd(h.expiry) }
  // A name the zone would cut short is a catalogue mistake, not a page to measure.
  if (kind === 'passport') {
    if (`${h.mrzSurname}<<${h.mrzGiven}`.length > 39) throw new Error(`name too long for a TD3 zone: ${h.mrzSurname}`)
    return td3({ ...base, optional: h.personal?.replace(/[^A-Z0-9]/g, '') })
  }
  if (`${h.mrzSurname}<<${h.mrzGiven}`.length > 30) throw new Error(`name too long for a TD1 zone: ${h.mrzSurname}`)
  return td1({ ...base, code: 'ID', optional: h.personal?.replace(/[^A-Z0-9]/g, '').slice(0, 15) })
}
