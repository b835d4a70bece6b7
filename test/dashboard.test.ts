// GET /admin and its browser sign-in through app.inject: Bearer clients unchanged, the session
// cookie's attributes and lifetime, the cookie refused by the JSON API, escaping, security headers.
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { eq } from 'drizzle-orm'
import { operations } from '../generated/schemas.js'
import { dashboardSessions } from '../src/db/schema.js'
import { build, type Built } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
const FORM = { ...HTML, 'content-type': 'application/x-www-form-urlencoded' }

async function signIn(b: Built, key: string, headers: Record<string, string> = {}) {
  return b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, ...headers }, payload: `api_key=${encodeURIComponent(key)}` })
}

/** Signs in and returns the `name=value` part of the session cookie. */
async function sessionCookie(b: Built, key: string): Promise<string> {
  const res = await signIn(b, key)
  if (res.statusCode !== 303) throw new Error(`sign-in: ${res.statusCode} ${res.body}`)
  return String(res.headers['set-cookie']).split(';')[0]!
}

const page = (b: Built, cookie?: string, headers: Record<string, string> = HTML) =>
  b.app.inject({ method: 'GET', url: '/admin', headers: { ...headers, ...(cookie ? { cookie } : {}) } })

t.test('Bearer clients get the page, and the JSON errors of every other operation', async (t) => {
  const b = await build(t)
  const ok = await b.call('GET', '/admin', { key: b.adminKey })
  t.equal(ok.statusCode, 200)
  t.match(ok.headers['content-type'], /^text\/html; charset=utf-8/)
  t.match(ok.body, /Signed in as client <strong>admin<\/strong> with role <strong>admin<\/strong>/)
  t.notMatch(ok.body, /sign-out/, 'no sign-out form without a session')
  t.notMatch(ok.body, /<script|style=|\son[a-z]+=/i, 'no script, inline style or inline handler')

  const service = await b.createKey('acme', 'service')
  for (const headers of [{}, HTML]) {
    const forbidden = await b.call('GET', '/admin', { key: service.key, headers })
    t.equal(forbidden.statusCode, 403)
    t.same(forbidden.json(), { error: { code: 'forbidden', message: 'insufficient permissions: service requires admin:dashboard' } })
    const bogus = await b.call('GET', '/admin', { key: `ivs_${'x'.repeat(43)}`, headers })
    t.equal(bogus.statusCode, 401)
    t.same(specErrors('getDashboard', 401, bogus.json()), [])
  }
  const noKey = await b.call('GET', '/admin', { headers: { accept: 'application/json' } })
  t.equal(noKey.statusCode, 401, 'no key and no text/html: the JSON 401')
  t.same(noKey.json(), { error: { code: 'unauthorized', message: 'missing API key: send Authorization: Bearer <API_KEY>' } })
})

