import t from 'tap'
import { signingSecrets } from '../src/domain/webhook-secrets.js'
import { build } from './helpers/build.js'
import { startReceiver } from './helpers/receiver.js'
import { specErrors } from './helpers/spec.js'
import { clientWithWebhook, completeVerification, deliveries, SECRET, until } from './helpers/webhooks.js'

const fast = { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [100, 200, 300], webhookTimeoutMs: 2000 }

t.test('PATCH /admin/webhook', async (t) => {
  const b = await build(t, fast)
  const { key } = await b.createKey('cfg-client', 'service')
  const patch = (body: unknown) => b.call('PATCH', '/admin/webhook', { key, body })

  let res = await patch({ webhook_url: 'https://hooks.example.com/x' })
  t.equal(res.statusCode, 400, 'a URL with no secret stored or sent')
  t.equal(res.json().error.code, 'validation_error')
  for (const url of ['/relative', 'ftp://example.com/x', 'hooks.example.com', 'http://']) {
    res = await patch({ webhook_url: url, webhook_secret: 's3cret' })
    t.equal(res.statusCode, 400, `refuses ${url}`)
  }
  res = await patch({ webhook_secret: 's3cret' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 'ok' })
  t.same(specErrors('updateWebhookConfig', 200, res.json()), [])
  res = await patch({ webhook_url: 'https://hooks.example.com/x' })
  t.equal(res.statusCode, 200, 'the stored secret counts')
  res = await patch({})
  t.equal(res.statusCode, 200, 'an empty patch changes nothing')
  res = await patch({ webhook_url: 'https://hooks.example.com/x', extra: 1 })
  t.equal(res.statusCode, 400, 'unknown field')

  const principal = await b.app.apiKeysService.authenticate(key)
  const stored = await b.app.apiKeysRepository.findById(principal!.id)
  t.equal(stored?.webhookUrl, 'https://hooks.example.com/x')
  t.equal(signingSecrets(b.app.mediaKeys, stored!)?.current, 's3cret', 'the secret is stored sealed')
  t.equal(stored?.webhookSecret, null, 'never in clear')
  t.notOk(stored!.webhookSecretSealed!.includes('s3cret'), 'the sealed value does not hold it')
  t.equal((await patch({ webhook_url: null })).statusCode, 200)
  const off = await b.app.apiKeysRepository.findById(principal!.id)
  t.equal(off?.webhookUrl, null, 'null turns delivery off')
  t.equal(signingSecrets(b.app.mediaKeys, off!)?.current, 's3cret', 'and keeps the secret')

  // With delivery off, completion records the event but queues no attempt.
  await completeVerification(b, key)
  t.same(await deliveries(b, key), [])
})

t.test('a completed verification is delivered once, signed both ways', async (t) => {
  const b = await build(t, fast)
  const receiver = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'deliver-client', receiver.url)
  const before = Math.floor(Date.now() / 1000)
  const vid = await completeVerification(b, key)
  const [got] = await receiver.waitFor(1)
  t.equal(got!.method, 'POST')
  t.equal(got!.path, '/hook')
  t.match(got!.headers['content-type'], /^application\/json/)
  t.match(got!.headers['user-agent'], /^identity-verification-service\/\d+\.\d+\.\d+$/)
  t.equal(got!.headers['x-webhook-attempt'], '1')
  t.ok(got!.xSignatureValid, 'X-Signature verifies')
  t.ok(got!.standardSignatureValid, 'webhook-signature verifies with the standardwebhooks library')
  const body = JSON.parse(got!.body)
  t.same(Object.keys(body), ['id', 'event', 'verification_id', 'status', 'timestamp', 'decision'])
  t.match(body.id, /^evt_[0-9a-f-]{36}$/)
  t.equal(body.event, 'verification.completed')
  t.equal(body.verification_id, vid)
  t.equal(body.status, 'completed')
  t.match(body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  t.equal(body.decision, 'approved', 'the decision comes with the completion (every check passed)')
  t.equal(got!.headers['webhook-id'], body.id, 'webhook-id is the event id')
  const ts = Number(got!.headers['webhook-timestamp'])
  t.ok(ts >= before && ts <= Math.floor(Date.now() / 1000), 'webhook-timestamp is unix seconds of the attempt')

  const log = await until(() => deliveries(b, key), (l) => l[0]?.status === 'delivered')
  t.equal(log.length, 1)
  t.match(log[0], { verification_id: vid, event_type: 'verification.completed', webhook_url: receiver.url, status: 'delivered', status_code: 200, attempt: 1, max_attempts: 3, error: null, replay_of: null })
  t.ok(log[0]!.delivered_at, 'delivered_at set')
  t.same(specErrors('listWebhookDeliveries', 200, log), [])
  const v = await b.call('GET', `/verifications/${vid}`, { key })
  t.equal(v.json().status, 'completed')
  t.ok(v.json().completed_at)
  // Closed, the dispatcher has stopped claiming and drained what it had in flight: any duplicate
  // attempt has reached the receiver by now.
  await b.app.close()
  t.equal(receiver.received.length, 1, 'exactly once')
})

