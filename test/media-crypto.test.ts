import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { createCipheriv } from 'node:crypto'
import { decryptMedia, encryptMedia, keyIdOf, mediaKeys, sealedWithCurrent } from '../src/domain/media-crypto.js'
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

t.test('a sealed value names its key: a new key seals, the old ones still open, a value sealed before keys were named too', async (t) => {
  const a = Buffer.alloc(32, 1)
  const b = Buffer.alloc(32, 2)
  const byA = encryptMedia(a, Buffer.from('ANNA MARIA'), 'vry_1:applicant')
  t.ok(byA.subarray(1, 5).equals(keyIdOf(a)), 'the key id follows the format byte')
  t.notOk(byA.includes(a), 'never the key itself')
  const rotated = mediaKeys(b, [a])
  t.equal(decryptMedia(rotated, byA, 'vry_1:applicant').toString(), 'ANNA MARIA', 'B seals now; A still opens what it sealed')
  const byB = encryptMedia(rotated, Buffer.from('ANNA MARIA'), 'vry_1:applicant')
  t.ok(sealedWithCurrent(rotated, byB))
  t.notOk(sealedWithCurrent(rotated, byA), 'A\'s value is to be sealed again')
  t.throws(() => decryptMedia(mediaKeys(b), byA, 'vry_1:applicant'), 'once A is dropped, its values no longer open')
  t.equal(decryptMedia(mediaKeys(b), byB, 'vry_1:applicant').toString(), 'ANNA MARIA')

  // The format of earlier versions: IV, tag, ciphertext, with no key named.
  const iv = Buffer.alloc(12, 5)
  const cipher = createCipheriv('aes-256-gcm', a, iv)
  cipher.setAAD(Buffer.from('doc_1:front'))
  const body = Buffer.concat([cipher.update(Buffer.from('portrait')), cipher.final()])
  const legacy = Buffer.concat([iv, cipher.getAuthTag(), body])
  t.equal(decryptMedia(rotated, legacy, 'doc_1:front').toString(), 'portrait', 'an unnamed value opens with whichever key sealed it')
  t.notOk(sealedWithCurrent(rotated, legacy))
})
