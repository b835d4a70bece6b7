// The operator console's pages through app.inject: GET /admin's filters and pages, a verification's
// page, an image shown only on request and each view audited, the review, keys and replay forms with
// their permission and CSRF checks, the webhooks and audit pages. In a real browser:
// test/console-browser.test.ts.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { operations } from '../generated/schemas.js'
import { build, type Built } from './helpers/build.js'
import { csrfOf, FORM, get, HTML, post, signIn } from './helpers/console.js'
import { startReceiver } from './helpers/receiver.js'
import { create } from './helpers/verifications.js'
import { clientWithWebhook, deliveries, documentResult, SECRET, until } from './helpers/webhooks.js'

const NO_MRZ = readFileSync(new URL('./fixtures/documents/no-mrz.jpg', import.meta.url))

/** The verification ids the list shows, in order. */
const listed = (body: string) => [...body.matchAll(/href="\/admin\/console\/verifications\/(vry_[^"]+)"/g)].map((m) => m[1])

async function finished(b: Built, key: string, reference: string, passed: boolean | 'review') {
  const v = await create(b, key, { checks: ['document'], client_reference: reference })
  const principal = await b.app.apiKeysService.authenticate(key)
  const result = passed === 'review' ? { ...documentResult(false), reasons: ['mrz_not_found'] } : documentResult(passed)
  await b.app.verificationsService.recordResults(principal!, v.id, { document: result as never })
  return v.id
}

t.test('GET /admin filters by status, decision, check outcome, client, day, id or reference, and pages', async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const globex = await b.createKey('globex', 'service')
  const approved = await finished(b, acme.key, 'acme-ok', true)
  const declined = await finished(b, acme.key, 'acme-bad', false)
  const review = await finished(b, globex.key, 'globex-review', 'review')
  const pending = (await create(b, globex.key, { checks: ['document', 'liveness'], client_reference: 'globex-pending' })).id
  const cookie = await signIn(b, b.adminKey)

  const cases: Array<[string, string[]]> = [
    ['', [pending, review, declined, approved]],
    ['?decision=review', [review]],
    ['?status=pending', [pending]],
    ['?check=document&outcome=failed', [review, declined]],
    ['?check=document&outcome=passed', [approved]],
    ['?check=document&outcome=pending', [pending]],
    ['?check=liveness', []],
    ['?client=acme', [declined, approved]],
    ['?q=globex-review', [review]],
    [`?q=${approved}`, [approved]],
    [`?from=${new Date().toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`, [pending, review, declined, approved]],
    ['?to=2020-01-01', []],
    ['?status=&decision=&q=&client=', [pending, review, declined, approved]],
  ]
  for (const [query, ids] of cases) {
    const res = await get(b, cookie, `/admin${query}`)
    t.equal(res.statusCode, 200, query)
    t.same(listed(res.body), ids, `${query || 'no filter'}: ${ids.length} listed`)
  }
  const bad = await get(b, cookie, '/admin?status=done')
  t.equal(bad.statusCode, 400)
  t.match(bad.headers['content-type'], /text\/html/)
  t.match(bad.body, /role="alert">invalid querystring: \/querystring\/status must be one of: pending, /, 'the problem as the API states it')
  t.equal((await b.call('GET', '/admin', { key: b.adminKey, query: { status: 'done' } })).json().error.code, 'validation_error', 'JSON for API clients')
  // Days the database's timestamps cannot hold (year 0, the day after 9999-12-31): a 400, never a 500.
  for (const query of ['?to=0000-01-01', '?from=0000-01-01', '?to=9999-12-31', '?from=1969-12-31']) {
    const res = await get(b, cookie, `/admin${query}`)
    t.equal(res.statusCode, 400, query)
    t.match(res.body, /role="alert">invalid querystring/)
  }

  const service = await b.call('GET', '/admin', { key: acme.key })
  t.equal(service.statusCode, 403, 'the console is for admin and auditor keys')

  for (let i = 0; i < 24; i++) await create(b, acme.key, { checks: ['document'], client_reference: `bulk-${i}` })
  const first = await get(b, cookie, '/admin?client=acme')
  t.equal(listed(first.body).length, 25)
  t.match(first.body, /Page 1 of 2/)
  t.match(first.body, /href="\/admin\?client=acme&amp;page=2" rel="next"/)
  const second = await get(b, cookie, '/admin?client=acme&page=2')
  t.same(listed(second.body), [approved], 'the oldest on the second page')
  t.match(second.body, /rel="prev"/)
})

