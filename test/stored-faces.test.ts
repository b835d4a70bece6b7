// Each image is analysed once, at upload (issue 29): the faces found are sealed beside it, the checks
// read them instead of analysing it again, and MEDIA_RETENTION deletes them with the images.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { eq } from 'drizzle-orm'
import { uploads } from '../src/db/schema.js'
import { decryptMedia } from '../src/domain/media-crypto.js'
import { openFaces, sealFaces } from '../src/services/stored-faces.js'
import { build, type Built } from './helpers/build.js'
import { until } from './helpers/until.js'

const TOKEN = 'metrics-token-0123456789'
const mediaKey = Buffer.alloc(32, 9)
const photo = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url)).toString('base64')
const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as { files: Array<{ file: string; mrz: string[] | null }> }
const mrz = manifest.files.find((f) => f.file === 'passport-td3-phone.jpg')!.mrz!.join('\n')

/** Analyses of a kind (face analyses unless told) the worker pool has run, from GET /metrics. */
async function analyses(b: Built, kind = 'faces'): Promise<number> {
  const text = (await b.call('GET', '/metrics', { key: TOKEN })).body
  return [...text.matchAll(new RegExp(`^ivs_analysis_task_duration_seconds_count\\{task="${kind}",[^}]*\\} (\\d+)`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0)
}

async function uploaded(b: Built, key: string, checks: string[]) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks } })).json().id as string
  const doc = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo('documents/passport-td3-phone.jpg'), mrz } })
  const selfie = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: photo('faces/selfie-collins.jpg') } })
  return { vid, documentId: doc.json().document_id as string, selfieId: selfie.json().document_id as string }
}

t.test('face match and passive liveness analyse no image: they read what the uploads found', async (t) => {
  const b = await build(t, { metricsToken: TOKEN })
  const { key } = await b.createKey('faces-once', 'service')
  const before = await analyses(b)
  const { vid, selfieId } = await uploaded(b, key, ['face_match', 'liveness'])
  t.equal((await analyses(b)) - before, 2, 'the document\'s portrait and the selfie, once each, at upload')
  const match = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })
  t.equal(match.statusCode, 200)
  t.equal(match.json().passed, true, `score ${match.json().score}`)
  const liveness = await b.call('POST', `/verifications/${vid}/documents/${selfieId}/liveness`, { key, body: {} })
  t.equal(liveness.statusCode, 200)
  t.equal((await analyses(b)) - before, 2, 'no analysis since')
})

t.test('the faces found are sealed at rest, bound to their upload', async (t) => {
  const b = await build(t, { mediaEncryptionKey: mediaKey })
  const { key } = await b.createKey('faces-sealed', 'service')
  const { selfieId } = await uploaded(b, key, ['face_match'])
  const [row] = await b.app.db.select().from(uploads).where(eq(uploads.id, selfieId))
  t.ok(row?.faces && row.faces.length > 1000, 'kept beside the image')
  t.notOk(row!.faces!.includes('embedding'), 'not in clear')
  const opened = JSON.parse(decryptMedia(mediaKey, row!.faces!, `${selfieId}:faces`).toString('utf8'))
  t.equal(opened.faces.length, 1)
  t.equal(opened.faces[0].embedding.length, 1024)
  t.throws(() => decryptMedia(mediaKey, row!.faces!, `${selfieId}:front`), 'sealed for this upload\'s faces only')
})

t.test('MEDIA_RETENTION deletes the faces found with the images', async (t) => {
  const b = await build(t, { mediaRetentionMs: 1, sweepIntervalMs: 50 })
  const { key } = await b.createKey('faces-purged', 'service')
  const { vid, selfieId } = await uploaded(b, key, ['face_match'])
  const row = await until(
    async () => (await b.app.db.select().from(uploads).where(eq(uploads.id, selfieId)))[0],
    (r) => r?.purgedAt != null,
  )
  t.same([row!.front, row!.faces], [null, null])
  const match = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })
  t.equal(match.statusCode, 409, 'nothing left to match')
})

t.test('an upload from before faces were kept is analysed when its check runs', async (t) => {
  const b = await build(t, { metricsToken: TOKEN })
  const { key } = await b.createKey('faces-older', 'service')
  const { vid } = await uploaded(b, key, ['face_match'])
  await b.app.db.update(uploads).set({ faces: null }).where(eq(uploads.verificationId, vid))
  const before = await analyses(b)
  const match = await b.call('POST', `/verifications/${vid}/face-match`, { key, body: {} })
  t.equal(match.statusCode, 200)
  t.equal(match.json().passed, true)
  t.equal((await analyses(b)) - before, 2, 'both images analysed now')
})

t.test('a selfie kept before replays were measured is measured when passive liveness judges it', async (t) => {
  const b = await build(t, { metricsToken: TOKEN, mediaEncryptionKey: mediaKey })
  const { key } = await b.createKey('faces-unmeasured', 'service')
  const { vid, selfieId } = await uploaded(b, key, ['liveness'])
  const [row] = await b.app.db.select().from(uploads).where(eq(uploads.id, selfieId))
  const kept = openFaces(mediaKey, selfieId, row!.faces!)
  t.ok(kept.faces[0]!.presentation, 'measured at upload now')
  delete kept.faces[0]!.presentation
  await b.app.db.update(uploads).set({ faces: sealFaces(mediaKey, selfieId, kept) }).where(eq(uploads.id, selfieId))
  const [faces, replays] = [await analyses(b), await analyses(b, 'presentation')]
  const liveness = await b.call('POST', `/verifications/${vid}/documents/${selfieId}/liveness`, { key, body: {} })
  t.equal(liveness.statusCode, 200)
  t.ok(liveness.json().checks.some((c: { name: string }) => c.name === 'screen_pattern'), 'judged on replay signals all the same')
  t.equal((await analyses(b, 'presentation')) - replays, 1, 'the selfie measured for replays')
  t.equal((await analyses(b)) - faces, 0, 'its faces read as kept')
})
