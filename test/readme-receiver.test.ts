// The receiver the README shows, run as it is written: it accepts a real delivery signed with a
// generated secret, and answers 401 (never 500) to a forged, headerless or stale request.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { Webhook } from 'standardwebhooks'
import { readmeBlock, root } from './helpers/readme.js'
import { build } from './helpers/build.js'
import { freePort } from './helpers/free-port.js'
import { completeVerification, until } from './helpers/webhooks.js'


t.test("the README's receiver verifies real deliveries and refuses forged ones with 401", async (t) => {
  const b = await build(t, { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [] })
  const { key } = await b.createKey('readme-client', 'service')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const configured = await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: url, generate_secret: true } })
  const secret = (configured.json() as { webhook_secret: string }).webhook_secret

  // Beside the repository's node_modules, as an integrator's project would have the library.
  const dir = mkdtempSync(path.join(tmpdir(), 'ivs-readme-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  writeFileSync(path.join(dir, 'receiver.mjs'), readmeBlock('A receiver checks a delivery', 'js'))
  const child = spawn(process.execPath, ['receiver.mjs'], { cwd: dir, env: { PATH: process.env.PATH ?? '', WEBHOOK_SECRET: secret, PORT: String(port) } })
  t.teardown(() => child.kill())
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d))
  child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d))
  await until(() => fetch(url, { method: 'POST' }).then((r) => r.status, () => 0), (s) => s !== 0, 10_000)

  const vid = await completeVerification(b, key)
  await until(async () => output, (o) => o.includes(vid), 15_000)
  t.match(output, new RegExp(`^evt_\\S+ verification\\.completed ${vid} completed$`, 'm'), 'the delivery was verified and read')

  const body = JSON.stringify({ id: 'evt_forged', event: 'verification.completed', verification_id: 'vry_forged', status: 'completed' })
  const now = Math.floor(Date.now() / 1000)
  const signed = (secretUsed: string, at: number) => {
    const signature = new Webhook(secretUsed).sign('evt_forged', new Date(at * 1000), body)
    return { 'webhook-id': 'evt_forged', 'webhook-timestamp': String(at), 'webhook-signature': signature }
  }
  const attempts: Array<[string, Record<string, string>]> = [
    ['no signature headers', {}],
    ['signed with another secret', signed('whsec_' + Buffer.from('not the receiver secret').toString('base64'), now)],
    ['signed with the secret an hour ago', signed(secret, now - 3600)],
    ['a garbage signature', { 'webhook-id': 'evt_forged', 'webhook-timestamp': String(now), 'webhook-signature': 'v1,garbage' }],
  ]
  for (const [label, headers] of attempts) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    t.equal(res.status, 401, `${label}: 401`)
  }
  t.notMatch(output, 'vry_forged', 'no forged event was acted on')
})
