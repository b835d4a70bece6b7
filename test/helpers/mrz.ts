// Builds MRZ lines with ICAO 9303 check digits (7-3-1 weights), written here independently of the
// parser the service uses.
const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55)
export function checkDigit(s: string): string {
  return String([...s].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3]!, 0) % 10)
}
const pad = (s: string, n: number) => s.padEnd(n, '<').slice(0, n)

export interface Holder {
  code?: string
  issuing: string
  surname: string
  given: string
  number: string
  nationality: string
  dob: string // YYMMDD
  sex: 'M' | 'F' | 'X' | '<'
  expiry: string // YYMMDD
  optional?: string
}

export function td3(h: Holder): string[] {
  const name = pad(`${h.surname.replace(/ /g, '<')}<<${h.given.replace(/ /g, '<')}`, 39)
  const l1 = `${pad(h.code ?? 'P', 2)}${h.issuing}${name}`
  const num = pad(h.number, 9)
  const opt = pad(h.optional ?? '', 14)
  const optCd = h.optional ? checkDigit(opt) : '<'
  const body = `${num}${checkDigit(num)}${h.nationality}${h.dob}${checkDigit(h.dob)}${h.sex}${h.expiry}${checkDigit(h.expiry)}${opt}${optCd}`
  const composite = checkDigit(`${num}${checkDigit(num)}${h.dob}${checkDigit(h.dob)}${h.expiry}${checkDigit(h.expiry)}${opt}${optCd}`)
  return [l1, `${body}${composite}`]
}

export function td1(h: Holder): string[] {
  const num = pad(h.number, 9)
  const l1 = `${pad(h.code ?? 'ID', 2)}${h.issuing}${num}${checkDigit(num)}${pad(h.optional ?? '', 15)}`
  const l2start = `${h.dob}${checkDigit(h.dob)}${h.sex}${h.expiry}${checkDigit(h.expiry)}${h.nationality}${pad('', 11)}`
  const composite = checkDigit(`${l1.slice(5, 30)}${l2start.slice(0, 7)}${l2start.slice(8, 15)}${l2start.slice(18, 29)}`)
  const l3 = pad(`${h.surname.replace(/ /g, '<')}<<${h.given.replace(/ /g, '<')}`, 30)
  return [l1, `${l2start}${composite}`, l3]
}

/** A visa's zone: MRV-A (2 × 44) or MRV-B (2 × 36); optional data without a check digit, no composite. */
export function mrv(h: Holder, kind: 'A' | 'B'): string[] {
  const length = kind === 'A' ? 44 : 36
  const l1 = `${pad(h.code ?? 'V', 2)}${h.issuing}${pad(`${h.surname.replace(/ /g, '<')}<<${h.given.replace(/ /g, '<')}`, length - 5)}`
  const num = pad(h.number, 9)
  const l2 = `${num}${checkDigit(num)}${h.nationality}${h.dob}${checkDigit(h.dob)}${h.sex}${h.expiry}${checkDigit(h.expiry)}${pad(h.optional ?? '', length - 28)}`
  return [l1, l2]
}

/** The French national identity card of 1988–2021 (2 × 36): `issued` is YYMM, `office` 3 characters. */
export function frenchId(h: { surname: string; given: string; issued: string; office: string; serial: string; dob: string; sex: 'M' | 'F'; admin?: string }): string[] {
  const l1 = `IDFRA${pad(h.surname.replace(/ /g, '<'), 25)}${pad(h.admin ?? '', 6)}`
  const number = `${h.issued}${h.office}${h.serial}`
  const start = `${number}${checkDigit(number)}${pad(h.given.replace(/ /g, '<'), 14)}${h.dob}${checkDigit(h.dob)}${h.sex}`
  return [l1, `${start}${checkDigit(l1 + start)}`]
}
