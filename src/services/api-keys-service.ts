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

export interface Principal {
  id: string
  clientName: string
  role: Role
  /**
   * True when this request has not read the key's revocation yet: the identity came from the cache,
   * and whatever answers the request must refuse a revoked key itself (in the same SQL statement as
   * its own work, or through `apiKeysService.assertActive`). Absent: checked during this request.
   */
  unconfirmed?: true
}

/** Distinct keys whose identity (id, client, role) is kept in memory; the oldest goes first. */
const IDENTITY_CACHE_SIZE = 10_000

export interface AdminKeyOptions {
  adminApiKey: string | null
  adminClientName: string
}

/** The answer to a key that does not exist or was revoked (the two are not told apart). */
export const revokedKey = () => new ApiError('unauthorized', 'invalid or revoked API key')

function toApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, client_name: row.clientName, role: row.role, created_at: row.createdAt.toISOString() }
}

export function createApiKeysService(db: Db, repo: ApiKeysRepository) {
  // A key's id, client and role never change; only its revocation does, and that is never cached:
  // a cached identity is handed out unconfirmed, so a revoke holds on the very next request, on this
  // instance and on any other one sharing the database.
  const identities = new Map<string, { id: string; clientName: string; role: Role }>()

  async function authenticate(token: string): Promise<Principal | null> {
    return looksLikeApiKey(token) ? readActive(hashApiKey(token)) : null
  }

  /**
   * `identify` without waiting, for a secret whose identity is already known (an `unconfirmed`
   * principal); undefined otherwise (then `identify` reads it).
   */
  function identifyKnown(token: string): Principal | undefined {
    return looksLikeApiKey(token) ? knownByHash(hashApiKey(token)) : undefined
  }

  function knownByHash(keyHash: string): Principal | undefined {
    const known = identities.get(keyHash)
    return known && { id: known.id, clientName: known.clientName, role: known.role, unconfirmed: true }
  }

  async function readActive(keyHash: string): Promise<Principal | null> {
    const row = await repo.findActiveByHash(keyHash)
    if (!row) return null
    if (!identities.has(keyHash)) {
      if (identities.size >= IDENTITY_CACHE_SIZE) identities.delete(identities.keys().next().value!)
      identities.set(keyHash, { id: row.id, clientName: row.clientName, role: row.role })
    }
    return { id: row.id, clientName: row.clientName, role: row.role }
  }

  return {
    /** The principal behind a bearer secret, read from the database: its revocation is checked. */
    authenticate,

    /**
     * The principal behind a bearer secret without a database read when its identity is known:
     * then it is `unconfirmed`, and the caller checks revocation in its own statement. An unknown
     * secret is read (and so confirmed) as `authenticate` does; unknown and revoked keys are never cached.
     */
    async identify(token: string): Promise<Principal | null> {
      if (!looksLikeApiKey(token)) return null
      const keyHash = hashApiKey(token)
      return knownByHash(keyHash) ?? readActive(keyHash)
    },

    identifyKnown,

    /** True when the key behind a principal is not revoked (one indexed read). */
    async isActive(principal: Principal): Promise<boolean> {
      return repo.isActive(principal.id)
    },

    /** Refuses a revoked key with 401, unless this request has already confirmed it (and then marks it confirmed). */
    async assertActive(principal: Principal): Promise<void> {
      if (!principal.unconfirmed) return
      if (!(await repo.isActive(principal.id))) throw revokedKey()
      delete principal.unconfirmed
    },

    async create(input: ApiKeyCreateRequest): Promise<ApiKeyCreated> {
      const clientName = input.client_name.trim()
      if (clientName.length === 0) {
        throw new ApiError('validation_error', 'request validation failed', [
          { path: '/client_name', message: 'must not be blank' },
        ])
      }
      const key = newApiKeySecret()
      const row = await repo.insert({ id: newId('apiKey'), clientName, role: input.role ?? 'service', keyHash: hashApiKey(key) })
      return { ...toApiKey(row), key }
    },

    async list(): Promise<ApiKey[]> {
      return (await repo.listActive()).map(toApiKey)
    },

    async revoke(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const admins = await repo.lockActiveAdmins(tx)
        const target = await repo.findActiveById(id, tx)
        if (!target) throw notFound('API key')
        if (target.role === 'admin' && admins.length <= 1) {
          throw conflict('cannot revoke the last active admin key: create another admin key first')
        }
        await repo.revoke(id, tx)
      })
      for (const [hash, identity] of identities) if (identity.id === id) identities.delete(hash)
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
