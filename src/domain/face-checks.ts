// Biometric decisions from face observations: face quality, face match and passive liveness (active
// challenges: active-liveness.ts). The observations come from the analysis workers (src/analysis/faces.ts).
import type { BiometricModel, FaceMatchCheckResult, LivenessCheckResult, LivenessSignal } from '../../generated/schemas.js'
import type { FaceObservation, ImageQuality, PresentationMeasures } from './face-observation.js'

export type LivenessReason = LivenessCheckResult['reasons'][number]

const round = (n: number) => Math.round(n * 10_000) / 10_000

/**
 * Where a face's own measures (src/analysis/faces.ts) say it was captured too poorly to be judged,
 * measured on the fixtures' portraits and selfies: sharp faces 8.5–26, the same blurred by σ 6 px
 * 1.4–3.7; lit faces a mean grey of 108–162, at 30 % of the light 34–49 (the bound stays low so that
 * dark skin in good light is not called dark); eyes' and mouth's bands 1.02–1.30 of the face's grey,
 * under a dark band 0.25–0.62 (a light mask over the mouth is not told apart). Yaw and pitch need the
 * face mesh (selfies and frames): a document's portrait is never called not frontal.
 */
export const FACE_QUALITY = { minSide: 80, minSharpness: 5, minBrightness: 50, minEyes: 0.65, minMouth: 0.8, maxYaw: 25, maxPitch: 25 }

/** Codes a face match and a liveness result both carry (openapi.yaml: FaceMatchCheckResult). */
export type FaceQualityReason = Extract<FaceMatchCheckResult['reasons'][number], LivenessCheckResult['reasons'][number]> & `face_${string}`

/** Why a face was captured too poorly to be judged; none for a face measured before these were. */
export function faceQualityReasons(face: FaceObservation): FaceQualityReason[] {
  const r = FACE_QUALITY
  const reasons: FaceQualityReason[] = []
  if (Math.min(face.box.width, face.box.height) < r.minSide) reasons.push('face_too_small')
  const q = face.quality
  if (!q) return reasons
  if (q.sharpness < r.minSharpness) reasons.push('face_blurry')
  if (q.brightness < r.minBrightness) reasons.push('face_too_dark')
  if (Math.abs(face.yaw) > r.maxYaw || Math.abs(face.pitch) > r.maxPitch) reasons.push('face_not_frontal')
  if (q.eyes < r.minEyes || q.mouth < r.minMouth) reasons.push('face_occluded')
  return reasons
}

/**
 * Where a selfie cannot be judged at all, so that it is refused to be retaken rather than stored: no
 * face, several, or a face far past poor (measured: blurred by σ 6 px 1.4–3.7, at 30 % of the light
 * 34–49; these bounds sit below both, for a face nothing can be read from).
 */
export const SELFIE_UNUSABLE = { maxSharpness: 2, maxBrightness: 25 }

/** Why a selfie must be taken again (openapi.yaml: RetakeReason); none when it can be judged. */
export function selfieRetakeReasons(faces: FaceObservation[]): Array<'no_face' | 'multiple_faces' | 'face_blurry' | 'face_too_dark'> {
  if (!faces.length) return ['no_face']
  if (faces.length > 1) return ['multiple_faces']
  const q = faces[0]!.quality
  const reasons: Array<'face_blurry' | 'face_too_dark'> = []
  if (q && q.sharpness < SELFIE_UNUSABLE.maxSharpness) reasons.push('face_blurry')
  if (q && q.brightness < SELFIE_UNUSABLE.maxBrightness) reasons.push('face_too_dark')
  return reasons
}

/**
 * The similarity under which a second face of a document photo is another person's. On the fixtures,
 * different people score at most 0.48, and a grey ghost image at half opacity and half size 0.71.
 */
export const ANOTHER_PERSON_BELOW = 0.6

/**
 * The faces of a document photo that lie on its printed page (their centres within `area`, a convex
 * quadrilateral in shares of the photo's `size`): the portrait face match compares is printed there. A
 * face beside the page (held up next to it, or the person holding it) is no portrait, whatever its
 * size: with the portrait covered, it would otherwise be compared in its place. With no page found
 * (null: too little text, a face photographed alone, a page blurred or too small to read), or a page
 * that cannot be told (no corners), none: a photo of the person is no document's portrait.
 */
export function facesOnPage(faces: FaceObservation[], size: { width: number; height: number }, area: ReadonlyArray<readonly [number, number]> | null): FaceObservation[] {
  // A page that cannot be told (a photo showing a zone twice) holds no portrait.
  if (!area?.length) return []
  return faces.filter((f) => inQuadrilateral(area, (f.box.x + f.box.width / 2) / size.width, (f.box.y + f.box.height / 2) / size.height))
}

