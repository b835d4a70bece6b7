// Active-liveness challenges: which actions a challenge may ask, whether a frame shows its action
// against the person's own selfie, and the result of a challenge (its actions, one person throughout,
// depth in its head movements: depth-motion.ts). Passive signals come from face-checks.ts.
import type { BiometricModel, LivenessAction, LivenessCheckResult, LivenessSignal } from '../../generated/schemas.js'
import { depthMotion } from './depth-motion.js'
import { ANOTHER_PERSON_BELOW, presentationSignals, summarise, worstPresentation, type LivenessReason } from './face-checks.js'
import type { FaceMotion, FaceObservation, PresentationMeasures } from './face-observation.js'

const round = (n: number) => Math.round(n * 10_000) / 10_000

/**
 * Head pose convention (see src/analysis/faces.ts): yaw and pitch in degrees of the person's own
 * head, as seen in the frame as uploaded. `turn_left` means the person turns their head to THEIR
 * left. Front cameras show a mirrored preview: clients must upload frames as the camera captured
 * them, not mirrored.
 */
export const ACTION_RULES = { minYawChange: 15, minPitchChange: 10, blinkRatio: 0.6, minHappy: 0.5, minMouthOpenIncrease: 0.15, minMouthOpen: 0.25, minNeutralEyesOpen: 0.15 }

/**
 * The actions a challenge may ask of a person whose selfie shows `neutral` (every action when there is
 * no selfie yet): none the selfie already shows, since each is judged against it. A smiling selfie
 * cannot be smiled at, an open mouth opened, nor closed eyes blinked.
 */
export function askableActions<A extends LivenessAction>(actions: readonly A[], neutral: FaceObservation | undefined): A[] {
  if (!neutral) return [...actions]
  const r = ACTION_RULES
  const shown: Partial<Record<LivenessAction, boolean>> = {
    smile: neutral.happy >= r.minHappy,
    open_mouth: neutral.mouthOpen >= r.minMouthOpen,
    blink: (neutral.leftEyeOpen + neutral.rightEyeOpen) / 2 < r.minNeutralEyesOpen,
  }
  return actions.filter((a) => !shown[a])
}

/** Whether a frame shows its action, measured against the person's own neutral face (the selfie). */
export function actionShown(action: LivenessAction, frame: FaceObservation, neutral: FaceObservation): { passed: boolean; score: number } {
  const r = ACTION_RULES
  const clamp = (n: number) => Math.max(0, Math.min(1, n))
  switch (action) {
    case 'turn_left':
    case 'turn_right': {
      const change = (frame.yaw - neutral.yaw) * (action === 'turn_left' ? 1 : -1)
      return { passed: change >= r.minYawChange, score: round(clamp(change / (2 * r.minYawChange))) }
    }
    case 'look_up': {
      // Positive pitch is a look down (human's convention, kept in faces.ts).
      const change = neutral.pitch - frame.pitch
      return { passed: change >= r.minPitchChange, score: round(clamp(change / (2 * r.minPitchChange))) }
    }
    case 'blink': {
      const open = (frame.leftEyeOpen + frame.rightEyeOpen) / 2
      const base = Math.max(1e-6, (neutral.leftEyeOpen + neutral.rightEyeOpen) / 2)
      const ratio = open / base
      return { passed: ratio <= r.blinkRatio, score: round(clamp(1 - ratio)) }
    }
    case 'smile':
      return { passed: frame.happy >= r.minHappy && frame.happy > neutral.happy, score: round(frame.happy) }
    case 'open_mouth': {
      const passed = frame.mouthOpen >= r.minMouthOpen && frame.mouthOpen - neutral.mouthOpen >= r.minMouthOpenIncrease
      return { passed, score: round(clamp(frame.mouthOpen / (2 * r.minMouthOpen))) }
    }
  }
}

export interface FrameObservation {
  action: LivenessAction
  faces: FaceObservation[]
}

/** The signals of an active challenge besides its actions. */
const ACTIVE_SIGNALS: ReadonlySet<string> = new Set(['same_person', 'depth_motion'])

