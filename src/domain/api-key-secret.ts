// API key secrets: "ivs_" + 43 base64url characters (256 random bits). Only the SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto'

const SECRET_PATTERN = /^ivs_[A-Za-z0-9_-]{43}$/

export function newApiKeySecret(): string {
  return `ivs_${randomBytes(32).toString('base64url')}`
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** A token of the wrong shape cannot name a key: refuse it without a database round trip. */
export function looksLikeApiKey(token: string): boolean {
  return SECRET_PATTERN.test(token)
}
