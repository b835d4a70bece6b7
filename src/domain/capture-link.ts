// Capture links (the hosted capture page): the token's shape, what it grants, and which return URLs
// a link may send the person to. The token is not an API key: it names one verification's capture.
import { randomBytes } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import type { OperationId } from '../../generated/schemas.js'

const TOKEN_PATTERN = /^cap_[A-Za-z0-9_-]{43}$/

/** 256 random bits; only its SHA-256 is stored (hashApiKey). */
export function newCaptureToken(): string {
  return `cap_${randomBytes(32).toString('base64url')}`
}

export function looksLikeCaptureToken(token: string): boolean {
  return TOKEN_PATTERN.test(token)
}

/**
 * The operations a capture token may call, each on its own verification only (path parameter `id`).
 * Not passive liveness: the page judges liveness by challenges, which the person must not skip.
 */
export const CAPTURE_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'uploadDocument',
  'uploadSelfie',
  'runFaceMatch',
  'createLivenessChallenge',
  'verifyActiveLiveness',
  'getCaptureProgress',
])

export const CAPTURE_LINK_DEFAULT_SECONDS = 3600

/**
 * A document upload's answer as a capture link sees it: without the identity check, which compares
 * the document with what the client declared. That is the client's to read, not the link's, whose
 * holder could learn the declared applicant by trying zones one at a time.
 */
export function uploadAsSeenByLink<T extends { checks_results: { identity?: unknown } }>(uploaded: T): T {
  const { identity: _, ...rest } = uploaded.checks_results
  return { ...uploaded, checks_results: rest }
}

/**
 * Why `url` cannot be a link's return URL, or null when it can: absolute https, or http to a
 * loopback host (a developer's machine), without credentials.
 */
export function returnUrlProblem(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'must be an absolute URL'
  }
  if (parsed.username || parsed.password) return 'must not carry credentials'
  if (parsed.protocol === 'https:') return null
  if (parsed.protocol !== 'http:') return 'must be an https URL'
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (host === 'localhost') return null
  if (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback') return null
  return 'must be an https URL (http only to a loopback host)'
}
