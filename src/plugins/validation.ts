// Request validation with the schemas from generated/: bodies strictly (no coercion, unknown fields
// refused), query strings, path parameters and headers with type coercion; JSON body parsing; no NUL
// character anywhere.
import { isUtf8 } from 'node:buffer'
import type { IncomingMessage } from 'node:http'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { ApiError } from '../domain/errors.js'
import { parseInPieces, PIECE_BYTES } from './json-pieces.js'
import { jsonBoundsProblem } from './json-bounds.js'
import { encodedBodyError, readBody } from './body-reader.js'
import { base64Images, placeBytes } from './base64-images.js'
import { MAX_DETAILS, pointerToken } from './errors.js'
import { bodySchemas } from './route-body.js'

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

function makeAjv(coerceTypes: boolean, unicode = true) {
  // Ajv warns that `unicode` is deprecated on every instance that sets it, but still honours it.
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: true, strict: false, ...(unicode ? {} : { unicode, logger: false }) })
  addFormats(ajv)
  return ajv
}

/** Whether a schema lets a string be longer than a JSON piece (src/plugins/json-pieces.ts): an image. */
function allowsLongStrings(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false
  const { maxLength } = schema as { maxLength?: unknown }
  if (typeof maxLength === 'number' && maxLength > PIECE_BYTES) return true
  return Object.values(schema).some(allowsLongStrings)
}

/**
 * A query or path schema whose integers must be sent in decimal digits. Ajv coerces any string that
 * JavaScript reads as a whole number, so `limit=0x10`, `1e1` or `10.0` would pass as numbers.
 */
function decimalIntegers(schema: unknown, validate: ValidateFunction): ValidateFunction {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}
  const names = Object.keys(properties).filter((k) => properties[k]!.type === 'integer')
  if (!names.length) return validate
  const checked = ((data: Record<string, unknown> | undefined) => {
    const wrong = names.filter((k) => typeof data?.[k] === 'string' && !/^-?[0-9]+$/.test(data[k] as string))
    checked.errors = wrong.map((k) => ({ instancePath: `/${k}`, schemaPath: '', keyword: 'type', params: { type: 'integer' }, message: 'must be an integer written in decimal digits' }))
    if (wrong.length) return false
    const valid = validate(data)
    checked.errors = validate.errors
    return valid
  }) as ValidateFunction
  return checked
}

/**
 * Text PostgreSQL cannot store: a NUL character, or an unpaired UTF-16 surrogate (JSON may escape
 * one, as "\\ud800"; jsonb refuses it). No field of this API needs either.
 */
const unstorable = (s: string) => s.includes('\u0000') || !s.isWellFormed()

/** Whether a parsed part of a request holds unstorable text anywhere (a string or a field name). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value)
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false
  for (const k in value) {
    if (Object.hasOwn(value, k) && (unstorable(k) || holdsNul((value as Record<string, unknown>)[k]))) return true
  }
  return false
}

/**
 * Where unstorable text is in a parsed part of a request (a string or a field name), as a JSON
 * pointer, or null. Every request is checked; the pointer is written only for one that holds some.
 */
export function nulCharacterAt(value: unknown, path = ''): string | null {
  if (!holdsNul(value)) return null
  if (typeof value === 'string') return path
  for (const [k, v] of Object.entries(value as object)) {
    const here = `${path}/${pointerToken(k)}`
    if (unstorable(k)) return here
    const found = nulCharacterAt(v, here)
    if (found !== null) return found
  }
  return null
}

/**
 * Fastify refuses JSON that names `__proto__` (or `constructor.prototype`) as a field, which code that
 * copies objects could turn into another prototype, but calls it malformed. Said as it is, with the
 * body read again by JSON.parse only when it was refused.
 */
const prototypeKeys = () =>
  new ApiError('validation_error', 'request validation failed', [
    { path: '', message: 'a field named __proto__, or constructor holding prototype, is not accepted anywhere in a body' },
  ])
function poisoned(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * A JSON body sent to an operation that takes none: `{}` is no body (many clients send one), but its
 * fields are unknown fields, refused as in any body, and anything else is no body at all.
 */
function unwantedBody(request: FastifyRequest): ApiError | null {
  if (Object.keys(bodySchemas(request)).length || !request.headers['content-type']?.includes('json')) return null
  const body = request.body
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return new ApiError('validation_error', 'request validation failed', [{ path: '', message: 'this operation takes no body: send none, or {}' }])
  }
  const fields = Object.keys(body)
  if (!fields.length) return null
  return new ApiError('validation_error', 'request validation failed', fields.slice(0, MAX_DETAILS).map((k) => ({ path: `/${pointerToken(k)}`, message: 'unknown field' })))
}

