// Renders the selfie-like photos in test/fixtures/faces/ from the same public-domain portraits as
// the document fixtures (see test/fixtures/README.md): `npx tsx scripts/make-face-fixtures.ts`.
//   python3-skimage  skimage/data/astronaut.png — Eileen Collins (NASA, public domain)
//   facedetect       /usr/share/doc/facedetect/examples/grace_hopper_512x512.jpg — Grace Hopper (US Navy, public domain)
// Looked for at their installed paths, then under $FIXTURE_DEB_DIR (default <tmpdir>/make-fixtures-debs,
// where scripts/make-fixtures.ts extracts them with `apt-get download` and `dpkg -x`).
import { existsSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'test', 'fixtures', 'faces')
const debs = process.env.FIXTURE_DEB_DIR ?? path.join(os.tmpdir(), 'make-fixtures-debs')

function find(pkg: string, file: string): string {
  for (const p of [file, path.join(debs, pkg, file)]) if (existsSync(p)) return p
  throw new Error(`${file} not found: run scripts/make-fixtures.ts first (it extracts ${pkg}), or apt-get install ${pkg}`)
}
const collins = find('python3-skimage', '/usr/lib/python3/dist-packages/skimage/data/astronaut.png')
const hopper = find('facedetect', '/usr/share/doc/facedetect/examples/grace_hopper_512x512.jpg')

mkdirSync(out, { recursive: true })
const jpeg = (img: sharp.Sharp, q: number, name: string) => img.jpeg({ quality: q, mozjpeg: false }).toFile(path.join(out, name))

// The same person as the passport portrait, photographed again: another crop, scale, light, JPEG.
await jpeg(sharp(collins).extract({ left: 110, top: 0, width: 300, height: 340 }).resize(420).modulate({ brightness: 1.12 }), 82, 'selfie-collins.jpg')
await jpeg(
  sharp(collins).extract({ left: 140, top: 20, width: 240, height: 280 }).rotate(4, { background: '#202020' }).resize(380).modulate({ brightness: 0.9 }).blur(0.6),
  70,
  'selfie-collins-2.jpg',
)
// Another person (the identity-card portrait).
await jpeg(sharp(hopper).extract({ left: 80, top: 20, width: 340, height: 400 }).resize(400), 82, 'selfie-hopper.jpg')
// Two people in one photo.
const left = await sharp(collins).extract({ left: 110, top: 0, width: 300, height: 340 }).resize(300, 340).toBuffer()
const right = await sharp(hopper).extract({ left: 80, top: 20, width: 300, height: 340 }).resize(300, 340).toBuffer()
await jpeg(
  sharp({ create: { width: 640, height: 360, channels: 3, background: '#707070' } }).composite([
    { input: left, left: 10, top: 10 },
    { input: right, left: 330, top: 10 },
  ]),
  82,
  'group-two.jpg',
)
// No face at all: a grey wall with some texture.
await jpeg(sharp({ create: { width: 480, height: 360, channels: 3, background: '#8a8270', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).blur(2), 82, 'no-face.jpg')
console.log(`written to ${out}`)
