// The dashboard and Swagger UI in a real browser: Debian's chromium, headless, driven by
// playwright-core, against the app listening on 127.0.0.1. Screenshots go to test-artifacts/.
import { mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import type { Page } from 'playwright-core'
import { launch, missingBrowser } from './helpers/browser.js'
import { build } from './helpers/build.js'
import { freePort } from './helpers/free-port.js'
import { startReceiver } from './helpers/receiver.js'
import { clientWithWebhook, completeVerification, deliveries, SECRET, until } from './helpers/webhooks.js'

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-artifacts/browser')
const XSS = '<script>alert(1)</script>'

/**
 * Everything a page reports that a test should see: console errors (CSP violations among them),
 * uncaught errors, dialogs. Not the sign-in page's own 401, nor the favicon the service has none of.
 */
function watch(page: Page) {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    const { pathname } = new URL(m.location().url || 'about:blank')
    const expected = /status of (401|404)/.test(m.text()) && (pathname === '/admin' || pathname === '/favicon.ico')
    if (!expected) problems.push(`console: ${m.text()} (${m.location().url})`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`)
    void d.dismiss()
  })
  return problems
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })

t.before(() => mkdirSync(ARTIFACTS, { recursive: true }))

t.test('sign in, see verifications and a delivery, escaped values, sign out', { skip: missingBrowser }, async (t) => {
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const receiver = await startReceiver(t, SECRET)
  // The signed-in admin key has the webhook: the page shows the calling key's deliveries.
  const admin = { key: b.adminKey }
  t.equal((await b.call('PATCH', '/admin/webhook', { key: admin.key, body: { webhook_url: receiver.url, webhook_secret: SECRET } })).statusCode, 200)
  const other = await clientWithWebhook(b, 'acme', receiver.url)
  const xss = await b.call('POST', '/verifications', { key: other.key, body: { checks: ['identity'], client_reference: XSS } })
  t.equal(xss.statusCode, 201)
  const completed = await completeVerification(b, admin.key)
  await receiver.waitFor(1)
  await until(() => deliveries(b, admin.key), (ds) => ds[0]?.status === 'delivered')

  await b.app.listen({ port: 0, host: '127.0.0.1' })
  const origin = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`
  const browser = await launch(t)
  const page = await browser.newPage()
  const problems = watch(page)

  const first = await page.goto(`${origin}/admin`)
  t.equal(first?.status(), 401, 'a browser without a session gets the sign-in page')
  t.ok(await page.locator('form.sign-in input[name="api_key"]').isVisible())
  await shot(page, '1-sign-in')

  await page.fill('input[name="api_key"]', admin.key)
  const [landed] = await Promise.all([page.waitForResponse(`${origin}/admin`), page.click('button[type="submit"]')])
  t.equal(landed.status(), 200, 'signed in, the redirect lands on the dashboard')
  await page.waitForSelector('#verifications')
  t.match(await page.textContent('#caller'), /client admin with role admin/)
  const table = (await page.textContent('#verifications')) ?? ''
  t.match(table, completed, 'the completed verification is listed')
  t.match(table, 'document: passed')
  t.match(table, (xss.json() as { id: string }).id, "another client's verification is listed for an admin")
  t.ok(await page.locator('td.reference', { hasText: XSS }).count(), 'the client_reference shows as text')
  t.equal(await page.locator('script').count(), 0, 'no script element reached the page')
  t.match(await page.textContent('#webhook'), receiver.url)
  t.notMatch(await page.content(), SECRET, 'the secret is masked')
  const delivery = (await page.textContent('#deliveries')) ?? ''
  t.match(delivery, 'verification.completed')
  t.match(delivery, 'delivered')
  t.match(delivery, '200')
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ivs_session')
  t.match(cookie, { httpOnly: true, sameSite: 'Strict', path: '/admin', secure: false })
  t.equal(await page.evaluate('document.cookie'), '', 'scripts cannot read the session cookie')
  await shot(page, '2-dashboard')

  const [out] = await Promise.all([page.waitForResponse(`${origin}/admin`), page.click('text=Sign out')])
  t.equal(out.status(), 401, 'signed out: the sign-in page again')
  t.ok(await page.locator('form.sign-in').isVisible())
  t.same((await page.context().cookies()).filter((c) => c.name === 'ivs_session'), [], 'the cookie is gone')
  await shot(page, '3-signed-out')
  t.same(problems, [], 'no console error, CSP violation, uncaught error or dialog')
})

t.test('Swagger UI under the CSP: load the spec, authorize, try GET /verifications', { skip: missingBrowser }, async (t) => {
  // Deployed as an operator would: PUBLIC_URL is where browsers reach it.
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const b = await build(t, { publicUrl: origin })
  await b.app.listen({ port, host: '127.0.0.1' })
  const browser = await launch(t)
  const page = await browser.newPage()
  const problems = watch(page)

  await page.goto(`${origin}/docs`)
  await page.waitForSelector('.swagger-ui .info .title')
  t.match(await page.textContent('.swagger-ui .info .title'), 'Identity Verification Service API')

  await page.click('.swagger-ui .auth-wrapper .authorize')
  await page.fill('.swagger-ui .modal-ux input[type="text"], .swagger-ui .modal-ux input[type="password"]', b.adminKey)
  await page.click('.swagger-ui .modal-ux .auth-btn-wrapper .authorize')
  await page.click('.swagger-ui .modal-ux .btn-done')

  const op = page.locator('#operations-verifications-listVerifications')
  await op.locator('.opblock-summary').first().click()
  await op.locator('.try-out__btn').click()
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().startsWith(`${origin}/verifications`) && r.request().method() === 'GET'),
    op.locator('.execute').click(),
  ])
  t.equal(res.status(), 200, 'Try it out reaches this server with the key')
  t.equal(res.request().headers().authorization, `Bearer ${b.adminKey}`)
  const shown = op.locator('.live-responses-table tr.response .response-col_status')
  await shown.first().waitFor()
  t.match(await shown.first().textContent(), '200', 'Swagger UI shows the 200')
  await op.screenshot({ path: path.join(ARTIFACTS, '4-swagger-try-it-out.png') })
  t.same(problems, [], 'no console error, CSP violation or uncaught error')
})
