// Measures of a face taken from human's results: head pose, eye and mouth openness from the mesh
// landmarks, and the observation the workers report. Sign conventions: src/analysis/faces.ts.
import type { FaceResult } from '@vladmandic/human'
import type { FaceObservation } from '../domain/face-observation.js'
import type { FaceOptions } from './human.js'

type Pt = readonly (number | undefined)[] // human's Point: [x, y, z?]
const dist = (a: Pt | undefined, b: Pt | undefined) => (a && b ? Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0)) : 0)

/** Mean of three eyelid gaps over the eye-corner distance (an eye aspect ratio). */
function eyeOpen(mesh: Pt[], corners: [number, number], pairs: [number, number][]): number {
  const width = dist(mesh[corners[0]], mesh[corners[1]])
  if (!width) return 0
  const gap = pairs.reduce((s, [u, l]) => s + dist(mesh[u], mesh[l]), 0) / pairs.length
  return gap / width
}

// MediaPipe face-mesh indices. "Left" = the person's own left (on the image's right in an unmirrored photo).
const LEFT_EYE = { corners: [362, 263] as [number, number], pairs: [[385, 380], [386, 374], [387, 373]] as [number, number][] }
const RIGHT_EYE = { corners: [33, 133] as [number, number], pairs: [[160, 144], [159, 145], [158, 153]] as [number, number][] }
const LIP_INNER_UPPER = 13
const LIP_INNER_LOWER = 14
const MOUTH_CORNERS: [number, number] = [61, 291]

const DEG = 180 / Math.PI
const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d

export function iou(a: FaceResult['box'], b: FaceResult['box']): number {
  const x1 = Math.max(a[0], b[0])
  const y1 = Math.max(a[1], b[1])
  const x2 = Math.min(a[0] + a[2], b[0] + b[2])
  const y2 = Math.min(a[1] + a[3], b[1] + b[3])
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1)
  return inter / (a[2] * a[3] + b[2] * b[3] - inter || 1)
}

/** Everything but the descriptor (src/analysis/face-descriptor.ts) and the quality measures. */
export function observe(face: { score: number; box: FaceObservation['box'] }, r: FaceResult, o: Required<FaceOptions>): Omit<FaceObservation, 'embedding'> {
  const mesh: Pt[] = o.mesh ? r.mesh : []
  const angle = o.mesh ? r.rotation?.angle : undefined
  const mouthWidth = dist(mesh[MOUTH_CORNERS[0]], mesh[MOUTH_CORNERS[1]])
  return {
    box: { x: round(face.box.x, 1), y: round(face.box.y, 1), width: round(face.box.width, 1), height: round(face.box.height, 1) },
    detectionScore: round(face.score),
    // human's yaw is positive when the person turns to their own right: negate (see header).
    yaw: angle ? round(-angle.yaw * DEG, 2) : 0,
    pitch: angle ? round(angle.pitch * DEG, 2) : 0,
    roll: angle ? round(angle.roll * DEG, 2) : 0,
    leftEyeOpen: mesh.length ? round(eyeOpen(mesh, LEFT_EYE.corners, LEFT_EYE.pairs)) : 0,
    rightEyeOpen: mesh.length ? round(eyeOpen(mesh, RIGHT_EYE.corners, RIGHT_EYE.pairs)) : 0,
    mouthOpen: mouthWidth ? round(dist(mesh[LIP_INNER_UPPER], mesh[LIP_INNER_LOWER]) / mouthWidth) : 0,
    happy: o.emotion ? round(r.emotion?.find((e) => e.emotion === 'happy')?.score ?? 0) : 0,
  }
}
