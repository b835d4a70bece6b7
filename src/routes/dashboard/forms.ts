// The console's forms: who is looking at a page (and the token its forms carry), and the checks a
// posted form passes before it acts. A session's forms carry a token derived from the session's own
// secret, so a page of another site cannot make the browser post one (the cookie is SameSite=Strict
// too, and browsers say where a form came from in Sec-Fetch-Site).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../../domain/errors.js'
import { principalOf, sessionCookieOf } from '../../plugins/auth.js'
import type { Viewer } from './layout.js'

const csrfTokenOf = (sessionToken: string) => createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url')

/** The session behind a request: only when no Authorization header was sent (a header always wins). */
const sessionOf = (request: FastifyRequest) => (request.headers.authorization === undefined ? sessionCookieOf(request) : undefined)

export function viewerOf(request: FastifyRequest): Viewer {
  const session = sessionOf(request)
  return { principal: principalOf(request), bySession: session !== undefined, csrf: session ? csrfTokenOf(session) : '' }
}

/** A form another site made the browser post: browsers say so in Sec-Fetch-Site. */
export function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new ApiError('forbidden', 'a form posted from another site is refused here')
  }
}

/** Before a console form acts: same site, and, when the session cookie authenticates it, the page's token. */
export function checkForm(request: FastifyRequest, csrf: string | undefined) {
  refuseCrossSite(request)
  const session = sessionOf(request)
  if (session === undefined) return
  const expected = Buffer.from(csrfTokenOf(session))
  const given = Buffer.from(csrf ?? '')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError('forbidden', 'this form did not come from a page of this console session: reload the page and send it again')
  }
}

/** A page: never cached, since it shows what only its viewer may see. */
export function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)
}
