// Uploaded images are personal data: AES-256-GCM at rest, bound to their row and part by the AAD.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const IV_BYTES = 12
const TAG_BYTES = 16

export function encryptMedia(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body])
}

export function decryptMedia(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const iv = sealed.subarray(0, IV_BYTES)
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES)
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
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
