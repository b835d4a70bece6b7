// Which key's webhook gets a verification's events once the key that created it is revoked, and the
// webhook secrets at rest: sealed, also those an earlier version stored in clear.
import Fastify from 'fastify'
import { eq, sql } from 'drizzle-orm'
import t from 'tap'
import app, { serverOptions } from '../src/app.js'
import { apiKeys, webhookDeliveries } from '../src/db/schema.js'
import { build } from './helpers/build.js'
import { startReceiver } from './helpers/receiver.js'
import { clientWithWebhook, completeVerification, deliveries, documentResult, SECRET, until } from './helpers/webhooks.js'

const fast = { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [] }

t.test("after the creating key is revoked, events go to the client's newest active key with a webhook", async (t) => {
  const b = await build(t, fast)
  const old = await startReceiver(t, SECRET)
  const creator = await clientWithWebhook(b, 'rotating-client', old.url)
  const created = await b.call('POST', '/verifications', { key: creator.key, body: { checks: ['document'] } })
  const vid = (created.json() as { id: string }).id
  const fresh = await startReceiver(t, SECRET)
  const older = await clientWithWebhook(b, 'rotating-client', fresh.url)
  const newest = await clientWithWebhook(b, 'rotating-client', fresh.url)
  await b.createKey('rotating-client', 'service') // newer still, but without a webhook
  t.equal((await b.call('DELETE', `/admin/keys/${creator.id}`, { key: b.adminKey })).statusCode, 200)

  // Another key of the client finishes the verification.
  const principal = await b.app.apiKeysService.authenticate(older.key)
  await b.app.verificationsService.recordResults(principal!, vid, { document: documentResult(true) })
  const [got] = await fresh.waitFor(1)
  t.match(JSON.parse(got!.body), { event: 'verification.completed', verification_id: vid })
  t.ok(got!.standardSignatureValid, "signed with the receiving key's secret")
  t.equal(old.received.length, 0, "nothing went to the revoked key's URL")
  const log = await until(() => deliveries(b, newest.key), (l) => l[0]?.status === 'delivered')
  t.match(log, [{ verification_id: vid, webhook_url: fresh.url }], "the record is in the newest key's log")
  t.same(await deliveries(b, older.key), [], "not in the other key's")
  const replay = await b.call('POST', '/admin/webhooks/replay', { key: newest.key, body: { delivery_id: log[0]!.id } })
  t.equal(replay.statusCode, 202, 'and that key can replay it')
  await fresh.waitFor(2)
})

t.test('a pending attempt of a key revoked before it is sent moves to the successor', async (t) => {
  const b = await build(t, { ...fast, webhookRetryDelaysMs: [2000] })
  const down = await startReceiver(t, SECRET)
  down.behave((_r, res) => res.writeHead(503).end())
  const creator = await clientWithWebhook(b, 'moving-client', down.url)
  await completeVerification(b, creator.key)
  await until(() => deliveries(b, creator.key), (l) => l.some((d) => d.status === 'failed'))
  const up = await startReceiver(t, SECRET)
  const successor = await clientWithWebhook(b, 'moving-client', up.url)
  t.equal((await b.call('DELETE', `/admin/keys/${creator.id}`, { key: b.adminKey })).statusCode, 200)
  const [got] = await up.waitFor(1)
  t.equal(got!.headers['x-webhook-attempt'], '2', 'the retry went to the successor')
  await until(() => deliveries(b, successor.key), (l) => l[0]?.status === 'delivered')
})

t.test('with no active key of the client having a webhook, the event is kept and ends webhook_disabled', async (t) => {
  const b = await build(t, fast)
  const receiver = await startReceiver(t, SECRET)
  const creator = await clientWithWebhook(b, 'lonely-client', receiver.url)
  const vid = (await b.call('POST', '/verifications', { key: creator.key, body: { checks: ['document'] } })).json().id as string
  const other = await b.createKey('lonely-client', 'service')
  t.equal((await b.call('DELETE', `/admin/keys/${creator.id}`, { key: b.adminKey })).statusCode, 200)
  const principal = await b.app.apiKeysService.authenticate(other.key)
  await b.app.verificationsService.recordResults(principal!, vid, { document: documentResult(true) })
  const rows = await b.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.verificationId, vid))
  t.match(rows, [{ status: 'failed', error: 'webhook_disabled', keyId: creator.id }])
  t.equal(receiver.received.length, 0)
})

t.test('webhook secrets are sealed at rest, those stored in clear by an earlier version too', async (t) => {
  const b = await build(t, fast)
  const receiver = await startReceiver(t, 'legacy-clear-secret')
  const { id, key } = await clientWithWebhook(b, 'sealed-client', receiver.url, SECRET)
  const dump = async () => (await b.app.db.execute(sql`select api_keys::text as row from api_keys`)) as unknown
  const text = (rows: unknown) => JSON.stringify(rows)
  t.notMatch(text(await dump()), SECRET.slice(6), 'no row of api_keys holds the secret')
  t.notMatch(text(await dump()), Buffer.from(SECRET).toString('hex'), 'not even as bytes')

  // As a database written before migration 0009 holds it: in clear, in webhook_secret. The service
  // starts again on it (the same database, as after an upgrade).
  await b.app.db.update(apiKeys).set({ webhookSecret: 'legacy-clear-secret', webhookSecretSealed: null }).where(eq(apiKeys.id, id))
  await b.app.close()
  const next = Fastify(serverOptions(b.config))
  await next.register(app, { config: b.config })
  await next.ready()
  t.teardown(() => next.close())
  const [row] = await next.db.select().from(apiKeys).where(eq(apiKeys.id, id))
  t.equal(row!.webhookSecret, null, 'emptied at start')
  t.ok(row!.webhookSecretSealed, 'and sealed')
  t.notMatch(text(await next.db.execute(sql`select api_keys::text as row from api_keys`)), 'legacy-clear-secret')
  const created = await next.inject({ method: 'POST', url: '/verifications', headers: { authorization: `Bearer ${key}` }, payload: { checks: ['document'] } })
  const principal = await next.apiKeysService.authenticate(key)
  await next.verificationsService.recordResults(principal!, (created.json() as { id: string }).id, { document: documentResult(true) })
  const [got] = await receiver.waitFor(1)
  t.ok(got!.standardSignatureValid && got!.xSignatureValid, 'deliveries are signed with the sealed secret')
})
