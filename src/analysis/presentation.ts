// Presentation-attack signals of a selfie: what a photo of a screen or of a print carries that a live
// face in front of the camera does not (src/domain/face-checks.ts judges them). Measured on the face's
// pixels and around them, at the image's own resolution; runs in the analysis workers.
// - A screen's pixel grid, sampled again by the camera, leaves a periodic pattern (moiré) over the
//   face: sharp peaks in the spectrum of its grey and of its colour, where skin has a smooth spectrum.
// - A print's sheet has straight edges around the face with bare paper beside them.
// - Ink on paper lifts the blacks: a print's darkest tones sit far above black for its brightest.
// - A flat glossy surface reflects a light as one large clipped patch over the face.
import sharp from 'sharp'
import type { PresentationMeasures } from '../domain/face-observation.js'
import { decodeRegion } from './faces.js'
import type { Raw } from './human.js'
import { opencv, type CV } from './opencv.js'

/** opencv.js, set by measurePresentation() before anything here uses it. */
let cv: typeof CV

type Box = { x: number; y: number; width: number; height: number }

/**
 * The presentation-attack measures of the face in `box` (in the pixels faces are found in: upright and
 * bounded, src/analysis/faces.ts) of an encoded image. Only the face's own pixels are decoded at full
 * size; the border is looked for on a small grey copy of the whole (made by sharp, shrunk as it is
 * decoded: opencv's memory stays small).
 */
export async function measurePresentation(image: Uint8Array, box: Box): Promise<PresentationMeasures> {
  ;({ cv } = await opencv())
  const r = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d
  const [face, grey] = await Promise.all([
    decodeRegion(image, box),
    sharp(image).rotate().resize({ width: BORDER_SIDE, height: BORDER_SIDE, fit: 'inside', withoutEnlargement: true }).greyscale().raw().toBuffer({ resolveWithObject: true }),
  ])
  const inFace = { ...box, x: box.x - face.left, y: box.y - face.top }
  const scale = grey.info.width / Math.max(1, face.frame.width)
  return {
    pattern: r(periodicPattern(face, inFace)),
    border: paperBorder({ data: grey.data, width: grey.info.width, height: grey.info.height }, { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale }),
    blackLift: r(blackLift(face, inFace)),
    glare: r(glarePatch(face, inFace), 4),
  }
}

/** Spectrum windows (a power of two) and the share of the face box they are taken from (its middle). */
const WINDOW = 64
const FACE_MIDDLE = 0.8
/** Windows taken along each side at most (a large face is sampled, not tiled). */
const WINDOWS_PER_SIDE = 6
/** Frequencies (cycles per window) looked at: above the face's own shape, below the window's edge. */
const LOWEST = 4

/**
 * The strongest periodic pattern over the face's middle: the spectrum of its grey and of its two
 * colour differences (R−G, B−G), averaged over windows (Welch), and the largest natural log of a
 * peak over the median of its ring (the frequencies as far from zero), 0 for a smooth spectrum.
 * The axes (edges and JPEG's block rows) and JPEG's 8-pixel block lattice are passed over.
 */
function periodicPattern(img: Raw, box: Box): number {
  const n = WINDOW
  const [x0, y0] = [Math.max(0, Math.round(box.x + (box.width * (1 - FACE_MIDDLE)) / 2)), Math.max(0, Math.round(box.y + (box.height * (1 - FACE_MIDDLE)) / 2))]
  const [x1, y1] = [Math.min(img.width, Math.round(x0 + box.width * FACE_MIDDLE)), Math.min(img.height, Math.round(y0 + box.height * FACE_MIDDLE))]
  if (x1 - x0 < n || y1 - y0 < n) return 0
  const starts = (from: number, to: number) => {
    const count = Math.min(WINDOWS_PER_SIDE, Math.floor((to - from - n) / (n / 2)) + 1)
    return Array.from({ length: count }, (_, i) => Math.round(from + (count > 1 ? (i * (to - from - n)) / (count - 1) : 0)))
  }
  const hann = Float32Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)))
  const channels = [
    (p: number) => 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!,
    (p: number) => img.data[p]! - img.data[p + 1]!,
    (p: number) => img.data[p + 2]! - img.data[p + 1]!,
  ]
  const power = channels.map(() => new Float64Array(n * n))
  const window = new cv.Mat(n, n, cv.CV_32FC1)
  const spectrum = new cv.Mat()
  try {
    const values = window.data32F
    for (const top of starts(y0, y1)) {
      for (const left of starts(x0, x1)) {
        channels.forEach((value, c) => {
          let mean = 0
          for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) mean += values[y * n + x] = value(((top + y) * img.width + left + x) * 3)
          mean /= n * n
          for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) values[y * n + x] = (values[y * n + x]! - mean) * hann[x]! * hann[y]!
          cv.dft(window, spectrum, cv.DFT_COMPLEX_OUTPUT)
          const z = spectrum.data32F
          const sum = power[c]!
          for (let i = 0; i < n * n; i++) sum[i]! += z[2 * i]! * z[2 * i]! + z[2 * i + 1]! * z[2 * i + 1]!
        })
      }
    }
  } finally {
    window.delete()
    spectrum.delete()
  }
  return Math.max(0, ...power.map((p) => peakOverRing(p, n)))
}

