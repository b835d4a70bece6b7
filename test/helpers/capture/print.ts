// Prints of a photo for the capture simulations: ink on textured paper, unevenly lit, held up in a room
// (with its white margin) or cut inside its edges.
import { addSensorNoise } from './camera.js'
import { normals, randomSign, uniform, type Rng } from './noise.js'
import { blank, inscribedShare, resizeTo, sampleInto, turnAndCrop, type Raster } from './raster.js'

/** Paper texture: fibre-like reflectance variation, white noise smoothed by a 5-tap binomial (sigma ≈ 1 px). */
function addPaperTexture(r: Raster, rng: Rng, sigma: number): void {
  const { width: w, height: h } = r
  const n = normals(rng)
  // The binomial kernel [1 4 6 4 1]/16 in 2-D keeps 0.273 of white noise's sigma.
  const raw = new Float32Array(w * h)
  for (let i = 0; i < raw.length; i++) raw[i] = (n() * sigma) / 0.2734
  const taps = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]
  const pass = (from: Float32Array, dx: number, dy: number) => {
    const to = new Float32Array(w * h)
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = 0
        for (let k = -2; k <= 2; k++) {
          const xx = Math.min(w - 1, Math.max(0, x + k * dx))
          const yy = Math.min(h - 1, Math.max(0, y + k * dy))
          v += taps[k + 2]! * from[yy * w + xx]!
        }
        to[y * w + x] = v
      }
    }
    return to
  }
  const fibres = pass(pass(raw, 1, 0), 0, 1)
  // Texture modulates reflectance: a ±sigma level ripple on white paper, less under dark ink.
  for (let i = 0; i < fibres.length; i++) {
    const f = 1 + fibres[i]! / 240
    const o = i * 3
    r.data[o] = r.data[o]! * f
    r.data[o + 1] = r.data[o + 1]! * f
    r.data[o + 2] = r.data[o + 2]! * f
  }
}

/** Uneven light on a flat matte sheet: a linear ramp from `lo` to `hi` across it, in a random direction. */
function addLightingRamp(r: Raster, rng: Rng, lo: number, hi: number): void {
  const phi = uniform(rng, 0, 2 * Math.PI)
  const [c, s] = [Math.cos(phi), Math.sin(phi)]
  const extent = Math.abs(r.width * c) + Math.abs(r.height * s)
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const t = ((x + 0.5 - r.width / 2) * c + (y + 0.5 - r.height / 2) * s) / extent + 0.5
      const f = lo + (hi - lo) * t
      const o = (y * r.width + x) * 3
      r.data[o] = r.data[o]! * f
      r.data[o + 1] = r.data[o + 1]! * f
      r.data[o + 2] = r.data[o + 2]! * f
    }
  }
}

/**
 * The photo printed on paper: ink can be no darker than paperBlack and paper no whiter than paperWhite,
 * the ink's gamut is narrower (saturation −15…30 %), an optional white margin (a share of the photo's
 * short side) surrounds it, the paper has a texture and the sheet is lit unevenly.
 */
export function printOnPaper(photo: Raster, rng: Rng, marginShare = 0): Raster {
  const black = uniform(rng, 25, 45)
  const white = uniform(rng, 225, 240)
  const saturation = 1 - uniform(rng, 0.15, 0.3)
  const m = Math.round(marginShare * Math.min(photo.width, photo.height))
  const sheet = blank(photo.width + 2 * m, photo.height + 2 * m)
  sheet.data.fill(white)
  const range = (white - black) / 255
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      const i = (y * photo.width + x) * 3
      const o = ((y + m) * sheet.width + x + m) * 3
      const [r, g, b] = [photo.data[i]!, photo.data[i + 1]!, photo.data[i + 2]!]
      const luma = 0.299 * r + 0.587 * g + 0.114 * b
      for (let c = 0; c < 3; c++) {
        const v = Math.max(0, Math.min(255, luma + saturation * (photo.data[i + c]! - luma)))
        sheet.data[o + c] = black + v * range
      }
    }
  }
  addPaperTexture(sheet, rng, 2)
  addLightingRamp(sheet, rng, 0.9, 1.05)
  return sheet
}

/** A room behind the held-up sheet: a smooth vertical gradient between two mid-dark colours, with texture. */
function roomBackground(width: number, height: number, rng: Rng): Raster {
  const colour = () => {
    const base = uniform(rng, 45, 125)
    return [0, 1, 2].map(() => base + uniform(rng, -10, 10))
  }
  const [top, bottom] = [colour(), colour()]
  const r = blank(width, height)
  for (let y = 0; y < height; y++) {
    const t = (y + 0.5) / height
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3
      for (let c = 0; c < 3; c++) r.data[o + c] = top[c]! + (bottom[c]! - top[c]!) * t
    }
  }
  addSensorNoise(r, rng, 6)
  return r
}

