// The French national identity card of 1988–2021 (2 × 36, `IDFRA…`): its MRZ holds no expiry and no
// nationality. Its 12-character number begins with the year and month of issue (YYMM), and the card's
// validity follows from that date and the holder's age then: 10 years, or 15 for an adult's card
// issued from 2004 (those of 2004–2013 were issued for 10 years and extended by 5 by décret
// 2013-1188; those from 2014 were issued for 15).

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * The last day a card issued in `issueYymm` is valid, or null when the month is not one. The day of
 * issue is not in the MRZ: the card is taken to end the day before the month of its anniversary, so
 * that it is never read as valid after it has expired.
 */
export function frenchIdExpiry(issueYymm: string | null, birth: string | null, today: Date): string | null {
  if (!issueYymm || !/^\d{4}$/.test(issueYymm)) return null
  const yy = Number(issueYymm.slice(0, 2))
  const month = Number(issueYymm.slice(2))
  if (month < 1 || month > 12) return null
  const year = 2000 + yy <= today.getUTCFullYear() ? 2000 + yy : 1900 + yy
  const issued = `${year}-${pad2(month)}-01`
  // Without a birth date the shorter validity holds: a card is never read as valid for longer.
  const adult = birth !== null && `${year - 18}-${pad2(month)}-01` >= birth
  const years = adult && year >= 2004 ? 15 : 10
  const end = new Date(Date.UTC(year + years, month - 1, 1) - 86_400_000)
  return issued < '1988-01-01' ? null : end.toISOString().slice(0, 10)
}
