// API key secrets: "ivs_" + 43 base64url characters (256 random bits). Only the SHA-256 is stored.
import { hash, randomBytes } from 'node:crypto'

const SECRET_PATTERN = /^ivs_[A-Za-z0-9_-]{43}$/

export function newApiKeySecret(): string {
  return `ivs_${randomBytes(32).toString('base64url')}`
}

/** Run on every request: the one-shot hash, a third of the cost of a Hash object. */
export function hashApiKey(secret: string): string {
  return hash('sha256', secret, 'hex')
}

/** A token of the wrong shape cannot name a key: refuse it without a database round trip. */
export function looksLikeApiKey(token: string): boolean {
  return SECRET_PATTERN.test(token)
}
