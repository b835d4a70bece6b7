// The presentation-attack measures (src/analysis/presentation.ts) on images made to show one cue each:
// a periodic grating over a face-sized region, ink's lifted blacks, a clipped patch, a sheet's edges.
import sharp from 'sharp'
import t from 'tap'
import { measurePresentation } from '../src/analysis/presentation.js'

const [W, H] = [400, 400]
const box = { x: 100, y: 100, width: 200, height: 200 }

/** A PNG whose pixel (x, y) is `grey(x, y)` in every channel, with a little seeded noise (skin is not flat). */
async function image(grey: (x: number, y: number) => number): Promise<Uint8Array> {
  const data = new Uint8Array(W * H * 3)
  let seed = 7
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 6
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = Math.max(0, Math.min(255, Math.round(grey(x, y) + noise())))
      data.set([v, v, v], (y * W + x) * 3)
    }
  }
  return new Uint8Array(await sharp(data, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer())
}

/** A smooth shaded "face" from near black to near white: a live face's tones. */
const face = (x: number, y: number) => 5 + 235 * (0.5 + 0.5 * Math.sin(x / 23) * Math.cos(y / 29))

t.test('a smooth face shows no pattern, no lifted blacks, no glare, no border', async (t) => {
  const m = await measurePresentation(await image(face), box)
  t.ok(m.pattern < 3.5, `pattern ${m.pattern}`)
  t.ok(m.blackLift < 0.08, `black lift ${m.blackLift}`)
  t.equal(m.glare, 0)
  t.equal(m.border, 0)
})

t.test("a screen's grid over the face is a periodic pattern", async (t) => {
  const m = await measurePresentation(await image((x, y) => face(x, y) * (0.8 + 0.2 * Math.sin((2 * Math.PI * (x + 0.3 * y)) / 5.3))), box)
  t.ok(m.pattern > 3.5, `pattern ${m.pattern}`)
})

t.test("ink on paper lifts a face's blacks", async (t) => {
  const m = await measurePresentation(await image((x, y) => 40 + (face(x, y) * 190) / 255), box)
  t.ok(m.blackLift > 0.08, `black lift ${m.blackLift}`)
})

t.test('a reflection is one large clipped patch over the face', async (t) => {
  const m = await measurePresentation(await image((x, y) => (Math.hypot(x - 200, y - 190) < 45 ? 255 : face(x, y))), box)
  t.ok(m.glare > 0.06, `glare ${m.glare}`)
})

t.test('a sheet held up shows its edges with bare paper beside them', async (t) => {
  // A white sheet from (40, 40) to (360, 360) on a dark room, the face printed on it.
  const sheet = (x: number, y: number) => (x < 40 || x > 360 || y < 40 || y > 360 ? 45 : x < 80 || x > 320 || y < 80 || y > 320 ? 235 : face(x, y))
  const m = await measurePresentation(await image(sheet), box)
  t.ok(m.border >= 3, `${m.border} sides`)
})

t.test('the face is read in the upright frame (EXIF turned), also where its box runs past the edges', async (t) => {
  // A reflection low on a portrait frame (300 × 400 upright), stored turned a quarter with EXIF orientation 6.
  const upright = await sharp(await image((x, y) => (Math.hypot(x - 150, y - 330) < 40 ? 255 : face(x, y)))).extract({ left: 50, top: 0, width: 300, height: 400 }).png().toBuffer()
  const stored = new Uint8Array(await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer())
  const m = await measurePresentation(stored, { x: 60, y: 240, width: 180, height: 180 })
  t.ok(m.glare > 0.06, `glare ${m.glare}`)
  const edge = await measurePresentation(stored, { x: -20, y: 350, width: 400, height: 100 })
  t.type(edge.pattern, 'number', 'a box past the edges is read where it lies in the frame')
})

t.test('a box wholly past the frame reads the pixel nearest it, not an error', async (t) => {
  const m = await measurePresentation(await image(face), { x: 900, y: -300, width: 50, height: 50 })
  t.same(m.glare, 0)
})
