// JSON bodies of megabytes (images in base64) parsed in pieces: each long string on its own turn of
// the event loop (src/one-per-turn.ts), then the rest, so that no single JSON.parse holds the loop
// for the whole body. An operation's images are not parsed here at all: they are decoded on another
// thread (src/plugins/base64-images.ts).
import { randomUUID } from 'node:crypto'
import { ownTurn } from '../one-per-turn.js'

/** Strings longer than this (in bytes) are parsed apart from the rest of the body. */
export const PIECE_BYTES = 256 * 1024

const QUOTE = 0x22
const BACKSLASH = 0x5c

/** Whether the quote at `i` is escaped: an odd number of backslashes before it. */
export function escaped(raw: Buffer, i: number): boolean {
  let n = 0
  while (i - n - 1 >= 0 && raw[i - n - 1] === BACKSLASH) n++
  return n % 2 === 1
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d

/** Whether the string that ends just before `i` is a field name (a colon follows it). */
export function isName(raw: Buffer, i: number): boolean {
  while (isSpace(raw[i])) i++
  return raw[i] === 0x3a
}

/** The field name whose value is the string opening at `open`, as written (null when escaped or not a field's value). */
export function nameBefore(raw: Buffer, open: number): string | null {
  let i = open - 1
  while (isSpace(raw[i])) i--
  if (raw[i] !== 0x3a) return null
  i--
  while (isSpace(raw[i])) i--
  if (raw[i] !== QUOTE) return null
  const start = raw.lastIndexOf(QUOTE, i - 1)
  if (start < 0 || escaped(raw, start)) return null
  const name = raw.toString('utf8', start + 1, i)
  return name.includes('\\') ? null : name
}

/**
 * Long strings that are taken as bytes rather than text (base64 images: src/plugins/base64-images.ts).
 * `decode` is given where a string's characters lie in the body; it gives null at once for a string it
 * does not take, and null later for one that is not what it takes (which is then parsed as text). A
 * string taken is a marker (`marker` and a number) in the parsed body, and its bytes are in `taken`.
 */
export interface StringsAsBytes {
  marker: string
  decode(start: number, end: number): Promise<Buffer | null> | null
  taken: Map<string, Buffer>
}

/**
 * `parse` (the JSON parser with its checks) is given each long string literal, and then the body
 * with those strings replaced by placeholders no client can write (a random id behind a NUL, which
 * every body is refused for anyway), whose values are put back in place afterwards. A malformed body
 * fails in one of those parses, with the error a whole-body parse gives.
 */
export async function parseInPieces(raw: Buffer, parse: (text: string) => Promise<unknown>, asBytes?: StringsAsBytes | null): Promise<unknown> {
  const mark = `\u0000${randomUUID()}:`
  const strings: unknown[] = []
  const rest: Buffer[] = []
  let from = 0
  let at = 0
  for (;;) {
    const open = raw.indexOf(QUOTE, at)
    if (open < 0) break
    let close = raw.indexOf(QUOTE, open + 1)
    while (close > 0 && escaped(raw, close)) close = raw.indexOf(QUOTE, close + 1)
    if (close < 0) break
    at = close + 1
    if (close - open - 1 < PIECE_BYTES || isName(raw, at)) continue
    strings.push(await pieceOf(raw, open, close, parse, asBytes))
    rest.push(raw.subarray(from, open), Buffer.from(JSON.stringify(mark + (strings.length - 1))))
    from = at
  }
  if (strings.length === 0) return parse(raw.toString('utf8'))
  rest.push(raw.subarray(from))
  return putBack(await ownTurn(() => parse(Buffer.concat(rest).toString('utf8'))), mark, strings)
}

/** The value of the string literal from `open` to `close` (its quotes): a marker for bytes taken, or its text. */
async function pieceOf(raw: Buffer, open: number, close: number, parse: (text: string) => Promise<unknown>, asBytes?: StringsAsBytes | null): Promise<unknown> {
  const bytes = await asBytes?.decode(open + 1, close)
  if (bytes) {
    const marker = asBytes!.marker + asBytes!.taken.size
    asBytes!.taken.set(marker, bytes)
    return marker
  }
  // Decoding and parsing each take a turn of their own.
  const text = await ownTurn(() => raw.toString('utf8', open, close + 1))
  return ownTurn(() => parse(text))
}

function putBack(value: unknown, mark: string, strings: unknown[]): unknown {
  if (typeof value === 'string') return value.startsWith(mark) ? strings[Number(value.slice(mark.length))] : value
  if (value === null || typeof value !== 'object') return value
  const node = value as Record<string, unknown>
  for (const k of Object.keys(node)) node[k] = putBack(node[k], mark, strings)
  return value
}