export function activeLiveness(input: {
  challengeId: string
  actions: LivenessAction[]
  frames: FrameObservation[]
  selfieId: string
  selfie: FaceObservation
  threshold: number
  similarity: (a: number[], b: number[]) => number
  model: BiometricModel
  previous: LivenessCheckResult | null
  now: Date
  /** How the face moved between the frames and the selfie (depth-motion.ts indices); absent: not measured. */
  motion?: FaceMotion[]
  /** Each frame's presentation-attack measures, in the frames' order. */
  presentation: Array<PresentationMeasures | undefined>
}): LivenessCheckResult {
  const reasons: LivenessReason[] = []
  const checks: LivenessSignal[] = []
  const shown = new Set<LivenessAction>()
  let sameEverywhere = true
  let lowest = 1
  for (const action of input.actions) {
    const frame = input.frames.find((f) => f.action === action)
    const face = frame?.faces[0]
    if (!frame || !face) {
      checks.push({ name: `action_${action}`, passed: false, score: 0 })
      reasons.push(frame ? 'no_face' : 'action_not_performed')
      sameEverywhere = false
      continue
    }
    if (frame.faces.length > 1) reasons.push('multiple_faces')
    const seen = actionShown(action, face, input.selfie)
    checks.push({ name: `action_${action}`, passed: seen.passed && frame.faces.length === 1, score: seen.score })
    if (!seen.passed) reasons.push(`${action}_not_shown`)
    else shown.add(action)
    const similarity = input.similarity(face.embedding, input.selfie.embedding)
    lowest = Math.min(lowest, similarity)
    if (similarity < input.threshold) sameEverywhere = false
  }
  // One person throughout: every frame is the selfie's, and no two frames are clearly two people's
  // (look-alikes, each near enough the selfie). Frames are compared with each other against the bar of
  // another person, not the selfie's threshold: a head turned left and then right is two profiles,
  // whose likeness falls further than either's to the frontal selfie.
  const faces = input.frames.map((f) => f.faces[0]).filter((f): f is FaceObservation => !!f)
  const anotherBelow = Math.min(input.threshold, ANOTHER_PERSON_BELOW)
  for (let i = 0; i < faces.length; i++) {
    for (let j = i + 1; j < faces.length; j++) {
      const similarity = input.similarity(faces[i]!.embedding, faces[j]!.embedding)
      if (similarity >= anotherBelow) continue
      lowest = Math.min(lowest, similarity)
      sameEverywhere = false
    }
  }
  checks.push({ name: 'same_person', passed: sameEverywhere, score: round(lowest), threshold: input.threshold })
  if (!sameEverywhere) reasons.push('different_person')
  // A head movement the face mesh saw, made as a flat picture moves: a replay. (A movement not made
  // at all fails its action, and shows no depth either: that says nothing of a replay.)
  const depth = input.motion ? depthMotion(input.frames, input.motion) : null
  if (depth) {
    checks.push(depth.signal)
    if (depth.flat.some((i) => shown.has(input.frames[i]!.action))) reasons.push('spoof_suspected')
    else if (depth.unmeasured.some((i) => shown.has(input.frames[i]!.action))) reasons.push('depth_unmeasured')
  }
  // What a screen or a print carries, over the selfie and every frame: a replay shown for the frames
  // (a video on a screen turns in depth) is caught as on a selfie.
  const attack = presentationSignals(worstPresentation([input.selfie.presentation, ...input.presentation]))
  for (const a of attack) {
    checks.push({ name: a.name, passed: a.passed, score: a.score })
    if (!a.passed) reasons.push(a.reason)
  }
  // Signals measured earlier on the selfie alone stay (its face and image quality), with their reasons;
  // an earlier challenge's, and the replay signals (measured again here, the selfie's included), are replaced.
  const replaced = new Set([...ACTIVE_SIGNALS, ...attack.map((a) => a.name)])
  const passive = (input.previous?.checks ?? []).filter((c) => !c.name.startsWith('action_') && !replaced.has(c.name))
  const redone: string[] = ['different_person', 'action_not_performed', 'depth_unmeasured', ...(attack.length ? ['spoof_suspected', 'glare'] : [])]
  const keptReasons = input.previous && passive.length ? input.previous.reasons.filter((r) => !r.endsWith('_not_shown') && !redone.includes(r)) : []
  return summarise([...passive, ...checks], [...keptReasons, ...reasons], {
    selfie_id: input.selfieId,
    challenge_id: input.challengeId,
    model: input.model,
    now: input.now,
  })
}
