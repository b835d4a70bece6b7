// Makes the head-turn frames test/fixtures/faces/turn-{collins,hopper}-{left,right,up}.jpg from the selfie
// fixtures selfie-collins.jpg and selfie-hopper.jpg (public domain, see test/fixtures/README.md), to stand
// in for the frames a phone sends during the active-liveness challenge (turn_left, turn_right, look_up):
//   npx tsx scripts/make-turn-frames.ts
// SYNTHETIC: a frame is the still photo re-rendered through its own 3D face mesh, not a photo of a live
// turn. The face library (src/analysis/human.ts) gives the 468-point MediaPipe mesh; its slope is capped
// (the outline strip is seen edge-on), it is turned about the face's own axes around a point half a face
// width behind it (the head's centre), projected orthographically, and each triangle is filled from the
// same triangle of the photo (bilinear, z-buffered so the nose hides the far cheek, 3 × 3 samples a pixel).
// Outside the face, pixels follow the moved outline (inverse-distance weighted), fading out 0.8 face widths
// away: no ghost of the old outline; hair, ears and neck stretch a little. Yaw ±38°, pitch 20° up: the
// service's analysis reads about half the mesh's rotation (22° read as 9–12°). Deterministic (same sharp and
// tfjs versions, same bytes). It prints what the service's analysis (src/analysis/faces.ts) measures on each
// frame against its selfie and exits non-zero when a frame misses the challenge's thresholds.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { analyseFaces, decodeFaces, similarity } from '../src/analysis/faces.js'
import { detect, getHuman, passConfig, type Raw } from '../src/analysis/human.js'
import type { FaceObservation } from '../src/domain/face-observation.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = path.join(root, 'test', 'fixtures', 'faces')

/** Degrees. Yaw > 0 turns the nose towards the image's right (the person's own left: the service's turn_left). */
const FRAMES = [
  { name: 'left', yaw: 38, pitch: 0 },
  { name: 'right', yaw: -38, pitch: 0 },
  { name: 'up', yaw: 0, pitch: 20 }, // pitch > 0 here moves the nose up: the service's pitch decreases
] as const
/** The head turns about a point this many face widths behind the mesh's mean depth. */
const CENTRE_BEHIND = 0.5
/** Outside the face, pixels move with the outline up to HOLD face widths from it, then less, down to none at FADE. */
const HOLD = 0.1
const FADE = 0.8
/** Steepest surface kept (dz / image distance): tan 65°. */
const MAX_SLOPE = Math.tan((65 * Math.PI) / 180)
/** Samples a pixel, per axis. */
const SS = 3
const MESH_POINTS = 468 // the 10 iris points after them are not in the triangulation

type Vec3 = [number, number, number]

async function load(file: string): Promise<{ bytes: Uint8Array; raw: Raw }> {
  const bytes = readFileSync(path.join(dir, file))
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { bytes, raw: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height } }
}

/** The face's mesh points in pixels. human's z is in the mesh model's units (meshRaw z = z / 192, its input
 * side), as x is before scaling to the image: times the side of the square crop it ran on (max of r.size). */
async function meshOf(raw: Raw): Promise<Vec3[]> {
  const human = await getHuman()
  const faces = await detect(human, raw, passConfig({ detectOnly: false, embedding: false, mesh: true, emotion: false }))
  if (faces.length !== 1) throw new Error(`expected one face, found ${faces.length}`)
  const r = faces[0]!
  const side = Math.max(...r.size)
  return r.mesh.slice(0, MESH_POINTS).map((p, i) => [p[0], p[1], (r.meshRaw[i]?.[2] ?? 0) * side])
}