/** Quarter turns clockwise, in degrees. */
export type QuarterTurn = 0 | 90 | 180 | 270
type Area = ReadonlyArray<readonly [number, number]>

/**
 * The quarter turn (clockwise) that sets a page upright, from `area` (its corners in order from its
 * head's left, in shares of the photo's `size`): a page photographed upside down or on its side has
 * its portrait so too, and faces are found upright.
 */
export function pageTurn(area: Area, size: { width: number; height: number }): QuarterTurn {
  if (area.length < 2) return 0
  const [[x0, y0], [x1, y1]] = [area[0]!, area[1]!]
  // The way the page's lines read, in the photo: 0° upright, 90° on its right side (read downward).
  const along = (Math.atan2((y1 - y0) * size.height, (x1 - x0) * size.width) * 180) / Math.PI
  return ((((360 - Math.round(along / 90) * 90) % 360) + 360) % 360) as QuarterTurn
}

/** `area` (shares of a photo) where it lies once the photo is turned clockwise by `turn`. */
export const turnedArea = (area: Area, turn: QuarterTurn): Array<[number, number]> =>
  area.map(([u, v]) => (turn === 90 ? [1 - v, u] : turn === 180 ? [1 - u, 1 - v] : turn === 270 ? [v, 1 - u] : [u, v]))

/** Whether a point lies within a convex polygon (its corners in order, either way round). */
export function inQuadrilateral(corners: ReadonlyArray<readonly [number, number]>, x: number, y: number): boolean {
  let sign = 0
  for (let i = 0; i < corners.length; i++) {
    const [ax, ay] = corners[i]!
    const [bx, by] = corners[(i + 1) % corners.length]!
    const cross = Math.sign((bx - ax) * (y - ay) - (by - ay) * (x - ax))
    if (cross === 0) continue
    if (sign === 0) sign = cross
    else if (cross !== sign) return false
  }
  return true
}

export function faceMatchResult(input: {
  documentId: string
  selfieId: string
  documentFaces: FaceObservation[]
  selfieFaces: FaceObservation[]
  threshold: number
  model: BiometricModel
  similarity: (a: number[], b: number[]) => number
  now: Date
}): FaceMatchCheckResult {
  const reasons: FaceMatchCheckResult['reasons'] = []
  const doc = input.documentFaces[0]
  const selfie = input.selfieFaces[0]
  if (!doc) reasons.push('no_face_in_document')
  if (!selfie) reasons.push('no_face_in_selfie')
  // A document photo may show its portrait twice (a ghost image) but not two people: a face held up
  // beside the document would otherwise be compared in the portrait's place (the largest face is).
  // A faint ghost embeds further from its portrait than a second capture does: only a face clearly
  // another person's counts.
  const otherBelow = Math.min(input.threshold, ANOTHER_PERSON_BELOW)
  const strangers = input.documentFaces.slice(1).some((other) => input.similarity(doc!.embedding, other.embedding) < otherBelow)
  if (input.selfieFaces.length > 1 || strangers) reasons.push('multiple_faces')
  const score = doc && selfie ? round(input.similarity(doc.embedding, selfie.embedding)) : null
  if (score !== null && score < input.threshold) {
    reasons.push('below_threshold')
    // A low score from a poor capture says "retake", not "another person": its reasons come with it.
    reasons.push(...new Set([...faceQualityReasons(doc!), ...faceQualityReasons(selfie!)]))
  }
  return {
    passed: reasons.length === 0,
    reasons,
    score,
    threshold: input.threshold,
    document_id: input.documentId,
    selfie_id: input.selfieId,
    model: input.model,
    completed_at: input.now.toISOString(),
  }
}

/**
 * What a usable selfie needs as a whole (ImageQuality: its grey copy of at most 640 px): big enough, in
 * focus, neither too dark nor too bright. Measured on the fixtures' genuine captures: sharpness 3.9–35
 * (the lowest a portrait enlarged to 1080 px), 3.2 blurred by σ 3 px, 2.7 by σ 4; mean grey 77–175.
 */
export const QUALITY = { minImageSide: 240, minSharpness: 3, minBrightness: 40, maxBrightness: 225 }
/**
 * Presentation-attack thresholds (src/analysis/presentation.ts), set on the sets of bench/presentation.ts
 * (genuine captures: periodic pattern 1.2–2.7, black lift 0–0.04, no sheet's edge, glare up to 0.046 of
 * the face (an overexposed one); screen replays' pattern 4.2–9.5 but one at 1.3, prints' black lift
 * 0.12–0.40, reflections 0.07–0.20 of the face). Each is the
 * largest value that passes; a signal's score is 1 for nothing of the attack, 0.5 at its threshold
 * and 0 at twice it.
 */
