// Replays against an active-liveness challenge, through the API. A head movement made by a head and by
// a flat picture moved in front of the camera: `depth_motion` (src/domain/depth-motion.ts) passes the
// first and fails the second. The head's frames are the fixture selfies re-rendered through their 3D
// face mesh (scripts/make-turn-frames.ts); the picture's are the selfie as a sheet turned or tilted
// (test/helpers/moved-picture.ts). And frames shown on a screen: the replay signals are measured on the
// frames as on a selfie.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { build, type Built } from './helpers/build.js'
import { movedPicture } from './helpers/moved-picture.js'
import { attacks } from './helpers/presentation-attacks.js'
import { specErrors } from './helpers/spec.js'

const face = (file: string) => readFileSync(new URL(`./fixtures/faces/${file}`, import.meta.url))
const HEAD_MOVEMENTS = ['turn_left', 'turn_right', 'look_up']
/** The head's frame for each movement, from the re-rendered fixtures. */
const TURNED: Record<string, string> = { turn_left: 'turn-collins-left.jpg', turn_right: 'turn-collins-right.jpg', look_up: 'turn-collins-up.jpg' }
/** How the flat picture is moved to fake each movement. */
const MOVED = { turn_left: { yaw: 25, pitch: 0, shift: 10 }, turn_right: { yaw: -25, pitch: 0, shift: -10 }, look_up: { yaw: 0, pitch: -20 } }

type Check = { name: string; passed: boolean; score: number | null }

/**
 * A verification with the fixture selfie and a challenge; its frames: `frameFor` per head movement, and
 * `other` (the selfie unless told) for the other actions.
 */
async function challengeWith(b: Built, key: string, frameFor: (action: keyof typeof MOVED) => Promise<Buffer>, other?: Buffer) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['liveness', 'face_match'] } })).json().id as string
  const selfie = face('selfie-collins.jpg')
  const uploaded = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: selfie.toString('base64') } })
  if (uploaded.statusCode !== 201) throw new Error(`selfie: ${uploaded.statusCode} ${uploaded.body}`)
  const c = (await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })).json()
  const moves: string[] = c.actions.filter((a: string) => HEAD_MOVEMENTS.includes(a))
  const frames = await Promise.all(
    c.actions.map(async (action: string) => ({ action, image: (HEAD_MOVEMENTS.includes(action) ? await frameFor(action as keyof typeof MOVED) : (other ?? selfie)).toString('base64') })),
  )
  const res = await b.call('POST', `/verifications/${vid}/active-liveness/verify`, { key, body: { challenge_id: c.challenge_id, frames } })
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`)
  const result = res.json() as { passed: boolean; reasons: string[]; checks: Check[] }
  return { moves, result, specErrors: specErrors('verifyActiveLiveness', 200, result), check: (name: string) => result.checks.find((x) => x.name === name) }
}

t.test('depth_motion', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('depth-client', 'service')

  await t.test('a head that turned or looked up shows depth', async (t) => {
    const { moves, check, specErrors } = await challengeWith(b, key, async (action) => face(TURNED[action]!))
    t.same(specErrors, [], 'as the spec says')
    t.ok(moves.length >= 1, `a head movement asked: ${moves}`)
    const depth = check('depth_motion')
    t.match(depth, { passed: true }, `depth_motion ${JSON.stringify(depth)}`)
    t.ok(depth!.score! > 0.5, 'scored above its threshold')
    for (const m of moves) t.match(check(`action_${m}`), { passed: true }, `${m} seen by the face mesh`)
    for (const name of ['screen_pattern', 'print_tones', 'paper_border', 'glare']) t.match(check(name), { passed: true }, `${name} measured on the frames: nothing of a replay`)
  })

  await t.test('a flat picture moved to fake it does not', async (t) => {
    let seed = 1
    const { moves, result, check } = await challengeWith(b, key, (action) => movedPicture(face('selfie-collins.jpg'), MOVED[action], seed++))
    const depth = check('depth_motion')
    t.match(depth, { passed: false }, `depth_motion ${JSON.stringify(depth)}`)
    t.ok(depth!.score! < 0.5, 'scored under its threshold')
    t.equal(result.passed, false)
    // The mesh sees no head movement in a tilted photo either: its action fails too, and that is the
    // reason given (a movement not made says nothing of a replay).
    for (const m of moves) t.ok(result.reasons.includes(`${m}_not_shown`) || result.reasons.includes('spoof_suspected'), `${m}: ${result.reasons}`)
  })

  await t.test('frames shown on a screen fail as a selfie shown on one does', async (t) => {
    const [screen] = (await attacks(['selfie-collins'])).filter((a) => a.type === 'screen_soft_moire')
    const { result, check } = await challengeWith(b, key, async () => screen!.image, screen!.image)
    t.match(check('screen_pattern'), { passed: false }, `screen_pattern ${JSON.stringify(check('screen_pattern'))}`)
    t.equal(result.passed, false)
    t.ok(result.reasons.includes('spoof_suspected'), `${result.reasons}`)
    t.equal(result.checks.filter((c) => c.name === 'screen_pattern').length, 1, 'one screen_pattern: the worst of the selfie and the frames')
  })
})
