// Base64 images in large JSON bodies are decoded off the thread that answers every request. Turning
// megabytes of a body into a JavaScript string, parsing that string and decoding it each took tens of
// milliseconds on this thread, all of it in fresh memory, and handing the bytes to each analysis
// task copied them again. Here the body is read into shared memory (src/plugins/body-reader.ts), a
// thread of its own decodes each image string in place into shared memory, and the bytes then go to
// the analysis threads without a copy.
//
// Only the value of an image field is taken so: a string whose field the operation's schema declares
// as a plain string allowed to be megabytes long, and no longer than that field allows. The schemas
// are checked against a short marker in its place, which passes them exactly when the image's base64
// would (a string, short enough); the bytes replace the marker once the body is valid, so the
// operation receives them as it receives a form's file part. Any other string, or one that is not
// base64, is parsed as before and fails the checks it always failed.
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { Piscina } from 'piscina'
import type { Base64Task } from './base64-thread.js'
import { nameBefore, PIECE_BYTES, type StringsAsBytes } from './json-pieces.js'
import { threadModule } from '../thread-module.js'
import { bodySchemas } from './route-body.js'

/** The fields of a body's schema that take an image in base64: name → the longest string it takes. */
export function imageFields(schema: unknown): Map<string, number> {
  const image = new Map<string, number>()
  const other = new Set<string>()
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return
    const properties = (node as { properties?: unknown }).properties
    if (properties !== null && typeof properties === 'object') {
      for (const [name, field] of Object.entries(properties)) {
        const longest = base64Longest(field)
        if (longest === null) other.add(name)
        else image.set(name, Math.min(longest, image.get(name) ?? longest))
      }
    }
    for (const value of Object.values(node)) visit(value)
  }
  visit(schema)
  // A name that is something else elsewhere in the same body is never taken as an image's.
  for (const name of other) image.delete(name)
  return image
}

/** The maxLength of a schema that only says "a string of at most maxLength", past a JSON piece; or null. */
function base64Longest(schema: unknown): number | null {
  if (schema === null || typeof schema !== 'object') return null
  const { type, maxLength } = schema as { type?: unknown; maxLength?: unknown }
  const constrains = Object.keys(schema).some((k) => k !== 'type' && k !== 'maxLength' && k !== 'description')
  return type === 'string' && typeof maxLength === 'number' && maxLength > PIECE_BYTES && !constrains ? maxLength : null
}

/** The thread that decodes, started on the first large body; `close` stops it. */
export function base64Images() {
  let thread: Piscina | null = null
  const fieldsOf = new WeakMap<object, Map<string, number>>()
  return {
    /**
     * How `raw`, the body of `request`, gives its image strings as bytes (json-pieces.ts), or null when
     * it cannot: the operation takes no image, or the body is not in shared memory.
     */
    stringsAsBytes(request: FastifyRequest, raw: Buffer): StringsAsBytes | null {
      const schema = bodySchemas(request)['application/json']
      if (!schema || !(raw.buffer instanceof SharedArrayBuffer)) return null
      let fields = fieldsOf.get(schema)
      if (!fields) fieldsOf.set(schema, (fields = imageFields(schema)))
      if (fields.size === 0) return null
      return {
        marker: `image:${randomUUID()}:`,
        taken: new Map(),
        decode(start, end) {
          const longest = fields.get(nameBefore(raw, start - 1) ?? '')
          if (longest === undefined || end - start > longest) return null
          thread ??= new Piscina({
            filename: threadModule('base64-thread', import.meta.url),
            minThreads: 0,
            maxThreads: 1,
            idleTimeout: 30_000,
          })
          const task: Base64Task = { body: raw, start, end }
          // A thread that fails (stopped as the service closes) leaves the string to be parsed as text.
          return (thread.run(task) as Promise<Uint8Array | null>).then(
            (u) => (u ? Buffer.from(u.buffer, u.byteOffset, u.byteLength) : null),
            () => null,
          )
        },
      }
    },
    close: async () => {
      await thread?.destroy()
    },
  }
}

/** `value` with each marker string of `bytes` replaced by its bytes. */
export function placeBytes(value: unknown, bytes: Map<string, Buffer>): unknown {
  if (typeof value === 'string') return bytes.get(value) ?? value
  if (value === null || typeof value !== 'object') return value
  const node = value as Record<string, unknown>
  for (const k of Object.keys(node)) node[k] = placeBytes(node[k], bytes)
  return value
}
