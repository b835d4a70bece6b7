// The keys personal data is sealed with (src/domain/media-crypto.ts): configured, or kept in the data
// directory so that a restart can still read what was stored before it.
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { mediaKeys, type MediaKeys } from '../domain/media-crypto.js'

/**
 * MEDIA_ENCRYPTION_KEY's keys: the first seals, the others (keys being rotated out) still open. With
 * none configured, the key kept in the data directory.
 */
export function resolveMediaKeys(configured: Buffer | null, previous: Buffer[], dataDir: string): MediaKeys {
  return mediaKeys(resolveMediaKey(configured, dataDir), previous)
}

/**
 * The configured key, or the one kept in `<dataDir>/media-encryption.key` (made on first start,
 * readable by the owner only). Several instances on one PostgreSQL must share MEDIA_ENCRYPTION_KEY.
 */
export function resolveMediaKey(configured: Buffer | null, dataDir: string): Buffer {
  if (configured) return configured
  if (dataDir.startsWith('memory://')) return randomBytes(32)
  const file = path.join(dataDir, 'media-encryption.key')
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`)
    return key
  }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
}
