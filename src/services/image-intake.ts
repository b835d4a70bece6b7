// Uploaded images arrive as base64 in JSON: checked here before any analysis. Not base64: 400;
// over 10 MB decoded or 8,000 px a side: 413; not a JPEG, PNG or WebP: 422.
import sharp from 'sharp'
import { ApiError } from '../domain/errors.js'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_IMAGE_SIDE = 8000
const FORMATS = new Set(['jpeg', 'png', 'webp'])
/**
 * The bytes of `base64` (standard alphabet, padded), or null. Decoding checks it: the decoder skips
 * any character outside the alphabet, stops at padding, and reads a non-ASCII character by its low
 * byte, so a string that is not base64 never decodes to the length its size promises. A regular
 * expression over up to 14 MB cost as much again, on the thread that answers every request.
 */
function decodeBase64(s: string): Buffer | null {
  if (s.length === 0 || s.length % 4 !== 0) return null
  // Only ASCII (one UTF-8 byte per character), and not the URL-safe alphabet the decoder also takes.
  if (Buffer.byteLength(s, 'utf8') !== s.length || s.includes('-') || s.includes('_')) return null
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0
  const bytes = Buffer.from(s, 'base64')
  return bytes.length === (s.length / 4) * 3 - padding ? bytes : null
}

export async function intakeImage(field: string, base64: string): Promise<Buffer> {
  // The images of one body are taken in turns of the event loop, not all in one stretch.
  await new Promise((resolve) => setImmediate(resolve))
  const bytes = decodeBase64(base64)
  if (!bytes) {
    throw new ApiError('validation_error', 'request validation failed', [
      { path: `/${field}`, message: 'must be a base64 string (standard alphabet, padded, no data: prefix)' },
    ])
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError('payload_too_large', `${field} is larger than 10 MB`)
  let meta: sharp.Metadata
  try {
    meta = await sharp(bytes).metadata()
  } catch {
    throw new ApiError('unprocessable', `${field} is not a JPEG, PNG or WebP image`)
  }
  if (!meta.format || !FORMATS.has(meta.format)) {
    throw new ApiError('unprocessable', `${field} is not a JPEG, PNG or WebP image (got ${meta.format ?? 'unknown'})`)
  }
  if ((meta.width ?? 0) > MAX_IMAGE_SIDE || (meta.height ?? 0) > MAX_IMAGE_SIDE) {
    throw new ApiError('payload_too_large', `${field} is larger than ${MAX_IMAGE_SIDE} px on a side`)
  }
  return bytes
}
