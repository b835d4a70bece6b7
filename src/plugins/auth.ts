// Authentication and authorization, before anything else about a request is looked at: a route's
// permission comes from its operation's x-permission; the role → permission table decides.
import fp from 'fastify-plugin'
import type { OperationId, Permission } from '../../generated/schemas.js'
import { ApiError } from '../domain/errors.js'
import { can } from '../domain/permissions.js'
import type { Principal } from '../services/api-keys-service.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: OperationId
    /** null or absent: a public route. */
    permission?: Permission | null
  }
  interface FastifyRequest {
    principal: Principal | null
  }
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
    app.addHook('onRequest', async function authenticate(request) {
      const permission = request.routeOptions.config.permission
      if (!permission) return
      const token = bearerToken(request.headers.authorization)
      if (!token) throw new ApiError('unauthorized', 'missing API key: send Authorization: Bearer <API_KEY>')
      const principal = await app.apiKeysService.authenticate(token)
      if (!principal) throw new ApiError('unauthorized', 'invalid or revoked API key')
      if (!can(principal.role, permission)) {
        throw new ApiError('forbidden', `insufficient permissions: ${principal.role} requires ${permission}`)
      }
      request.principal = principal
    })
  },
  { name: 'auth', dependencies: ['services', 'errors'] },
)
