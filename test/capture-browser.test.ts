// The hosted capture page in a real browser (Debian's chromium, headless, driven by playwright-core):
// a whole verification taken through the page on a phone-sized screen, with the camera fed from
// fixture images; a blurred shot answered with a retake prompt; a desktop that shows a QR code and
// follows the phone; a link that no longer works; the page in French; axe-core on every step.
// Screenshots go to test-artifacts/capture/ (not committed).
import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { axe, launch, missingBrowser, watch } from './helpers/browser.js'
import { build, type Built } from './helpers/build.js'
import { startReceiver } from './helpers/receiver.js'
import { clientWithWebhook, SECRET, until } from './helpers/webhooks.js'

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-artifacts/capture')
const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url))
const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`
const manifest = JSON.parse(readFileSync(new URL('./fixtures/documents/manifest.json', import.meta.url), 'utf8')) as {
  files: Array<{ file: string; mrz: string[] | null }>
}

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }

/**
 * A camera fed from an image the test chooses: getUserMedia answers a canvas's stream, and
 * window.__setCamera(url) shows that image until the next call. It resolves once the page's video
 * presents a frame of the new image (its size, then a frame drawn after it), so a shot takes it.
 */
const FAKE_CAMERA = `(() => {
  const canvas = document.createElement('canvas')
  canvas.width = 640; canvas.height = 480
  let img = null, generation = 0
  const draw = () => { if (img) canvas.getContext('2d').drawImage(img, 0, 0) }
  setInterval(draw, 40)
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(25)
  navigator.mediaDevices.enumerateDevices = async () => [{ kind: 'videoinput', deviceId: 'fixture', label: 'fixture', groupId: 'fixture', toJSON() { return this } }]
  window.__setCamera = async (url) => {
    const next = new Image()
    next.src = url
    await next.decode()
    img = next
    canvas.width = next.naturalWidth; canvas.height = next.naturalHeight
    draw()
    const mine = ++generation
    const deadline = Date.now() + 10000
    for (;;) {
      const video = document.getElementById('video')
      if (!video || !video.srcObject) return
      if (video.videoWidth === next.naturalWidth && video.videoHeight === next.naturalHeight) {
        await new Promise((r) => video.requestVideoFrameCallback(() => r()))
        await new Promise((r) => video.requestVideoFrameCallback(() => r()))
        return
      }
      if (Date.now() > deadline || mine !== generation) throw new Error('the video never showed the image')
      await new Promise((r) => video.requestVideoFrameCallback(() => r()))
    }
  }
})()`

/** Shows `url` in the fake camera, and waits until the page's video shows it. */
const setCamera = (page: Page, url: string) => page.evaluate(`window.__setCamera(${JSON.stringify(url)})`)

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })

async function serve(b: Built): Promise<string> {
  await b.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`
}

async function captureLink(b: Built, key: string, checks: string[], body: object = {}) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks } })).json().id as string
  const res = await b.call('POST', `/verifications/${vid}/capture-link`, { key, body })
  if (res.statusCode !== 201) throw new Error(`capture link: ${res.statusCode} ${res.body}`)
  const url = new URL(res.json().url as string)
  return { vid, path: url.pathname, token: url.pathname.split('/').pop()! }
}

t.before(() => mkdirSync(ARTIFACTS, { recursive: true }))