/** The query parameters the route's schema declares (the others are ignored). */
function declaredQuery(request: FastifyRequest): Record<string, unknown> {
  const query = request.query as Record<string, unknown>
  let any = false
  for (const _ in query) {
    any = true
    break
  }
  if (!any) return query
  const declared = (request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties
  if (!declared) return {}
  return Object.fromEntries(Object.keys(declared).filter((k) => Object.hasOwn(query, k)).map((k) => [k, query[k]]))
}

export default fp(
  async function validationPlugin(app) {
    const bodyAjv = makeAjv(false)
    // maxLength counts code points by walking the string: for the megabytes of a base64 image, a
    // stall of the event loop. Base64 is ASCII, where code units are code points.
    const imageBodyAjv = makeAjv(false, false)
    const paramsAjv = makeAjv(true)
    app.setValidatorCompiler(({ schema, httpPart }) =>
      httpPart !== 'body' ? decimalIntegers(schema, paramsAjv.compile(schema)) : (allowsLongStrings(schema) ? imageBodyAjv : bodyAjv).compile(schema),
    )

    const images = base64Images()
    const imagesTaken = new WeakMap<FastifyRequest, Map<string, Buffer>>()
    app.addHook('onClose', images.close)

    // Many clients send Content-Type: application/json on every request: an empty body is "no body",
    // and a route that needs one says so through its schema.
    const parseJson = app.getDefaultJsonParser('error', 'error')
    // Fastify also parses text/plain by default; every body of this API is JSON, so anything else is 415.
    app.removeContentTypeParser('text/plain')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', async function parseJsonBody(request: FastifyRequest, payload: IncomingMessage) {
      // JSON is UTF-8 (RFC 8259): a body declared in another charset is 415, bytes that are no UTF-8 a
      // 400, never characters replaced without a word.
      const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1]
      if (charset !== undefined && !/^utf-?8$/i.test(charset)) throw new ApiError('unsupported_media_type', 'a JSON body is UTF-8: send charset=utf-8, or no charset')
      const body = await readBody(request, payload)
      if (body.length === 0) return undefined
      if (!isUtf8(body)) throw new ApiError('validation_error', 'request validation failed', [{ path: '', message: 'the body is not valid UTF-8' }])
      const problem = jsonBoundsProblem(body)
      if (problem) throw new ApiError('validation_error', 'request validation failed', [{ path: '', message: problem }])
      const parse = (text: string) =>
        new Promise<unknown>((resolve, reject) => parseJson(request, text, (err, value) => (err ? reject(poisoned(text) ? prototypeKeys() : err) : resolve(value))))
      if (body.length < PIECE_BYTES) return parse(body.toString('utf8'))
      const asBytes = images.stringsAsBytes(request, body)
      const value = await parseInPieces(body, parse, asBytes)
      if (asBytes?.taken.size) imagesTaken.set(request, asBytes.taken)
      return value
    })
    // Images decoded off this thread take their markers' place once the body has passed its schema. A
    // callback hook, not an async one: it runs on every request, and only a large body has anything to place.
    app.addHook('preHandler', function placeImages(request, _reply, done) {
      const taken = imagesTaken.get(request)
      if (taken) request.body = placeBytes(request.body, taken)
      done()
    })

    // After authentication, before the schemas: what no schema can say of a request, answered in the
    // API's shape rather than as a garbled field or a database error. Query parameters the operation
    // does not take are ignored, whatever they hold.
    // Fastify reads no body of a GET (or HEAD): one sent as JSON to a GET taking query parameters is
    // read here, to be held to the rule of every operation that takes none (a client filtering in the
    // body, not the query, is told so; elsewhere such a body is ignored, as it changes nothing).
    app.addHook('preValidation', function readBodyOfGet(request, _reply, done) {
      const sent = Number(request.headers['content-length']) > 0 || request.headers['transfer-encoding'] !== undefined
      if ((request.method !== 'GET' && request.method !== 'HEAD') || !sent || !request.routeOptions.schema?.querystring || !request.headers['content-type']?.includes('json')) return done()
      readBody(request, request.raw).then((body) => {
        try {
          if (body.length) request.body = JSON.parse(body.toString('utf8')) as unknown
        } catch {
          return done(new ApiError('validation_error', 'request validation failed', [{ path: '', message: 'the body is not valid JSON' }]))
        }
        done()
      }, done)
    })

    app.addHook('preValidation', function refuseUnstorableInput(request, _reply, done) {
      // A URL no route answers is a 404, whatever its body.
      if (request.is404) return done()
      // A compressed body that a parser took as it came (a console form) is 415, not garbled fields.
      const encoded = request.body === undefined ? null : encodedBodyError(request)
      if (encoded) return done(encoded)
      const unwanted = request.body === undefined ? null : unwantedBody(request)
      if (unwanted) return done(unwanted)
      // NUL characters and lone surrogates, which PostgreSQL's text cannot hold: a 400.
      const query = declaredQuery(request)
      if (!holdsNul(request.params) && !holdsNul(query) && !holdsNul(request.body)) return done()
      const parts: Array<[string, unknown]> = [['/params', request.params], ['/querystring', query], ['', request.body]]
      for (const [part, value] of parts) {
        const at = nulCharacterAt(value)
        if (at !== null) {
          return done(new ApiError('validation_error', 'request validation failed', [{ path: `${part}${at}`, message: 'must not contain NUL characters or unpaired UTF-16 surrogates' }]))
        }
      }
      done()
    })
  },
  { name: 'validation' },
)
