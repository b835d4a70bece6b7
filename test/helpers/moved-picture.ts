// A flat picture of a face moved in front of a camera, as an attacker presents a print or a screen to
// an active-liveness challenge: the picture turned about its vertical axis (to fake `turn_left` or
// `turn_right`) or its horizontal one (`look_up`), seen through a pinhole camera at about its own
// width's distance, shifted, through a lens's slight blur, with sensor noise and a phone's JPEG.
// Every pixel of such a capture is one plane's projective map of the picture: the physics
// src/analysis/face-motion.ts relies on. Deterministic: the noise comes from a seeded PRNG.
import sharp from 'sharp'
import { mulberry32 } from './random.js'

type Point = [number, number]

/** The projective map (row-major, h33 = 1) that takes the four points `from` to `to`. */
function homography(from: Point[], to: Point[]): number[] {
  const a: number[][] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!
    const [u, v] = to[i]!
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u], [0, 0, 0, x, y, 1, -v * x, -v * y, v])
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    for (let row = 0; row < 8; row++) {
      if (row === col) continue
      const f = a[row]![col]! / a[col]![col]!
      for (let k = col; k < 9; k++) a[row]![k] = a[row]![k]! - f * a[col]![k]!
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1]
}

export interface Move {
  /** Degrees about the picture's vertical axis (its right edge away from the camera when positive). */
  yaw: number
  /** Degrees about its horizontal axis (its bottom edge away when positive). */
  pitch: number
  /** Degrees in its own plane. */
  roll?: number
  /** Pixels the picture moves sideways. */
  shift?: number
}

/** `image` (any format sharp reads) as a flat sheet moved by `move`, the size it was, as a JPEG. */
export async function movedPicture(image: Buffer, move: Move, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  const [w, h] = [info.width, info.height]
  const focal = 1.1 * Math.max(w, h)
  const rad = (d: number) => (d * Math.PI) / 180
  const [yaw, pitch, roll] = [rad(move.yaw), rad(move.pitch), rad(move.roll ?? 0)]
  const corners: Point[] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]
  // Each corner turned in space about the sheet's centre, then projected by the pinhole.
  const seen = corners.map(([x, y]): Point => {
    let [X, Y, Z] = [x - w / 2, y - h / 2, 0]
    ;[X, Y] = [X * Math.cos(roll) - Y * Math.sin(roll), X * Math.sin(roll) + Y * Math.cos(roll)]
    ;[X, Z] = [X * Math.cos(yaw) + Z * Math.sin(yaw), -X * Math.sin(yaw) + Z * Math.cos(yaw)]
    ;[Y, Z] = [Y * Math.cos(pitch) - Z * Math.sin(pitch), Y * Math.sin(pitch) + Z * Math.cos(pitch)]
    const depth = focal + Z
    return [w / 2 + (move.shift ?? 0) + (focal * X) / depth, h / 2 + (focal * Y) / depth]
  })
  const [a, b, c, d, e, f, g, k] = homography(seen, corners) as [number, number, number, number, number, number, number, number]
  const rng = mulberry32(seed)
  const noise = () => (rng() + rng() + rng() - 1.5) * 6 // about σ 3 grey levels
  const out = Buffer.alloc(w * h * 3)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3
      const q = g * x + k * y + 1
      const [u, v] = [(a * x + b * y + c) / q, (d * x + e * y + f) / q]
      const inside = u >= 0 && v >= 0 && u < w - 1 && v < h - 1
      const [x0, y0] = [Math.floor(u), Math.floor(v)]
      const [fx, fy] = [u - x0, v - y0]
      for (let ch = 0; ch < 3; ch++) {
        const at = (px: number, py: number) => data[(py * w + px) * 3 + ch]!
        // Off the sheet: a dim wall behind it.
        const value = inside ? (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy : 70
        out[o + ch] = value
      }
    }
  }
  // The lens's blur, then the sensor's noise.
  const blurred = await sharp(out, { raw: { width: w, height: h, channels: 3 } }).blur(0.7).raw().toBuffer()
  for (let i = 0; i < blurred.length; i++) blurred[i] = Math.max(0, Math.min(255, Math.round(blurred[i]! + noise())))
  return sharp(blurred, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
}
