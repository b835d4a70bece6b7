// Passive liveness against replays of fixture selfies (test/helpers/presentation-attacks.ts): a print
// (by its tones, by its sheet's border), a screen and a reflection each fail with the signal that caught
// them, and report every signal's score. bench/presentation.ts measures the whole attack set; the
// genuine selfie passing is in test/biometrics.test.ts.
import t from 'tap'
import { attacks, type AttackImage } from './helpers/presentation-attacks.js'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'

t.test('replays of a selfie fail passive liveness with the signal that caught them', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('pad-client', 'service')
  const replays = await attacks(['selfie-collins', 'selfie-collins-2'])
  const judge = async (image: Buffer) => {
    const v = await b.call('POST', '/verifications', { key, body: { checks: ['liveness'] } })
    const selfie = await b.call('POST', `/verifications/${v.json().id}/selfie`, { key, body: { image: image.toString('base64') } })
    t.equal(selfie.statusCode, 201, 'the replay shows one face: it is stored and judged')
    const res = await b.call('POST', `/verifications/${v.json().id}/documents/${selfie.json().document_id}/liveness`, { key })
    t.equal(res.statusCode, 200)
    t.same(specErrors('runDocumentLiveness', 200, res.json()), [])
    return res.json() as { passed: boolean; reasons: string[]; checks: Array<{ name: string; passed: boolean; score: number | null }> }
  }
  const cases: Array<[AttackImage['name'], string, string]> = [
    ['selfie-collins/print_cropped/0', 'print_tones', 'spoof_suspected'],
    ['selfie-collins/screen_soft_moire/0', 'screen_pattern', 'spoof_suspected'],
    ['selfie-collins/glare/0-on-screen', 'glare', 'glare'],
    ['selfie-collins-2/print_border/0', 'paper_border', 'spoof_suspected'],
  ]
  for (const [name, signal, reason] of cases) {
    const replay = replays.find((r) => r.name === name)
    if (!replay) throw new Error(`no ${name} in the attack set`)
    const r = await judge(replay.image)
    t.equal(r.passed, false, `${name} is not taken for a live face`)
    t.ok(r.reasons.includes(reason), `${name}: ${reason}`)
    const caught = r.checks.find((c) => c.name === signal)!
    t.match(caught, { passed: false }, `${name}: caught by ${signal}`)
    t.ok(caught.score !== null && caught.score < 0.5, `${name}: ${signal} scores under its threshold's 0.5`)
    t.ok(r.checks.every((c) => c.score === null || (c.score >= 0 && c.score <= 1)))
  }
})