t.test('a whole verification through the page on a phone: document, selfie, challenge', { skip: missingBrowser }, async (t) => {
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const receiver = await startReceiver(t, SECRET)
  const client = await clientWithWebhook(b, 'acme', receiver.url)
  const { vid, path: linkPath } = await captureLink(b, client.key, ['document', 'face_match', 'liveness'], { return_url: 'https://example.com/back?from=ivs' })
  const origin = await serve(b)

  const browser = await launch(t)
  const context = await browser.newContext(PHONE)
  await context.addInitScript(FAKE_CAMERA)
  // The final redirect leaves for example.com: answered here, so that nothing leaves the machine.
  await context.route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>back</title><p>back</p>' }))
  const page = await context.newPage()
  // The blurred shot's 422 is logged by the browser as a failed resource: it is the expected answer.
  const problems = watch(page, /status of 422/)

  const res = await page.goto(`${origin}${linkPath}`)
  t.equal(res?.status(), 200)
  t.equal(res?.headers()['referrer-policy'], 'no-referrer')
  t.match(res?.headers()['permissions-policy'], /camera=\(self\)/)
  t.match(res?.headers()['content-security-policy'], /script-src 'self'/)
  t.ok(await page.locator('#intro').isVisible(), 'a phone starts at once')
  t.notOk(await page.locator('#handoff').isVisible(), 'no QR code on a phone')
  await axe(t, page, 'intro')
  await shot(page, '1-phone-intro')

  // A blurred photo of the document: the page says why and offers a retake.
  await page.getByRole('button', { name: 'Start' }).click()
  await page.locator('#camera').waitFor()
  await setCamera(page, dataUrl(await sharp(fixture('documents/passport-td3-phone.jpg')).blur(8).jpeg().toBuffer()))
  await axe(t, page, 'document camera')
  await shot(page, '2-document-camera')
  await page.getByRole('button', { name: 'Take photo' }).click()
  await page.locator('#retake').waitFor()
  t.match(await page.locator('#reasons').innerText(), /blurred/i, 'the blur is named in plain words')
  await axe(t, page, 'retake')
  await shot(page, '3-retake-blurred')
  const pending = (await b.call('GET', `/verifications/${vid}`, { key: client.key })).json()
  t.equal(pending.status, 'pending', 'the blurred photo finished nothing')
  t.match(pending.last_error, { code: 'document_unreadable' })

  await page.getByRole('button', { name: 'Take it again' }).click()
  await page.locator('#camera').waitFor()
  await setCamera(page, dataUrl(fixture('documents/passport-td3-phone.jpg')))
  await page.getByRole('button', { name: 'Take photo' }).click()

  // The selfie.
  await page.locator('#camera-title', { hasText: 'Your face' }).waitFor({ timeout: 60_000 })
  await setCamera(page, dataUrl(fixture('faces/selfie-collins.jpg')))
  await shot(page, '4-selfie-camera')
  await page.getByRole('button', { name: 'Take photo' }).click()

  // The challenge: one shot per action, each prompted in words.
  await page.locator('#camera-title', { hasText: 'A short check' }).waitFor({ timeout: 60_000 })
  await setCamera(page, dataUrl(fixture('faces/selfie-collins-2.jpg')))
  await axe(t, page, 'challenge')
  await shot(page, '5-challenge')
  let actions = 0
  for (;;) {
    const hint = await page.locator('#camera-hint').innerText()
    t.match(hint, /turn|look|close|smile|open/i, 'the action in words')
    t.ok(await page.locator('#action-demo').isVisible(), 'and as an animation')
    await page.getByRole('button', { name: 'Take this photo' }).click()
    actions++
    // The next action's prompt, or the end (the page leaves for the return URL).
    const next = await page
      .waitForFunction(
        (h) => {
          const d = (globalThis as unknown as { document: { getElementById(id: string): { hidden: boolean; textContent: string } } }).document
          return d.getElementById('camera').hidden || d.getElementById('camera-hint').textContent !== h
        },
        hint,
        { timeout: 60_000 },
      )
      .then(() => 'prompt', () => 'gone')
    if (next === 'gone' || page.url().startsWith('https://example.com') || !(await page.locator('#camera').isVisible().catch(() => false))) break
  }
  t.ok(actions >= 2 && actions <= 4, `${actions} actions`)

  // Back to the client's return_url, with the verification's id.
  await page.waitForURL(/^https:\/\/example\.com\/back/, { timeout: 60_000 })
  const back = new URL(page.url())
  t.equal(back.searchParams.get('verification_id'), vid, 'verification_id appended')
  t.equal(back.searchParams.get('from'), 'ivs', 'the return URL keeps its own query')

  const v = (await b.call('GET', `/verifications/${vid}`, { key: client.key })).json()
  t.equal(v.status, 'completed', 'the verification completes as through the API')
  t.ok(v.completed_at)
  t.same(Object.keys(v.checks_results).sort(), ['document', 'face_match', 'liveness'])
  t.equal(v.checks_results.document.passed, true, 'the document read from the page passes')
  t.equal(v.checks_results.face_match.passed, true, 'the selfie matches the document')
  const [event] = await receiver.waitFor(1)
  t.match(JSON.parse(event!.body), { event: 'verification.completed', verification_id: vid, status: 'completed' })
  t.ok(event!.standardSignatureValid, 'the webhook verifies with the standardwebhooks library')
  t.same(problems, [], 'no console error, CSP violation or uncaught error')
})