t.test('a browser signs in, sees the page, and signs out', async (t) => {
  const b = await build(t)
  const auditor = await b.createKey('audit-co', 'auditor')
  const service = await b.createKey('acme', 'service')
  const created = await b.call('POST', '/verifications', {
    key: service.key,
    body: { checks: ['document', 'liveness'], client_reference: '<script>alert(1)</script>' },
  })
  t.equal(created.statusCode, 201)

  const first = await page(b)
  t.equal(first.statusCode, 401, 'no session: 401 with the sign-in form')
  t.equal(first.headers['www-authenticate'], 'Bearer realm="identity-verification"')
  t.match(first.body, /<form class="sign-in" method="post" action="\/admin\/sign-in">/)
  t.match(first.body, /name="api_key"/)
  t.notMatch(first.body, /role="alert"/, 'a first visit shows no error')

  const wrong = await signIn(b, `ivs_${'y'.repeat(43)}`)
  t.equal(wrong.statusCode, 401)
  t.match(wrong.body, /<p class="notice" role="alert">invalid or revoked API key<\/p>/)
  t.notOk(wrong.headers['set-cookie'], 'no cookie for a wrong key')

  const refused = await signIn(b, service.key)
  t.equal(refused.statusCode, 403, 'a role without admin:dashboard gets the 403 page')
  t.match(refused.headers['content-type'], /^text\/html/)
  t.match(refused.body, /insufficient permissions: service requires admin:dashboard/)
  t.notOk(refused.headers['set-cookie'])

  const res = await signIn(b, auditor.key)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin')
  const setCookie = String(res.headers['set-cookie'])
  t.match(setCookie, /^ivs_session=[A-Za-z0-9_-]{43}; /)
  for (const attr of ['HttpOnly', 'SameSite=Strict', 'Path=/admin', 'Max-Age=28800']) t.match(setCookie, attr, attr)
  t.notMatch(setCookie, /Secure/, 'not Secure over plain http')
  const cookie = setCookie.split(';')[0]!
  const token = cookie.split('=')[1]!

  const rows = await b.app.db.select().from(dashboardSessions)
  t.equal(rows.length, 1)
  t.equal(rows[0]!.tokenHash, createHash('sha256').update(token).digest('hex'), 'only the SHA-256 of the token is stored')
  t.equal(rows[0]!.keyId, auditor.id)
  t.ok(Math.abs(rows[0]!.expiresAt.getTime() - Date.now() - 8 * 3600_000) < 60_000, 'expires in 8 hours')

  const ok = await page(b, cookie)
  t.equal(ok.statusCode, 200)
  t.match(ok.body, /client <strong>audit-co<\/strong> with role <strong>auditor<\/strong>/)
  t.match(ok.body, (created.json() as { id: string }).id, "an auditor sees another client's verification")
  t.match(ok.body, /<td>acme<\/td>/)
  t.match(ok.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/, 'client_reference escaped')
  t.notMatch(ok.body, /<script>alert/)
  t.match(ok.body, /document: pending/)
  t.match(ok.body, /No webhook is configured for this key/)
  t.match(ok.body, /No webhook deliveries yet/)
  t.match(ok.body, /action="\/admin\/sign-out"/)
  t.equal(ok.headers['cache-control'], 'no-store')

  const out = await b.app.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...FORM, cookie }, payload: '' })
  t.equal(out.statusCode, 303)
  t.equal(out.headers.location, '/admin')
  t.match(String(out.headers['set-cookie']), /^ivs_session=; Max-Age=0; .*Path=\/admin/)
  t.equal((await b.app.db.select().from(dashboardSessions)).length, 0, 'the session row is gone')
  const after = await page(b, cookie)
  t.equal(after.statusCode, 401, 'the old cookie no longer works')
  t.match(after.body, /your dashboard session has ended: sign in again/)
  const again = await b.app.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...FORM, cookie }, payload: '' })
  t.equal(again.statusCode, 303, 'signing out twice is not an error')
})

t.test('a session ends with its key, and with its expiry', async (t) => {
  const b = await build(t)
  const auditor = await b.createKey('audit-co', 'auditor')
  const cookie = await sessionCookie(b, auditor.key)
  t.equal((await page(b, cookie)).statusCode, 200)
  t.equal((await b.call('DELETE', `/admin/keys/${auditor.id}`, { key: b.adminKey })).statusCode, 200)
  const revoked = await page(b, cookie)
  t.equal(revoked.statusCode, 401, 'revoking the key ends the session at once')
  t.match(revoked.body, /sign in again/)

  const admin = await sessionCookie(b, b.adminKey)
  await b.app.db.update(dashboardSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dashboardSessions.keyId, (await b.app.apiKeysService.authenticate(b.adminKey))!.id))
  t.equal((await page(b, admin)).statusCode, 401, 'an expired session is refused')
})

t.test('the cookie never authenticates the JSON API, and never overrides a Bearer header', async (t) => {
  const b = await build(t)
  const cookie = await sessionCookie(b, b.adminKey)
  for (const [id, op] of Object.entries(operations)) {
    // The console's pages (tag dashboard) are what the cookie is for: test/console.test.ts.
    if (op.permission === null || op.tag === 'dashboard') continue
    const url = op.url.replace(/:[a-z_]+/g, 'x_missing')
    const res = await b.app.inject({ method: op.method, url, headers: { ...HTML, cookie } })
    t.equal(res.statusCode, 401, `${id} refuses the cookie`)
    t.equal((res.json() as { error: { code: string } }).error.code, 'unauthorized')
  }
  const withBogusBearer = await page(b, cookie, { ...HTML, authorization: `Bearer ivs_${'z'.repeat(43)}` })
  t.equal(withBogusBearer.statusCode, 401, 'a Bearer header is judged alone')
  t.same(withBogusBearer.json(), { error: { code: 'unauthorized', message: 'invalid or revoked API key' } })
  t.equal((await page(b, 'ivs_session=not-a-token')).statusCode, 401, 'a malformed cookie is refused')
})

