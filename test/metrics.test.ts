// GET /metrics: Prometheus text for a scraper holding METRICS_TOKEN, with the figures an operator
// watches; without the setting there are no metrics, and API keys never open them.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { build } from './helpers/build.js'
import { startReceiver } from './helpers/receiver.js'
import { clientWithWebhook, completeVerification, SECRET, until } from './helpers/webhooks.js'

const TOKEN = 'metrics-token-0123456789'

/** The value of the sample `name{labels}` in a Prometheus text answer, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(\{[^}]*\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]))
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3])
  }
  return undefined
}

t.test('GET /metrics needs METRICS_TOKEN, and is not there without it', async (t) => {
  const off = await build(t)
  t.equal((await off.call('GET', '/metrics', { key: off.adminKey })).statusCode, 404, 'no setting: no metrics')
  const b = await build(t, { metricsToken: TOKEN })
  t.equal((await b.call('GET', '/metrics')).statusCode, 401, 'no token')
  t.equal((await b.call('GET', '/metrics', { key: b.adminKey })).statusCode, 401, 'an admin API key is not the token')
  t.equal((await b.call('GET', '/metrics', { key: `${TOKEN}x` })).statusCode, 401, 'a wrong token')
  const res = await b.call('GET', '/metrics', { key: TOKEN })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/)
})

t.test('requests, analysis, webhooks, verifications and the event loop are measured', async (t) => {
  const b = await build(t, { metricsToken: TOKEN, webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [] })
  const receiver = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'metrics-client', receiver.url)
  for (let i = 0; i < 3; i++) await b.call('GET', '/verifications', { key })
  await b.call('GET', '/verifications/vry_unknown', { key })
  await completeVerification(b, key)
  await receiver.waitFor(1)
  // One analysis: a photo without an MRZ, uploaded to a verification of its own.
  const v = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json() as { id: string }
  // A sharp, lit page without an MRZ: analysed, and its check fails for want of a zone.
  const photo = readFileSync(new URL('./fixtures/documents/no-mrz.jpg', import.meta.url))
  const upload = await b.call('POST', `/verifications/${v.id}/documents`, { key, body: { document_type: 'passport', front_image: photo.toString('base64') } })
  t.equal(upload.statusCode, 201)

  const text = await until(
    async () => (await b.call('GET', '/metrics', { key: TOKEN })).body,
    // Both finished verifications' events delivered.
    (body) => (sample(body, 'ivs_webhook_attempts_total', { outcome: 'delivered' }) ?? 0) >= 2,
  )
  const count = (route: string, status: string) => sample(text, 'ivs_http_request_duration_seconds_count', { method: 'GET', route, status_code: status })
  t.equal(count('/verifications', '200'), 3, 'requests by route and status')
  t.equal(count('/verifications/:id', '404'), 1)
  t.ok(sample(text, 'ivs_http_request_duration_seconds_bucket', { route: '/verifications', status_code: '200', le: '+Inf' }), 'with a latency histogram')
  t.equal(sample(text, 'ivs_analysis_task_duration_seconds_count', { task: 'document', outcome: 'ok' }), 1, 'analysis tasks by kind')
  t.equal(sample(text, 'ivs_analysis_tasks_pending'), 0, 'none waiting')
  t.equal(sample(text, 'ivs_webhook_attempts_total', { outcome: 'delivered' }), 2, 'webhook attempts by outcome')
  t.equal(sample(text, 'ivs_webhook_deliveries_pending'), 0, 'the backlog')
  t.equal(sample(text, 'ivs_verifications_finished_total', { status: 'completed' }), 2, 'finished verifications by status')
  t.equal(sample(text, 'ivs_checks_finished_total', { check: 'document', passed: 'true' }), 1, 'checks by outcome')
  t.equal(sample(text, 'ivs_checks_finished_total', { check: 'document', passed: 'false' }), 1)
  t.type(sample(text, 'nodejs_eventloop_lag_seconds'), 'number', 'event-loop delay')
  t.notMatch(text, key, 'no key in the metrics')
})
