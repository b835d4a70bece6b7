// Authentication and authorization, before the body is read (preParsing): a route's
// permission comes from its operation's x-permission; the role → permission table decides.
// The dashboard's session cookie counts only on a route that opts in, and only without an
// Authorization header: the JSON API never reads it.
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { parseCookie } from 'cookie'
import type { OperationId, Permission } from '../../generated/schemas.js'
import { ApiError } from '../domain/errors.js'
import { CAPTURE_OPERATIONS, looksLikeCaptureToken } from '../domain/capture-link.js'
import { can } from '../domain/permissions.js'
import { revokedKey, type Principal } from '../services/api-keys-service.js'
import type { Actor } from '../services/audit-log.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: OperationId
    /** null or absent: a public route. */
    permission?: Permission | null
    /** The dashboard's session cookie may stand in for a missing Authorization header. */
    sessionCookie?: boolean
  }
  interface FastifyRequest {
    principal: Principal | null
  }
}

/** The cookie that names a dashboard session (the token; only its hash is stored). */
export const SESSION_COOKIE = 'ivs_session'

/**
 * The dashboard session token a request's Cookie header carries. Cookies are read only here, on the
 * routes that take one: the JSON API never parses them.
 */
export function sessionCookieOf(request: { headers: { cookie?: string } }): string | undefined {
  const header = request.headers.cookie
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header)
  return m?.[1] ?? null
}

/** The authenticated caller of a route that requires a permission (set by the preParsing hook). */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new Error('principalOf called on a public route')
  return request.principal
}

/** The caller and its request, as the audit log records them. */
export function actorOf(request: { principal: Principal | null; id: string }): Actor {
  return { principal: principalOf(request), requestId: request.id }
}

export default fp(
  async function authPlugin(app) {
    app.decorateRequest('principal', null)

    // Every request reads its key (one indexed read of the secret's hash): a revoke holds on the
    // very next request, on every instance sharing the database.
    // A capture link's token stands for its verification's client on that verification's capture
    // operations only; anywhere else it is answered as an unknown key.
    async function fromBearer(header: string | undefined, request: FastifyRequest): Promise<Principal> {
      const token = bearerToken(header)
      if (!token) throw new ApiError('unauthorized', 'missing API key: send Authorization: Bearer <API_KEY>')
      if (looksLikeCaptureToken(token)) {
        const { operationId } = request.routeOptions.config
        const id = (request.params as { id?: unknown }).id
        if (!operationId || !CAPTURE_OPERATIONS.has(operationId)) throw revokedKey()
        const principal = await app.captureLinksService.authenticate(token)
        if (!principal || principal.capture?.verificationId !== id) throw revokedKey()
        return principal
      }
      const principal = await app.apiKeysService.authenticate(token)
      if (!principal) throw revokedKey()
      return principal
    }

    async function fromSession(token: string): Promise<Principal> {
      const principal = await app.dashboardSessionsService.authenticate(token)
      if (!principal) throw new ApiError('unauthorized', 'your dashboard session has ended: sign in again')
      return principal
    }

    // preParsing: before the body is read, and after the onRequest hooks of the context that serves
    // the route (helmet's, on the pages), so that a 401 or 403 page carries the page's headers.
    app.addHook('preParsing', async function authenticateRequest(request) {
      const { permission, sessionCookie } = request.routeOptions.config
      if (!permission) return
      const session = sessionCookie && request.headers.authorization === undefined ? sessionCookieOf(request) : undefined
      const principal = session === undefined ? await fromBearer(request.headers.authorization, request) : await fromSession(session)
      if (!can(principal.role, permission)) throw new ApiError('forbidden', `insufficient permissions: ${principal.role} requires ${permission}`)
      request.principal = principal
    })
  },
  { name: 'auth', dependencies: ['services', 'errors'] },
)