t.test("a verification's page: checks, holder data, timeline; images only on request, each view audited", async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const auditor = await b.createKey('audit-firm', 'auditor')
  const v = await create(b, acme.key, { checks: ['document'], client_reference: 'needs-a-look', applicant: { first_name: 'Ana', last_name: 'Popescu', date_of_birth: '1990-04-12' } })
  const upload = await b.call('POST', `/verifications/${v.id}/documents`, { key: acme.key, body: { document_type: 'passport', front_image: NO_MRZ.toString('base64') } })
  t.equal(upload.statusCode, 201, 'a sharp document without an MRZ finishes the check')
  const uploadId = upload.json().document_id as string
  const cookie = await signIn(b, b.adminKey)

  const res = await get(b, cookie, `/admin/console/verifications/${v.id}`)
  t.equal(res.statusCode, 200)
  t.match(res.body, /<th scope="row">document<\/th>\s*<td class="failed">failed<\/td>\s*<td>mrz_not_found<\/td>/, 'the check, its outcome and reason')
  t.match(res.body, /id="decision" class="decision review">review/)
  t.match(res.body, /Popescu/, 'the declared applicant')
  t.match(res.body, /<form class="review" method="post" action="\/admin\/console\/verifications\/vry_/, 'the review form for an admin')
  t.notMatch(res.body, /<img /, 'no image before a click')
  t.match(res.body, new RegExp(`href="/admin/console/verifications/${v.id}\\?show=${uploadId}.front#images"`))
  t.match(res.body, /id="timeline"/)
  t.match(res.body, /Check document failed/)
  t.same((await b.call('GET', '/admin/audit-events', { key: b.adminKey, query: { action: 'verification.image_viewed' } })).json(), [], 'a page view is not an image view')

  const shown = await get(b, cookie, `/admin/console/verifications/${v.id}?show=${uploadId}.front`)
  const src = /<img src="([^"]+)"/.exec(shown.body)?.[1]
  t.equal(src, `/admin/console/verifications/${v.id}/images/${uploadId}/front`)
  const image = await get(b, cookie, src!)
  t.equal(image.statusCode, 200)
  t.equal(image.headers['content-type'], 'image/jpeg')
  t.equal(image.headers['cache-control'], 'no-store')
  t.ok(image.rawPayload.equals(NO_MRZ), 'the uploaded bytes')
  const viewed = (await b.call('GET', '/admin/audit-events', { key: b.adminKey, query: { action: 'verification.image_viewed' } })).json()
  t.match(viewed, [{ target_id: v.id, actor_role: 'admin', details: { upload_id: uploadId, kind: 'document', side: 'front' } }])
  t.equal((await get(b, cookie, `/admin/console/verifications/${v.id}/images/${uploadId}/back`)).statusCode, 404, 'no back side')
  t.equal((await b.call('GET', `/admin/console/verifications/${v.id}/images/${uploadId}/front`, { key: acme.key })).statusCode, 403, 'not for a service key')
  t.match((await get(b, cookie, `/admin/console/verifications/${v.id}`)).body, /verification.image_viewed/, 'the view is on the timeline')

  const asAuditor = await signIn(b, auditor.key)
  const auditorPage = await get(b, asAuditor, `/admin/console/verifications/${v.id}`)
  t.equal(auditorPage.statusCode, 200, 'an auditor sees the page')
  t.notMatch(auditorPage.body, /class="review"/, 'without the review form')
  t.equal((await get(b, asAuditor, `/admin/console/verifications/${v.id}/images/${uploadId}/front`)).statusCode, 200, 'and may see the images')
  const refused = await post(b, asAuditor, `/admin/console/verifications/${v.id}/review`, { decision: 'approved', reason: 'ok', csrf: csrfOf(auditorPage.body) })
  t.equal(refused.statusCode, 403)
  t.match(refused.body, /auditor requires verifications:review/)

  const missing = await get(b, cookie, '/admin/console/verifications/vry_00000000-0000-4000-8000-000000000000')
  t.equal(missing.statusCode, 404)
  t.match(missing.body, /<h1>Not found<\/h1>/)
})

