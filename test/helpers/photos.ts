// Photos of the fixtures' documents taken badly, the way phones do: shared by the document tests and
// the variant bench (bench/document-variants.ts), so that both judge the same pictures.
import sharp from 'sharp'
import { opencv } from '../../src/analysis/opencv.js'

export const jpeg = (s: sharp.Sharp, quality = 90) => s.jpeg({ quality }).toBuffer()
/** A brown desk. */
export const DESK = '#6b5b4a'

/**
 * The page seen in perspective on a desk: its corners (top left, top right, bottom right, bottom left)
 * moved to `corners`, given as shares of the page's width and height, in a frame a fifth larger.
 */
export async function perspective(photo: Buffer, corners: number[][]): Promise<Buffer> {
  const { cv } = await opencv()
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const [w, h] = [info.width, info.height]
  const [fw, fh] = [Math.round(w * 1.2), Math.round(h * 1.2)]
  const src = new cv.Mat(h, w, cv.CV_8UC3)
  src.data.set(data)
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, w, 0, w, h, 0, h])
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flatMap(([x, y]) => [w * 0.1 + x! * w, h * 0.1 + y! * h]))
  const m = cv.getPerspectiveTransform(from, to)
  const out = new cv.Mat()
  cv.warpPerspective(src, out, m, new cv.Size(fw, fh), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0x6b, 0x5b, 0x4a, 255))
  const pixels = Buffer.from(out.data)
  for (const mat of [src, from, to, m, out]) mat.delete()
  return jpeg(sharp(pixels, { raw: { width: fw, height: fh, channels: 3 } }))
}

/** The page in the middle of a desk, taking `share` of the frame's area. */
export async function onDesk(photo: Buffer, share: number): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata()
  const side = Math.sqrt(share)
  const [fw, fh] = [Math.round(width! / side), Math.round(height! / side)]
  return jpeg(sharp({ create: { width: fw, height: fh, channels: 3, background: DESK } }).composite([{ input: photo, left: Math.round((fw - width!) / 2), top: Math.round((fh - height!) / 2) }]))
}

/** The page photographed off a screen: dark scan lines every third row (moiré), softened, dimmer. */
export async function offScreen(photo: Buffer): Promise<Buffer> {
  const { width: w, height: h } = await sharp(photo).metadata()
  const lines = Array.from({ length: Math.ceil(h! / 3) }, (_, i) => `<rect x="0" y="${i * 3}" width="${w}" height="1" fill="black" opacity="0.18"/>`).join('')
  return jpeg(sharp(photo).composite([{ input: Buffer.from(`<svg width="${w}" height="${h}">${lines}</svg>`) }]).blur(0.8).modulate({ brightness: 0.9 }))
}
