// GET /capture/<token> through app.inject: the page of a working link, its headers and data, the page
// of a link that no longer works, the language, and the script and stylesheet it loads. The flow in a
// real browser is test/capture-browser.test.ts.
import { eq } from 'drizzle-orm'
import t from 'tap'
import { captureLinks } from '../src/db/schema.js'
import { stringsFor } from '../src/routes/capture-page/strings.js'
import { build, type Built } from './helpers/build.js'
import { setStatus } from './helpers/verifications.js'

async function linkFor(b: Built, key: string, checks: string[], body: object = {}) {
  const vid = (await b.call('POST', '/verifications', { key, body: { checks, applicant: { first_name: 'Zelda', last_name: 'Quuxley' } } })).json().id as string
  const res = await b.call('POST', `/verifications/${vid}/capture-link`, { key, body })
  return { vid, path: new URL(res.json().url as string).pathname }
}

const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="capture-data">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>

t.test("a working link's page: headers, data, no inline script", async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const { vid, path } = await linkFor(b, key, ['document', 'liveness'])
  const res = await b.app.inject({ method: 'GET', url: path })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/html; charset=utf-8/)
  t.equal(res.headers['cache-control'], 'no-store')
  t.equal(res.headers['referrer-policy'], 'no-referrer', 'the token in the URL goes nowhere else')
  t.match(res.headers['permissions-policy'], /camera=\(self\)/)
  const csp = String(res.headers['content-security-policy'])
  t.match(csp, /script-src 'self'/)
  t.notMatch(csp, /unsafe-inline|unsafe-eval/)
  t.match(csp, /frame-ancestors 'none'/)
  const scripts = res.body.match(/<script\b[^>]*>/g) ?? []
  t.same(scripts, ['<script type="application/json" id="capture-data">', '<script src="/capture/assets/capture.js">'], 'one script from this origin, one data block')
  t.notMatch(res.body, /style=|\son[a-z]+=/i, 'no inline style or handler')
  const data = dataOf(res.body)
  t.match(data, { verificationId: vid, checks: ['document', 'liveness'], allowUpload: false, returnUrl: null })
  t.notMatch(res.body, /Zelda|Quuxley/, "nothing the client declared about the person")
  t.notMatch(res.body, /type="file"/, 'no gallery upload unless the link allows it')
  t.match(res.body, /<svg[^>]*viewBox/, 'the QR code, drawn by the server')
  const [row] = await b.app.db.select().from(captureLinks).where(eq(captureLinks.verificationId, vid))
  t.ok(row?.firstUsedAt, 'opening the page is a use of the link')

  const returnUrl = "https://example.com/back?a=1&b='x'&c=%3C%2Fscript%3E"
  const upload = await linkFor(b, key, ['face_match'], { allow_upload: true, return_url: returnUrl })
  const page = await b.app.inject({ method: 'GET', url: upload.path })
  t.match(page.body, /<input type="file"/, 'allow_upload offers a file')
  t.equal(dataOf(page.body).returnUrl, returnUrl, 'the return URL reaches the script as given')
})

t.test('a link that no longer works gets a page that says so', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const replaced = await linkFor(b, key, ['document'])
  await b.call('POST', `/verifications/${replaced.vid}/capture-link`, { key })
  const expired = await linkFor(b, key, ['document'])
  await b.app.db.update(captureLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(captureLinks.verificationId, expired.vid))
  const completed = await linkFor(b, key, ['document'])
  await setStatus(b, completed.vid, 'completed')
  const failed = await linkFor(b, key, ['document'])
  await setStatus(b, failed.vid, 'failed')
  for (const [label, url] of [
    ['replaced', replaced.path],
    ['expired', expired.path],
    ['completed (used)', completed.path],
    ['failed', failed.path],
    ['unknown', `/capture/cap_${'A'.repeat(43)}`],
    ['not a token', '/capture/hello'],
    ['a NUL', '/capture/%00'],
    ['very long', `/capture/${'x'.repeat(500)}`],
  ] as const) {
    const res = await b.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })
    t.equal(res.statusCode, 404, `${label}: 404`)
    t.match(res.headers['content-type'], /^text\/html/, `${label}: a page`)
    t.match(res.body, /This link no longer works/, `${label}: says so`)
    t.notMatch(res.body, /<script/, `${label}: nothing to run`)
    t.notMatch(res.body, /stack|Error:|at \//, `${label}: no stack trace`)
  }
})

t.test('the language follows Accept-Language; English otherwise', async (t) => {
  t.equal(stringsFor(undefined).lang, 'en')
  t.equal(stringsFor('fr-FR,fr;q=0.9,en;q=0.8').lang, 'fr')
  t.equal(stringsFor('de-DE, fr;q=0.5').lang, 'fr', 'the first language we have')
  t.equal(stringsFor('en;q=0.4, fr;q=0.8').lang, 'fr', 'by quality')
  t.equal(stringsFor('fr;q=0, en').lang, 'en', 'q=0 means not wanted')
  t.equal(stringsFor('de, ja').lang, 'en')
  t.equal(stringsFor('*').lang, 'en')
  const en = stringsFor('en')
  const fr = stringsFor('fr')
  t.same(Object.keys(fr).sort(), Object.keys(en).sort(), 'every string in both catalogues')
  for (const [k, v] of Object.entries(fr)) t.ok(v.trim().length > 0, `fr.${k} is written`)

  const b = await build(t)
  const { path } = await linkFor(b, b.adminKey, ['document'])
  const page = await b.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'fr-CH, en;q=0.5' } })
  t.match(page.body, /<html lang="fr">/)
  t.match(page.body, /Vérifiez votre identité/)
  t.equal((dataOf(page.body).strings as Record<string, string>).start, 'Commencer', "the script's strings in the page's language")
})

t.test('the script and the stylesheet', async (t) => {
  const b = await build(t)
  const js = await b.app.inject({ method: 'GET', url: '/capture/assets/capture.js' })
  t.equal(js.statusCode, 200)
  t.match(js.headers['content-type'], /^text\/javascript/)
  t.notMatch(js.body, /^\s*import\s|\brequire\(/m, 'one bundled script: no module imports left')
  t.match(js.body, /getUserMedia/)
  t.match(js.body, /capture-progress/)
  const css = await b.app.inject({ method: 'GET', url: '/capture/assets/capture.css' })
  t.equal(css.statusCode, 200)
  t.match(css.headers['content-type'], /^text\/css/)
})
