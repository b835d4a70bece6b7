// The operator's HTML dashboard and its browser sign-in. A browser (no Authorization header, Accept
// with text/html) gets HTML for 401 and 403 too; every other client gets the API's JSON errors.
import { readFileSync } from 'node:fs'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import { getDashboardRoute, getDashboardStylesheetRoute, signInDashboardRoute, signOutDashboardRoute } from '../../../generated/schemas.js'
import { ApiError } from '../../domain/errors.js'
import { principalOf, SESSION_COOKIE, sessionCookieOf } from '../../plugins/auth.js'
import { WWW_AUTHENTICATE } from '../../plugins/errors.js'
import { PAGE_HELMET } from '../../plugins/security-headers.js'
import { SESSION_TTL_MS } from '../../services/dashboard-sessions-service.js'
import { operation } from '../operation.js'
import { dashboardPage, forbiddenPage, signInPage } from './pages.js'

const stylesheet = readFileSync(new URL('./dashboard.css', import.meta.url), 'utf8')

const wantsHtml = (request: FastifyRequest) =>
  request.headers.authorization === undefined && /\btext\/html\b/i.test(request.headers.accept ?? '')

const hasSessionCookie = (request: FastifyRequest) => sessionCookieOf(request) !== undefined

function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)
}

/** A form another site made the browser post (login CSRF): browsers say so in Sec-Fetch-Site. */
function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new ApiError('forbidden', 'a form posted from another site cannot sign in or out here')
  }
}

export default async function dashboardRoutes(fastify: FastifyInstance, opts: { publicUrl: string }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // Pages, their forms and stylesheet: helmet's whole set of security headers, the 401 and 403 pages
  // included (authentication runs after helmet: src/plugins/auth.ts hooks into preParsing).
  await app.register(helmet, PAGE_HELMET)
  // These routes take a browser's form bodies, and only those; registered here, the parser leaves
  // the JSON API answering 415 to forms.
  app.removeContentTypeParser('application/json')
  await app.register(formbody)
  // Setting and clearing the session cookie; registered here, its hooks run on these routes only.
  await app.register(cookie, { hook: false })

  // Secure when the browser is on https: the request came over TLS (or, with TRUST_PROXY, through a
  // proxy that says so), or the deployment's public URL is https.
  const httpsDeployment = opts.publicUrl.startsWith('https:')
  const cookieOptions = (request: FastifyRequest) =>
    ({ path: '/admin', httpOnly: true, sameSite: 'strict', secure: httpsDeployment || request.protocol === 'https' }) as const

  // 401 and 403 become pages for a browser; anything else goes on to the root error handler.
  app.setErrorHandler(function renderDashboardError(error: FastifyError, request, reply) {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new ApiError('unsupported_media_type', 'unsupported Content-Type: send application/x-www-form-urlencoded')
    }
    if (!(error instanceof ApiError) || !wantsHtml(request)) throw error
    if (error.statusCode === 401) {
      // A first visit (no cookie, no form posted) needs no reason, only the form.
      const notice = request.method === 'GET' && !hasSessionCookie(request) ? null : error.message
      return sendHtml(reply.header('www-authenticate', WWW_AUTHENTICATE), 401, signInPage(notice))
    }
    if (error.statusCode === 403) return sendHtml(reply, 403, forbiddenPage(error.message, hasSessionCookie(request)))
    throw error
  })

  const dashboard = operation('getDashboard')
  app.route({
    ...dashboard,
    config: { ...dashboard.config, sessionCookie: true },
    schema: getDashboardRoute,
    handler: async function getDashboard(request, reply) {
      const view = await app.dashboardService.view(principalOf(request))
      const bySession = request.headers.authorization === undefined
      return sendHtml(reply, 200, dashboardPage(view, bySession))
    },
  })

  app.route({
    ...operation('signInDashboard'),
    schema: signInDashboardRoute,
    handler: async function signInDashboard(request, reply) {
      refuseCrossSite(request)
      const { token } = await app.dashboardSessionsService.signIn(request.body.api_key, request.id)
      // Signing in over a live session replaces it rather than leaving it behind.
      await app.dashboardSessionsService.signOut(sessionCookieOf(request), request.id)
      return reply
        .setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_MS / 1000 })
        .redirect('/admin', 303)
    },
  })

  app.route({
    ...operation('signOutDashboard'),
    schema: signOutDashboardRoute,
    handler: async function signOutDashboard(request, reply) {
      refuseCrossSite(request)
      await app.dashboardSessionsService.signOut(sessionCookieOf(request), request.id)
      return reply.clearCookie(SESSION_COOKIE, cookieOptions(request)).redirect('/admin', 303)
    },
  })

  app.route({
    ...operation('getDashboardStylesheet'),
    schema: getDashboardStylesheetRoute,
    handler: async function getDashboardStylesheet(_request, reply) {
      return reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(stylesheet)
    },
  })
}
