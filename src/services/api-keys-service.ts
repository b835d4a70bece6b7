// API keys: authentication of a bearer secret, creation, listing, revocation with the last-admin
// guard, and the default admin key at start-up.
import type { FastifyBaseLogger } from 'fastify'
import type { ApiKey, ApiKeyCreated, ApiKeyCreateRequest } from '../../generated/schemas.js'
import type { Db } from '../db/client.js'
import type { ApiKeyRow, ApiKeysRepository } from '../db/api-keys-repository.js'
import { hashApiKey, looksLikeApiKey, newApiKeySecret } from '../domain/api-key-secret.js'
import { ApiError, conflict, notFound } from '../domain/errors.js'
import { newId } from '../domain/ids.js'
import type { Role } from '../domain/permissions.js'
import type { Actor, AuditLog } from './audit-log.js'

export interface Principal {
  id: string
  clientName: string
  role: Role
  /** Set for a capture link's token: the one verification it may capture for (src/domain/capture-link.ts). */
  capture?: { verificationId: string }
}

export interface AdminKeyOptions {
  adminApiKey: string | null
  adminClientName: string
}

/** The answer to a key that does not exist or was revoked (the two are not told apart). */
export const revokedKey = () => new ApiError('unauthorized', 'invalid or revoked API key')

function toApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, client_name: row.clientName, role: row.role, created_at: row.createdAt.toISOString() }
}

export function createApiKeysService(db: Db, repo: ApiKeysRepository, audit: AuditLog) {
  return {
    /** The principal behind a bearer secret, if the key exists and is not revoked. */
    async authenticate(token: string): Promise<Principal | null> {
      return looksLikeApiKey(token) ? ((await repo.findActiveByHash(hashApiKey(token))) ?? null) : null
    },

    async create(actor: Actor, input: ApiKeyCreateRequest): Promise<ApiKeyCreated> {
      const clientName = input.client_name.trim()
      if (clientName.length === 0) {
        throw new ApiError('validation_error', 'request validation failed', [
          { path: '/client_name', message: 'must not be blank' },
        ])
      }
      const key = newApiKeySecret()
      const row = await db.transaction(async (tx) => {
        const row = await repo.insert({ id: newId('apiKey'), clientName, role: input.role ?? 'service', keyHash: hashApiKey(key) }, tx)
        await audit.record(tx, actor, 'api_key.created', row.id, { role: row.role, client_name: row.clientName })
        return row
      })
      return { ...toApiKey(row), key }
    },

    async list(): Promise<ApiKey[]> {
      return (await repo.listActive()).map(toApiKey)
    },

    async revoke(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const admins = await repo.lockActiveAdmins(tx)
        const target = await repo.findActiveById(id, tx)
        if (!target) throw notFound('API key')
        if (target.role === 'admin' && admins.length <= 1) {
          throw conflict('cannot revoke the last active admin key: create another admin key first')
        }
        await repo.revoke(id, tx)
        await audit.record(tx, actor, 'api_key.revoked', id, { role: target.role, client_name: target.clientName })
      })
    },

    /**
     * The default admin key: ADMIN_API_KEY is inserted when unknown and never resurrected once revoked;
     * with no ADMIN_API_KEY and no active admin, one is generated and printed once to stderr.
     */
    async ensureAdminKey(opts: AdminKeyOptions, log: FastifyBaseLogger): Promise<void> {
      if (opts.adminApiKey) {
        const keyHash = hashApiKey(opts.adminApiKey)
        const existing = await repo.findByHash(keyHash)
        if (!existing) {
          if (await repo.insertIfAbsent({ id: newId('apiKey'), clientName: opts.adminClientName, role: 'admin', keyHash })) {
            log.info('default admin key from ADMIN_API_KEY registered')
          }
        } else if (existing.revokedAt) {
          log.warn({ keyId: existing.id }, 'ADMIN_API_KEY names a revoked key; it stays revoked')
        }
        return
      }
      if (await repo.hasActiveAdmin()) return
      const key = newApiKeySecret()
      await repo.insert({ id: newId('apiKey'), clientName: opts.adminClientName, role: 'admin', keyHash: hashApiKey(key) })
      process.stderr.write(
        [
          '',
          '================================================================',
          ' No admin API key existed, so one was generated. It is shown',
          ' only this once; store it now (set ADMIN_API_KEY to choose one):',
          '',
          `   ${key}`,
          '================================================================',
          '',
        ].join('\n') + '\n',
      )
    },
  }
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>