/** The triangulation plus a fan over each hole (the mouth), its edges, and the outline (the longest boundary loop). */
function topology(tri: readonly number[]): { tris: number[]; edges: [number, number][]; outline: number[] } {
  const count = new Map<string, [number, number, number]>() // edge → its vertices and how many triangles have it
  for (let i = 0; i < tri.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const [a, b] = [tri[i + k]!, tri[i + ((k + 1) % 3)]!]
      const e = count.get(a < b ? `${a}-${b}` : `${b}-${a}`) ?? [a, b, 0]
      count.set(a < b ? `${a}-${b}` : `${b}-${a}`, [a, b, e[2] + 1])
    }
  }
  const next = new Map<number, number[]>()
  for (const [a, b] of [...count.values()].filter((e) => e[2] === 1)) {
    next.set(a, [...(next.get(a) ?? []), b])
    next.set(b, [...(next.get(b) ?? []), a])
  }
  const loops: number[][] = []
  const seen = new Set<number>()
  for (const start of [...next.keys()].sort((a, b) => a - b)) {
    if (seen.has(start)) continue
    const loop = [start]
    seen.add(start)
    for (let n = next.get(start)![0]; n !== undefined && !seen.has(n); n = next.get(n)!.find((w) => !seen.has(w))) {
      loop.push(n)
      seen.add(n)
    }
    loops.push(loop)
  }
  loops.sort((a, b) => b.length - a.length)
  const tris = [...tri]
  for (const hole of loops.slice(1)) for (let i = 1; i + 1 < hole.length; i++) tris.push(hole[0]!, hole[i]!, hole[i + 1]!)
  return { tris, edges: [...count.values()].map(([a, b]) => [a, b]), outline: loops[0]! }
}

/**
 * The mesh with no surface steeper than MAX_SLOPE against the image plane: z of a vertex is lowered to at most
 * a neighbour's z plus MAX_SLOPE times their distance in the image. The outline strip of the mesh is seen almost
 * edge-on (a pixel or two wide in the photo); turned towards the camera it would be stretched into streaks.
 */
function limitSlope(pts: Vec3[], edges: [number, number][]): Vec3[] {
  const out = pts.map((p): Vec3 => [...p])
  for (let changed = true; changed; ) {
    changed = false
    for (const [a, b] of edges) {
      const [p, q] = [out[a]!, out[b]!]
      const cap = MAX_SLOPE * Math.hypot(p[0] - q[0], p[1] - q[1])
      if (p[2] > q[2] + cap + 1e-9) [p[2], changed] = [q[2] + cap, true]
      else if (q[2] > p[2] + cap + 1e-9) [q[2], changed] = [p[2] + cap, true]
    }
  }
  return out
}

/**
 * Rotates the points about `c` and the face's own axes (its roll in the image, `roll` radians, taken out first
 * and put back after): yaw about the face's vertical axis, then pitch about its horizontal one (degrees).
 */
function rotate(pts: Vec3[], c: Vec3, roll: number, yawDeg: number, pitchDeg: number): Vec3[] {
  const [sy, cy] = [Math.sin((yawDeg * Math.PI) / 180), Math.cos((yawDeg * Math.PI) / 180)]
  const [sp, cp] = [Math.sin((pitchDeg * Math.PI) / 180), Math.cos((pitchDeg * Math.PI) / 180)]
  const [sr, cr] = [Math.sin(roll), Math.cos(roll)]
  return pts.map(([x, y, z]) => {
    // Image axes: x right, y down, z away from the camera (the nose is the most negative).
    const [x0, y0, z0] = [cr * (x - c[0]) + sr * (y - c[1]), -sr * (x - c[0]) + cr * (y - c[1]), z - c[2]]
    const x1 = cy * x0 - sy * z0
    const z1 = sy * x0 + cy * z0
    const y2 = cp * y0 + sp * z1
    const z2 = -sp * y0 + cp * z1
    return [c[0] + cr * x1 - sr * y2, c[1] + sr * x1 + cr * y2, c[2] + z2]
  })
}

