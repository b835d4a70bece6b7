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
      selfieId: 'doc_x', selfie, threshold: 0.75, similarity: cosine, model: { name: 'm', version: '1.0.0' }, previous: null, now: new Date(),
    })
  const twoPeople = judge([a, b])
  t.equal(twoPeople.passed, false)
  t.ok(twoPeople.reasons.includes('different_person'))
  t.match(twoPeople.checks.find((c) => c.name === 'same_person'), { passed: false, score: 0.28 })
  const onePerson = judge([a, { ...a, yaw: -20 }])
  t.match(onePerson.checks.find((c) => c.name === 'same_person'), { passed: true, score: 0.8 })
  t.equal(onePerson.passed, true)
})