t.test('sign-in refuses cross-site forms and bodies that are not forms', async (t) => {
  const b = await build(t)
  const crossSite = await signIn(b, b.adminKey, { 'sec-fetch-site': 'cross-site' })
  t.equal(crossSite.statusCode, 403)
  t.match(crossSite.body, /another site/)
  t.notOk(crossSite.headers['set-cookie'])
  t.equal((await signIn(b, b.adminKey, { 'sec-fetch-site': 'same-origin' })).statusCode, 303)

  const json = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { 'content-type': 'application/json' }, payload: '{"api_key":"x"}' })
  t.equal(json.statusCode, 415)
  t.match(json.json(), { error: { code: 'unsupported_media_type', message: /x-www-form-urlencoded/ } })
  const form = await b.call('POST', '/verifications', { key: b.adminKey, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'checks=document' })
  t.equal(form.statusCode, 415, 'the JSON API still refuses form bodies')
  const compressed = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { 'content-type': FORM['content-type'], 'content-encoding': 'gzip' }, payload: gzipSync(`api_key=${b.adminKey}`) })
  t.equal(compressed.statusCode, 415, 'a compressed form')
  t.match(compressed.json(), { error: { code: 'unsupported_media_type', message: /Content-Encoding/ } })
  t.notOk(compressed.headers['set-cookie'])
  const missing = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { 'content-type': FORM['content-type'] }, payload: 'other=1' })
  t.equal(missing.statusCode, 400)
  t.equal((missing.json() as { error: { code: string } }).error.code, 'validation_error')
  const missingFromBrowser = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: 'other=1' })
  t.equal(missingFromBrowser.statusCode, 400)
  t.match(missingFromBrowser.headers['content-type'], /^text\/html/, 'a browser gets a page that says why')
  t.match(missingFromBrowser.body, /api_key/)
})

t.test('webhook configuration is shown with its secret masked', async (t) => {
  const b = await build(t)
  const secret = 'dashboard-secret-0123456789abcdef'
  const url = 'https://hooks.example.com/ivs?a=1&b=2'
  t.equal((await b.call('PATCH', '/admin/webhook', { key: b.adminKey, body: { webhook_url: url, webhook_secret: secret } })).statusCode, 200)
  const res = await b.call('GET', '/admin', { key: b.adminKey })
  t.match(res.body, 'https://hooks.example.com/ivs?a=1&amp;b=2')
  t.match(res.body, '••••cdef')
  t.notMatch(res.body, secret)
})

