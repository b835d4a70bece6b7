// Names as ICAO 9303 Part 3 writes them in a machine-readable zone: upper case A–Z, national
// characters transliterated (its tables for Latin letters, Cyrillic and Greek), apostrophes omitted,
// hyphens and spaces as fillers, and a name longer than its field truncated.
import type { MrzData } from '../../generated/schemas.js'

/**
 * Letters with a transliteration of their own (others lose their diacritics). Two spellings where
 * ICAO allows both, or where states write both (Ä: AE or A, Đ: D or DJ); the first is ICAO's.
 */
const LETTERS: Record<string, string | [string, string]> = {
  // Latin
  Ä: ['AE', 'A'], Ö: ['OE', 'O'], Ü: ['UE', 'U'], Å: ['AA', 'A'], Ø: ['OE', 'O'], Đ: ['D', 'DJ'],
  Æ: 'AE', Œ: 'OE', ß: 'SS', ẞ: 'SS', Þ: 'TH', Ĳ: 'IJ', Ð: 'D', Ł: 'L', Ħ: 'H', İ: 'I', Ŀ: 'L', Ŋ: 'N', Ŧ: 'T', ĸ: 'K',
  // Cyrillic (Doc 9303 Part 3, table B)
  А: 'A', Б: 'B', В: 'V', Г: 'G', Ґ: 'G', Д: 'D', Ѓ: 'G', Ђ: 'D', Е: 'E', Ё: 'E', Є: 'IE', Ж: 'ZH', З: 'Z', Ѕ: 'DZ',
  И: 'I', І: 'I', Ї: 'I', Й: 'I', Ј: 'J', К: 'K', Л: 'L', Љ: 'LJ', М: 'M', Н: 'N', Њ: 'NJ', О: 'O', П: 'P', Р: 'R',
  С: 'S', Т: 'T', Ќ: 'K', Ћ: 'C', У: 'U', Ў: 'U', Ф: 'F', Х: 'KH', Ц: 'TS', Ч: 'CH', Џ: 'DZ', Ш: 'SH', Щ: 'SHCH',
  Ъ: 'IE', Ы: 'Y', Ь: '', Э: 'E', Ю: 'IU', Я: 'IA',
  // Greek (table C)
  Α: 'A', Β: 'V', Γ: 'G', Δ: 'D', Ε: 'E', Ζ: 'Z', Η: 'I', Θ: 'TH', Ι: 'I', Κ: 'K', Λ: 'L', Μ: 'M', Ν: 'N', Ξ: 'X',
  Ο: 'O', Π: 'P', Ρ: 'R', Σ: 'S', Τ: 'T', Υ: 'Y', Φ: 'F', Χ: 'CH', Ψ: 'PS', Ω: 'O',
}
const APOSTROPHES = /['’‘`´ʼ]/g
/** Greek ΟΥ is one sound, written OU (ELOT 743, which Greek passports follow). */
const GREEK_OU = /Ο[ΥΎ]/g

/**
 * A word of a name written in letters no table here turns into A–Z (Chinese, Arabic, …): it stands as
 * this word, which no MRZ holds, so that the name is not compared as if it were not there (a declared
 * "Müller 王" is not MUELLER). Two characters, so that it counts as a word, not an initial.
 */
const UNWRITTEN = '##'

/**
 * Whether a word mixes Latin, Cyrillic and Greek letters: no name is written so, but a name typed with
 * a letter of another alphabet that looks the same (a Cyrillic А in ANNA) is, and its transliteration
 * would pass it for the Latin one. Such a word is not compared (UNWRITTEN).
 */
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u]
const mixedScripts = (word: string) => SCRIPTS.filter((script) => script.test(word)).length > 1

/** One letter in MRZ letters: its own transliteration, or its base letter's once marks are dropped. */
function letter(c: string, alternate: boolean): string {
  const own = LETTERS[c] ?? LETTERS[c.normalize('NFD').replace(/\p{M}/gu, '')]
  if (own !== undefined) return typeof own === 'string' ? own : own[alternate ? 1 : 0]
  const base = c.normalize('NFD').replace(/\p{M}/gu, '')
  return /^\p{L}+$/u.test(base) && !/^[A-Z]+$/.test(base) ? ` ${UNWRITTEN} ` : base
}

