// The camera of the capture simulations: a lens, a reflection on the subject, a sensor and a JPEG encoder.
import { NORMAL_TABLE, uniform, words32, type Rng } from './noise.js'
import { encode, viaSharp, type Raster } from './raster.js'

/** Sensor noise as phones deliver it: mostly luminance (chroma is denoised), sigma in grey levels. */
export function addSensorNoise(r: Raster, rng: Rng, sigma: number): void {
  const next = words32(rng)
  const table = NORMAL_TABLE
  const [kLuma, kChroma] = [sigma * 0.85, sigma * 0.5]
  const d = r.data
  const end = d.length
  for (let i = 0; i < end; i += 3) {
    const u = next()
    const v = next()
    const luma = table[u & 0xffff]! * kLuma
    d[i] = d[i]! + luma + table[u >>> 16]! * kChroma
    d[i + 1] = d[i + 1]! + luma + table[v & 0xffff]! * kChroma
    d[i + 2] = d[i + 2]! + luma + table[v >>> 16]! * kChroma
  }
}

/** A specular reflection of a light source: a white elliptical spot, Gaussian falloff, peak above the sensor's full well. */
export interface Glare {
  cx: number
  cy: number
  /** The spot's radius along its long and short axes (the Gaussian's sigma is half of it). */
  rx: number
  ry: number
  angle: number
  /** Peak light as a multiple of full scale (> 1, so the core saturates). */
  peak: number
}

/** Draws a glare spot over the face region (the centre third of the frame), radius 15–30 % of the short side. */
export function drawGlare(width: number, height: number, rng: Rng): Glare {
  const radius = uniform(rng, 0.15, 0.3) * Math.min(width, height)
  return {
    cx: uniform(rng, width / 3, (2 * width) / 3),
    cy: uniform(rng, height / 3, (2 * height) / 3),
    rx: radius,
    ry: radius * uniform(rng, 0.55, 1),
    angle: uniform(rng, 0, Math.PI),
    peak: uniform(rng, 1.6, 2.4),
  }
}

/** Reflected light adds to the scene's light in all channels equally (the light source is white). */
function addGlare(r: Raster, g: Glare): void {
  const [c, s] = [Math.cos(g.angle), Math.sin(g.angle)]
  const [sx, sy] = [g.rx / 2, g.ry / 2]
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const dx = x + 0.5 - g.cx
      const dy = y + 0.5 - g.cy
      const a = (dx * c + dy * s) / sx
      const b = (-dx * s + dy * c) / sy
      const e = a * a + b * b
      if (e > 40) continue
      const light = 255 * g.peak * Math.exp(-0.5 * e)
      const o = (y * r.width + x) * 3
      r.data[o] = r.data[o]! + light
      r.data[o + 1] = r.data[o + 1]! + light
      r.data[o + 2] = r.data[o + 2]! + light
    }
  }
}

export interface CameraOptions {
  /** The lens's blur (defocus, hand shake), Gaussian sigma in frame pixels; 0 for none. */
  blur: number
  noise: number
  quality: number
  glare?: Glare
}

/** A phone camera taking the scene: lens blur, any reflection on the subject, sensor noise, clipping, JPEG. */
export async function camera(scene: Raster, rng: Rng, o: CameraOptions): Promise<Buffer> {
  const r = o.blur > 0 ? await viaSharp(scene, (s) => s.blur(o.blur)) : scene
  if (o.glare) addGlare(r, o.glare)
  addSensorNoise(r, rng, o.noise)
  return encode(r, o.quality)
}