/** Bilinear sample of `src` at (x, y) (pixel centres on integers, edges clamped), added to out[o..o+2]. */
function sample(src: Raw, x: number, y: number, out: Float64Array, o: number): void {
  const cx = Math.min(src.width - 1, Math.max(0, x))
  const cy = Math.min(src.height - 1, Math.max(0, y))
  const x0 = Math.min(src.width - 2, Math.floor(cx))
  const y0 = Math.min(src.height - 2, Math.floor(cy))
  const [fx, fy] = [cx - x0, cy - y0]
  const i = (y0 * src.width + x0) * 3
  const j = i + src.width * 3
  for (let ch = 0; ch < 3; ch++) {
    const d = src.data
    const top = d[i + ch]! * (1 - fx) + d[i + 3 + ch]! * fx
    const bottom = d[j + ch]! * (1 - fx) + d[j + 3 + ch]! * fx
    out[o + ch] = top * (1 - fy) + bottom * fy
  }
}

/**
 * The photo with the face moved from `from` to `to` (both in pixels, same vertex order), rendered at SS × SS
 * samples a pixel and averaged (smooth silhouettes).
 */
function render(src: Raw, from: Vec3[], to: Vec3[], tris: number[], outline: number[], faceWidth: number): Uint8Array {
  const [w, h] = [src.width * SS, src.height * SS]
  const hi = new Float64Array(w * h * 3)
  const depth = new Float64Array(w * h).fill(Infinity)
  const up = (p: Vec3): Vec3 => [(p[0] + 0.5) * SS - 0.5, (p[1] + 0.5) * SS - 0.5, p[2]] // image → sample grid
  for (let t = 0; t < tris.length; t += 3) {
    const [a, b, c] = [up(to[tris[t]!]!), up(to[tris[t + 1]!]!), up(to[tris[t + 2]!]!)]
    const [pa, pb, pc] = [from[tris[t]!]!, from[tris[t + 1]!]!, from[tris[t + 2]!]!]
    const area = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])
    if (Math.abs(area) < 1e-9) continue
    const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])))
    const x1 = Math.min(w - 1, Math.ceil(Math.max(a[0], b[0], c[0])))
    const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])))
    const y1 = Math.min(h - 1, Math.ceil(Math.max(a[1], b[1], c[1])))
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const la = ((b[0] - x) * (c[1] - y) - (c[0] - x) * (b[1] - y)) / area
        const lb = ((c[0] - x) * (a[1] - y) - (a[0] - x) * (c[1] - y)) / area
        const lc = 1 - la - lb
        if (la < -1e-6 || lb < -1e-6 || lc < -1e-6) continue // shared edges belong to both triangles: no cracks
        const z = la * a[2] + lb * b[2] + lc * c[2]
        const i = y * w + x
        if (z >= depth[i]!) continue // z-buffer: the nearer surface wins
        depth[i] = z
        sample(src, la * pa[0] + lb * pb[0] + lc * pc[0], la * pa[1] + lb * pb[1] + lc * pc[1], hi, i * 3)
      }
    }
  }
  // Outside the face: inverse-distance-weighted displacement of the outline's points, fading out.
  const [hold, reach] = [HOLD * faceWidth, FADE * faceWidth]
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      if (depth[i]! < Infinity) continue
      const [px, py] = [(x + 0.5) / SS - 0.5, (y + 0.5) / SS - 0.5]
      let [sw, dx, dy, nearest] = [0, 0, 0, Infinity]
      for (const v of outline) {
        const d2 = (to[v]![0] - px) ** 2 + (to[v]![1] - py) ** 2
        const wt = 1 / (d2 + 1)
        sw += wt
        dx += wt * (to[v]![0] - from[v]![0])
        dy += wt * (to[v]![1] - from[v]![1])
        nearest = Math.min(nearest, d2)
      }
      const s = Math.min(1, Math.max(0, (reach - Math.sqrt(nearest)) / (reach - hold)))
      const fade = (s * s * (3 - 2 * s)) / sw // smoothstep
      sample(src, px - fade * dx, py - fade * dy, hi, i * 3)
    }
  }
  const acc = new Float64Array(src.width * src.height * 3) // SS × SS samples → a pixel
  for (let i = 0; i < w * h; i++) {
    const o = (Math.floor(Math.floor(i / w) / SS) * src.width + Math.floor((i % w) / SS)) * 3
    for (let ch = 0; ch < 3; ch++) acc[o + ch] = acc[o + ch]! + hi[i * 3 + ch]!
  }
  return Uint8Array.from(acc, (v) => Math.round(v / (SS * SS)))
}

