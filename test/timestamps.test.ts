// PostgreSQL's text for a timestamptz, written as the API writes times (Date#toISOString).
import t from 'tap'
import { isoFromPostgres } from '../src/db/timestamps.js'

t.test('UTC times, with every length of fraction PostgreSQL writes', async (t) => {
  t.equal(isoFromPostgres('2026-11-21 20:31:00+00'), '2026-11-21T20:31:00.000Z')
  t.equal(isoFromPostgres('2026-11-21 20:31:00.1+00'), '2026-11-21T20:31:00.100Z')
  t.equal(isoFromPostgres('2026-11-21 20:31:00.12+00'), '2026-11-21T20:31:00.120Z')
  t.equal(isoFromPostgres('2026-11-21 20:31:00.123+00'), '2026-11-21T20:31:00.123Z')
})

t.test('other offsets and forms go through a Date, to the same instant', async (t) => {
  t.equal(isoFromPostgres('2026-11-21 22:31:00.5+02'), '2026-11-21T20:31:00.500Z')
  t.equal(isoFromPostgres('2026-11-21 15:01:00.25-05:30'), '2026-11-21T20:31:00.250Z')
  t.equal(isoFromPostgres('2026-11-21T20:31:00.123Z'), '2026-11-21T20:31:00.123Z')
})

t.test('the same as a Date would write, over many instants', async (t) => {
  let mismatches = 0
  for (let ms = Date.UTC(1999, 11, 31, 23, 59, 58); ms < Date.UTC(2000, 0, 1, 0, 0, 2); ms += 7) {
    const iso = new Date(ms).toISOString()
    // PostgreSQL drops trailing zeros of the fraction, and the fraction itself when it is zero.
    const frac = iso.slice(20, 23).replace(/0+$/, '')
    const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${frac ? `.${frac}` : ''}+00`
    if (isoFromPostgres(text) !== iso) mismatches++
  }
  t.equal(mismatches, 0)
})