export const PRESENTATION = { maxPattern: 3.5, maxBlackLift: 0.08, maxBorderSides: 1, maxGlare: 0.06 }

/** The liveness signals scored 0.5 at their threshold (the decision reviews those passing near it). */
export const PRESENTATION_SIGNALS: ReadonlySet<string> = new Set(['screen_pattern', 'print_tones', 'paper_border', 'glare', 'depth_motion'])

/** The presentation-attack signals of a face's measures: name, its measure, the threshold it must stay under. */
export function presentationSignals(p: PresentationMeasures | undefined): Array<LivenessSignal & { reason: LivenessReason }> {
  if (!p) return []
  const t = PRESENTATION
  const signal = (name: LivenessSignal['name'], value: number, max: number, reason: LivenessReason) => ({
    name,
    passed: value <= max,
    score: round(Math.max(0, Math.min(1, 1 - value / (2 * max)))),
    reason,
  })
  return [
    signal('screen_pattern', p.pattern, t.maxPattern, 'spoof_suspected'),
    signal('print_tones', p.blackLift, t.maxBlackLift, 'spoof_suspected'),
    signal('paper_border', p.border, t.maxBorderSides, 'spoof_suspected'),
    signal('glare', p.glare, t.maxGlare, 'glare'),
  ]
}

/** The worst of several captures' presentation measures, measure by measure (undefined for none). */
export function worstPresentation(measures: Array<PresentationMeasures | undefined>): PresentationMeasures | undefined {
  const all = measures.filter((m): m is PresentationMeasures => !!m)
  if (!all.length) return undefined
  return {
    pattern: Math.max(...all.map((m) => m.pattern)),
    border: Math.max(...all.map((m) => m.border)),
    blackLift: Math.max(...all.map((m) => m.blackLift)),
    glare: Math.max(...all.map((m) => m.glare)),
  }
}

export function passiveLiveness(input: {
  selfieId: string
  faces: FaceObservation[]
  quality: ImageQuality
  model: BiometricModel
  now: Date
}): LivenessCheckResult {
  const face = input.faces[0]
  const q = input.quality
  const reasons: LivenessReason[] = []
  const qualityProblems: LivenessReason[] = []
  // A small face is the face's own reason (face_too_small, below).
  if (Math.min(q.width, q.height) < QUALITY.minImageSide) qualityProblems.push('image_too_small')
  if (q.sharpness < QUALITY.minSharpness) qualityProblems.push('image_blurred')
  if (q.brightness < QUALITY.minBrightness) qualityProblems.push('image_underexposed')
  if (q.brightness > QUALITY.maxBrightness) qualityProblems.push('image_overexposed')
  if (face) qualityProblems.push(...faceQualityReasons(face))
  const attack = presentationSignals(face?.presentation)
  const checks: LivenessSignal[] = [
    { name: 'face_detected', passed: !!face, score: face ? round(face.detectionScore) : 0 },
    { name: 'single_face', passed: input.faces.length === 1, score: null },
    { name: 'image_quality', passed: qualityProblems.length === 0, score: round(Math.max(0, 1 - qualityProblems.length / 4)) },
    ...attack.map(({ name, passed, score }) => ({ name, passed, score })),
  ]
  if (!face) reasons.push('no_face')
  if (input.faces.length > 1) reasons.push('multiple_faces')
  reasons.push(...qualityProblems)
  reasons.push(...attack.filter((a) => !a.passed).map((a) => a.reason))
  return summarise(checks, reasons, { selfie_id: input.selfieId, challenge_id: null, model: input.model, now: input.now })
}

/** A liveness result from its signals and reasons: passed when every signal passed, scored by their mean. */
export function summarise(
  checks: LivenessSignal[],
  reasons: LivenessReason[],
  ids: { selfie_id: string | null; challenge_id: string | null; model: BiometricModel; now: Date },
): LivenessCheckResult {
  const scored = checks.map((c) => c.score ?? (c.passed ? 1 : 0))
  return {
    passed: checks.every((c) => c.passed),
    reasons: [...new Set(reasons)],
    score: round(scored.reduce((a, b) => a + b, 0) / Math.max(1, scored.length)),
    checks,
    selfie_id: ids.selfie_id,
    challenge_id: ids.challenge_id,
    model: ids.model,
    completed_at: ids.now.toISOString(),
  }
}
