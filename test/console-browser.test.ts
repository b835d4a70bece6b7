// The operator console in a real browser (Debian's chromium, headless, driven by playwright-core):
// an admin signs in, opens the review queue, a verification, reveals its document image (and finds
// the audit entry), approves it and sees the decision and its signed verification.reviewed delivery;
// an auditor sees the same pages and cannot act; the admin then erases its personal data. axe-core on
// every page, on a laptop and a tablet.
// Screenshots go to test-artifacts/console/ (not committed) for a person to look at.
import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { axe, launch, missingBrowser, watch } from './helpers/browser.js'
import { build } from './helpers/build.js'
import { startReceiver } from './helpers/receiver.js'
import { create } from './helpers/verifications.js'
import { clientWithWebhook, completeVerification, SECRET, until } from './helpers/webhooks.js'

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-artifacts/console')
const NO_MRZ = readFileSync(new URL('./fixtures/documents/no-mrz.jpg', import.meta.url))
const LAPTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }
const TABLET: BrowserContextOptions = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true }
/** The sign-in page answers 401: the browser reports that status as a console error. */
const SIGN_IN_401 = /status of 401/

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
/** Nothing wider than the screen but the tables, which scroll inside their own box. */
const fitsWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')

async function signIn(page: Page, origin: string, key: string) {
  await page.goto(`${origin}/admin`)
  await page.getByLabel(/API key of an/).fill(key)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${origin}/admin`)
}

t.before(() => mkdirSync(ARTIFACTS, { recursive: true }))

t.test('review a verification in the console; an auditor sees it and cannot act', { skip: missingBrowser }, async (t) => {
  const receiver = await startReceiver(t, SECRET)
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const acme = await clientWithWebhook(b, 'acme', receiver.url)
  const auditor = await b.createKey('audit-firm', 'auditor')
  const approved = await completeVerification(b, acme.key)
  const v = await create(b, acme.key, { checks: ['document'], client_reference: 'needs-a-look' })
  const upload = await b.call('POST', `/verifications/${v.id}/documents`, { key: acme.key, body: { document_type: 'passport', front_image: NO_MRZ.toString('base64') } })
  t.equal(upload.statusCode, 201)
  t.match((await b.call('GET', `/verifications/${v.id}`, { key: acme.key })).json(), { decision: 'review', decision_reasons: ['mrz_not_found'] })

  await b.app.listen({ port: 0, host: '127.0.0.1' })
  const origin = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`
  const browser = await launch(t)

  const laptop = await browser.newContext(LAPTOP)
  const page = await laptop.newPage()
  const problems = watch(page, SIGN_IN_401)
  await signIn(page, origin, b.adminKey)
  await axe(t, page, 'verifications')

  await page.getByRole('link', { name: 'Review queue' }).click()
  await page.waitForURL(/decision=review/)
  const rows = page.locator('#verifications tbody tr')
  t.equal(await rows.count(), 1, 'the review queue holds the one verification to review')
  t.match(await rows.first().innerText(), /needs-a-look/)
  t.notMatch(await page.locator('#verifications').innerText(), approved, 'not the approved one')
  await axe(t, page, 'review queue')
  await shot(page, 'laptop-review-queue')

  await page.getByRole('link', { name: v.id }).click()
  await page.waitForURL(`${origin}/admin/console/verifications/${v.id}`)
  t.match(await page.locator('#checks').innerText(), /document\s+failed\s+mrz_not_found/)
  t.equal(await page.locator('img').count(), 0, 'no image before the click')
  await axe(t, page, 'verification')
  await shot(page, 'laptop-verification')

  await page.getByRole('link', { name: /Show document \(passport\), front/ }).click()
  const image = page.locator('ul.uploads img')
  await image.waitFor()
  await page.waitForFunction("document.querySelector('ul.uploads img').naturalWidth > 0")
  t.ok(await page.evaluate("document.querySelector('ul.uploads img').complete"), 'the document image is shown')
  await axe(t, page, 'verification with its image')
  await shot(page, 'laptop-image-shown')

  await page.getByRole('link', { name: 'Audit log' }).click()
  const audit = page.locator('#audit')
  t.match(await audit.innerText(), new RegExp(`verification\\.image_viewed[\\s\\S]*${v.id}`), 'the view is in the audit log')
  await axe(t, page, 'audit log')
  await shot(page, 'laptop-audit')

  await page.goto(`${origin}/admin/console/verifications/${v.id}`)
  await page.getByLabel('Approve').check()
  await page.getByLabel(/^Reason/).fill('document_checked_by_hand')
  await page.getByLabel(/^Note/).fill('The page is legible on the original.')
  await page.getByRole('button', { name: 'Record decision' }).click()
  await page.waitForURL(`${origin}/admin/console/verifications/${v.id}`)
  t.equal(await page.locator('#decision').innerText(), 'approved (document_checked_by_hand)')
  await receiver.waitFor(2)
  const reviewed = await until(
    async () => receiver.received.find((r) => r.body.includes('"verification.reviewed"') && r.body.includes(v.id)),
    (r) => r !== undefined,
  )
  t.ok(reviewed!.standardSignatureValid, 'the verification.reviewed webhook is signed as the Standard Webhooks libraries check')
  await until(
    async () => {
      await page.reload()
      return page.locator('#timeline').innerText()
    },
    (text) => /Webhook verification\.reviewed: delivered/.test(text),
  )
  t.pass('the delivery is on the timeline')
  await shot(page, 'laptop-reviewed')

  for (const [name, label] of [['API keys', 'keys'], ['Webhooks', 'webhooks']] as const) {
    await page.getByRole('link', { name }).click()
    await axe(t, page, label)
    await shot(page, `laptop-${label}`)
  }
  t.same(problems, [], 'no console error, CSP violation or dialog')

  const tablet = await browser.newContext(TABLET)
  const small = await tablet.newPage()
  const smallProblems = watch(small, SIGN_IN_401)
  await signIn(small, origin, b.adminKey)
  for (const [url, label] of [['/admin', 'verifications'], [`/admin/console/verifications/${v.id}`, 'verification'], ['/admin/console/audit', 'audit']] as const) {
    await small.goto(`${origin}${url}`)
    t.ok(await fitsWidth(small), `${label} fits a tablet's width`)
    await axe(t, small, `${label} on a tablet`)
    await shot(small, `tablet-${label}`)
  }
  t.same(smallProblems, [])

  const auditorContext = await browser.newContext(LAPTOP)
  const auditorPage = await auditorContext.newPage()
  const auditorProblems = watch(auditorPage, /status of (401|403)/)
  await signIn(auditorPage, origin, auditor.key)
  await auditorPage.goto(`${origin}/admin/console/verifications/${v.id}`)
  t.equal(await auditorPage.locator('form.review').count(), 0, 'no review form for an auditor')
  await auditorPage.getByRole('link', { name: /Show document/ }).click()
  await auditorPage.locator('ul.uploads img').waitFor()
  await auditorPage.goto(`${origin}/admin/console/keys`)
  t.equal(await auditorPage.getByRole('button', { name: /Revoke|Create key/ }).count(), 0, 'no key actions for an auditor')
  await shot(auditorPage, 'auditor-keys')
  const refused = await auditorPage.request.post(`${origin}/admin/console/verifications/${v.id}/review`, {
    form: { decision: 'declined', reason: 'not_allowed' },
    headers: { accept: 'text/html' },
  })
  t.equal(refused.status(), 403, 'a review posted with the auditor session is refused')
  t.match(await refused.text(), /auditor requires verifications:review/)
  t.same(auditorProblems, [])
  t.match((await b.call('GET', `/verifications/${v.id}`, { key: acme.key })).json(), { decision: 'approved' }, 'the decision stands')

  // The admin erases the verification's personal data: the box must be ticked first.
  await page.goto(`${origin}/admin/console/verifications/${v.id}`)
  await page.getByRole('button', { name: 'Erase personal data' }).click()
  t.equal(page.url(), `${origin}/admin/console/verifications/${v.id}`, 'not sent unticked')
  await page.getByLabel('I understand that this cannot be undone').check()
  await page.getByRole('button', { name: 'Erase personal data' }).click()
  await page.locator('#summary dt', { hasText: 'Redacted' }).waitFor()
  t.equal(await page.getByRole('button', { name: 'Erase personal data' }).count(), 0, 'no form once erased')
  t.match(await page.locator('ul.uploads').innerText(), /Erased when the verification was redacted; its results stay/, 'the image erased')
  await axe(t, page, 'redacted verification')
  await shot(page, 'laptop-redacted')
  t.same(problems, [], 'no console error while erasing')
  t.type((await b.call('GET', `/verifications/${v.id}`, { key: acme.key })).json().redacted_at, 'string', 'the API reads it redacted')
})
