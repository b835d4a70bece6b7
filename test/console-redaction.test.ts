// Erasing a verification's personal data from the console (POST /admin/console/verifications/{id}/redact):
// the same erasure, events and audit entry as the API's redaction, behind a confirmation, the page's
// CSRF token and the redact permission. In a real browser: test/console-browser.test.ts.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { build } from './helpers/build.js'
import { csrfOf, get, post, signIn } from './helpers/console.js'
import { startReceiver } from './helpers/receiver.js'
import { create } from './helpers/verifications.js'
import { clientWithWebhook, deliveries, SECRET, until } from './helpers/webhooks.js'

const NO_MRZ = readFileSync(new URL('./fixtures/documents/no-mrz.jpg', import.meta.url))

t.test('an admin erases a verification from its page, once confirmed', async (t) => {
  const receiver = await startReceiver(t, SECRET)
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const acme = await clientWithWebhook(b, 'acme', receiver.url)
  const v = await create(b, acme.key, { checks: ['document'], client_reference: 'erase-me', applicant: { first_name: 'Ana', last_name: 'Popescu' }, metadata: { crm: 'c-1' } })
  const upload = await b.call('POST', `/verifications/${v.id}/documents`, { key: acme.key, body: { document_type: 'passport', front_image: NO_MRZ.toString('base64') } })
  t.equal(upload.statusCode, 201)
  const uploadId = upload.json().document_id as string
  const cookie = await signIn(b, b.adminKey)
  const url = `/admin/console/verifications/${v.id}/redact`

  const before = (await get(b, cookie, `/admin/console/verifications/${v.id}`)).body
  t.match(before, /Popescu/, 'the declared applicant on the page')
  t.match(before, new RegExp(`<form class="redact" method="post" action="${url}">`), 'the form on the page')
  t.match(before, /<input type="checkbox" name="confirm" value="erase" required>/, 'with its confirmation')
  const csrf = csrfOf(before)
  t.equal((await post(b, cookie, url, { confirm: 'erase' })).statusCode, 403, 'no token')
  const unconfirmed = await post(b, cookie, url, { csrf })
  t.equal(unconfirmed.statusCode, 400, 'not confirmed')
  t.match(unconfirmed.body, /confirm/)
  t.equal((await post(b, cookie, url, { confirm: 'yes', csrf })).statusCode, 400, 'confirmed otherwise')
  t.match((await b.call('GET', `/verifications/${v.id}`, { key: acme.key })).json(), { redacted_at: null, metadata: { crm: 'c-1' } }, 'nothing erased yet')

  const done = await post(b, cookie, url, { confirm: 'erase', csrf })
  t.equal(done.statusCode, 303)
  t.equal(done.headers.location, `/admin/console/verifications/${v.id}`)
  const erased = (await b.call('GET', `/verifications/${v.id}`, { key: acme.key })).json()
  t.type(erased.redacted_at, 'string', 'redacted')
  t.equal(erased.metadata, null, 'the metadata erased')
  t.equal(erased.decision, 'review', 'the outcome kept')
  const audit = (await b.call('GET', '/admin/audit-events', { key: b.adminKey, query: { action: 'verification.redacted' } })).json()
  t.match(audit, [{ target_id: v.id, actor_role: 'admin' }], 'one audit entry, by the admin')
  await until(() => deliveries(b, acme.key), (ds) => ds.some((d) => d.event_type === 'verification.redacted' && d.status === 'delivered'))
  t.ok(receiver.received.some((r) => r.body.includes('"verification.redacted"') && r.standardSignatureValid), 'the signed verification.redacted event')

  const after = await get(b, cookie, `/admin/console/verifications/${v.id}`)
  t.match(after.body, /<dt>Redacted<\/dt>/, 'the page says it was redacted')
  t.notMatch(after.body, /Popescu/, 'and no longer shows the applicant')
  t.notMatch(after.body, /class="redact"/, 'nor the form any more')
  t.match(after.body, /Erased when the verification was redacted; its results stay/, 'the image erased, and said so')
  t.equal((await get(b, cookie, `/admin/console/verifications/${v.id}/images/${uploadId}/front`)).statusCode, 404, 'the image is gone')
  t.equal((await post(b, cookie, url, { confirm: 'erase', csrf })).statusCode, 303, 'sent again: nothing to do')
  t.equal((await b.call('GET', '/admin/audit-events', { key: b.adminKey, query: { action: 'verification.redacted' } })).json().length, 1, 'and nothing recorded twice')
})

t.test('a pending verification ends failed; an auditor has no form and is refused', async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const auditor = await b.createKey('audit-firm', 'auditor')
  const v = await create(b, acme.key, { checks: ['document'] })
  const cookie = await signIn(b, b.adminKey)
  const page = (await get(b, cookie, `/admin/console/verifications/${v.id}`)).body
  t.match(page, /still pending: it ends as failed/, 'the page says what happens to a pending verification')

  const watcher = await signIn(b, auditor.key)
  const auditorPage = (await get(b, watcher, `/admin/console/verifications/${v.id}`)).body
  t.notMatch(auditorPage, /class="redact"/, 'no form for an auditor')
  const refused = await post(b, watcher, `/admin/console/verifications/${v.id}/redact`, { confirm: 'erase', csrf: csrfOf(auditorPage) })
  t.equal(refused.statusCode, 403)
  t.match(refused.body, /auditor requires verifications:redact/)

  t.equal((await post(b, cookie, `/admin/console/verifications/${v.id}/redact`, { confirm: 'erase', csrf: csrfOf(page) })).statusCode, 303)
  t.match((await b.call('GET', `/verifications/${v.id}`, { key: acme.key })).json(), { status: 'failed', decision: 'declined', decision_reasons: ['verification_redacted'] })
  const missing = await post(b, cookie, '/admin/console/verifications/vry_00000000-0000-4000-8000-000000000000/redact', { confirm: 'erase', csrf: csrfOf(page) })
  t.equal(missing.statusCode, 404)
  t.match(missing.body, /<h1>Not found<\/h1>/)
})