type Point = [number, number]

/** The projective map (3 × 3, row-major, h33 = 1) that takes the four points `from` to `to`. */
function homography(from: Point[], to: Point[]): number[] {
  const a: number[][] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!
    const [u, v] = to[i]!
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v])
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    const p = a[col]!
    for (let row = 0; row < 8; row++) {
      if (row === col) continue
      const r = a[row]!
      const f = r[col]! / p[col]!
      for (let k = col; k < 9; k++) r[k] = r[k]! - f * p[k]!
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1]
}

/** The sheet seen in perspective: each frame pixel looks up the sheet through `toSheet` and covers the background where it lands on paper. */
function placeSheet(frame: Raster, sheet: Raster, toSheet: number[]): void {
  const [a, b, c, d, e, f, g, h] = toSheet as [number, number, number, number, number, number, number, number]
  const acc = new Float64Array(3)
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const [px, py] = [x + 0.5, y + 0.5]
      const w = g * px + h * py + 1
      const u = (a * px + b * py + c) / w
      const v = (d * px + e * py + f) / w
      if (u < -1 || v < -1 || u > sheet.width + 1 || v > sheet.height + 1) continue
      acc.fill(0)
      const covered = sampleInto(sheet, u, v, acc)
      const o = (y * frame.width + x) * 3
      for (let k = 0; k < 3; k++) frame.data[o + k] = frame.data[o + k]! * (1 - covered) + acc[k]!
    }
  }
}

/** print_border's scene: the print with its white margin held up in a room, turned −8…8° and slightly tilted (keystone). */
export async function printBorderScene(src: Raster, rng: Rng): Promise<Raster> {
  const printed = printOnPaper(src, rng, uniform(rng, 0.06, 0.12))
  const frameHeight = Math.round(uniform(rng, 820, 1100))
  const frameWidth = Math.round((frameHeight * 3) / 4)
  const sheet = await resizeTo(printed, uniform(rng, 0.55, 0.8) * frameWidth)
  const degrees = uniform(rng, -8, 8)
  const keystone = randomSign(rng) * uniform(rng, 0.02, 0.06)
  const vertical = rng() < 0.5
  // The sheet's corners around its centre; the edge farther from the camera comes out shorter.
  const [hw, hh] = [sheet.width / 2, sheet.height / 2]
  const corners: Point[] = [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ].map(([x, y]) => (vertical ? [x! * (1 + (y! / hh) * keystone), y!] : [x!, y! * (1 + (x! / hw) * keystone)]))
  const t = (degrees * Math.PI) / 180
  const turned = corners.map(([x, y]): Point => [x * Math.cos(t) - y * Math.sin(t), x * Math.sin(t) + y * Math.cos(t)])
  const xs = turned.map((p) => p[0])
  const ys = turned.map((p) => p[1])
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const pad = 0.03 * frameWidth
  const cx = uniform(rng, pad - minX, frameWidth - pad - maxX)
  const cy = uniform(rng, pad - minY, frameHeight - pad - maxY)
  const placed = turned.map(([x, y]): Point => [x + cx, y + cy])
  const frame = roomBackground(frameWidth, frameHeight, rng)
  const sheetCorners: Point[] = [
    [0, 0],
    [sheet.width, 0],
    [sheet.width, sheet.height],
    [0, sheet.height],
  ]
  placeSheet(frame, sheet, homography(placed, sheetCorners))
  return frame
}

/** print_cropped's scene: the print without margin, turned −4…4° and cut 5–10 % inside its edges, filling the frame. */
export async function printCroppedScene(src: Raster, rng: Rng): Promise<Raster> {
  const printed = printOnPaper(src, rng)
  const degrees = uniform(rng, -4, 4)
  const share = Math.min(1 - 2 * uniform(rng, 0.05, 0.1), inscribedShare(printed.width, printed.height, degrees))
  const cut = await turnAndCrop(printed, degrees, share)
  return resizeTo(cut, uniform(rng, 520, 720))
}

/** The lens of a camera held at arm's length from a sheet: blur sigma 0.6–1.0 frame pixels. */
export const printCamera = (rng: Rng) => ({ blur: uniform(rng, 0.6, 1.0), noise: 3 })
