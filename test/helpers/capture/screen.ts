// A photo shown on a screen and photographed, for the capture simulations: the sub-pixel grid, sampled
// by the camera sharply or slightly out of focus, aliases into moiré.
import sharp from 'sharp'
import { randomSign, uniform, type Rng } from './noise.js'
import { asWords, blank, CARRIER, inscribedShare, resizeTo, type Raster } from './raster.js'

/** What the screen shows and how the camera sees it. */
export interface ScreenCapture {
  /** Each displayed pixel's light per channel (interleaved RGB), times the camera's exposure gain. */
  levels: Float32Array
  /** The displayed picture's size in screen pixels. */
  columns: number
  rows: number
  /** Screen image pixels per screen pixel (3 or 4): the sub-pixel stripes and the dark gaps. */
  cell: number
  /** Camera pixels per screen image pixel (0.27–0.37: each camera pixel spans about one screen pixel). */
  ratio: number
  degrees: number
}

/**
 * A screen pixel as `cell` × `cell` screen image pixels: columns 0, 1 and 2 are the R, G and B
 * stripes (each lit only in its own channel); the last row and, on 4-wide cells, the last column
 * are the dark matrix between pixels, at GAP of the pixel's light (lens flare). cellFill is the
 * share of a cell a channel lights: its stripe (cell − 1 rows) at full gain, the gaps at GAP.
 */
const GAP = 0.15
const cellFill = (cell: number) => (cell - 1 + GAP * (cell * cell - 3 * (cell - 1))) / (cell * cell)

/**
 * The selfie shown full screen on a phone or monitor and framed by a camera: the display lifts its
 * blacks (+10 levels, emissive) and runs cool (blue +5–10 %); each displayed pixel is a screen pixel
 * of `cell` × `cell` screen image pixels (see GAP); the camera's auto-exposure brings the
 * grid's mean light back to the picture's level.
 */
export async function showOnScreen(src: Raster, rng: Rng): Promise<ScreenCapture> {
  const cell = rng() < 0.5 ? 3 : 4
  const ratio = uniform(rng, 0.27, 0.37)
  const frameWidth = uniform(rng, 500, 640)
  const degrees = randomSign(rng) * uniform(rng, 1, 4)
  const cool = 1 + uniform(rng, 0.05, 0.1)
  const shown = await resizeTo(src, frameWidth / (ratio * cell))
  const gain = 1 / cellFill(cell)
  const levels = new Float32Array(shown.data.length)
  for (let i = 0; i < levels.length; i++) {
    const v = Math.max(0, Math.min(255, shown.data[i]!))
    levels[i] = Math.min(255, (10 + (v * 245) / 255) * (i % 3 === 2 ? cool : 1)) * gain
  }
  return { levels, columns: shown.width, rows: shown.height, cell, ratio, degrees }
}

/** The whole screen image, in the 16-bit carrier (× CARRIER): for operations (a lens blur) that need every pixel. */
function renderScreen(cap: ScreenCapture): { width: number; height: number; data: Uint16Array } {
  const { cell, columns, rows, levels } = cap
  const width = columns * cell
  const row = width * 3
  const data = new Uint16Array(row * rows * cell)
  for (let py = 0; py < rows; py++) {
    // A row of cells: its first stripe row and its gap row are drawn; the other stripe rows repeat the first.
    const stripes = py * cell * row
    const gaps = stripes + (cell - 1) * row
    for (let px = 0; px < columns; px++) {
      const i = (py * columns + px) * 3
      const o = stripes + px * cell * 3
      const g = gaps + px * cell * 3
      for (let c = 0; c < 3; c++) {
        const level = Math.round(levels[i + c]! * CARRIER)
        const dim = Math.round(GAP * level)
        data[o + c * 3 + c] = level
        for (let cx = 0; cx < cell; cx++) data[g + cx * 3 + c] = dim
        if (cell > 3) data[o + 9 + c] = dim
      }
    }
    for (let cy = 1; cy < cell - 1; cy++) data.copyWithin(stripes + cy * row, stripes, stripes + row)
  }
  return { width, height: rows * cell, data }
}

/**
 * The screen photographed sharply: the camera, turned by the capture's angle, samples the screen's
 * light at its own pixel pitch with no optical low-pass, so the sub-pixel grid aliases into moiré.
 * Each camera pixel averages 2 × 2 bilinear point samples over the middle of its footprint (a sensor's aperture).
 */
