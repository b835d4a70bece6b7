import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { decryptMedia, encryptMedia } from '../src/domain/media-crypto.js'
import { resolveMediaKey } from '../src/services/media-key.js'

t.test('a key is generated into the data directory once, owner-readable only', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ivs-key-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const first = resolveMediaKey(null, dir)
  t.equal(first.length, 32)
  t.equal(statSync(path.join(dir, 'media-encryption.key')).mode & 0o777, 0o600)
  t.same(resolveMediaKey(null, dir), first, 'the same key on the next start')
  const configured = Buffer.alloc(32, 3)
  t.same(resolveMediaKey(configured, dir), configured, 'MEDIA_ENCRYPTION_KEY wins')
})

t.test('AES-256-GCM: tampering and a wrong row are refused', async (t) => {
  const key = Buffer.alloc(32, 9)
  const sealed = encryptMedia(key, Buffer.from('portrait bytes'), 'doc_1:front')
  t.same(decryptMedia(key, sealed, 'doc_1:front').toString(), 'portrait bytes')
  t.throws(() => decryptMedia(key, sealed, 'doc_2:front'))
  const flipped = Buffer.from(sealed)
  flipped[flipped.length - 1]! ^= 1
  t.throws(() => decryptMedia(key, flipped, 'doc_1:front'))
  t.throws(() => decryptMedia(Buffer.alloc(32, 8), sealed, 'doc_1:front'))
})
