// The checks of one verification judge one document and one selfie (src/domain/check-results.ts): a
// document or a selfie sent again after a face match makes the match pending until it is run again.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { mergeResults } from '../src/domain/check-results.js'
import { build, type Built } from './helpers/build.js'

t.test('results recorded now drop earlier ones that judged other uploads', async (t) => {
  const match = { passed: true, document_id: 'doc_a', selfie_id: 'doc_s' }
  const liveness = { passed: true, selfie_id: 'doc_s', challenge_id: null }
  const earlier = { document: { passed: true, document_id: 'doc_a' }, face_match: match, liveness }
  t.same(mergeResults(earlier, { liveness: { ...liveness, passed: false } }), { ...earlier, liveness: { ...liveness, passed: false } }, 'the same uploads: every result kept')
  t.same(mergeResults(earlier, { document: { passed: true, document_id: 'doc_b' } }), { document: { passed: true, document_id: 'doc_b' }, liveness }, 'another document: the face match is pending again')
  t.same(mergeResults(earlier, { liveness: { ...liveness, selfie_id: 'doc_t' } }), { document: earlier.document, liveness: { ...liveness, selfie_id: 'doc_t' } }, 'another selfie: the face match is pending again')
  t.same(
    mergeResults(earlier, { face_match: { ...match, document_id: 'doc_b', selfie_id: 'doc_t' } }),
    { face_match: { ...match, document_id: 'doc_b', selfie_id: 'doc_t' } },
    'a match of other uploads: the document and liveness checks are pending again',
  )
  t.same(mergeResults(earlier, {}, { selfie_id: 'doc_t' }), { document: earlier.document }, 'another selfie stored: the checks of the earlier one are pending again')
  t.same(mergeResults(earlier, {}, { document_id: 'doc_b' }), { liveness }, 'another document stored, whether or not a check judged it')
  t.same(mergeResults(earlier, {}, { selfie_id: 'doc_s' }), earlier, 'nothing else stored: every result kept')
  t.same(mergeResults({ identity: { passed: false, document_id: null } }, { document: { passed: true, document_id: 'doc_a' } }), { identity: { passed: false, document_id: null }, document: { passed: true, document_id: 'doc_a' } }, 'a result that judged no upload stays')
})

const photo = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url)).toString('base64')
const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as { files: Array<{ file: string; mrz: string[] | null }> }
const mrzOf = (file: string) => manifest.files.find((f) => f.file === file)!.mrz!.join('\n')

async function post(b: Built, key: string, url: string, body?: object) {
  const res = await b.call('POST', url, { key, ...(body ? { body } : {}) })
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}
const uploadDocument = (b: Built, key: string, vid: string, file: string, documentType = 'passport') =>
  post(b, key, `/verifications/${vid}/documents`, { document_type: documentType, front_image: photo(`documents/${file}`), mrz: mrzOf(file) })
const uploadSelfie = async (b: Built, key: string, vid: string, file: string) => (await post(b, key, `/verifications/${vid}/selfie`, { image: photo(`faces/${file}`) })).document_id as string

t.test('a face match is run again on the document and selfie the verdict rests on', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('swap-client', 'service')
  const read = async (vid: string) => (await b.call('GET', `/verifications/${vid}`, { key })).json()

  await t.test('another selfie after the match: the live person is matched again', async (t) => {
    const vid = (await post(b, key, '/verifications', { checks: ['face_match', 'liveness'] })).id
    await uploadDocument(b, key, vid, 'idcard-td1-phone.jpg', 'id_card')
    await uploadSelfie(b, key, vid, 'selfie-hopper.jpg')
    t.equal((await post(b, key, `/verifications/${vid}/face-match`, {})).passed, true, 'the holder matches her document')
    const other = await uploadSelfie(b, key, vid, 'selfie-collins.jpg')
    const live = await post(b, key, `/verifications/${vid}/documents/${other}/liveness`)
    t.equal(live.selfie_id, other)
    let v = await read(vid)
    t.equal(v.status, 'pending', 'not finished on a match of another selfie')
    t.notOk('face_match' in v.checks_results)
    const again = await post(b, key, `/verifications/${vid}/face-match`, {})
    t.equal(again.selfie_id, other)
    t.equal(again.passed, false, 'the live person is not the holder')
    v = await read(vid)
    t.equal(v.status, 'completed')
    t.equal(v.decision, 'declined')
  })

  await t.test('another document after the match: it is matched again', async (t) => {
    const vid = (await post(b, key, '/verifications', { checks: ['document', 'face_match', 'liveness'] })).id
    await uploadDocument(b, key, vid, 'passport-td3-phone.jpg')
    const selfie = await uploadSelfie(b, key, vid, 'selfie-collins.jpg')
    t.equal((await post(b, key, `/verifications/${vid}/face-match`, {})).passed, true, 'the holder matches his passport')
    const other = await uploadDocument(b, key, vid, 'idcard-td1-phone.jpg', 'id_card')
    t.equal(other.checks_results.document.passed, true)
    t.notOk('face_match' in (await read(vid)).checks_results, 'the match of the first document is dropped')
    await post(b, key, `/verifications/${vid}/documents/${selfie}/liveness`)
    t.equal((await read(vid)).status, 'pending', 'not finished on a match of another document')
    const again = await post(b, key, `/verifications/${vid}/face-match`, {})
    t.equal(again.document_id, other.document_id)
    t.equal(again.passed, false)
    const v = await read(vid)
    t.equal(v.status, 'completed')
    t.equal(v.decision, 'declined')
  })
})
