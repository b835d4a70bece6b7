// Overload (openapi.yaml "Overload"): past the analysis pool's threads and queue, or with the event
// loop lagging, a request is answered 503 overloaded with Retry-After, and nothing is stored for it.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { build } from './helpers/build.js'
import { until } from './helpers/webhooks.js'

const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url)).toString('base64')
const overloaded = { error: { code: 'overloaded', message: /retry after 2 s/ } }

t.test('an app that analyses no image starts no analysis thread', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('idle-client', 'service')
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  t.equal((await b.call('GET', `/verifications/${vid}`, { key })).statusCode, 200)
  t.same(b.app.analysisPool.threads(), [])
})

t.test('uploads past the threads and the queue are answered 503 and store nothing', async (t) => {
  const b = await build(t, { analysisThreads: 1, analysisQueue: 1 })
  const { key } = await b.createKey('busy-client', 'service')
  const sessions = await Promise.all(Array.from({ length: 6 }, async () => (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id as string))
  // OCR (no MRZ sent): each upload holds the one thread for a while.
  const photo = fixture('documents/passport-td3-clean.jpg')
  const answers = await Promise.all(sessions.map((vid) => b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo } })))
  const refused = answers.filter((r) => r.statusCode === 503)
  t.ok(refused.length >= 1 && refused.length <= 4, `${refused.length} of 6 refused`)
  t.same(answers.filter((r) => r.statusCode !== 503).map((r) => r.statusCode), Array(6 - refused.length).fill(201), 'the rest are stored')
  for (const [i, res] of answers.entries()) {
    const stored = await b.app.uploadsRepository.latest(sessions[i]!, 'document')
    const verification = (await b.call('GET', `/verifications/${sessions[i]}`, { key })).json()
    if (res.statusCode === 201) {
      t.ok(stored, 'a 201 stored its upload')
      continue
    }
    t.match(res.json(), overloaded)
    t.equal(res.headers['retry-after'], '2')
    t.equal(stored, undefined, 'no upload stored')
    t.match(verification, { status: 'pending', checks_results: { document: null } }, 'no result recorded')
  }
  t.equal(b.app.analysisPool.pending(), 0)
})

t.test('an active-liveness attempt refused as overloaded leaves its challenge unused', async (t) => {
  const b = await build(t, { analysisThreads: 1, analysisQueue: 0 })
  const { key } = await b.createKey('liveness-client', 'service')
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['liveness', 'face_match'] } })).json().id
  t.equal((await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: fixture('faces/selfie-collins.jpg') } })).statusCode, 201)
  const challenge = (await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key })).json()
  const body = { challenge_id: challenge.challenge_id, frames: [{ action: challenge.actions[0], image: fixture('faces/selfie-collins-2.jpg') }] }
  // A document read by OCR holds the one thread meanwhile.
  const busy = b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: fixture('documents/passport-td3-clean.jpg') } })
  await until(async () => b.app.analysisPool.pending(), (n) => n > 0)
  const refused = await b.call('POST', `/verifications/${vid}/active-liveness/verify`, { key, body })
  t.equal(refused.statusCode, 503)
  t.match(refused.json(), overloaded)
  t.equal(refused.headers['retry-after'], '2')
  t.equal((await b.app.challengesRepository.find(challenge.challenge_id, vid))?.usedAt, null, 'the challenge is unused')
  t.equal((await busy).statusCode, 201)
  const again = await b.call('POST', `/verifications/${vid}/active-liveness/verify`, { key, body })
  t.equal(again.statusCode, 200, `the same request, sent again, is taken: ${again.body.slice(0, 200)}`)
})

t.test('while the event loop lags, requests are answered 503 overloaded; the probes still answer', async (t) => {
  const b = await build(t, { maxEventLoopDelayMs: 20 })
  const { key } = await b.createKey('lag-client', 'service')
  const lag = () => b.app.memoryUsage().eventLoopDelay
  // Stalls of 100 ms until the plugin's samples see them.
  const res = await until(
    async () => {
      const end = performance.now() + 100
      while (performance.now() < end);
      return b.call('GET', '/verifications', { key })
    },
    (r) => r.statusCode !== 200,
  )
  t.equal(res.statusCode, 503)
  t.match(res.json(), overloaded)
  t.equal(res.headers['retry-after'], '2')
  t.equal((await b.call('GET', '/healthz')).statusCode, 200, '/healthz')
  t.equal((await b.call('GET', '/readyz')).statusCode, 200, '/readyz')
  t.equal((await b.call('GET', '/admin/dashboard.css')).statusCode, 200, 'the dashboard\'s stylesheet')
  await until(async () => lag(), (ms) => ms <= 20, 30_000)
  t.equal((await b.call('GET', '/verifications', { key })).statusCode, 200, 'answered again once the loop keeps up')
})
