// A flat picture of a face moved in front of a camera, as an attacker presents a print or a screen to
// an active-liveness challenge: the picture turned about its vertical axis (to fake `turn_left` or
// `turn_right`) or its horizontal one (`look_up`), seen through a pinhole camera at about its own
// width's distance, shifted, through a lens's slight blur, with sensor noise and a phone's JPEG.
// Every pixel of such a capture is one plane's projective map of the picture: the physics
// src/analysis/face-motion.ts relies on. Deterministic: the noise comes from a seeded PRNG.
import sharp from 'sharp'
import { opencv } from '../../src/analysis/opencv.js'
import { mulberry32 } from './random.js'

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
  const corners: Array<[number, number]> = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]
  // Each corner turned in space about the sheet's centre, then projected by the pinhole.
  const seen = corners.map(([x, y]): [number, number] => {
    let [X, Y, Z] = [x - w / 2, y - h / 2, 0]
    ;[X, Y] = [X * Math.cos(roll) - Y * Math.sin(roll), X * Math.sin(roll) + Y * Math.cos(roll)]
    ;[X, Z] = [X * Math.cos(yaw) + Z * Math.sin(yaw), -X * Math.sin(yaw) + Z * Math.cos(yaw)]
    ;[Y, Z] = [Y * Math.cos(pitch) - Z * Math.sin(pitch), Y * Math.sin(pitch) + Z * Math.cos(pitch)]
    const depth = focal + Z
    return [w / 2 + (move.shift ?? 0) + (focal * X) / depth, h / 2 + (focal * Y) / depth]
  })
  const { cv } = await opencv()
  const src = cv.matFromArray(h, w, cv.CV_8UC3, data)
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat())
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, seen.flat())
  const map = cv.getPerspectiveTransform(from, to)
  const warped = new cv.Mat()
  let out: Buffer
  try {
    // Off the sheet: a dim wall behind it.
    cv.warpPerspective(src, warped, map, new cv.Size(w, h), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(70, 70, 70, 255))
    out = Buffer.from(warped.data)
  } finally {
    for (const m of [src, from, to, map, warped]) m.delete()
  }
  const rng = mulberry32(seed)
  const noise = () => (rng() + rng() + rng() - 1.5) * 6 // about σ 3 grey levels
  // The lens's blur, then the sensor's noise.
  const blurred = await sharp(out, { raw: { width: w, height: h, channels: 3 } }).blur(0.7).raw().toBuffer()
  for (let i = 0; i < blurred.length; i++) blurred[i] = Math.max(0, Math.min(255, Math.round(blurred[i]! + noise())))
  return sharp(blurred, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
}
