// Large JSON bodies parsed in pieces (src/plugins/json-pieces.ts) give what one JSON.parse gives.
import t from 'tap'
import { parseInPieces, PIECE_BYTES } from '../src/plugins/json-pieces.js'

const parse = async (text: string) => JSON.parse(text) as unknown
const long = (c: string) => c.repeat(PIECE_BYTES + 7)

t.test('the same value as one JSON.parse', async (t) => {
  const bodies = [
    JSON.stringify({ a: long('A'), b: [long('B'), 'short', 1, null, { c: long('C') }] }),
    // Escapes, an escaped quote and backslashes before a closing quote, non-ASCII text.
    JSON.stringify({ slashes: long('a/b\\'), quoted: `${long('x')}"\\"é€😀` }),
    `{"image":"${long('QUJD').replace(/D/g, '\\/')}"}`,
    // A long field name stays where it is.
    JSON.stringify({ [long('k')]: 1, v: long('v') }),
    ` [ ${JSON.stringify(long('s'))} , "${'\\\\'.repeat(3)}" ] `,
  ]
  for (const body of bodies) t.same(await parseInPieces(Buffer.from(body), parse), JSON.parse(body))
})

t.test('a malformed body fails as one JSON.parse fails', async (t) => {
  for (const body of [`{"a":"${long('A')}\u0001"}`, `{"a":"${long('A')}\\q"}`, `{"a":"${long('A')}" "b":1}`, `{"a":"${long('A')}`]) {
    await t.rejects(parseInPieces(Buffer.from(body), parse), SyntaxError)
  }
})