t.test('the review form decides, once its CSRF token and origin are right', async (t) => {
  const receiver = await startReceiver(t, SECRET)
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const acme = await clientWithWebhook(b, 'acme', receiver.url)
  const id = await finished(b, acme.key, 'to-review', 'review')
  const cookie = await signIn(b, b.adminKey)
  const url = `/admin/console/verifications/${id}/review`
  const csrf = csrfOf((await get(b, cookie, `/admin/console/verifications/${id}`)).body)
  t.ok(csrf, 'the page carries a token')
  const form = { decision: 'approved', reason: 'page_checked_by_hand', note: 'Legible.' }

  t.equal((await post(b, cookie, url, form)).statusCode, 403, 'no token')
  t.equal((await post(b, cookie, url, { ...form, csrf: csrf.replace(/.$/, 'x') })).statusCode, 403, 'a wrong token')
  t.equal((await post(b, await signIn(b, b.adminKey), url, { ...form, csrf })).statusCode, 403, "another session's token")
  t.equal((await post(b, cookie, url, { ...form, csrf }, { 'sec-fetch-site': 'cross-site' })).statusCode, 403, 'a cross-site form')
  t.match((await b.call('GET', `/verifications/${id}`, { key: acme.key })).json(), { decision: 'review' }, 'nothing decided yet')
  const invalid = await post(b, cookie, url, { ...form, reason: 'Not Snake', csrf })
  t.equal(invalid.statusCode, 400)

  const done = await post(b, cookie, url, { ...form, csrf })
  t.equal(done.statusCode, 303)
  t.equal(done.headers.location, `/admin/console/verifications/${id}`)
  t.match((await b.call('GET', `/verifications/${id}`, { key: acme.key })).json(), { decision: 'approved', decision_reasons: ['page_checked_by_hand'], decision_note: 'Legible.' })
  const [reviewed] = await until(() => deliveries(b, acme.key), (ds) => ds.some((d) => d.event_type === 'verification.reviewed' && d.status === 'delivered'))
  t.ok(reviewed, 'the verification.reviewed webhook is delivered')
  t.ok(receiver.received.some((r) => r.body.includes('"verification.reviewed"') && r.standardSignatureValid), 'signed as the Standard Webhooks libraries check')
  const page = (await get(b, cookie, `/admin/console/verifications/${id}`)).body
  t.match(page, /id="decision" class="decision approved">approved/)
  t.match(page, /Webhook <code>verification.reviewed<\/code>: delivered/)

  const bearer = await b.app.inject({ method: 'POST', url, headers: { 'content-type': FORM['content-type'], authorization: `Bearer ${b.adminKey}` }, payload: new URLSearchParams({ decision: 'declined', reason: 'by_script' }).toString() })
  t.equal(bearer.statusCode, 303, 'a Bearer client needs no token: no browser can be made to send its header')
})

t.test('keys: listed for admin and auditor, created (secret shown once) and revoked by admin', async (t) => {
  const b = await build(t)
  const auditor = await b.createKey('audit-firm', 'auditor')
  const cookie = await signIn(b, b.adminKey)
  const page = await get(b, cookie, '/admin/console/keys')
  t.equal(page.statusCode, 200)
  t.match(page.body, /audit-firm/)
  const created = await post(b, cookie, '/admin/console/keys', { client_name: 'acme', role: 'readonly', csrf: csrfOf(page.body) })
  t.equal(created.statusCode, 200)
  const secret = /<code id="new-key">(ivs_[A-Za-z0-9_-]{43})<\/code>/.exec(created.body)?.[1]
  t.ok(secret, 'the secret, once')
  t.equal((await b.call('GET', '/verifications', { key: secret })).statusCode, 200, 'and it works')
  const later = await get(b, cookie, '/admin/console/keys')
  t.notMatch(later.body, secret!, 'never shown again')
  const id = /<td class="mono">(key_[^<]+)<\/td>\s*<td>acme<\/td>/.exec(later.body)?.[1]
  const revoked = await post(b, cookie, `/admin/console/keys/${id}/revoke`, { csrf: csrfOf(later.body) })
  t.equal(revoked.statusCode, 303)
  t.equal((await b.call('GET', '/verifications', { key: secret })).statusCode, 401, 'revoked')
  const audit = (await b.call('GET', '/admin/audit-events', { key: b.adminKey, query: { target: id! } })).json()
  t.same(audit.map((e: { action: string }) => e.action), ['api_key.revoked', 'api_key.created'])

  const asAuditor = await signIn(b, auditor.key)
  const auditorPage = await get(b, asAuditor, '/admin/console/keys')
  t.equal(auditorPage.statusCode, 200)
  t.notMatch(auditorPage.body, /Create key|Revoke/, 'an auditor sees the keys and cannot act')
  t.equal((await post(b, asAuditor, '/admin/console/keys', { client_name: 'x', csrf: csrfOf(auditorPage.body) })).statusCode, 403)
})

