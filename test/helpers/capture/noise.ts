// The randomness of the capture simulations (test/helpers/presentation-attacks.ts): one PRNG per variant,
// seeded by its name, and normal deviates fast enough for per-pixel noise.
import { mulberry32 } from '../random.js'

export type Rng = () => number

/** FNV-1a: a 32-bit seed from a variant's name. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The PRNG of one variant: seeded by its source, its kind and its index. */
export const rngFor = (source: string, kind: string, index: number): Rng => mulberry32(hashSeed(`${source}|${kind}|${index}`))

export const uniform = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng()
export const randomSign = (rng: Rng) => (rng() < 0.5 ? -1 : 1)

/** The standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628274631]
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572]
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783]
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number]
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number]
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number]
  const [d0, d1, d2, d3] = d as [number, number, number, number]
  const tail = (q: number) => (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)))
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)))
  const q = p - 0.5
  const r = q * q
  return ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
}

/** 65 536 equiprobable standard normal values (the quantiles of the cells' midpoints): a 16-bit random index gives a normal deviate. */
export const NORMAL_TABLE = Float32Array.from({ length: 65536 }, (_, i) => normalQuantile((i + 0.5) / 65536))

/** A stream of 32-bit words (mulberry32) seeded from `rng`: the raw material of per-pixel noise. */
export function words32(rng: Rng): () => number {
  let a = Math.floor(rng() * 4294967296) >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/** Standard normal deviates, two per 32-bit word (each 16-bit half indexes NORMAL_TABLE). */
export function normals(rng: Rng): () => number {
  const next = words32(rng)
  let spare = -1
  return () => {
    if (spare >= 0) {
      const i = spare
      spare = -1
      return NORMAL_TABLE[i]!
    }
    const w = next()
    spare = w >>> 16
    return NORMAL_TABLE[w & 0xffff]!
  }
}