t.test('a failing receiver gets exactly four attempts with growing gaps', async (t) => {
  const b = await build(t, fast)
  const receiver = await startReceiver(t, SECRET)
  receiver.behave((_r, res) => res.writeHead(500).end('nope'))
  const { key } = await clientWithWebhook(b, 'retry-client', receiver.url)
  await completeVerification(b, key)
  // An attempt is recorded after its request, in one transaction with its retry: once no record is
  // pending, the schedule is over and every attempt it made has reached the receiver.
  const log = await until(() => deliveries(b, key), (l) => l.length >= 4 && l.every((d) => d.status !== 'pending'))
  const got = receiver.received
  t.equal(got.length, 4, 'first attempt plus three retries, no more')
  t.same(got.map((r) => r.headers['x-webhook-attempt']), ['1', '2', '3', '4'])
  t.equal(new Set(got.map((r) => r.headers['webhook-id'])).size, 1, 'one event id across retries')
  t.equal(new Set(got.map((r) => r.body)).size, 1, 'the same body bytes')
  const gaps = got.slice(1).map((r, i) => r.at - got[i]!.at)
  t.ok(gaps[0]! >= 90 && gaps[1]! >= 190 && gaps[2]! >= 290, `gaps follow the delays: ${gaps.join(', ')} ms`)
  t.ok(gaps[0]! < gaps[1]! && gaps[1]! < gaps[2]!, 'gaps grow')
  t.same(log.map((d) => d.attempt), [4, 3, 2, 1], 'newest first')
  for (const d of log) t.match(d, { status: 'failed', status_code: 500, error: 'unexpected_status', max_attempts: 3, delivered_at: null })
})

t.test('a receiver that hangs past WEBHOOK_TIMEOUT is a failed attempt', async (t) => {
  const b = await build(t, { ...fast, webhookTimeoutMs: 300, webhookRetryDelaysMs: [] })
  const receiver = await startReceiver(t, SECRET)
  receiver.behave(() => {}) // never answers
  const { key } = await clientWithWebhook(b, 'hang-client', receiver.url)
  await completeVerification(b, key)
  const log = await until(() => deliveries(b, key), (l) => l[0]?.status === 'failed')
  t.match(log[0], { status: 'failed', status_code: null, error: 'timeout', attempt: 1 })
})

t.test('redirects are never followed', async (t) => {
  const b = await build(t, { ...fast, webhookRetryDelaysMs: [] })
  const receiver = await startReceiver(t, SECRET)
  receiver.behave((r, res) => (r.path === '/hook' ? res.writeHead(307, { location: '/elsewhere' }).end() : res.writeHead(200).end()))
  const { key } = await clientWithWebhook(b, 'redirect-client', receiver.url)
  await completeVerification(b, key)
  const log = await until(() => deliveries(b, key), (l) => l[0]?.status === 'failed')
  t.match(log[0], { status_code: 307, error: 'unexpected_status' })
  t.same(receiver.received.map((r) => r.path), ['/hook'], 'the redirect target was not requested')
})

t.test('replay sends the original bytes, signed with the current secret, to the current URL', async (t) => {
  const b = await build(t, fast)
  const first = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'replay-client', first.url)
  await completeVerification(b, key)
  await first.waitFor(1)
  const [original] = await until(() => deliveries(b, key), (l) => l[0]?.status === 'delivered')

  const second = await startReceiver(t, 'a-brand-new-secret')
  t.equal((await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: second.url, webhook_secret: 'a-brand-new-secret' } })).statusCode, 200)
  const res = await b.call('POST', '/admin/webhooks/replay', { key, body: { delivery_id: original!.id } })
  t.equal(res.statusCode, 202)
  t.same(specErrors('replayWebhookDelivery', 202, res.json()), [])
  const newId = res.json().new_delivery_id
  t.match(newId, /^whd_/)
  const [replayed] = await second.waitFor(1)
  t.equal(replayed!.body, first.received[0]!.body, 'original payload bytes')
  t.equal(replayed!.headers['webhook-id'], first.received[0]!.headers['webhook-id'], 'same event id')
  t.ok(replayed!.xSignatureValid && replayed!.standardSignatureValid, 'signed with the current secret')
  t.equal(replayed!.headers['x-webhook-attempt'], '1')
  const log = await until(() => deliveries(b, key), (l) => l.find((d) => d.id === newId)?.status === 'delivered')
  t.match(log.find((d) => d.id === newId), { replay_of: original!.id, attempt: 1, webhook_url: second.url })
  t.equal(first.received.length, 1, 'the old URL got nothing more')

  t.equal((await b.call('POST', '/admin/webhooks/replay', { key, body: { delivery_id: 'whd_unknown' } })).statusCode, 404)
  const other = await b.createKey('other-client', 'service')
  const foreign = await b.call('POST', '/admin/webhooks/replay', { key: other.key, body: { delivery_id: original!.id } })
  t.equal(foreign.statusCode, 404, "another key's delivery is not found")
  t.same(await deliveries(b, other.key), [], 'the log is per key')
  t.equal((await b.call('POST', '/admin/webhooks/replay', { key, body: {} })).statusCode, 400)

  t.equal((await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: null } })).statusCode, 200)
  const noUrl = await b.call('POST', '/admin/webhooks/replay', { key, body: { delivery_id: original!.id } })
  t.equal(noUrl.statusCode, 409)
  t.equal(noUrl.json().error.code, 'conflict')
})