const analyse = async (bytes: Uint8Array): Promise<FaceObservation[]> =>
  analyseFaces(await decodeFaces(bytes), { embedding: true, mesh: true, emotion: true })

const started = Date.now()
const { tris, edges, outline } = topology((await getHuman()).faceTriangulation)
const f1 = (v: number) => (v >= 0 ? '+' : '') + v.toFixed(1)
let failures = 0
console.log('frame                    faces    yaw   Δyaw  pitch Δpitch  sim(selfie)  bytes')
for (const person of ['collins', 'hopper']) {
  const { bytes, raw } = await load(`selfie-${person}.jpg`)
  const detected = await meshOf(raw)
  const mesh = limitSlope(detected, edges)
  const moved = detected.filter((p, i) => p[2] - mesh[i]![2] > 1).length
  const mean = mesh.reduce<Vec3>((m, p) => [m[0] + p[0] / mesh.length, m[1] + p[1] / mesh.length, m[2] + p[2] / mesh.length], [0, 0, 0])
  const xs = mesh.map((p) => p[0])
  const faceWidth = Math.max(...xs) - Math.min(...xs)
  // The face's roll: the line through the outer eye corners (mesh points 33 and 263).
  const roll = Math.atan2(mesh[263]![1] - mesh[33]![1], mesh[263]![0] - mesh[33]![0])
  const centre: Vec3 = [mean[0], mean[1], mean[2] + CENTRE_BEHIND * faceWidth]
  const [selfie] = await analyse(bytes)
  if (!selfie) throw new Error(`no face in selfie-${person}.jpg`)
  console.log(`${`selfie-${person}.jpg`.padEnd(24)}     1 ${f1(selfie.yaw).padStart(6)}        ${f1(selfie.pitch).padStart(6)}   (${moved} mesh points brought forward by the slope limit)`)
  const embeddings: [string, number[]][] = []
  for (const frame of FRAMES) {
    const pixels = render(raw, mesh, rotate(mesh, centre, roll, frame.yaw, frame.pitch), tris, outline, faceWidth)
    const jpeg = await sharp(pixels, { raw: { width: raw.width, height: raw.height, channels: 3 } }).jpeg({ quality: 90, mozjpeg: false }).toBuffer()
    const file = `turn-${person}-${frame.name}.jpg`
    writeFileSync(path.join(dir, file), jpeg)
    const faces = await analyse(jpeg)
    const f = faces[0]
    const [dYaw, dPitch] = f ? [f.yaw - selfie.yaw, f.pitch - selfie.pitch] : [NaN, NaN]
    const sim = f ? similarity(f.embedding, selfie.embedding) : 0
    const moves = frame.name === 'left' ? dYaw >= 15 : frame.name === 'right' ? dYaw <= -15 : dPitch <= -10
    const ok = faces.length === 1 && sim >= 0.75 && moves
    if (!ok) failures++
    if (f) embeddings.push([file, f.embedding])
    console.log(
      `${file.padEnd(24)} ${String(faces.length).padStart(5)} ${f1(f?.yaw ?? NaN).padStart(6)} ${f1(dYaw).padStart(6)} ${f1(f?.pitch ?? NaN).padStart(6)} ${f1(dPitch).padStart(6)} ${(sim.toFixed(3) + (ok ? '' : ' FAIL')).padStart(12)} ${String(jpeg.length).padStart(6)}`,
    )
  }
  for (let i = 0; i < embeddings.length; i++) {
    for (let j = i + 1; j < embeddings.length; j++) {
      const sim = similarity(embeddings[i]![1], embeddings[j]![1])
      if (sim < 0.75) failures++
      console.log(`  ${embeddings[i]![0]} × ${embeddings[j]![0]}: ${sim.toFixed(3)}${sim < 0.75 ? ' FAIL' : ''}`)
    }
  }
}
console.log(`${failures ? `${failures} check(s) FAILED` : 'all checks passed'}; written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
if (failures) process.exitCode = 1
