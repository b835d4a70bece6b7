// Receivers verify deliveries with the standardwebhooks library, as openapi.yaml tells them to: the
// secret's UTF-8 bytes are the key, whatever its form. A file of its own keeps webhooks.test.ts
// inside tap's per-file time-out on a loaded machine.
import { Webhook } from 'standardwebhooks'
import t from 'tap'
import { build } from './helpers/build.js'
import { standardVerifier, startReceiver, verifies } from './helpers/receiver.js'
import { clientWithWebhook, completeVerification, SECRET } from './helpers/webhooks.js'

t.test("receivers verify with the standardwebhooks library, keyed with the secret's UTF-8 bytes", async (t) => {
  const b = await build(t, { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [] })
  const forms = { ascii: 'a-long-random-secret', 'non-ASCII': 'clé-secrète-✓', whsec: SECRET }
  for (const [form, secret] of Object.entries(forms)) {
    const receiver = await startReceiver(t, secret)
    const { key } = await clientWithWebhook(b, `form-${form}`, receiver.url, secret)
    await completeVerification(b, key)
    const [got] = await receiver.waitFor(1)
    t.ok(got!.standardSignatureValid, `${form}: webhook-signature verifies in the raw format`)
    t.ok(got!.xSignatureValid, `${form}: X-Signature verifies`)
    if (form !== 'whsec') continue
    // openapi.yaml promises the stored bytes are the key, prefix and all; a receiver using the
    // library's default format (base64 after whsec_) is refused, and this says so if that changes.
    t.notOk(verifies(new Webhook(secret), got!.body, got!.headers), 'whsec_: not base64-decoded, as documented')
    const verifier = standardVerifier(secret)
    t.notOk(verifies(verifier, got!.body.replace('completed', 'failed'), got!.headers), 'a tampered body does not verify')
    t.notOk(verifies(verifier, got!.body, { ...got!.headers, 'webhook-id': 'evt_other' }), 'another webhook-id does not verify')
    t.notOk(verifies(standardVerifier(`${secret}x`), got!.body, got!.headers), 'a wrong secret does not verify')
  }
})
