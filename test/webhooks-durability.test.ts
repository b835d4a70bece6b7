// At-least-once across a crash, and exactly-once sharing between two instances on one database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import t from 'tap'
import app, { serverOptions } from '../src/app.js'
import { build } from './helpers/build.js'
import { serverUrl } from './helpers/database.js'
import { startReceiver } from './helpers/receiver.js'
import { startServer } from './helpers/server-process.js'
import { clientWithWebhook, completeVerification, SECRET, until } from './helpers/webhooks.js'

t.test('SIGKILL while deliveries are pending loses no event', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ivs-crash-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const embedded = serverUrl() === null
  // Enough retries that no event runs out of them while the first phase writes the others, however
  // slow the machine: an event that ran out would be failed for good, never sent after the restart.
  const retries = Array.from({ length: 10 }, () => 3000)
  const b = await build(t, {
    ...(embedded ? { databaseUrl: null, dataDir } : {}),
    webhookAllowPrivateNetworks: true,
    webhookRetryDelaysMs: retries,
    webhookTimeoutMs: 2000,
  })
  const receiver = await startReceiver(t, SECRET)
  // While the events are written the receiver drops every connection: attempts fail, retries wait.
  receiver.behave((_r, res) => res.socket?.destroy())
  const { key } = await clientWithWebhook(b, 'crash-client', receiver.url)
  const N = 30
  const vids = new Set<string>()
  for (let i = 0; i < N; i++) vids.add(await completeVerification(b, key))
  await receiver.waitFor(N)
  await b.app.close()

  // Now the receiver answers slowly, so attempts are in flight when the process is killed.
  receiver.behave((_r, res) => setTimeout(() => res.writeHead(200).end('ok'), 300))
  const env = {
    ...(embedded ? { DATA_DIR: dataDir } : { DATABASE_URL: b.config.databaseUrl! }),
    ADMIN_API_KEY: b.adminKey,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_DELAYS: retries.map((ms) => ms / 1000).join(','),
    WEBHOOK_TIMEOUT: '2s',
    // The secret was sealed by this test's own instance.
    MEDIA_ENCRYPTION_KEY: b.config.mediaEncryptionKey!.toString('hex'),
  }
  const before = receiver.received.length
  const first = await startServer(t, env)
  await until(async () => receiver.received.length, (n) => n >= before + 5, 20_000)
  const killed = await first.stop('SIGKILL')
  t.equal(killed.signal, 'SIGKILL')

  const second = await startServer(t, env)
  const delivered = (): Set<string> =>
    new Set(receiver.received.slice(before).map((r) => JSON.parse(r.body).verification_id as string))
  await until(async () => delivered().size, (n) => n === N, 40_000)
  t.same([...delivered()].sort(), [...vids].sort(), 'every event arrived after the restart')
  t.ok(receiver.received.every((r) => r.standardSignatureValid), 'every attempt verifies with the standardwebhooks library')
  const stopped = await second.stop('SIGTERM')
  t.equal(stopped.code, 0, 'graceful stop')
})

t.test('two instances on one PostgreSQL deliver 200 events exactly once each', { skip: serverUrl() ? false : 'needs DATABASE_URL (a PostgreSQL server)' }, async (t) => {
  const fast = { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [100, 200, 300], webhookTimeoutMs: 5000 }
  const b = await build(t, fast)
  const other = Fastify(serverOptions(b.config))
  await other.register(app, { config: b.config })
  await other.ready()
  const receiver = await startReceiver(t, SECRET)
  const { key } = await clientWithWebhook(b, 'pair-client', receiver.url)
  const principals = [await b.app.apiKeysService.authenticate(key), await other.apiKeysService.authenticate(key)]
  const services = [b.app.verificationsService, other.verificationsService]
  const N = 200
  for (let i = 0; i < N; i++) {
    const res = await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })
    await services[i % 2]!.recordResults(principals[i % 2]!, res.json().id, {
      document: {
        passed: true,
        reasons: [],
        document_id: 'doc_00000000-0000-4000-8000-000000000001',
        completed_at: new Date().toISOString(),
        details: { document_type: 'passport', mrz: null, expired: false },
      },
    })
  }
  const eventIds = () => new Set(receiver.received.map((r) => r.headers['webhook-id']))
  await until(async () => eventIds().size, (n) => n === N, 30_000)
  // Closed, neither instance claims any more and each has drained what it had in flight: a
  // duplicate sent by either has reached the receiver by now.
  await Promise.all([other.close(), b.app.close()])
  t.equal(receiver.received.length, N, 'no duplicates')
  t.equal(eventIds().size, N, 'every event once')
  t.ok(receiver.received.every((r) => r.standardSignatureValid), 'every delivery verifies with the standardwebhooks library')
})

t.test("a receiver that hangs holds a share of the attempts, never another client's", async (t) => {
  // One client's receiver answers nothing (until the test lets it) with 20 events queued; another
  // client's event still goes out while those attempts are open.
  const b = await build(t, { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [], webhookTimeoutMs: 20_000 })
  const held: Array<() => void> = []
  const hanging = await startReceiver(t, SECRET)
  hanging.behave((_req, res) => held.push(() => res.writeHead(200).end()))
  t.teardown(() => held.forEach((answer) => answer()))
  const other = await startReceiver(t, SECRET)
  const a = await clientWithWebhook(b, 'hanging-client', hanging.url)
  const c = await clientWithWebhook(b, 'other-client', other.url)
  for (let i = 0; i < 20; i++) await completeVerification(b, a.key)
  await hanging.waitFor(4)
  await completeVerification(b, c.key)
  await other.waitFor(1, 8_000)
  t.equal(hanging.received.length, 4, 'the hanging receiver holds 4 of the 16 attempts at once')
  t.equal(held.length, 4, 'none of them answered yet')
  // Answered, its next attempts go out.
  held.splice(0).forEach((answer) => answer())
  await hanging.waitFor(8)
})