t.test("webhooks: the key's deliveries with replay, and every client's failing deliveries for operators", async (t) => {
  const receiver = await startReceiver(t, SECRET)
  const b = await build(t, { webhookAllowPrivateNetworks: true, webhookRetryDelaysMs: [50] })
  await b.call('PATCH', '/admin/webhook', { key: b.adminKey, body: { webhook_url: receiver.url, webhook_secret: SECRET } })
  const broken = await clientWithWebhook(b, 'broken-client', 'http://127.0.0.1:9/nothing-listens')
  const mine = await finished(b, b.adminKey, 'mine', true)
  const theirs = await finished(b, broken.key, 'theirs', true)
  const [delivery] = await until(() => deliveries(b, b.adminKey), (ds) => ds[0]?.status === 'delivered')
  await until(() => deliveries(b, broken.key), (ds) => ds[0]?.status === 'failed')
  const cookie = await signIn(b, b.adminKey)

  const page = await get(b, cookie, '/admin/console/webhooks')
  t.equal(page.statusCode, 200)
  const failing = /<table id="failing">[\s\S]*?<\/table>/.exec(page.body)?.[0] ?? ''
  t.match(failing, theirs, "another client's failed delivery")
  t.match(failing, 'broken-client')
  t.notMatch(failing, mine, 'not the delivered one')
  t.match(page.body, new RegExp(`name="delivery_id" value="${delivery!.id}"`), 'a replay button on its own deliveries')
  const replayed = await post(b, cookie, '/admin/console/webhooks/replay', { delivery_id: delivery!.id, csrf: csrfOf(page.body) })
  t.equal(replayed.statusCode, 303)
  await until(() => deliveries(b, b.adminKey), (ds) => ds.some((d) => d.replay_of === delivery!.id && d.status === 'delivered'))
  t.equal((await post(b, cookie, '/admin/console/webhooks/replay', { delivery_id: delivery!.id })).statusCode, 403, 'no token')
})

t.test('the audit page: entries newest first, filtered, for admin and auditor only', async (t) => {
  const b = await build(t)
  const acme = await b.createKey('acme', 'service')
  const cookie = await signIn(b, b.adminKey)
  const page = await get(b, cookie, '/admin/console/audit')
  t.equal(page.statusCode, 200)
  t.match(page.body, /<code>console.signed_in<\/code>[\s\S]*<code>api_key.created<\/code>/, 'newest first')
  const filtered = await get(b, cookie, `/admin/console/audit?action=api_key.created&target=${acme.id}`)
  t.equal((filtered.body.match(/<code>api_key.created<\/code>/g) ?? []).length, 1)
  t.notMatch(filtered.body, /<code>console.signed_in<\/code>/)
  t.equal((await get(b, cookie, '/admin/console/audit?action=nothing')).statusCode, 400)
  t.equal((await b.call('GET', '/admin/console/audit', { key: acme.key })).statusCode, 403)
})

t.test('every console page takes the session cookie, and answers a browser without one with the sign-in page', async (t) => {
  const b = await build(t)
  const cookie = await signIn(b, b.adminKey)
  for (const [id, op] of Object.entries(operations)) {
    if (op.tag !== 'dashboard' || op.method !== 'GET' || op.permission === null) continue
    const url = op.url.replace(':id', 'vry_00000000-0000-4000-8000-000000000000').replace(':upload_id', 'doc_x').replace(':side', 'front')
    const signedIn = await get(b, cookie, url)
    t.not(signedIn.statusCode, 401, `${id} takes the cookie`)
    const anonymous = await b.app.inject({ method: 'GET', url, headers: HTML })
    t.equal(anonymous.statusCode, 401, `${id} without a session`)
    t.match(anonymous.body, /action="\/admin\/sign-in"/)
  }
})