/** A name as MRZ words: transliterated, anything else (hyphens, spaces, commas) a single space. */
function spell(name: string, alternate: boolean, apostrophe: '' | ' '): string {
  // Invisible format characters (a zero-width space, a soft hyphen) are no part of a name.
  const upper = name.normalize('NFC').replace(/\p{Cf}/gu, '').toUpperCase().replace(APOSTROPHES, apostrophe)
  return upper
    .split(/(\s+)/)
    .map((word) => (mixedScripts(word) ? ` ${UNWRITTEN} ` : [...word.replace(GREEK_OU, 'OU')].map((c) => letter(c, alternate)).join('')))
    .join('')
    .replace(/[^A-Z0-9#]+/g, ' ')
    .trim()
}

/**
 * The ways a declared name can be written in an MRZ: ICAO's transliteration and the one-letter
 * spellings states also use (Müller: MUELLER or MULLER), apostrophes omitted as ICAO says or as a filler.
 */
export function mrzNameForms(name: string): Set<string> {
  const forms = new Set<string>()
  for (const alternate of [false, true]) for (const apostrophe of ['', ' '] as const) forms.add(spell(name, alternate, apostrophe))
  forms.delete('')
  return forms
}

/** How many characters each layout gives to the name (surname, `<<`, given names). */
const NAME_FIELD: Record<MrzData['format'], number> = { TD1: 30, TD2: 31, TD3: 39, MRVA: 39, MRVB: 31 }

/** Whether the MRZ's name field is full, so that its last name read may have been cut short. */
export function nameFieldFull(mrz: Pick<MrzData, 'format' | 'surname' | 'given_names'>): boolean {
  const used = (mrz.surname?.length ?? 0) + (mrz.given_names ? 2 + mrz.given_names.length : 0)
  return used >= NAME_FIELD[mrz.format]
}

const words = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim()

/**
 * Whether the MRZ's surname may have been cut: the name field is full, and the surname took at least
 * half of it, or no more than initials follow it (states cut the given names first, and some then cap
 * a long surname to keep an initial or a name after it). A short surname followed by given names that
 * fill the field was written whole.
 */
export function surnameCut(mrz: Pick<MrzData, 'format' | 'surname' | 'given_names'>): boolean {
  if (!nameFieldFull(mrz)) return false
  const initialsOnly = (mrz.given_names ?? '').split(' ').every((w) => w.length <= 1)
  return initialsOnly || (mrz.surname?.length ?? 0) * 2 >= NAME_FIELD[mrz.format]
}

/** A declared surname against the MRZ's; when `cut` (surnameCut), a declared one that begins with it matches. */
export function lastNameMatches(declared: string, mrz: string, cut: boolean): boolean {
  const have = words(mrz)
  for (const form of mrzNameForms(declared)) {
    if (form === have || (cut && have.length > 0 && form.startsWith(have))) return true
  }
  return false
}

/**
 * A declared first name against the MRZ's given names: all of them, or the first ones word for word
 * (people often give one). When the name field is full, the last given name may be cut short.
 */
export function firstNameMatches(declared: string, mrz: string, truncated: boolean): boolean {
  const have = words(mrz)
  for (const form of mrzNameForms(declared)) {
    if (form === have || `${have} `.startsWith(`${form} `)) return true
    if (truncated && have.length > 0 && form.startsWith(have)) return true
  }
  return false
}

/**
 * A name with each two-letter transliteration as the one letter it stands for (Ä, Ö, Ü, Å, Đ without
 * their marks): as states also write it, as people type it, and as OCR reads a page that prints it.
 */
export const oneLetterSpellings = (name: string) => name.replace(/AE/g, 'A').replace(/OE/g, 'O').replace(/UE/g, 'U').replace(/AA/g, 'A').replace(/DJ/g, 'D')

/**
 * A name transliterated from another alphabet, as its Latin spellings share it: its consonants, with
 * the letters that spellings trade for one another made one (Y, J and I; X and KS; KH, H and G; PH and
 * F; W and V) and doubled letters single. YULIA and IULIIA, EVGENY and YEVHEN, DMITRY and DMITRII,
 * ALEXANDER and ALEKSANDR, MOHAMMED and MUHAMMAD share theirs.
 */
const skeleton = (name: string) =>
  name
    .replace(/X/g, 'KS')
    .replace(/PH/g, 'F')
    .replace(/KH|H/g, 'G')
    .replace(/W/g, 'V')
    .replace(/[AEIOUYJ]/g, '')
    .replace(/(.)\1+/g, '$1')

/**
 * Whether a declared name that does not match the MRZ's matches it in part, which a person should look
 * at rather than the automation decline: the same letters once two-letter transliterations are read as
 * one (Muller typed for MUELLER) and spaces dropped (Vanderberg, VAN DER BERG), or all the words of
 * one side among the other's (Smith for SMITH JONES, Maria for ANNA MARIA). Words of one letter
 * (initials, a particle written apart) do not count for the second rule, but initials in the place of
 * the MRZ's words do (A. M. for ANNA MARIA). A name written in part in letters no MRZ writes (UNWRITTEN)
 * matches in part when its other words are among the MRZ's. `transliterated`: the holder's names are
 * written in another alphabet at home, so that Latin spellings of them differ: the same skeleton.
 */
export function namePartlyMatches(declared: string, mrz: string, transliterated = false): boolean {
  const have = words(mrz).split(' ').filter(Boolean).map(oneLetterSpellings)
  for (const form of mrzNameForms(declared)) {
    const want = form.split(' ').map(oneLetterSpellings)
    if (want.join('') === have.join('')) return true
    // Initials (A. M., J.P., v.d. Berg): each word the MRZ's in its place, or its first letter.
    const initial = (w: string, i: number) => w.length === 1 && (have[i]?.length ?? 0) > 1 && have[i]!.startsWith(w)
    if (want.length <= have.length && want.some(initial) && want.every((w, i) => w === have[i] || initial(w, i))) return true
    if (transliterated && want.some((w) => w !== UNWRITTEN) && skeleton(want.join('')) === skeleton(have.join(''))) return true
    // Words no MRZ can write are not compared: the others, if any, must be among the MRZ's.
    const written = want.filter((w) => w !== UNWRITTEN)
    if (written.length < want.length && written.every((w) => have.includes(w))) return true
    const [shorter, longer] = want.length <= have.length ? [want, have] : [have, want]
    if (shorter.length && longer.every((w) => w.length > 1) && shorter.every((w) => longer.includes(w))) return true
  }
  return false
}

/**
 * States whose data pages print a holder's name in their own script and then in Latin letters, on one
 * line (ИВАНОВА/IVANOVA): Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic and Asian scripts. OCR
 * reads the first part as Latin look-alikes (MBAHOBA), so a line's parts are the name's two spellings
 * only on such a state's page; elsewhere a name after a slash is a second name (MÜLLER/ KRAMER). Each
 * with the letters its page prints its name or its nationality with in Latin (HELLENIC REPUBLIC).
 */
const TWO_SCRIPT_STATES: Record<string, RegExp> = {
  RUS: /RUSSIA/, UKR: /UKRAIN/, BLR: /BELARUS/, BGR: /BULGARIA/, SRB: /SERBIA/, MKD: /MACEDONIA/, MNE: /MONTENEGR/, BIH: /BOSNIA|HERZEGOVINA/,
  KAZ: /KAZAKH/, KGZ: /KYRGYZ/, TJK: /TAJIK/, UZB: /UZBEK/, MNG: /MONGOLIA/, GRC: /HELLENIC|GREECE|GREEK/, CYP: /CYPRUS|CYPRIOT/, ARM: /ARMENIA/,
  GEO: /GEORGIA/, AZE: /AZERBAIJAN/, ISR: /ISRAEL/, EGY: /EGYPT/, SAU: /SAUDI/, ARE: /EMIRATES/, QAT: /QATAR/, KWT: /KUWAIT/, BHR: /BAHRAIN/,
  OMN: /OMAN/, JOR: /JORDAN/, LBN: /LEBAN/, SYR: /SYRIA/, IRQ: /IRAQ/, IRN: /IRAN/, AFG: /AFGHAN/, PAK: /PAKISTAN/, DZA: /ALGERI/,
  MAR: /MOROCCO|MAROC/, TUN: /TUNISI/, LBY: /LIBYA/, YEM: /YEMEN/, SDN: /SUDAN/, CHN: /CHINA|CHINESE/, TWN: /TAIWAN|CHINA/, HKG: /HONGKONG/,
  MAC: /MACAO|MACAU/, JPN: /JAPAN/, KOR: /KOREA/, PRK: /KOREA/, THA: /THAI/, LAO: /LAO/, KHM: /CAMBODIA/, MMR: /MYANMAR/, LKA: /SRILANKA/,
  NPL: /NEPAL/, BGD: /BANGLADESH/, BTN: /BHUTAN/, MDV: /MALDIVES/, ETH: /ETHIOPIA/, ERI: /ERITREA/,
}
/**
 * Whether a page (its lines upper case) prints names in two scripts: its zone's issuing state is such a
 * state's, and the page names that state in Latin letters (a zone's state changed alone is no such page).
 */
export const printsTwoScripts = (issuingState: string | null | undefined, page: string[]) =>
  TWO_SCRIPT_STATES[issuingState ?? '']?.test(page.join('').replace(/[^A-Z]/g, '')) ?? false
