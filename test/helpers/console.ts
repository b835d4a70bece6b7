// The operator console through app.inject, as a browser uses it: a session cookie from signing in,
// pages asked for as HTML, and forms posted with the token their page carries.
import type { Built } from './build.js'

export const HTML = { accept: 'text/html,application/xhtml+xml' }
export const FORM = { ...HTML, 'content-type': 'application/x-www-form-urlencoded' }

/** Signs in with `key`; the session's cookie, as a Cookie header's value. */
export async function signIn(b: Built, key: string): Promise<string> {
  const res = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: `api_key=${encodeURIComponent(key)}` })
  if (res.statusCode !== 303) throw new Error(`sign-in: ${res.statusCode}`)
  return String(res.headers['set-cookie']).split(';')[0]!
}

export const get = (b: Built, cookie: string, url: string) => b.app.inject({ method: 'GET', url, headers: { ...HTML, cookie } })

export const post = (b: Built, cookie: string, url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  b.app.inject({ method: 'POST', url, headers: { ...FORM, cookie, ...headers }, payload: new URLSearchParams(form).toString() })

/** The CSRF token a page's forms carry. */
export const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)?.[1] ?? ''
