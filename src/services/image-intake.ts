// Uploaded images arrive as base64 in JSON: checked here before any analysis. Not base64: 400;
// over 10 MB decoded or 8,000 px a side: 413; not a JPEG, PNG or WebP: 422.
import sharp from 'sharp'
import { ApiError } from '../domain/errors.js'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_IMAGE_SIDE = 8000
const FORMATS = new Set(['jpeg', 'png', 'webp'])
// A flat character class: a grouped repetition backtracks past the stack on a 14 MB string.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export async function intakeImage(field: string, base64: string): Promise<Buffer> {
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) {
    throw new ApiError('validation_error', 'request validation failed', [
      { path: `/${field}`, message: 'must be a base64 string (standard alphabet, padded, no data: prefix)' },
    ])
  }
  const bytes = Buffer.from(base64, 'base64')
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
