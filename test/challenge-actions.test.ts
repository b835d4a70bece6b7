// Which actions a challenge may ask (src/domain/active-liveness.ts askableActions): only those a frame
// can be told from the selfie by, each judged against the person's own selfie.
import t from 'tap'
import type { LivenessAction } from '../generated/schemas.js'
import { actionShown, activeLiveness, askableActions } from '../src/domain/active-liveness.js'
import type { FaceObservation } from '../src/domain/face-observation.js'

const ACTIONS: LivenessAction[] = ['turn_left', 'turn_right', 'look_up', 'blink', 'smile', 'open_mouth']
const neutral: FaceObservation = {
  box: { x: 0, y: 0, width: 200, height: 200 }, detectionScore: 0.9, embedding: [], yaw: 0, pitch: 5, roll: 0,
  leftEyeOpen: 0.33, rightEyeOpen: 0.35, mouthOpen: 0.02, happy: 0.1,
}

t.test('a neutral selfie, or none yet, allows every action', async (t) => {
  t.same(askableActions(ACTIONS, neutral), ACTIONS)
  t.same(askableActions(ACTIONS, undefined), ACTIONS)
})

t.test('an action the selfie already shows is never asked', async (t) => {
  t.same(askableActions(ACTIONS, { ...neutral, happy: 0.99 }), ['turn_left', 'turn_right', 'look_up', 'blink', 'open_mouth'], 'a smiling selfie')
  t.same(askableActions(ACTIONS, { ...neutral, mouthOpen: 0.4 }), ['turn_left', 'turn_right', 'look_up', 'blink', 'smile'], 'an open mouth')
  t.same(askableActions(ACTIONS, { ...neutral, leftEyeOpen: 0.05, rightEyeOpen: 0.06 }), ['turn_left', 'turn_right', 'look_up', 'smile', 'open_mouth'], 'eyes closed')
})

t.test('why: against a smiling selfie, a smiling frame cannot show a smile', async (t) => {
  const smiling = { ...neutral, happy: 0.99 }
  t.equal(actionShown('smile', smiling, smiling).passed, false)
  t.equal(actionShown('smile', smiling, neutral).passed, true)
})

t.test('frames of one challenge must be one person: each near the selfie is not enough', async (t) => {
  const cosine = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * b[i]!, 0) / (Math.hypot(...a) * Math.hypot(...b))
  const selfie = { ...neutral, embedding: [1, 0, 0] }
  // Each frame 0.8 from the selfie, but 0.28 from each other: two people, each like the selfie.
  const a = { ...neutral, yaw: 20, embedding: [0.8, 0.6, 0] }
  const b = { ...neutral, yaw: -20, embedding: [0.8, -0.6, 0] }
  const judge = (frames: FaceObservation[]) =>
    activeLiveness({
      challengeId: 'lch_x', actions: ['turn_left', 'turn_right'], frames: [{ action: 'turn_left', faces: [frames[0]!] }, { action: 'turn_right', faces: [frames[1]!] }],
      selfieId: 'doc_x', selfie, threshold: 0.75, similarity: cosine, model: { name: 'm', version: '1.0.0' }, previous: null, now: new Date(), presentation: [],
    })
  const twoPeople = judge([a, b])
  t.equal(twoPeople.passed, false)
  t.ok(twoPeople.reasons.includes('different_person'))
  t.match(twoPeople.checks.find((c) => c.name === 'same_person'), { passed: false, score: 0.28 })
  const onePerson = judge([a, { ...a, yaw: -20 }])
  t.match(onePerson.checks.find((c) => c.name === 'same_person'), { passed: true, score: 0.8 })
  t.equal(onePerson.passed, true)
  // A head turned left, then right: two profiles 0.68 alike, each 0.8 like the frontal selfie, are one person.
  const profiles = judge([{ ...a, embedding: [0.8, 0.4, Math.sqrt(0.2)] }, { ...b, embedding: [0.8, -0.4, Math.sqrt(0.2)] }])
  t.match(profiles.checks.find((c) => c.name === 'same_person'), { passed: true, score: 0.8 })
  t.equal(profiles.passed, true)
})

t.test("replay signals are measured on the frames too: the worst of the selfie's and the frames'", async (t) => {
  const clean = { pattern: 1.5, border: 0, blackLift: 0.01, glare: 0 }
  const selfie = { ...neutral, embedding: [1, 0], presentation: clean }
  const judge = (frames: Array<typeof clean | undefined>, previous: ReturnType<typeof activeLiveness> | null = null, self = selfie) =>
    activeLiveness({
      challengeId: 'lch_x', actions: ['blink', 'smile'],
      frames: [{ action: 'blink', faces: [{ ...self, leftEyeOpen: 0.05, rightEyeOpen: 0.05 }] }, { action: 'smile', faces: [{ ...self, happy: 0.9 }] }],
      selfieId: 'doc_x', selfie: self, threshold: 0.75, similarity: () => 0.9, model: { name: 'm', version: '1' }, previous, now: new Date(), presentation: frames,
    })
  const live = judge([clean, clean])
  t.equal(live.passed, true)
  t.same(live.checks.map((c) => c.name), ['action_blink', 'action_smile', 'same_person', 'screen_pattern', 'print_tones', 'paper_border', 'glare'])
  const screen = judge([clean, { ...clean, pattern: 6 }])
  t.match(screen.checks.find((c) => c.name === 'screen_pattern'), { passed: false })
  t.same(screen.reasons, ['spoof_suspected'])
  const glaringSelfie = judge([clean, clean], null, { ...selfie, presentation: { ...clean, glare: 0.2 } })
  t.same(glaringSelfie.reasons, ['glare'], "the selfie's own measures count")
  const again = judge([clean, clean], screen)
  t.equal(again.passed, true, "a later challenge's frames replace the earlier frames' measures")
  t.equal(again.checks.filter((c) => c.name === 'screen_pattern').length, 1)
  t.same(again.reasons, [])
})
