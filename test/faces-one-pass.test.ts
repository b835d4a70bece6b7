// A selfie's face (FaceOptions.subject) is analysed by every model in the pass that finds it when the
// detection copy shows it large enough (src/analysis/faces.ts); a smaller one is cut from the full image
// and analysed again, as a document's portrait is. Either way the face is where two passes find it,
// measured the same, and the same person.
import { readFileSync } from 'node:fs'
import t from 'tap'
import sharp from 'sharp'
import { analyseFaces, decodeFaces, similarity } from '../src/analysis/faces.js'
import { FACE_NEEDS } from '../src/services/stored-faces.js'

const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url))
const selfie = fixture('faces/selfie-collins.jpg')
const twoPasses = { ...FACE_NEEDS.selfie, subject: false }

t.test('a selfie whose face is large: found, boxed and measured as two passes do, the same person', async (t) => {
  const full = await decodeFaces(selfie)
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
  const [portrait] = await analyseFaces(await decodeFaces(fixture('documents/passport-td3-clean.jpg')), FACE_NEEDS.match)
  t.ok(similarity(portrait!.embedding, one!.embedding) > 0.9, 'and it matches her passport')
})

t.test('a selfie whose face is small in it: cut from the full image and analysed as two passes do', async (t) => {
  const small = await sharp(selfie).resize({ width: 300 }).jpeg({ quality: 95 }).toBuffer()
  const full = await decodeFaces(small)
  const one = await analyseFaces(full, FACE_NEEDS.selfie)
  t.equal(one.length, 1)
  t.ok(one[0]!.box.width < 192, `the face is ${one[0]!.box.width} px wide`)
  t.same(one, await analyseFaces(full, twoPasses), 'every measure identical')
})

t.test('a 12 MP selfie: its faces found on a copy shrunk as it is decoded, the full image never held', async (t) => {
  const photo = await sharp(selfie).resize(3000, 4000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()
  const img = await decodeFaces(photo)
  t.same([img.width, img.height], [3000, 4000], 'boxes are in the photo’s own pixels')
  t.ok(Math.max(img.copy.width, img.copy.height) <= 1024, 'the copy is at most 1,024 px a side')
  let fullDecodes = 0
  const counted = { ...img, full: () => (fullDecodes++, img.full()) }
  const [one] = await analyseFaces(counted, FACE_NEEDS.selfie)
  t.equal(fullDecodes, 0, 'a large face is analysed without decoding the whole photo')
  t.ok(one!.box.width > 1000, `the face is ${Math.round(one!.box.width)} px wide in the photo`)
  // Two passes cut the face from the full image; the quality is measured on the same box either way.
  const [two] = await analyseFaces(counted, twoPasses)
  t.equal(fullDecodes, 1, 'two passes decode it whole, once')
  t.same(two!.box, one!.box)
  t.same(one!.quality, two!.quality, 'the face decoded alone measures as the same face cut from the whole photo')
  t.ok(similarity(one!.embedding, two!.embedding) > 0.95, 'the same person')

  // Turned by its EXIF orientation (a phone held sideways): the region is cut from the photo as shown.
  const sideways = await sharp(await sharp(photo).rotate(270).jpeg({ quality: 90 }).toBuffer()).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer()
  const turned = await decodeFaces(sideways)
  t.same([turned.width, turned.height], [3000, 4000], 'upright as the photo is shown')
  const [oneTurned] = await analyseFaces(turned, FACE_NEEDS.selfie)
  const [twoTurned] = await analyseFaces(turned, twoPasses)
  t.same(oneTurned!.quality, twoTurned!.quality, 'a turned photo’s face region is the one shown')

  const truncated = photo.subarray(0, Math.floor(photo.length * 0.9))
  await t.rejects(decodeFaces(truncated), 'a truncated photo does not decode, though only its copy is made')
})

t.test('a photo over 4,096 px: scaled to 4,096 as before, its face boxed in those pixels', async (t) => {
  const photo = await sharp(selfie).resize(6000, 6800, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer()
  const img = await decodeFaces(photo)
  const full = await img.full()
  t.same([img.width, img.height], [full.width, full.height], 'the size is the decoded image’s own')
  t.equal(Math.max(img.width, img.height), 4096)
  const [face] = await analyseFaces(img, FACE_NEEDS.selfie)
  t.ok(face && face.box.x + face.box.width <= img.width && face.box.y + face.box.height <= img.height, 'one face, inside the scaled image')
})
