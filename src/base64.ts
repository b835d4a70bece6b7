// Base64 as this API takes it: the standard alphabet, padded, nothing else. Checked by decoding: the
// decoder skips any character outside its alphabet, stops at padding, and reads a character beyond
// ASCII by its low byte, so a string that is not base64 never decodes to the length its size
// promises. (A regular expression over up to 14 MB cost as much again, on the thread that answers
// every request.)

/** The bytes of `s`, written into a buffer `allocate` gives of the decoded length; or null. */
export function decodeBase64(s: string, allocate: (bytes: number) => Buffer = Buffer.allocUnsafe): Buffer | null {
  if (s.length === 0 || s.length % 4 !== 0) return null
  // Only ASCII (one UTF-8 byte per character), and not the URL-safe alphabet the decoder also takes.
  if (Buffer.byteLength(s, 'utf8') !== s.length || s.includes('-') || s.includes('_')) return null
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0
  const length = (s.length / 4) * 3 - padding
  const bytes = allocate(length)
  return bytes.write(s, 'base64') === length ? bytes : null
}
