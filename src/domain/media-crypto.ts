// Personal data at rest (images, holder data, metadata, webhook secrets): AES-256-GCM, bound to its
// row and part by the AAD. A sealed value names the key that sealed it, so that keys can be rotated:
// the current key seals, every configured key opens.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const IV_BYTES = 12
const TAG_BYTES = 16
/** The format that names its key: this byte, the key's 4-byte id, then IV, tag and ciphertext. */
const KEYED = 0x01
const KEY_ID_BYTES = 4
const HEADER_BYTES = 1 + KEY_ID_BYTES

/** The keys data is sealed with: `current` seals, every one of `all` (current first) opens. */
export interface MediaKeys {
  current: Buffer
  /** The current key's id, written in front of every value it seals. */
  currentId: Buffer
  all: Buffer[]
  /** Each key of `all` by its id (hex), named once when the ring is made: sealed values name their key. */
  byId: ReadonlyMap<string, Buffer>
}

/** A key alone is a key ring of one. */
export type MediaKeyInput = Buffer | MediaKeys

export function mediaKeys(current: Buffer, previous: Buffer[] = []): MediaKeys {
  const all = [current, ...previous.filter((k) => !k.equals(current))]
  return { current, currentId: keyIdOf(current), all, byId: new Map(all.map((k) => [keyIdOf(k).toString('hex'), k])) }
}

const ring = (k: MediaKeyInput): MediaKeys => (Buffer.isBuffer(k) ? mediaKeys(k) : k)

/** A key's public name: the first 4 bytes of its SHA-256 (never the key itself). */
export function keyIdOf(key: Buffer): Buffer {
  return createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES)
}

function gcmOpen(key: Buffer, body: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(body.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return Buffer.concat([decipher.update(body.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
}

export function encryptMedia(keys: MediaKeyInput, plaintext: Buffer, aad: string): Buffer {
  const { current: key, currentId } = ring(keys)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([Buffer.of(KEYED), currentId, iv, cipher.getAuthTag(), body])
}

/** The key a sealed value names, if one of `keys`; null for a value sealed before keys were named. */
function namedKey(keys: MediaKeys, sealed: Buffer): Buffer | null {
  if (sealed[0] !== KEYED || sealed.length < HEADER_BYTES + IV_BYTES + TAG_BYTES) return null
  return keys.byId.get(sealed.toString('hex', 1, HEADER_BYTES)) ?? null
}

export function decryptMedia(keys: MediaKeyInput, sealed: Buffer, aad: string): Buffer {
  const r = ring(keys)
  const named = namedKey(r, sealed)
  if (named) return gcmOpen(named, sealed.subarray(HEADER_BYTES), aad)
  // Sealed before keys were named (IV first): whichever key opens it. A value whose first bytes
  // happen to look like a header of an unknown key falls here too, and opens or fails the same way.
  let failure: unknown = new Error('no configured key opens this value')
  for (const key of r.all) {
    try {
      return gcmOpen(key, sealed, aad)
    } catch (err) {
      failure = err
    }
  }
  throw failure
}

/** Whether a sealed value is sealed with the current key in the current format (else reseal it). */
export function sealedWithCurrent(keys: MediaKeys, sealed: Buffer): boolean {
  return sealed[0] === KEYED && sealed.subarray(1, HEADER_BYTES).equals(keys.currentId)
}
