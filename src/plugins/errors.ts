// One root error handler: every error leaves as {error: {code, message, details?}}. 4xx messages
// pass through; 5xx say only "internal error" and the request id, and are logged with context.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyRequest } from 'fastify'
import { ApiError, codeForStatus, OVERLOAD_RETRY_AFTER_S, type ErrorDetail } from '../domain/errors.js'
import { bodySchemas } from './route-body.js'

/** The media types the answering operation takes (JSON when it takes no body). */
function bodyTypes(request: FastifyRequest): string {
  return Object.keys(bodySchemas(request)).join(' or ') || 'application/json'
}

/** Clear words for the framework's own 4xx errors, whose messages are written for developers. */
const FRAMEWORK_MESSAGES: Record<string, string | ((request: FastifyRequest) => string)> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request body is empty: send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (request) => `unsupported Content-Type: send ${bodyTypes(request)}`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
}

/** Sent with every 401, JSON or HTML. */
export const WWW_AUTHENTICATE = 'Bearer realm="identity-verification"'

type AjvIssue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }

/** A field name as a JSON Pointer token (RFC 6901: ~ and / escaped). */
export const pointerToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')

/** How many problems a validation_error lists: enough to fix a body, not a body's size again. */
export const MAX_DETAILS = 50

/**
 * `path` is a JSON Pointer into the request body, as openapi.yaml documents (`/checks/1`; `""` for the
 * whole body); an issue in another part of the request is prefixed with it (`/querystring/limit`).
 * The console's pages list the same problems.
 */
export function validationDetails(err: FastifyError & { validation?: AjvIssue[]; validationContext?: string }): ErrorDetail[] {
  const part = err.validationContext ?? 'body'
  const issues = err.validation ?? []
  const listed = issues.slice(0, MAX_DETAILS).map((v) => {
    const base = `${part === 'body' ? '' : `/${part}`}${v.instancePath}`
    if (v.keyword === 'additionalProperties') {
      return { path: `${base}/${pointerToken(String(v.params.additionalProperty))}`, message: 'unknown field' }
    }
    if (v.keyword === 'required') {
      return { path: `${base}/${pointerToken(String(v.params.missingProperty))}`, message: 'is required' }
    }
    if (v.keyword === 'enum') {
      const allowed = (v.params.allowedValues as unknown[] | undefined)?.map(String).join(', ')
      return { path: base, message: allowed ? `must be one of: ${allowed}` : (v.message ?? 'is invalid') }
    }
    return { path: base, message: v.message ?? 'is invalid' }
  })
  return issues.length > MAX_DETAILS ? [...listed, { path: '', message: `and ${issues.length - MAX_DETAILS} more problems, not listed` }] : listed
}

export default fp(
  async function errorsPlugin(app) {
    app.setErrorHandler(function handleError(error: FastifyError & { validation?: AjvIssue[] }, request, reply) {
      let body: { code: string; message: string; details?: ErrorDetail[] }
      let status: number
      if (error instanceof ApiError) {
        status = error.statusCode
        body = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }
      } else if (error.validation) {
        status = 400
        body = { code: 'validation_error', message: 'request validation failed', details: validationDetails(error) }
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode
        const code = codeForStatus(status)
        const words = FRAMEWORK_MESSAGES[error.code]
        const message = typeof words === 'function' ? words(request) : (words ?? error.message)
        // Every validation_error carries details, so a client can always read them (malformed JSON too).
        body = { code, message, ...(code === 'validation_error' ? { details: [{ path: '', message }] } : {}) }
      } else {
        status = 500
        request.log.error({ err: error }, 'unhandled error')
        body = { code: 'internal_error', message: `internal error (request id ${request.id})` }
      }
      if (status === 401) reply.header('www-authenticate', WWW_AUTHENTICATE)
      if (body.code === 'overloaded') reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_S))
      // No request body may be compressed (RFC 9110: a 415 names the codings taken).
      if (status === 415) reply.header('accept-encoding', 'identity')
      return reply.code(status).send({ error: body })
    })

    app.setNotFoundHandler(function routeNotFound(request, reply) {
      return reply.code(404).send({ error: { code: 'not_found', message: `no route for ${request.method} ${request.url.split('?')[0]}` } })
    })
  },
  { name: 'errors' },
)
