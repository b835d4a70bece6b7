// A selfie's face (FaceOptions.subject) is analysed by every model in the pass that finds it when the
// detection copy shows it large enough (src/analysis/faces.ts); a smaller one is cut from the full image
// and analysed again, as a document's portrait is. Either way the face is where two passes find it,
// measured the same, and the same person.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import { analyseFaces, decodeFull, similarity } from '../src/analysis/faces.js'
import { FACE_NEEDS } from '../src/services/stored-faces.js'

const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url))
const selfie = fixture('faces/selfie-collins.jpg')
const twoPasses = { ...FACE_NEEDS.selfie, subject: false }

t.test('a selfie whose face is large: found, boxed and measured as two passes do, the same person', async (t) => {
  const full = await decodeFull(selfie)
  const [one, ...more] = await analyseFaces(full, FACE_NEEDS.selfie)
  const [two] = await analyseFaces(full, twoPasses)
  t.equal(more.length, 0, 'one face')
  t.ok(one && two, 'found both ways')
  t.ok(one!.box.width >= 192, `the face is ${one!.box.width} px wide, large enough for one pass`)
  t.same(one!.box, two!.box, 'the same box')
  t.same(one!.quality, two!.quality, 'the same quality measures')
  t.equal(one!.detectionScore, two!.detectionScore)
  t.ok(similarity(one!.embedding, two!.embedding) > 0.95, 'the same person')
  t.ok(Math.abs(one!.yaw - two!.yaw) < 3 && Math.abs(one!.pitch - two!.pitch) < 3, 'the same pose, within a few degrees')
  t.ok(one!.happy >= 0.5 && two!.happy >= 0.5, 'the same smile')
  const [portrait] = await analyseFaces(await decodeFull(fixture('documents/passport-td3-clean.jpg')), FACE_NEEDS.match)
  t.ok(similarity(portrait!.embedding, one!.embedding) > 0.9, 'and it matches her passport')
})

t.test('a selfie whose face is small in it: cut from the full image and analysed as two passes do', async (t) => {
  const small = await sharp(selfie).resize({ width: 300 }).jpeg({ quality: 95 }).toBuffer()
  const full = await decodeFull(small)
  const one = await analyseFaces(full, FACE_NEEDS.selfie)
  t.equal(one.length, 1)
  t.ok(one[0]!.box.width < 192, `the face is ${one[0]!.box.width} px wide`)
  t.same(one, await analyseFaces(full, twoPasses), 'every measure identical')
})
