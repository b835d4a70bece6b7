// What a JSON body may hold, counted on its bytes before any of it is parsed: parsing a body of
// millions of fields, of ten million nested arrays or of megabytes of digits held the event loop
// for seconds and took gigabytes before its value could be looked at.
import { escaped, isName, PIECE_BYTES } from './json-pieces.js'

/**
 * How deep a JSON body may nest arrays and objects (the API's own bodies nest at most four levels).
 * The checks that walk a parsed body (src/plugins/validation.ts) recurse: this bounds them.
 */
export const MAX_JSON_DEPTH = 32

/**
 * How many strings, how many commas and how many arrays and objects a JSON body may hold. The
 * API's largest legitimate body (twenty metadata values of 500 characters each, a review note) holds
 * a tenth of that.
 */
export const MAX_JSON_SEPARATORS = 50_000

/**
 * How many bytes a JSON body may hold outside its long strings (those parsed apart: images). Five
 * images each just short of a piece are 1.3 MB; the rest of any body of this API is kilobytes.
 */
export const MAX_JSON_OUTSIDE_LONG_STRINGS = 4 * 1024 * 1024

const QUOTE = 0x22
const COMMA = 0x2c
const OPENERS = [0x5b, 0x7b]
const CLOSERS = [0x5d, 0x7d]

/** How many times `byte` occurs in `body`, counted up to just past `limit`. */
function countUpTo(body: Buffer, byte: number, limit: number): number {
  let n = 0
  for (let at = body.indexOf(byte); at >= 0 && n <= limit; at = body.indexOf(byte, at + 1)) n++
  return n
}

/**
 * Why a JSON body is refused before parsing, or null. One walk from each structural byte to the next
 * (each found by a native search, so megabytes without any cost little), strings skipped whole:
 * too deep as soon as the 33rd level opens; too many strings, commas, arrays or objects; too many
 * bytes outside long strings (a body of megabytes of digits or spaces would be parsed in one turn).
 * A malformed body passes whatever the walk could not read on to the parser, which says so.
 */
export function jsonBoundsProblem(body: Buffer): string | null {
  const crowded = `a body may hold at most ${MAX_JSON_SEPARATORS} strings and ${MAX_JSON_SEPARATORS} members or items`
  const bytes = [QUOTE, ...OPENERS, ...CLOSERS]
  // The next occurrence of each byte at or after the walk's position (-1: none left).
  const next = bytes.map((b) => body.indexOf(b))
  let depth = 0
  let strings = 0
  let containers = 0
  let longBytes = 0
  for (;;) {
    let k = -1
    for (let j = 0; j < next.length; j++) if (next[j]! >= 0 && (k < 0 || next[j]! < next[k]!)) k = j
    if (k < 0) break
    const at = next[k]!
    let after = at + 1
    if (k === 0) {
      let close = body.indexOf(QUOTE, at + 1)
      while (close > 0 && escaped(body, close)) close = body.indexOf(QUOTE, close + 1)
      if (close < 0) break
      if (++strings > MAX_JSON_SEPARATORS) return crowded
      if (close - at - 1 >= PIECE_BYTES && !isName(body, close + 1)) longBytes += close - at + 1
      after = close + 1
    } else if (k <= OPENERS.length) {
      if (++depth > MAX_JSON_DEPTH) return `arrays and objects must not nest more than ${MAX_JSON_DEPTH} levels deep`
      if (++containers > MAX_JSON_SEPARATORS) return crowded
    } else if (--depth < 0) break // a closing bracket with nothing open: malformed
    // Searches move only forward: a byte met inside a string is searched for again past its end.
    for (let j = 0; j < next.length; j++) if (next[j]! >= 0 && next[j]! < after) next[j] = body.indexOf(bytes[j]!, after)
  }
  if (countUpTo(body, COMMA, MAX_JSON_SEPARATORS) > MAX_JSON_SEPARATORS) return crowded
  if (body.length - longBytes > MAX_JSON_OUTSIDE_LONG_STRINGS) {
    return `a body may hold at most ${MAX_JSON_OUTSIDE_LONG_STRINGS} bytes besides its images (strings of ${PIECE_BYTES} bytes or more)`
  }
  return null
}