t.test('a desktop shows a QR code of the link and follows the phone to the end', { skip: missingBrowser }, async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const { vid, path: linkPath, token } = await captureLink(b, service.key, ['document'])
  const origin = await serve(b)
  const browser = await launch(t)
  const context = await browser.newContext(DESKTOP)
  const page = await context.newPage()
  const problems = watch(page)
  t.equal((await page.goto(`${origin}${linkPath}`))?.status(), 200)
  await page.locator('#handoff').waitFor()
  t.ok(await page.locator('#handoff svg').isVisible(), 'the QR code is shown')
  t.notOk(await page.locator('#continue-here').isVisible(), 'no camera here: no offer to use one')
  await axe(t, page, 'desktop hand-off')
  await shot(page, '6-desktop-qr')

  // The phone sends the document (through the API, with the link's token).
  const mrz = manifest.files.find((f) => f.file === 'passport-td3-clean.jpg')!.mrz!.join('\n')
  const upload = await b.call('POST', `/verifications/${vid}/documents`, {
    key: token,
    body: { document_type: 'passport', front_image: fixture('documents/passport-td3-clean.jpg').toString('base64'), mrz },
  })
  t.equal(upload.statusCode, 201)
  await page.locator('#done').waitFor({ timeout: 15_000 })
  t.match(await page.locator('#done').innerText(), /other device/, 'the desktop says the phone has finished')
  await shot(page, '7-desktop-done')
  t.same(problems, [])
})

t.test('a flow the service refuses to go on with says the checks could not be completed', { skip: missingBrowser }, async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const { vid, path: linkPath } = await captureLink(b, service.key, ['liveness'])
  // Every challenge the verification may have is taken (and left unanswered) before the page's turn.
  for (let i = 0; ; i++) {
    const made = await b.call('POST', `/verifications/${vid}/active-liveness/challenge`, { key: service.key })
    if (made.statusCode === 409) break
    t.equal(made.statusCode, 201)
    if (i > 10) throw new Error('challenges never ran out')
  }
  const origin = await serve(b)
  const browser = await launch(t)
  const context = await browser.newContext(PHONE)
  await context.addInitScript(FAKE_CAMERA)
  const page = await context.newPage()
  const problems = watch(page, /status of 409/)
  t.equal((await page.goto(`${origin}${linkPath}`))?.status(), 200)
  await page.getByRole('button', { name: 'Start' }).click()
  await page.locator('#camera').waitFor()
  await setCamera(page, dataUrl(fixture('faces/selfie-collins.jpg')))
  await page.getByRole('button', { name: 'Take photo' }).click()
  await page.locator('#done').waitFor({ timeout: 60_000 })
  t.match(await page.locator('#done-text').innerText(), /could not be completed/, 'not "everything has been sent"')
  t.equal((await b.call('GET', `/verifications/${vid}`, { key: service.key })).json().status, 'pending', 'liveness has no result')
  await axe(t, page, 'unfinished')
  await shot(page, '10-unfinished')
  t.same(problems, [])
})

t.test('a link that no longer works, and the page in French', { skip: missingBrowser }, async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const first = await captureLink(b, service.key, ['document', 'face_match'])
  const second = await b.call('POST', `/verifications/${first.vid}/capture-link`, { key: service.key })
  const origin = await serve(b)
  const browser = await launch(t)

  const page = await (await browser.newContext(PHONE)).newPage()
  const problems = watch(page, /status of 404/)
  const replaced = await page.goto(`${origin}${first.path}`)
  t.equal(replaced?.status(), 404, 'a replaced link: 404')
  t.match(await page.locator('h1').innerText(), /no longer works/)
  await axe(t, page, 'expired link')
  await shot(page, '8-expired')
  t.same(problems, [])

  const french = await (await browser.newContext({ ...PHONE, locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } })).newPage()
  await french.addInitScript(FAKE_CAMERA)
  t.equal((await french.goto(`${origin}${new URL(second.json().url).pathname}`))?.status(), 200)
  t.equal(await french.locator('html').getAttribute('lang'), 'fr')
  t.match(await french.locator('h1').innerText(), /Vérifiez votre identité/)
  t.ok(await french.getByRole('button', { name: 'Commencer' }).isVisible())
  await axe(t, french, 'French intro')
  await shot(french, '9-french')
})
