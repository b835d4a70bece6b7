// Times as PostgreSQL writes them, as the API writes them.

/**
 * A timestamptz in PostgreSQL's text output (ISO DateStyle, e.g. `2026-11-21 20:31:00.12+00`) as
 * `Date.prototype.toISOString` writes it (`2026-11-21T20:31:00.120Z`). A time in UTC, as every
 * connection of this service's reads it (see db/client.ts), is rewritten as text, which costs a sixth
 * of parsing it into a Date and writing that out; any other offset goes through a Date.
 */
export function isoFromPostgres(text: string): string {
  const n = text.length
  if (n >= 22 && n <= 26 && text[10] === ' ' && text[n - 3] === '+' && text[n - 2] === '0' && text[n - 1] === '0') {
    if (n === 22) return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`
    if (text[19] === '.') return `${text.slice(0, 10)}T${text.slice(11, 20)}${text.slice(20, n - 3).padEnd(3, '0')}Z`
  }
  return new Date(text).toISOString()
}
