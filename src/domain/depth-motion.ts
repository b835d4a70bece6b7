// Whether a challenge's head movements were made by a head or by a flat picture moved in front of the
// camera (the `depth_motion` signal of active liveness). src/analysis/face-motion.ts measures, for
// two captures of the face, the share of its matched features one projective map carries: a plane
// (a print, a screen) moved or tilted keeps nearly all of them on one map; a head that turns or looks
// up does not (its nose moves against its cheeks). Only a head movement can show depth, so every
// challenge asks for one.
import type { LivenessAction, LivenessSignal } from '../../generated/schemas.js'
import type { FaceMotion } from './face-observation.js'

/** The actions that move the head in depth. */
export const HEAD_MOVEMENTS: readonly LivenessAction[] = ['turn_left', 'turn_right', 'look_up']

/**
 * Measured with bench/depth-motion.ts (BENCHMARKS.md): the fixtures' faces as a flat picture turned
 * 20–35° or tilted 15–28° kept 0.73–0.97 of their matches on one map; the fixture selfies re-rendered
 * as a head turned or raised (yaw 17–19°, pitch 13–14° by the face mesh) 0.39–0.52. The threshold sits
 * midway. Fewer than `minMatches` matches say nothing (two different pictures, or too little texture).
 */
export const DEPTH_MOTION = { minMatches: 30, maxPlanar: 0.62 }

/** Where the selfie is in the comparisons: frames are 0, 1, … in the order sent. */
export const SELFIE = -1

export interface DepthMotion {
  signal: LivenessSignal
  /** Frames (by index) whose head movement the face made as a flat picture does. */
  flat: number[]
  /**
   * Frames (by index) of head movements that no capture shares enough features with to be measured:
   * two different pictures of a person share few, where frames of one camera a moment apart share many.
   */
  unmeasured: number[]
}

/**
 * `depth_motion` from the comparisons of each head-movement frame with the selfie and the other
 * frames: it fails when one of them moved as a plane against any other capture. Scored 1 for no
 * match on one map, 0.5 at the threshold, 0 when every match is. A movement that no comparison
 * measures fails it too, unscored: its depth is unknown, and a person looks. Null when no frame is a
 * head movement (a challenge made before every challenge asked for one).
 */
export function depthMotion(frames: Array<{ action: LivenessAction }>, motion: FaceMotion[]): DepthMotion | null {
  const moves = frames.flatMap((f, i) => (HEAD_MOVEMENTS.includes(f.action) ? [i] : []))
  if (!moves.length) return null
  const t = DEPTH_MOTION
  const measured = (frame: number) => motion.filter((m) => (m.from === frame || m.to === frame) && m.matches >= t.minMatches)
  const planarOf = (frame: number) => Math.max(0, ...measured(frame).map((m) => m.planar))
  const worst = Math.max(...moves.map(planarOf))
  const score = worst <= t.maxPlanar ? 1 - (0.5 * worst) / t.maxPlanar : (0.5 * (1 - worst)) / (1 - t.maxPlanar)
  const flat = moves.filter((i) => planarOf(i) > t.maxPlanar)
  const unmeasured = moves.filter((i) => measured(i).length === 0)
  const signal = !flat.length && unmeasured.length
    ? { name: 'depth_motion' as const, passed: false, score: null }
    : { name: 'depth_motion' as const, passed: worst <= t.maxPlanar, score: Math.round(score * 10_000) / 10_000 }
  return { signal, flat, unmeasured }
}

/**
 * A challenge's actions: `count` of `askable`, in random order, at least one a head movement (when
 * any is askable). `pick(n)` draws an integer in [0, n).
 */
export function challengeActions<A extends LivenessAction>(askable: readonly A[], count: number, pick: (n: number) => number): A[] {
  const left = [...askable]
  const take = (from: A[]) => {
    const action = from[pick(from.length)]!
    left.splice(left.indexOf(action), 1)
    return action
  }
  const moves = left.filter((a) => HEAD_MOVEMENTS.includes(a))
  const chosen = moves.length ? [take(moves)] : []
  while (chosen.length < Math.min(count, askable.length)) chosen.push(take(left))
  // Shuffled, so that the head movement is not always first.
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = pick(i + 1)
    ;[chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!]
  }
  return chosen
}
