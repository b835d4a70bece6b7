// Receivers verify deliveries with the Standard Webhooks libraries (standardwebhooks, svix) at their
// defaults: a whsec_ secret is base64-decoded, any other is taken as raw UTF-8 bytes. X-Signature is
// keyed with the secret exactly as given. A new secret leaves the old one signing for a day.
import { Webhook } from 'standardwebhooks'
import { Webhook as SvixWebhook } from 'svix'
import t from 'tap'
import { eq } from 'drizzle-orm'
import { apiKeys } from '../src/db/schema.js'
import { build } from './helpers/build.js'
import { startReceiver, verifies } from './helpers/receiver.js'
import { clientWithWebhook, completeVerification, SECRET } from './helpers/webhooks.js'

const fast = { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [] }
const headersOf = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => typeof e[1] === 'string'))

t.test('receivers verify with the standardwebhooks and svix libraries at their defaults', async (t) => {
  const b = await build(t, fast)
  const forms = { ascii: 'a-long-random-secret', 'non-ASCII': 'clé-secrète-✓', whsec: SECRET }
  for (const [form, secret] of Object.entries(forms)) {
    const receiver = await startReceiver(t, secret)
    const { key } = await clientWithWebhook(b, `form-${form}`, receiver.url, secret)
    await completeVerification(b, key)
    const [got] = await receiver.waitFor(1)
    t.ok(got!.standardSignatureValid, `${form}: webhook-signature verifies with both libraries`)
    t.ok(got!.xSignatureValid, `${form}: X-Signature verifies, keyed with the secret as given`)
    if (form !== 'whsec') continue
    const headers = headersOf(got!.headers)
    t.doesNotThrow(() => new Webhook(secret).verify(got!.body, headers), 'new Webhook(secret).verify, the library as documented')
    t.doesNotThrow(() => new SvixWebhook(secret).verify(got!.body, headers), 'and svix')
    t.throws(() => new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).verify(got!.body, headers), 'the whole string as a raw key does not verify')
    t.notOk(verifies(secret, got!.body.replace('completed', 'failed'), got!.headers), 'a tampered body does not verify')
    t.notOk(verifies(secret, got!.body, { ...got!.headers, 'webhook-id': 'evt_other' }), 'another webhook-id does not verify')
    t.notOk(verifies('whsec_' + Buffer.from('another key of ours').toString('base64'), got!.body, got!.headers), 'a wrong secret does not verify')
  }
})

t.test('the service generates a whsec_ secret on request, shown once', async (t) => {
  const b = await build(t, fast)
  const { key } = await b.createKey('generated', 'service')
  const receiver = await startReceiver(t, '')
  const res = await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: receiver.url, generate_secret: true } })
  t.equal(res.statusCode, 200)
  const secret = (res.json() as { webhook_secret: string }).webhook_secret
  t.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'whsec_ and 32 bytes in base64')
  t.equal(Buffer.from(secret.slice(6), 'base64').length, 32)
  t.same((await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: receiver.url } })).json(), { status: 'ok' }, 'never shown again')
  receiver.secret = secret
  await completeVerification(b, key)
  const [got] = await receiver.waitFor(1)
  t.ok(got!.standardSignatureValid && got!.xSignatureValid, 'deliveries are signed with it')

  const both = await b.call('PATCH', '/admin/webhook', { key, body: { webhook_secret: 'mine', generate_secret: true } })
  t.equal(both.statusCode, 400, 'a secret and generate_secret together')
  // A secret not of the form whsec_<base64> is "any other secret" (decisions §9), whatever it begins
  // with: it keys webhook-signature with its UTF-8 bytes, the libraries' raw form.
  const odd = 'whsec_not base64!'
  t.equal((await b.call('PATCH', '/admin/webhook', { key, body: { webhook_secret: odd } })).statusCode, 200, `${odd} is accepted`)
  await completeVerification(b, key)
  const [, next] = await receiver.waitFor(2)
  const raw = (lib: typeof Webhook | typeof SvixWebhook) => new lib(Buffer.from(odd, 'utf8'), { format: 'raw' }).verify(next!.body, headersOf(next!.headers))
  t.doesNotThrow(() => raw(Webhook), 'standardwebhooks verifies it as raw bytes')
  t.doesNotThrow(() => raw(SvixWebhook), 'and svix')
})

t.test('a replaced secret keeps signing beside the new one for 24 hours', async (t) => {
  const b = await build(t, fast)
  const receiver = await startReceiver(t, SECRET)
  const { id, key } = await clientWithWebhook(b, 'rotating', receiver.url, SECRET)
  const next = 'whsec_' + Buffer.from('the next secret, 32 bytes long!!').toString('base64')
  t.equal((await b.call('PATCH', '/admin/webhook', { key, body: { webhook_secret: next } })).statusCode, 200)
  await completeVerification(b, key)
  const [during] = await receiver.waitFor(1)
  t.equal(String(during!.headers['webhook-signature']).split(' ').length, 2, 'two signatures, space-separated')
  t.ok(verifies(SECRET, during!.body, during!.headers), 'a receiver still holding the old secret verifies')
  t.ok(verifies(next, during!.body, during!.headers), 'and one holding the new secret')
  receiver.secret = next
  t.ok(receiver.received.length === 1, 'one delivery so far')

  // A day later (the grace is moved into the past), only the new secret signs.
  await b.app.db.update(apiKeys).set({ previousWebhookSecretUntil: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, id))
  await completeVerification(b, key)
  const [, after] = await receiver.waitFor(2)
  t.equal(String(after!.headers['webhook-signature']).split(' ').length, 1, 'one signature once the grace is over')
  t.ok(verifies(next, after!.body, after!.headers))
  t.notOk(verifies(SECRET, after!.body, after!.headers), 'the old secret no longer verifies')
  t.ok(after!.xSignatureValid, 'X-Signature is keyed with the current secret')
})