/** The largest ln(power / median of its ring) in the upper half-plane of an n × n power spectrum. */
function peakOverRing(power: Float64Array, n: number): number {
  const half = n / 2
  const rings: number[][] = Array.from({ length: half }, () => [])
  const bins: Array<{ ring: number; p: number }> = []
  const block = n / 8
  const onLattice = (k: number) => Math.min(k % block, block - (k % block)) <= 1
  for (let ky = 0; ky < half; ky++) {
    for (let kx = -half + 1; kx < half; kx++) {
      const ring = Math.round(Math.hypot(kx, ky))
      if (ring < LOWEST || ring >= half) continue
      const p = power[ky * n + ((kx + n) % n)]!
      rings[ring]!.push(p)
      if (Math.abs(kx) <= 1 || ky <= 1 || (onLattice(Math.abs(kx)) && onLattice(ky))) continue
      bins.push({ ring, p })
    }
  }
  const medians = rings.map((ps) => (ps.length ? ps.sort((a, b) => a - b)[Math.floor(ps.length / 2)]! : 0))
  let best = 0
  for (const { ring, p } of bins) if (medians[ring]! > 0) best = Math.max(best, Math.log(p / medians[ring]!))
  return best
}

/** The grey copy the border is looked for on: at most this many pixels a side. */
const BORDER_SIDE = 512
/** The share of the face's extent an edge must run beside. */
const BESIDE = 0.5

/**
 * How many sides of the face (left, right, above, below: 0–4) have a sheet's edge beside them: a long
 * straight edge clear of the face, running past it, with bare paper (bright and even) on one side.
 */
function paperBorder(small: { data: Buffer; width: number; height: number }, face: Box): number {
  const grey = new cv.Mat(small.height, small.width, cv.CV_8UC1)
  const edges = new cv.Mat()
  const lines = new cv.Mat()
  try {
    grey.data.set(small.data)
    const [w, h] = [grey.cols, grey.rows]
    cv.Canny(grey, edges, 40, 120)
    const side = Math.min(w, h)
    cv.HoughLinesP(edges, lines, 1, Math.PI / 180, Math.round(side * 0.15), Math.round(side * 0.25), Math.round(side * 0.02))
    const c = { x: face.x + face.width / 2, y: face.y + face.height / 2 }
    const sides = new Set<string>()
    const ends = lines.data32S
    for (let i = 0; i < lines.rows; i++) {
      const [ax, ay, bx, by] = [ends[4 * i]!, ends[4 * i + 1]!, ends[4 * i + 2]!, ends[4 * i + 3]!]
      const length = Math.hypot(bx - ax, by - ay)
      const d = { x: (bx - ax) / length, y: (by - ay) / length }
      // Clear of the face (its box grown a tenth), and beside it: along at least half of its width or
      // height (an edge found in pieces, as noise breaks it, counts by each piece).
      if (crossesBox(ax, ay, bx, by, grow(face, 0.1))) continue
      const corners = [[face.x, face.y], [face.x + face.width, face.y], [face.x, face.y + face.height], [face.x + face.width, face.y + face.height]] as const
      const along = corners.map(([x, y]) => (x - ax) * d.x + (y - ay) * d.y)
      const [from, to] = [Math.min(...along), Math.max(...along)]
      if (Math.min(to, length) - Math.max(from, 0) < BESIDE * (to - from)) continue
      if (!paperBeside(small, ax, ay, d, length, side)) continue
      const t = (c.x - ax) * d.x + (c.y - ay) * d.y
      const v = { x: ax + d.x * t - c.x, y: ay + d.y * t - c.y }
      sides.add(Math.abs(v.x) > Math.abs(v.y) ? (v.x < 0 ? 'left' : 'right') : v.y < 0 ? 'above' : 'below')
    }
    return sides.size
  } finally {
    for (const m of [grey, edges, lines]) m.delete()
  }
}

