// The error codes of the API and their HTTP statuses, in one table; every error body is
// {error: {code, message, details?}}.
import type { ErrorBody, RetakeReason } from '../../generated/schemas.js'
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  // The request's headers or body did not arrive in time; the connection is closed.
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  headers_too_large: 431,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
  // More work than the service can take now: answered at once, nothing stored, with Retry-After.
  overloaded: 503,
  // Every code of openapi.yaml's enum, and no other.
} as const satisfies Record<ErrorBody['code'], number>

/** Seconds an `overloaded` answer asks the client to wait (its Retry-After header). */
export const OVERLOAD_RETRY_AFTER_S = 2

export type ErrorCode = ErrorBody['code']

export interface ErrorDetail {
  path: string
  message: string
  /** Why a photo must be taken again (a 422 upload). */
  reason?: RetakeReason
}

export class ApiError extends Error {
  readonly statusCode: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message)
    this.name = 'ApiError'
    this.statusCode = ERROR_STATUS[code]
  }
}

export const notFound = (what: string) => new ApiError('not_found', `${what} not found`)
export const conflict = (message: string) => new ApiError('conflict', message)
export const overloaded = (reason: string) => new ApiError('overloaded', `${reason}: retry after ${OVERLOAD_RETRY_AFTER_S} s`)

/** The code for an HTTP status that did not come from an ApiError (framework and plugin errors). */
export function codeForStatus(status: number): ErrorCode {
  const hit = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status)
  if (hit) return hit[0]
  return status >= 500 ? 'internal_error' : 'validation_error'
}
