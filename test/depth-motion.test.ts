// depth_motion (src/domain/depth-motion.ts): a challenge's head movement made by a flat picture fails
// it; every challenge asks for a head movement. The measures themselves are taken on real images in
// test/active-liveness-depth.test.ts.
import t from 'tap'
import type { LivenessAction } from '../generated/schemas.js'
import { challengeActions, DEPTH_MOTION, depthMotion, HEAD_MOVEMENTS, SELFIE } from '../src/domain/depth-motion.js'
import { activeLiveness } from '../src/domain/active-liveness.js'
import { decide } from '../src/domain/decision.js'
import type { FaceMotion, FaceObservation } from '../src/domain/face-observation.js'
import { mulberry32 } from './helpers/random.js'

const ACTIONS: LivenessAction[] = ['turn_left', 'turn_right', 'look_up', 'blink', 'smile', 'open_mouth']
const pair = (from: number, to: number, planar: number, matches = 120): FaceMotion => ({ from, to, planar, matches })

t.test('every challenge asks for a head movement, among distinct askable actions', async (t) => {
  const rng = mulberry32(7)
  const pick = (n: number) => Math.floor(rng() * n)
  const seen = new Set<string>()
  for (let i = 0; i < 500; i++) {
    const count = 2 + pick(3)
    const actions = challengeActions(ACTIONS, count, pick)
    t.equal(actions.length, count)
    t.equal(new Set(actions).size, count, 'distinct')
    t.ok(actions.some((a) => HEAD_MOVEMENTS.includes(a)), `a head movement in ${actions.join(',')}`)
    seen.add(actions[0]!)
  }
  t.same([...seen].sort(), [...ACTIONS].sort(), 'any action may come first: the head movement is not always first')
  t.same(challengeActions(['blink', 'smile'], 3, pick).sort(), ['blink', 'smile'], 'no head movement askable: the askable ones')
})

t.test('a head movement made as a flat picture fails; a head that turned passes', async (t) => {
  const frames = [{ action: 'smile' as const }, { action: 'turn_left' as const }]
  t.equal(depthMotion([{ action: 'smile' }, { action: 'blink' }], [pair(SELFIE, 0, 0.95)]), null, 'no head movement: not judged')

  const flat = depthMotion(frames, [pair(SELFIE, 0, 0.3), pair(SELFIE, 1, 0.92), pair(0, 1, 0.4)])!
  t.match(flat.signal, { name: 'depth_motion', passed: false })
  t.ok(flat.signal.score! < 0.5, `score ${flat.signal.score} under 0.5`)
  t.same(flat.flat, [1])

  const head = depthMotion(frames, [pair(SELFIE, 0, 0.9), pair(SELFIE, 1, 0.45), pair(0, 1, 0.4)])!
  t.match(head.signal, { name: 'depth_motion', passed: true })
  t.ok(head.signal.score! > 0.5, 'a pair without the head movement says nothing of it')
  t.same(head.flat, [])

  const against = depthMotion(frames, [pair(SELFIE, 1, 0.45), pair(0, 1, 0.95)])!
  t.equal(against.signal.passed, false, 'flat against any other frame, not only the selfie')

  const few = depthMotion(frames, [pair(SELFIE, 1, 0.95, DEPTH_MOTION.minMatches - 1), pair(0, 1, 0.3)])!
  t.equal(few.signal.passed, true, 'a pair of too few matches says nothing; another measures it')
  // Two different pictures of the person share too few features with anything: unknown depth fails unscored.
  const unknown = depthMotion(frames, [pair(SELFIE, 1, 0.95, DEPTH_MOTION.minMatches - 1), pair(0, 1, 0.2, 5)])!
  t.match(unknown.signal, { name: 'depth_motion', passed: false, score: null })
  t.same([unknown.flat, unknown.unmeasured], [[], [1]])
  t.same(depthMotion(frames, [])!.unmeasured, [1], 'nor is a movement measured with no comparison at all')

  const at = depthMotion(frames, [pair(SELFIE, 1, DEPTH_MOTION.maxPlanar)])!
  t.match(at.signal, { passed: true, score: 0.5 }, '0.5 at the threshold')
})

t.test('in a challenge: spoof_suspected only for a movement the mesh saw', async (t) => {
  const neutral: FaceObservation = {
    box: { x: 0, y: 0, width: 200, height: 200 }, detectionScore: 0.9, embedding: [1, 0], yaw: 0, pitch: 5, roll: 0,
    leftEyeOpen: 0.33, rightEyeOpen: 0.35, mouthOpen: 0.02, happy: 0.1,
  }
  const judge = (yaw: number, planar: number, previous: ReturnType<typeof activeLiveness> | null = null) =>
    activeLiveness({
      challengeId: 'lch_x', actions: ['turn_left', 'blink'], frames: [{ action: 'turn_left', faces: [{ ...neutral, yaw }] }, { action: 'blink', faces: [{ ...neutral, leftEyeOpen: 0.05, rightEyeOpen: 0.05 }] }],
      selfieId: 'doc_x', selfie: neutral, threshold: 0.75, similarity: () => 0.9, model: { name: 'm', version: '1' }, previous, now: new Date(),
      motion: [pair(SELFIE, 0, planar)], presentation: [],
    })
  const seenFlat = judge(25, 0.95)
  t.equal(seenFlat.passed, false)
  t.same(seenFlat.reasons, ['spoof_suspected'])
  const notMade = judge(2, 0.95)
  t.same(notMade.reasons, ['turn_left_not_shown'], 'a movement not made: its action fails, no replay is claimed')
  t.match(notMade.checks.find((c) => c.name === 'depth_motion'), { passed: false })
  const live = judge(25, 0.4, seenFlat)
  t.equal(live.passed, true, 'a later challenge replaces the earlier one')
  t.same(live.reasons, [])
  t.equal(live.checks.filter((c) => c.name === 'depth_motion').length, 1)
  // A turn that nothing measures (two different pictures of the person): depth unknown, for review.
  const unknown = activeLiveness({
    challengeId: 'lch_y', actions: ['turn_left'], frames: [{ action: 'turn_left', faces: [{ ...neutral, yaw: 25 }] }],
    selfieId: 'doc_x', selfie: neutral, threshold: 0.75, similarity: () => 0.9, model: { name: 'm', version: '1' }, previous: live, now: new Date(),
    motion: [pair(SELFIE, 0, 0.1, 12)], presentation: [],
  })
  t.equal(unknown.passed, false)
  t.same(unknown.reasons, ['depth_unmeasured'])
  t.match(decide('completed', { liveness: unknown }, 0.05), { decision: 'review', reasons: ['depth_unmeasured'] })
  t.same(judge(25, 0.4, unknown).reasons, [], 'and a later challenge measured replaces it')
})
