// Browser sessions of the HTML dashboard: signing in with an API key that may open the dashboard,
// resolving the cookie's token to its key on every request, and signing out.
import { hash, randomBytes } from 'node:crypto'
import type { Db } from '../db/client.js'
import type { DashboardSessionsRepository } from '../db/dashboard-sessions-repository.js'
import { ApiError } from '../domain/errors.js'
import { can } from '../domain/permissions.js'
import type { ApiKeysService, Principal } from './api-keys-service.js'
import type { AuditLog } from './audit-log.js'

/** 256 random bits, base64url: the shape of every token this service hands out. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
const hashToken = (token: string) => hash('sha256', token, 'hex')

/** A working day: the operator signs in again after it. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000

export function createDashboardSessionsService(db: Db, repo: DashboardSessionsRepository, keys: ApiKeysService, audit: AuditLog) {
  return {

    /** A new session for a key with admin:dashboard (401 for an unknown or revoked key, 403 for another role). */
    async signIn(apiKey: string, requestId: string): Promise<{ token: string; principal: Principal }> {
      const principal = await keys.authenticate(apiKey.trim())
      if (!principal) throw new ApiError('unauthorized', 'invalid or revoked API key')
      if (!can(principal.role, 'admin:dashboard')) {
        throw new ApiError('forbidden', `insufficient permissions: ${principal.role} requires admin:dashboard`)
      }
      await repo.deleteExpired()
      const token = randomBytes(32).toString('base64url')
      await db.transaction(async (tx) => {
        await repo.insert({ tokenHash: hashToken(token), keyId: principal.id, expiresAt: new Date(Date.now() + SESSION_TTL_MS) }, tx)
        await audit.record(tx, { principal, requestId }, 'console.signed_in', principal.id)
      })
      return { token, principal }
    },

    async authenticate(token: string | undefined): Promise<Principal | null> {
      if (!token || !TOKEN_PATTERN.test(token)) return null
      return (await repo.findActive(hashToken(token))) ?? null
    },

    /** Ends the session; recorded when it was a live one (signing out twice records nothing). */
    async signOut(token: string | undefined, requestId: string): Promise<void> {
      if (!token || !TOKEN_PATTERN.test(token)) return
      await db.transaction(async (tx) => {
        const principal = await repo.findActive(hashToken(token), tx)
        await repo.delete(hashToken(token), tx)
        if (principal) await audit.record(tx, { principal, requestId }, 'console.signed_out', principal.id)
      })
    },
  }
}

export type DashboardSessionsService = ReturnType<typeof createDashboardSessionsService>
