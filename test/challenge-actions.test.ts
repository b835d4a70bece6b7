// Which actions a challenge may ask (src/domain/face-checks.ts askableActions): only those a frame
// can be told from the selfie by, each judged against the person's own selfie.
import t from 'tap'
import type { LivenessAction } from '../generated/schemas.js'
import { actionShown, askableActions } from '../src/domain/face-checks.js'
import type { FaceObservation } from '../src/domain/face-observation.js'

const ACTIONS: LivenessAction[] = ['turn_left', 'turn_right', 'look_up', 'blink', 'smile', 'open_mouth']
const neutral: FaceObservation = {
  box: { x: 0, y: 0, width: 200, height: 200 }, detectionScore: 0.9, embedding: [], yaw: 0, pitch: 5, roll: 0,
  leftEyeOpen: 0.33, rightEyeOpen: 0.35, mouthOpen: 0.02, happy: 0.1, antispoof: null, liveness: null,
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