export function sampleSharply(cap: ScreenCapture): Raster {
  const { ratio, degrees } = cap
  const [sw, sh] = [cap.columns * cap.cell, cap.rows * cap.cell]
  const share = inscribedShare(sw, sh, degrees)
  const frame = blank(Math.floor(sw * share * ratio) - 2, Math.floor(sh * share * ratio) - 2)
  const t = (degrees * Math.PI) / 180
  const [c, s] = [Math.cos(t) / ratio, Math.sin(t) / ratio]
  const { cell, columns, levels } = cap
  const acc = new Float64Array(3)
  // Adds `weight` × the light of screen image pixel (x, y) into acc, all three channels at once.
  const tap = (x: number, y: number, weight: number) => {
    const px = (x / cell) | 0
    const py = (y / cell) | 0
    const cx = x - px * cell
    const i = (py * columns + px) * 3
    if (y - py * cell === cell - 1 || cx >= 3) {
      const w = weight * GAP
      acc[0] = acc[0]! + w * levels[i]!
      acc[1] = acc[1]! + w * levels[i + 1]!
      acc[2] = acc[2]! + w * levels[i + 2]!
    } else {
      acc[cx] = acc[cx]! + weight * levels[i + cx]!
    }
  }
  const offsets = [-0.25, 0.25]
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      acc.fill(0)
      for (const oy of offsets) {
        for (const ox of offsets) {
          const dx = x + 0.5 + ox - frame.width / 2
          const dy = y + 0.5 + oy - frame.height / 2
          // Pixel-centre coordinates on the screen image; always inside it (the crop is inscribed).
          const fx = sw / 2 + c * dx - s * dy - 0.5
          const fy = sh / 2 + s * dx + c * dy - 0.5
          const x0 = Math.min(sw - 2, Math.max(0, Math.floor(fx)))
          const y0 = Math.min(sh - 2, Math.max(0, Math.floor(fy)))
          const ax = fx - x0
          const ay = fy - y0
          tap(x0, y0, (1 - ax) * (1 - ay))
          tap(x0 + 1, y0, ax * (1 - ay))
          tap(x0, y0 + 1, (1 - ax) * ay)
          tap(x0 + 1, y0 + 1, ax * ay)
        }
      }
      const o = (y * frame.width + x) * 3
      frame.data[o] = acc[0]! / 4
      frame.data[o + 1] = acc[1]! / 4
      frame.data[o + 2] = acc[2]! / 4
    }
  }
  return frame
}

/**
 * The screen photographed by the same camera with its lens slightly out of focus (sigma 0.8–1.2 screen
 * image px, which takes most of the grid's contrast away before the sensor): the sensor still samples
 * what is left without a low-pass, so a weaker moiré remains. The sampling is sharp's affine with
 * bicubic interpolation at twice the camera's pitch, averaged 2 × 2 (the aperture of sampleSharply).
 * Not sharp's resize with the 'cubic' kernel: that one is an anti-aliasing filter, and leaves no moiré.
 */
export async function sampleSoftly(cap: ScreenCapture, rng: Rng): Promise<Raster> {
  const { ratio, degrees } = cap
  const screen = renderScreen(cap)
  const raw = { raw: { width: screen.width, height: screen.height, channels: 3 as const } }
  const defocused = await sharp(screen.data, raw).blur(uniform(rng, 0.8, 1.2)).toColourspace('rgb16').raw({ depth: 'ushort' }).toBuffer()
  const t = (degrees * Math.PI) / 180
  const m = 2 * ratio
  // Screen to half camera pixels: the inverse of sampleSharply's camera-to-screen map.
  const matrix: [number, number, number, number] = [m * Math.cos(t), m * Math.sin(t), -m * Math.sin(t), m * Math.cos(t)]
  const { data, info } = await sharp(asWords(defocused), raw)
    .affine(matrix, { interpolator: sharp.interpolators.bicubic, background: '#000000' })
    .toColourspace('rgb16')
    .raw({ depth: 'ushort' })
    .toBuffer({ resolveWithObject: true })
  const samples = asWords(data)
  const share = inscribedShare(screen.width, screen.height, degrees)
  const frame = blank(Math.floor(screen.width * share * ratio) - 2, Math.floor(screen.height * share * ratio) - 2)
  const left = Math.round(info.width / 2 - frame.width)
  const top = Math.round(info.height / 2 - frame.height)
  const row = info.width * 3
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = ((top + 2 * y) * info.width + left + 2 * x) * 3
      const o = (y * frame.width + x) * 3
      for (let c = 0; c < 3; c++) {
        frame.data[o + c] = (samples[i + c]! + samples[i + 3 + c]! + samples[i + row + c]! + samples[i + row + 3 + c]!) / (4 * CARRIER)
      }
    }
  }
  return frame
}