t.test('the delivery log keeps the last 50 attempts, newest first', async (t) => {
  const b = await build(t, { ...fast, webhookRetryDelaysMs: [] })
  const receiver = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'cap-client', receiver.url)
  await completeVerification(b, key)
  const [original] = await until(() => deliveries(b, key), (l) => l[0]?.status === 'delivered')
  const ids: string[] = [original!.id]
  for (let i = 0; i < 55; i++) {
    const res = await b.call('POST', '/admin/webhooks/replay', { key, body: { delivery_id: original!.id } })
    ids.push(res.json().new_delivery_id)
  }
  await receiver.waitFor(56)
  const log = await until(() => deliveries(b, key), (l) => l.every((d) => d.status === 'delivered'))
  t.equal(log.length, 50)
  t.same(log.map((d) => d.id), ids.slice(-50).reverse(), 'the newest 50, newest first')
})

t.test('SSRF: blocked addresses are refused before connecting', async (t) => {
  const b = await build(t, { ...fast, webhookAllowPrivateNetworks: false, webhookRetryDelaysMs: [] })
  const receiver = await startReceiver(t, SECRET)
  const targets = [
    receiver.url,
    `http://localhost:${receiver.port}/hook`, // a host name that resolves to loopback
    `http://[::1]:${receiver.port}/hook`,
    `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/hook',
    'http://192.168.1.10/hook',
    'http://[fd00::1]/hook',
  ]
  for (const [i, url] of targets.entries()) {
    const { key } = await clientWithWebhook(b, `ssrf-client-${i}`, url)
    await completeVerification(b, key)
    const log = await until(() => deliveries(b, key), (l) => l[0]?.status === 'failed')
    t.match(log[0], { status: 'failed', error: 'blocked_address', status_code: null }, url)
  }
  t.equal(receiver.received.length, 0, 'nothing reached the receiver')
})

t.test('an expired pending verification fails and its event is delivered', async (t) => {
  const b = await build(t, { ...fast, verificationTtlMs: 200, sweepIntervalMs: 100 })
  const receiver = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'expiry-client', receiver.url)
  const res = await b.call('POST', '/verifications', { key, body: { checks: ['document', 'liveness'] } })
  const vid = res.json().id
  const [got] = await receiver.waitFor(1)
  const body = JSON.parse(got!.body)
  t.match(body, { event: 'verification.failed', verification_id: vid, status: 'failed' })
  const v = await b.call('GET', `/verifications/${vid}`, { key })
  t.equal(v.json().status, 'failed')
  t.equal(v.json().completed_at, null)
  const log = await until(() => deliveries(b, key), (l) => l[0]?.status === 'delivered')
  t.equal(log[0]!.event_type, 'verification.failed')
})

t.test('end to end over HTTP: a document upload completes the session and the webhook arrives', async (t) => {
  const sharp = (await import('sharp')).default
  const { td3 } = await import('./helpers/mrz.js')
  const b = await build(t, fast)
  const receiver = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'e2e-client', receiver.url)
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json().id
  const photo = (await sharp({ create: { width: 400, height: 280, channels: 3, background: '#ddd' } }).jpeg().toBuffer()).toString('base64')
  const mrz = td3({ issuing: 'FRA', surname: 'MARTIN', given: 'CLAIRE', number: 'FR1234567', nationality: 'FRA', dob: '920704', sex: 'F', expiry: '330101' })
  const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body: { document_type: 'passport', front_image: photo, mrz: mrz.join('\n') } })
  t.equal(res.statusCode, 201)
  t.equal(res.json().verification_status, 'completed')
  const [got] = await receiver.waitFor(1)
  t.match(JSON.parse(got!.body), { event: 'verification.completed', verification_id: vid, status: 'completed' })
  t.ok(got!.xSignatureValid && got!.standardSignatureValid)
})