const grow = (b: Box, k: number): Box => ({ x: b.x - b.width * k, y: b.y - b.height * k, width: b.width * (1 + 2 * k), height: b.height * (1 + 2 * k) })

function crossesBox(ax: number, ay: number, bx: number, by: number, b: Box): boolean {
  for (let s = 0; s <= 32; s++) {
    const [x, y] = [ax + ((bx - ax) * s) / 32, ay + ((by - ay) * s) / 32]
    if (x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height) return true
  }
  return false
}

/** Bare paper: a strip along one side of the edge bright and even, unlike the strip on its other side. */
const PAPER = { minGrey: 150, maxSpread: 16, minStep: 30 }

function paperBeside(grey: { data: Buffer; width: number; height: number }, ax: number, ay: number, d: { x: number; y: number }, length: number, side: number): boolean {
  const normal = { x: -d.y, y: d.x }
  const depth = Math.max(3, Math.round(side * 0.02))
  const strip = (sign: number) => {
    const values: number[] = []
    for (let s = 0.1; s <= 0.9; s += 0.8 / 40) {
      for (let k = 2; k < 2 + depth; k++) {
        const x = Math.round(ax + d.x * length * s + normal.x * sign * k)
        const y = Math.round(ay + d.y * length * s + normal.y * sign * k)
        if (x >= 0 && y >= 0 && x < grey.width && y < grey.height) values.push(grey.data[y * grey.width + x]!)
      }
    }
    const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
    const spread = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length))
    return { mean, spread, count: values.length }
  }
  const [one, other] = [strip(1), strip(-1)]
  const paper = (a: typeof one, b: typeof one) => a.count > 0 && a.mean >= PAPER.minGrey && a.spread <= PAPER.maxSpread && a.mean - b.mean >= PAPER.minStep
  return paper(one, other) || paper(other, one)
}

/**
 * How far a face's darkest tones sit above black for its brightest: its 2nd percentile of grey over
 * its 99.5th. Under light, a live face has near-black in its eyes and nostrils; ink on paper does not.
 */
function blackLift(img: Raw, box: Box): number {
  const histogram = new Uint32Array(256)
  let count = 0
  const [x0, y0] = [Math.max(0, Math.round(box.x)), Math.max(0, Math.round(box.y))]
  const [x1, y1] = [Math.min(img.width, Math.round(box.x + box.width)), Math.min(img.height, Math.round(box.y + box.height))]
  const step = Math.max(1, Math.floor(Math.min(x1 - x0, y1 - y0) / 256))
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const p = (y * img.width + x) * 3
      histogram[Math.round(0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!)]!++
      count++
    }
  }
  const percentile = (q: number) => {
    let seen = 0
    for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= q * count) return v
    return 255
  }
  return count ? percentile(0.02) / Math.max(1, percentile(0.995)) : 0
}

/** A pixel clipped in every channel. */
const CLIPPED = 250

/** The largest patch of clipped pixels over the face's middle, as a share of its box. */
function glarePatch(img: Raw, box: Box): number {
  const b = grow(box, -(1 - FACE_MIDDLE) / 2)
  const [x0, y0] = [Math.max(0, Math.round(b.x)), Math.max(0, Math.round(b.y))]
  const [x1, y1] = [Math.min(img.width, Math.round(b.x + b.width)), Math.min(img.height, Math.round(b.y + b.height))]
  if (x1 <= x0 || y1 <= y0) return 0
  const mask = new cv.Mat(y1 - y0, x1 - x0, cv.CV_8UC1)
  const labels = new cv.Mat()
  const stats = new cv.Mat()
  const centroids = new cv.Mat()
  try {
    // opencv.js makes a new view of a Mat's pixels at each read of `data`: taken once.
    const clipped = mask.data
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const p = (y * img.width + x) * 3
        clipped[(y - y0) * (x1 - x0) + x - x0] = img.data[p]! >= CLIPPED && img.data[p + 1]! >= CLIPPED && img.data[p + 2]! >= CLIPPED ? 255 : 0
      }
    }
    const count = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 8, cv.CV_32S)
    let largest = 0
    const areas = stats.data32S
    for (let i = 1; i < count; i++) largest = Math.max(largest, areas[i * 5 + cv.CC_STAT_AREA]!)
    return largest / Math.max(1, box.width * box.height)
  } finally {
    for (const m of [mask, labels, stats, centroids]) m.delete()
  }
}
