// Creates the services once and decorates them on the instance; registers the default admin key
// before the service answers its first request.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { similarity } from '../analysis/faces.js'
import { FACE_MODEL } from '../analysis/human.js'
import { createApiKeysService, type ApiKeysService } from '../services/api-keys-service.js'
import { createAuditLog, type AuditLog } from '../services/audit-log.js'
import { createBiometricsService, type BiometricsService } from '../services/biometrics-service.js'
import { createConsoleService, type ConsoleService } from '../services/console-service.js'
import { createRedactionService, type RedactionService } from '../services/redaction-service.js'
import { createCaptureLinksService, type CaptureLinksService } from '../services/capture-links-service.js'
import { createDashboardService, type DashboardService } from '../services/dashboard-service.js'
import { createDashboardSessionsService, type DashboardSessionsService } from '../services/dashboard-sessions-service.js'
import { createDocumentsService, type DocumentsService } from '../services/documents-service.js'
import { createVerificationsService, type VerificationsService } from '../services/verifications-service.js'
import { createWebhooksService, type WebhooksService } from '../services/webhooks-service.js'

declare module 'fastify' {
  interface FastifyInstance {
    apiKeysService: ApiKeysService
    auditLog: AuditLog
    verificationsService: VerificationsService
    webhooksService: WebhooksService
    documentsService: DocumentsService
    biometricsService: BiometricsService
    dashboardService: DashboardService
    consoleService: ConsoleService
    redactionService: RedactionService
    dashboardSessionsService: DashboardSessionsService
    captureLinksService: CaptureLinksService
  }
}

export default fp(
  async function servicesPlugin(app, opts: { config: Config }) {
    const onQueued = () => app.webhookDispatcher.kick()
    const audit = createAuditLog(app.auditRepository)
    app.decorate('auditLog', audit)
    const webhooks = createWebhooksService(app.db, app.webhooksRepository, app.apiKeysRepository, audit, {
      maxRetries: opts.config.webhookRetryDelaysMs.length,
      mediaKeys: app.mediaKeys,
      onQueued,
    })
    app.decorate('apiKeysService', createApiKeysService(app.db, app.apiKeysRepository, audit))
    app.decorate('webhooksService', webhooks)
    app.decorate(
      'verificationsService',
      createVerificationsService(app.db, app.verificationsRepository, app.idempotencyRepository, {
        ttlMs: opts.config.verificationTtlMs,
        reviewMargin: opts.config.reviewMargin,
        webhooks,
        audit,
        onQueued,
        onFinished: app.metrics.verificationFinished,
      }),
    )
    const mediaKeys = app.mediaKeys
    app.decorate(
      'documentsService',
      createDocumentsService({ verifications: app.verificationsService, uploads: app.uploadsRepository, pool: app.analysisPool, mediaKeys }),
    )
    app.decorate(
      'biometricsService',
      createBiometricsService({
        verifications: app.verificationsService,
        uploads: app.uploadsRepository,
        challenges: app.challengesRepository,
        pool: app.analysisPool,
        mediaKeys,
        faceMatchThreshold: opts.config.faceMatchThreshold,
        faces: { model: FACE_MODEL, similarity },
      }),
    )
    app.decorate(
      'captureLinksService',
      createCaptureLinksService({ db: app.db, repo: app.captureLinksRepository, verifications: app.verificationsService, publicUrl: opts.config.publicUrl }),
    )
    app.decorate('dashboardSessionsService', createDashboardSessionsService(app.db, app.dashboardSessionsRepository, app.apiKeysService, audit))
    app.decorate(
      'dashboardService',
      createDashboardService({
        verifications: app.verificationsRepository,
        keys: app.apiKeysRepository,
        webhooks: app.webhooksRepository,
        captureLinks: app.captureLinksRepository,
        mediaKeys,
      }),
    )
    app.decorate(
      'redactionService',
      createRedactionService({
        db: app.db,
        verifications: app.verificationsRepository,
        uploads: app.uploadsRepository,
        idempotency: app.idempotencyRepository,
        captureLinks: app.captureLinksRepository,
        webhooks,
        audit,
        reviewMargin: opts.config.reviewMargin,
        onQueued,
      }),
    )
    app.decorate(
      'consoleService',
      createConsoleService({
        db: app.db,
        verifications: app.verificationsRepository,
        uploads: app.uploadsRepository,
        webhooks: app.webhooksRepository,
        captureLinks: app.captureLinksRepository,
        audit,
        mediaKeys,
      }),
    )
    await app.apiKeysService.ensureAdminKey(opts.config, app.log)
    const decided = await app.verificationsService.decideEarlierVerifications()
    if (decided > 0) app.log.info({ verifications: decided }, 'recorded the decision of verifications finished by an earlier version')
    let sealedRows = await app.idempotencyRepository.sealLegacy()
    for (let n = -1; n !== 0; sealedRows += n) n = await app.verificationsRepository.sealLegacy(100)
    if (sealedRows > 0) app.log.info({ rows: sealedRows }, 'sealed personal data stored in clear by an earlier version')
    const sealed = await webhooks.sealLegacySecrets()
    if (sealed > 0) app.log.info({ keys: sealed }, 'sealed webhook secrets stored in clear by an earlier version')
  },
  { name: 'services', dependencies: ['repositories', 'webhook-dispatcher', 'analysis'] },
)
