// Creates the repositories and services once and decorates them on the instance; registers the
// default admin key before the service answers its first request.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createApiKeysRepository, type ApiKeysRepository } from '../db/api-keys-repository.js'
import { createVerificationsRepository, type VerificationsRepository } from '../db/verifications-repository.js'
import { createApiKeysService, type ApiKeysService } from '../services/api-keys-service.js'
import { createVerificationsService, type VerificationsService } from '../services/verifications-service.js'

declare module 'fastify' {
  interface FastifyInstance {
    apiKeysRepository: ApiKeysRepository
    verificationsRepository: VerificationsRepository
    apiKeysService: ApiKeysService
    verificationsService: VerificationsService
  }
}

export default fp(
  async function servicesPlugin(app, opts: { config: Config }) {
    const apiKeysRepository = createApiKeysRepository(app.db)
    const verificationsRepository = createVerificationsRepository(app.db)
    app.decorate('apiKeysRepository', apiKeysRepository)
    app.decorate('verificationsRepository', verificationsRepository)
    app.decorate('apiKeysService', createApiKeysService(app.db, apiKeysRepository))
    app.decorate(
      'verificationsService',
      createVerificationsService(app.db, verificationsRepository, { ttlMs: opts.config.verificationTtlMs }),
    )
    await app.apiKeysService.ensureAdminKey(opts.config, app.log)
  },
  { name: 'services', dependencies: ['db'] },
)
