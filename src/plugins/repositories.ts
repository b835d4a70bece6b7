// One repository per resource, decorated on the instance; each method takes an optional transaction.
import fp from 'fastify-plugin'
import { createApiKeysRepository, type ApiKeysRepository } from '../db/api-keys-repository.js'
import { createAuditRepository, type AuditRepository } from '../db/audit-repository.js'
import { createCaptureLinksRepository, type CaptureLinksRepository } from '../db/capture-links-repository.js'
import { createVerificationsRepository, type VerificationsRepository } from '../db/verifications-repository.js'
import { createDashboardSessionsRepository, type DashboardSessionsRepository } from '../db/dashboard-sessions-repository.js'
import { createChallengesRepository, type ChallengesRepository } from '../db/challenges-repository.js'
import { createIdempotencyRepository, type IdempotencyRepository } from '../db/idempotency-repository.js'
import { createUploadsRepository, type UploadsRepository } from '../db/uploads-repository.js'
import { createWebhooksRepository, type WebhooksRepository } from '../db/webhooks-repository.js'

declare module 'fastify' {
  interface FastifyInstance {
    apiKeysRepository: ApiKeysRepository
    auditRepository: AuditRepository
    verificationsRepository: VerificationsRepository
    idempotencyRepository: IdempotencyRepository
    webhooksRepository: WebhooksRepository
    uploadsRepository: UploadsRepository
    challengesRepository: ChallengesRepository
    dashboardSessionsRepository: DashboardSessionsRepository
    captureLinksRepository: CaptureLinksRepository
  }
}

export default fp(
  async function repositoriesPlugin(app) {
    app.decorate('apiKeysRepository', createApiKeysRepository(app.db))
    app.decorate('auditRepository', createAuditRepository(app.db))
    app.decorate('verificationsRepository', createVerificationsRepository(app.db, app.mediaKeys))
    app.decorate('idempotencyRepository', createIdempotencyRepository(app.db, app.mediaKeys))
    app.decorate('webhooksRepository', createWebhooksRepository(app.db))
    app.decorate('uploadsRepository', createUploadsRepository(app.db))
    app.decorate('challengesRepository', createChallengesRepository(app.db))
    app.decorate('dashboardSessionsRepository', createDashboardSessionsRepository(app.db))
    app.decorate('captureLinksRepository', createCaptureLinksRepository(app.db))
  },
  { name: 'repositories', dependencies: ['db'] },
)
