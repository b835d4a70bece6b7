// A request's body read into one buffer as it arrives. Fastify's own reader keeps the chunks and joins
// them when the body ends: for a body of tens of megabytes that join (a new buffer, every page of it
// touched at once) was the longest single stall of the event loop, every other request waiting on it.
// Here a buffer of the declared Content-Length is taken first and each chunk is copied into it as it
// comes, so the copying is spread over the body's arrival. The checks and errors are fastify's.
import { errorCodes, type FastifyRequest } from 'fastify'
import { ApiError } from '../domain/errors.js'
import { PIECE_BYTES } from './json-pieces.js'

type Payload = NodeJS.ReadableStream & { receivedEncodedLength?: number }

/**
 * No body of this API is compressed. A body sent with a Content-Encoding (gzip, say) would otherwise
 * be read as it came and reported as malformed: 415, as RFC 9110 answers a coding it does not take.
 */
export function encodedBodyError(request: FastifyRequest): ApiError | null {
  const coding = request.headers['content-encoding']
  if (coding === undefined || /^\s*(identity\s*)?$/i.test(coding)) return null
  return new ApiError('unsupported_media_type', 'a compressed body (Content-Encoding) is not accepted: send it uncompressed')
}

export function readBody(request: FastifyRequest, payload: Payload): Promise<Buffer> {
  const encoded = encodedBodyError(request)
  if (encoded) return Promise.reject(encoded)
  const limit = request.routeOptions.bodyLimit
  const declared = Number(request.headers['content-length'])
  if (declared > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())
  // Without a Content-Length (a chunked body), the chunks are joined at the end, as fastify does.
  // A body large enough to be parsed in pieces is held in shared memory, where the thread that decodes
  // its images reads it (src/plugins/base64-images.ts).
  const known = Number.isSafeInteger(declared) && declared >= 0
  const whole = !known ? null : declared < PIECE_BYTES ? Buffer.allocUnsafe(declared) : Buffer.from(new SharedArrayBuffer(declared))
  const chunks: Buffer[] = []
  let received = 0
  return new Promise((resolve, reject) => {
    const stop = () => {
      payload.removeListener('data', onData)
      payload.removeListener('end', onEnd)
      payload.removeListener('error', onEnd)
    }
    function onData(data: Buffer | string) {
      // A preParsing stream may give strings.
      const chunk = typeof data === 'string' ? Buffer.from(data) : data
      const at = received
      received += chunk.length
      // The body as decoded must not pass the limit either ("zip bomb").
      if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
        stop()
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())
        return
      }
      if (!whole) chunks.push(chunk)
      else if (received <= whole.length) chunk.copy(whole, at)
    }
    function onEnd(err?: Error & { statusCode?: number }) {
      stop()
      if (err) {
        if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400
        reject(err)
        return
      }
      if (whole) {
        if ((payload.receivedEncodedLength || received) !== whole.length) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH())
        else resolve(whole)
        return
      }
      resolve(Buffer.concat(chunks, received))
    }
    payload.on('data', onData)
    payload.on('end', onEnd)
    payload.on('error', onEnd)
    payload.resume()
  })
}
