// Authentication and authorization, before anything else about a request is looked at: a route's
// permission comes from its operation's x-permission; the role → permission table decides.
// The dashboard's session cookie counts only on a route that opts in, and only without an
// Authorization header: the JSON API never reads it.
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { parseCookie } from 'cookie'
import type { OperationId, Permission } from '../../generated/schemas.js'
import { ApiError } from '../domain/errors.js'
import { can } from '../domain/permissions.js'
import { revokedKey, type Principal } from '../services/api-keys-service.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: OperationId
    /** null or absent: a public route. */
    permission?: Permission | null
    /** The dashboard's session cookie may stand in for a missing Authorization header. */
    sessionCookie?: boolean
    /**
     * The handler refuses a revoked key itself, in the same SQL statement as its own work: the hook
     * may then take the key's identity from memory (an `unconfirmed` principal) and skip its read.
     * Errors answered before the handler confirm the key first (errors.ts), so 401 still comes first.
     */
    checksRevocation?: boolean
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

/** The authenticated caller of a route that requires a permission (set by the onRequest hook). */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new Error('principalOf called on a public route')
  return request.principal
}

export default fp(
  async function authPlugin(app) {
    app.decorateRequest('principal', null)

    async function fromBearer(header: string | undefined, fromMemory: boolean): Promise<Principal> {
      const token = bearerToken(header)
      if (!token) throw new ApiError('unauthorized', 'missing API key: send Authorization: Bearer <API_KEY>')
      const keys = app.apiKeysService
      const principal = fromMemory ? await keys.identify(token) : await keys.authenticate(token)
      if (!principal) throw revokedKey()
      return principal
    }

    async function fromSession(token: string): Promise<Principal> {
      const principal = await app.dashboardSessionsService.authenticate(token)
      if (!principal) throw new ApiError('unauthorized', 'your dashboard session has ended: sign in again')
      return principal
    }

    async function authenticate(request: FastifyRequest, permission: Permission) {
      const { sessionCookie, checksRevocation } = request.routeOptions.config
      const session = sessionCookie && request.headers.authorization === undefined ? sessionCookieOf(request) : undefined
      const principal = session === undefined ? await fromBearer(request.headers.authorization, checksRevocation === true) : await fromSession(session)
      if (!can(principal.role, permission)) {
        await app.apiKeysService.assertActive(principal)
        throw new ApiError('forbidden', `insufficient permissions: ${principal.role} requires ${permission}`)
      }
      request.principal = principal
    }

    // A callback hook: a known key on a route that reads its revocation itself (the API's hot paths)
    // is taken without a promise or a turn of the microtask queue; everything else goes through
    // `authenticate`.
    app.addHook('preParsing', function authenticateRequest(request, _reply, _payload, done) {
      const { permission, checksRevocation } = request.routeOptions.config
      if (!permission) return done()
      if (checksRevocation) {
        const token = bearerToken(request.headers.authorization)
        const known = token === null ? undefined : app.apiKeysService.identifyKnown(token)
        if (known && can(known.role, permission)) {
          request.principal = known
          return done()
        }
      }
      authenticate(request, permission).then(() => done(), done)
    })
  },
  { name: 'auth', dependencies: ['services', 'errors', 'security-headers'] },
)
