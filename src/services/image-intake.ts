// Uploaded images arrive as base64 in JSON or as file parts of a form: checked here before any
// analysis, from the file's header only. Not base64: 400; over 10 MB, 8,000 px a side, 40 megapixels
// or 160 MB once decoded: 413; not a JPEG, PNG or WebP: 422. An image with transparency is kept
// flattened onto white, as it is seen.
import sharp from 'sharp'
import { ApiError } from '../domain/errors.js'
import { decodeBase64 } from '../base64.js'
import { ownTurn } from '../one-per-turn.js'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_IMAGE_SIDE = 8000
/** A few kilobytes of PNG can declare gigabytes of pixels: the total is bounded, not only each side. */
export const MAX_IMAGE_PIXELS = 40_000_000
/** What decoding may allocate: 40 megapixels of 8-bit RGBA; deeper samples leave room for fewer pixels. */
export const MAX_DECODED_BYTES = 160_000_000
const SAMPLE_BYTES: Partial<Record<string, number>> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8 }
const FORMATS = new Set(['jpeg', 'png', 'webp'])
/**
 * An image as a request carries it: base64 in a JSON body, or bytes (a form's file part, or a large
 * JSON body's base64 already decoded off this thread: src/plugins/base64-images.ts).
 */
export type ImageInput = string | Buffer

export async function intakeImage(field: string, image: ImageInput): Promise<Buffer> {
  // Each image decoded in a turn of the event loop of its own.
  const bytes = typeof image === 'string' ? await ownTurn(() => decodeBase64(image)) : image
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
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new ApiError('payload_too_large', `${field} is larger than ${MAX_IMAGE_SIDE} px on a side`)
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ApiError('payload_too_large', `${field} has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`)
  }
  const decoded = width * height * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 8)
  if (decoded > MAX_DECODED_BYTES) {
    throw new ApiError('payload_too_large', `${field} would take more than ${MAX_DECODED_BYTES / 1_000_000} MB once decoded (its pixels are ${meta.depth ?? 'of unknown depth'})`)
  }
  // What is judged is what a person sees: a browser shows transparent pixels as its background, while
  // analysis would read the colours stored under them (a face hidden at alpha 0). Flattened onto white,
  // turned upright first (the copy keeps no EXIF).
  if (meta.hasAlpha) return sharp(bytes).rotate().flatten({ background: '#ffffff' }).png().toBuffer()
  return bytes
}
