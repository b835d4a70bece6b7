// Runs in the thread that decodes the base64 images of large JSON bodies (src/plugins/base64-images.ts):
// the body is shared memory, read where it lies; the image is written into shared memory as well, so
// that neither crosses between threads as a copy.
import { decodeBase64 } from '../base64.js'

export interface Base64Task {
  /** The whole body, over a SharedArrayBuffer. */
  body: Uint8Array
  /** Where the string's characters lie in it (between its quotes). */
  start: number
  end: number
}

/** The image's bytes over a SharedArrayBuffer, or null when the string is not base64 as the API takes it. */
export default function decode({ body, start, end }: Base64Task): Uint8Array | null {
  const text = Buffer.from(body.buffer, body.byteOffset + start, end - start).toString('latin1')
  return decodeBase64(text, (bytes) => Buffer.from(new SharedArrayBuffer(bytes)))
}
