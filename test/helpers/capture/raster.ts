// Rasters of the capture simulations: interleaved RGB in float grey levels (0–255 nominal; light may
// exceed 255 until a sensor clips it), and the sharp operations run on them.
import sharp from 'sharp'

export interface Raster {
  width: number
  height: number
  data: Float32Array
}

export const blank = (width: number, height: number): Raster => ({ width, height, data: new Float32Array(width * height * 3) })

/** A JPEG (or any image) as an sRGB float raster. */
export async function decode(image: Buffer): Promise<Raster> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: Float32Array.from(data) }
}

/** The sensor's and the encoder's end: values clipped to 0–255 (saturation) and written as a JPEG. */
export function encode(r: Raster, quality: number): Promise<Buffer> {
  const bytes = new Uint8ClampedArray(r.data)
  return sharp(bytes, { raw: { width: r.width, height: r.height, channels: 3 } }).jpeg({ quality }).toBuffer()
}

/** Grey levels carried by sharp as 16-bit values × 50: a 1/50 level resolution and headroom up to 1310. */
export const CARRIER = 50

/** sharp's 16-bit output as 16-bit words (sharp reads a Uint16Array input as 16-bit, a Buffer as 8-bit). */
export function asWords(data: Buffer): Uint16Array {
  if (data.byteOffset % 2 === 0) return new Uint16Array(data.buffer, data.byteOffset, data.length / 2)
  return new Uint16Array(Uint8Array.from(data).buffer)
}

/** Runs sharp operations (blur, rotate, extract, resize) on a float raster through a 16-bit carrier. */
export async function viaSharp(r: Raster, op: (s: sharp.Sharp) => sharp.Sharp): Promise<Raster> {
  const from = r.data
  const words = new Uint16Array(from.length)
  for (let i = 0; i < words.length; i++) {
    const v = from[i]! * CARRIER + 0.5
    words[i] = v <= 0 ? 0 : v >= 65535 ? 65535 : v
  }
  const input = sharp(words, { raw: { width: r.width, height: r.height, channels: 3 } })
  const { data, info } = await op(input).toColourspace('rgb16').raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true })
  const out = asWords(data)
  const result = blank(info.width, info.height)
  const to = result.data
  for (let i = 0; i < out.length; i++) to[i] = out[i]! / CARRIER
  return result
}

/** The largest centred crop, as a share of w × h, that a picture turned by `degrees` still covers fully. */
export function inscribedShare(width: number, height: number, degrees: number): number {
  const a = Math.abs((degrees * Math.PI) / 180)
  const [c, s] = [Math.cos(a), Math.sin(a)]
  return Math.min(width / (width * c + height * s), height / (width * s + height * c))
}

/** A picture turned by `degrees` about its centre, cropped to a centred `share` of its size (no corner of the canvas shows). */
export async function turnAndCrop(r: Raster, degrees: number, share: number): Promise<Raster> {
  const turned = await viaSharp(r, (s) => s.rotate(degrees, { background: { r: 0, g: 0, b: 0 } }))
  const width = Math.floor(r.width * share) - 4
  const height = Math.floor(r.height * share) - 4
  const left = Math.round((turned.width - width) / 2)
  const top = Math.round((turned.height - height) / 2)
  return viaSharp(turned, (s) => s.extract({ left, top, width, height }))
}

/** A picture resampled to `width` (lanczos, aspect kept): the same scene seen by more or fewer pixels. */
export const resizeTo = (r: Raster, width: number) => viaSharp(r, (s) => s.resize({ width: Math.round(width), kernel: 'lanczos3' }))

/** Bilinear sample at pixel-centre coordinates (u, v); adds weight × colour into acc and returns the weight that fell inside the picture. */
export function sampleInto(src: Raster, u: number, v: number, acc: Float64Array): number {
  const fx = u - 0.5
  const fy = v - 0.5
  const x0 = Math.floor(fx)
  const y0 = Math.floor(fy)
  const ax = fx - x0
  const ay = fy - y0
  let covered = 0
  for (let k = 0; k < 4; k++) {
    const x = x0 + (k & 1)
    const y = y0 + (k >> 1)
    if (x < 0 || y < 0 || x >= src.width || y >= src.height) continue
    const w = (k & 1 ? ax : 1 - ax) * (k >> 1 ? ay : 1 - ay)
    if (w === 0) continue
    const o = (y * src.width + x) * 3
    acc[0] = acc[0]! + w * src.data[o]!
    acc[1] = acc[1]! + w * src.data[o + 1]!
    acc[2] = acc[2]! + w * src.data[o + 2]!
    covered += w
  }
  return covered
}
