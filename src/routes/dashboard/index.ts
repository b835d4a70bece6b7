// The operator's console: its home (GET /admin), its browser sign-in, and the pages under it
// (console-routes.ts). A browser (no Authorization header, Accept with text/html) gets an HTML page
// for every 4xx too; every other client gets the API's JSON errors.
import { readFileSync } from 'node:fs'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import { getDashboardRoute, getDashboardStylesheetRoute, signInDashboardRoute, signOutDashboardRoute } from '../../../generated/schemas.js'
import { ApiError } from '../../domain/errors.js'
import { principalOf, SESSION_COOKIE, sessionCookieOf } from '../../plugins/auth.js'
import { validationDetails, WWW_AUTHENTICATE } from '../../plugins/errors.js'
import { PAGE_HELMET } from '../../plugins/security-headers.js'
import { SESSION_TTL_MS } from '../../services/dashboard-sessions-service.js'
import { operation } from '../operation.js'
import consoleRoutes from './console-routes.js'
import { refuseCrossSite, sendHtml, viewerOf } from './forms.js'
import { dashboardPage, errorPage, signInPage } from './pages.js'

const stylesheet = readFileSync(new URL('./dashboard.css', import.meta.url), 'utf8')

const wantsHtml = (request: FastifyRequest) =>
  request.headers.authorization === undefined && /\btext\/html\b/i.test(request.headers.accept ?? '')

const hasSessionCookie = (request: FastifyRequest) => sessionCookieOf(request) !== undefined

/** Refusals about the request's form rather than its meaning (a body too large or not a form, too many requests): JSON still. */
const ANSWERED_AS_JSON = new Set([413, 415, 429])

export default async function dashboardRoutes(fastify: FastifyInstance, opts: { publicUrl: string }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // Pages, their forms and stylesheet: helmet's whole set of security headers, the 401 and 403 pages
  // included (authentication runs after helmet: src/plugins/auth.ts hooks into preParsing).
  await app.register(helmet, PAGE_HELMET)
  // These routes take a browser's form bodies, and only those; registered here, the parser leaves
  // the JSON API answering 415 to forms.
  app.removeContentTypeParser('application/json')
  // The console's largest form (a review note of 2,000 characters, percent-encoded) is a few tens of kB.
  await app.register(formbody, { bodyLimit: 64 * 1024 })
  // Setting and clearing the session cookie; registered here, its hooks run on these routes only.
  await app.register(cookie, { hook: false })

  // Secure when the browser is on https: the request came over TLS (or, with TRUST_PROXY, through a
  // proxy that says so), or the deployment's public URL is https.
  const httpsDeployment = opts.publicUrl.startsWith('https:')
  const cookieOptions = (request: FastifyRequest) =>
    ({ path: '/admin', httpOnly: true, sameSite: 'strict', secure: httpsDeployment || request.protocol === 'https' }) as const

  // A browser's filter form sends its empty fields too: an empty field is no filter.
  app.addHook('preValidation', async function dropEmptyQueryFields(request) {
    const query = request.query as Record<string, unknown> | undefined
    if (query) for (const [k, v] of Object.entries(query)) if (v === '') delete query[k]
  })

  // A 4xx becomes a page for a browser (401: the sign-in form); anything else goes on to the root
  // error handler.
  app.setErrorHandler(function renderDashboardError(error: FastifyError, request, reply) {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new ApiError('unsupported_media_type', 'unsupported Content-Type: send application/x-www-form-urlencoded')
    }
    if (!wantsHtml(request)) throw error
    if (error.validation) {
      const message = `invalid ${error.validationContext ?? 'request'}: ${validationDetails(error).map((d) => `${d.path} ${d.message}`.trim()).join('; ')}`
      return sendHtml(reply, 400, errorPage(400, message, hasSessionCookie(request)))
    }
    if (!(error instanceof ApiError)) throw error
    if (error.statusCode === 401) {
      // A first visit (no cookie, no form posted) needs no reason, only the form.
      const notice = request.method === 'GET' && !hasSessionCookie(request) ? null : error.message
      return sendHtml(reply.header('www-authenticate', WWW_AUTHENTICATE), 401, signInPage(notice))
    }
    if (error.statusCode < 500 && !ANSWERED_AS_JSON.has(error.statusCode)) {
      return sendHtml(reply, error.statusCode, errorPage(error.statusCode, error.message, hasSessionCookie(request)))
    }
    throw error
  })

  const dashboard = operation('getDashboard')
  app.route({
    ...dashboard,
    config: { ...dashboard.config, sessionCookie: true },
    schema: getDashboardRoute,
    handler: async function getDashboard(request, reply) {
      const view = await app.dashboardService.view(principalOf(request), request.query)
      return sendHtml(reply, 200, dashboardPage(view, viewerOf(request)))
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

  await consoleRoutes(app)
}