t.test('security headers on HTML pages, the stylesheet and Swagger UI', async (t) => {
  const b = await build(t)
  const service = await b.createKey('acme', 'service')
  const pages = [
    // The sign-in page, answered as authentication refuses the request: it has helmet's set too.
    await b.app.inject({ method: 'GET', url: '/admin', headers: HTML }),
    await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: `api_key=${service.key}` }),
    await b.app.inject({ method: 'GET', url: '/docs/', headers: HTML }),
    await b.app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css', headers: HTML }),
  ]
  t.same(
    pages.map((res) => res.statusCode),
    [401, 403, 200, 200],
  )
  for (const res of pages) {
    const url = res.raw.req.url!
    const csp = String(res.headers['content-security-policy'])
    t.match(csp, /script-src 'self';/, `${url}: scripts from this origin only`)
    t.match(csp, /script-src-attr 'none'/, `${url}: no inline event handlers`)
    t.match(csp, /frame-ancestors 'none'/)
    // Swagger UI's bundle injects a <style> element; the dashboard needs no inline style at all.
    t.match(csp, url.startsWith('/admin') ? /style-src 'self';/ : /style-src 'self' 'unsafe-inline';/)
    t.notMatch(csp, /unsafe-eval/)
    t.equal(res.headers['x-content-type-options'], 'nosniff')
  }
  // The JSON API's answers carry the headers that matter for JSON (a refusal before authentication
  // and an unknown URL included): not cached, not sniffed, not framed, not read cross-origin.
  const answers = [
    await b.call('GET', '/verifications', { key: b.adminKey }),
    await b.app.inject({ method: 'GET', url: '/verifications' }),
    await b.call('GET', '/admin/keys', { key: service.key }),
    await b.app.inject({ method: 'GET', url: '/no-such-thing' }),
    await b.app.inject({ method: 'GET', url: '/admin/no-such-page', headers: HTML }),
  ]
  for (const res of answers) {
    t.equal(res.headers['cache-control'], 'no-store', `${res.statusCode}: no-store`)
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${res.statusCode}: nosniff`)
    t.equal(res.headers['x-frame-options'], 'DENY', `${res.statusCode}: x-frame-options`)
    t.equal(res.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'", `${res.statusCode}: CSP`)
    t.equal(res.headers['cross-origin-resource-policy'], 'same-origin', `${res.statusCode}: CORP`)
    t.notOk(res.headers['x-powered-by'])
    t.notOk(res.headers['x-dns-prefetch-control'], `${res.statusCode}: no header that only a page needs`)
  }
  t.same(
    answers.map((res) => res.statusCode),
    [200, 401, 403, 404, 404],
  )
  const css = await b.app.inject({ method: 'GET', url: '/admin/dashboard.css' })
  t.equal(css.statusCode, 200)
  t.match(css.headers['content-type'], /^text\/css/)

})

t.test('the served spec names PUBLIC_URL as its server, whatever Host a request sends', async (t) => {
  const b = await build(t, { publicUrl: 'https://kyc.example.com' })
  for (const url of ['/docs/json', '/openapi.json']) {
    const spec = await b.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } })
    const servers = (spec.json() as { servers: Array<{ url: string }> }).servers
    t.equal(servers[0]!.url, 'https://kyc.example.com', `${url}: PUBLIC_URL first`)
    t.notMatch(spec.body, 'evil.example', `${url}: the Host header is not reflected`)
  }
  const yaml = await b.app.inject({ method: 'GET', url: '/openapi.yaml', headers: { host: 'evil.example' } })
  t.match(yaml.body, /^servers:\n {2}- url: https:\/\/kyc\.example\.com\n/m, '/openapi.yaml: PUBLIC_URL first')
  t.notMatch(yaml.body, 'evil.example')
})

t.test("the session cookie is Secure on https: TLS, a trusted proxy's X-Forwarded-Proto, or an https PUBLIC_URL", async (t) => {
  const signIn = async (b: Awaited<ReturnType<typeof build>>, headers: Record<string, string> = {}) => {
    const res = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, ...headers }, payload: `api_key=${b.adminKey}` })
    t.equal(res.statusCode, 303)
    return String(res.headers['set-cookie'])
  }
  const direct = await build(t)
  t.notMatch(await signIn(direct), /Secure/i, 'plain http on localhost: not Secure')
  t.notMatch(await signIn(direct, { 'x-forwarded-proto': 'https' }), /Secure/i, 'X-Forwarded-Proto from anyone is ignored')
  const proxied = await build(t, { trustProxy: true })
  t.match(await signIn(proxied, { 'x-forwarded-proto': 'https' }), /Secure/i, 'TRUST_PROXY: the proxy says https')
  t.notMatch(await signIn(proxied), /Secure/i, 'TRUST_PROXY, plain http')
  const public_ = await build(t, { publicUrl: 'https://kyc.example.com' })
  t.match(await signIn(public_), /Secure/i, 'an https PUBLIC_URL')
})

t.test('the dashboard shows whether a verification was captured through a link, and when', async (t) => {
  const b = await build(t)
  const byApi = (await b.call('POST', '/verifications', { key: b.adminKey, body: { checks: ['document'], client_reference: 'by-api' } })).json()
  const byLink = (await b.call('POST', '/verifications', { key: b.adminKey, body: { checks: ['document'], client_reference: 'by-link' } })).json()
  const unopened = (await b.call('POST', '/verifications', { key: b.adminKey, body: { checks: ['document'], client_reference: 'unopened' } })).json()
  const token = (id: string) =>
    b.call('POST', `/verifications/${id}/capture-link`, { key: b.adminKey }).then((r) => /\/capture\/(cap_\S+)$/.exec(r.json().url)![1]!)
  const used = await token(byLink.id)
  await token(unopened.id)
  t.equal((await b.call('GET', `/verifications/${byLink.id}/capture-progress`, { key: used })).statusCode, 200, 'the person opens the link')

  const body = (await b.call('GET', '/admin', { key: b.adminKey })).body
  const row = (reference: string) => new RegExp(`<tr>(?:(?!</tr>).)*${reference}(?:(?!</tr>).)*</tr>`, 's').exec(body)?.[0] ?? ''
  t.match(body, /<th scope="col">Captured<\/th>/)
  t.match(row('by-link'), /<td>link, <time datetime="\d{4}-[^"]+">/, 'captured through its link, with the time')
  t.match(row('by-api'), /<td><span class="muted">API<\/span><\/td>/, 'captured through the API')
  t.match(row('unopened'), /<td><span class="muted">API<\/span><\/td>/, 'a link never opened does not count')
})
