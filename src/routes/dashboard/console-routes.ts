// The console's pages under /admin/console: a verification with its images, review and redaction
// forms, API keys, webhooks and the audit log. Registered by the dashboard's plugin (index.ts), in its
// context: helmet's headers, form bodies, the session cookie and the HTML error pages hold here too.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  createConsoleKeyRoute,
  getConsoleAuditRoute,
  getConsoleImageRoute,
  getConsoleKeysRoute,
  getConsoleVerificationRoute,
  getConsoleWebhooksRoute,
  redactConsoleVerificationRoute,
  replayConsoleDeliveryRoute,
  reviewConsoleVerificationRoute,
  revokeConsoleKeyRoute,
} from '../../../generated/schemas.js'
import { seesAllClients } from '../../domain/permissions.js'
import { actorOf, principalOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'
import { auditPage, AUDIT_PAGE_SIZE, keysPage, webhooksPage } from './admin-pages.js'
import { checkForm, sendHtml, viewerOf } from './forms.js'
import { verificationPage } from './verification-page.js'
import { trimClientName } from '../admin-keys/index.js'

/** Route options of a console operation: the session cookie stands in for a missing Authorization header. */
function consoleOperation(id: Parameters<typeof operation>[0]) {
  const op = operation(id)
  return { ...op, config: { ...op.config, sessionCookie: true } }
}

export default async function consoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...consoleOperation('getConsoleVerification'),
    schema: getConsoleVerificationRoute,
    handler: async function getConsoleVerification(request, reply) {
      const view = await app.consoleService.verification(principalOf(request), request.params.id)
      return sendHtml(reply, 200, verificationPage(view, viewerOf(request), request.query.show))
    },
  })

  app.route({
    ...consoleOperation('getConsoleImage'),
    schema: getConsoleImageRoute,
    handler: async function getConsoleImage(request, reply) {
      const { id, upload_id, side } = request.params
      const image = await app.consoleService.image(actorOf(request), id, upload_id, side)
      // The route's generated schema types only its JSON errors; the image is bytes.
      return (reply as FastifyReply).header('cache-control', 'no-store').type(image.type).send(image.bytes)
    },
  })

  app.route({
    ...consoleOperation('reviewConsoleVerification'),
    schema: reviewConsoleVerificationRoute,
    handler: async function reviewConsoleVerification(request, reply) {
      const { csrf, note, ...decision } = request.body
      checkForm(request, csrf)
      const id = request.params.id
      await app.verificationsService.review(actorOf(request), id, { ...decision, ...(note?.trim() ? { note: note.trim() } : {}) })
      return reply.redirect(`/admin/console/verifications/${encodeURIComponent(id)}`, 303)
    },
  })

  app.route({
    ...consoleOperation('redactConsoleVerification'),
    schema: redactConsoleVerificationRoute,
    handler: async function redactConsoleVerification(request, reply) {
      checkForm(request, request.body.csrf)
      const id = request.params.id
      await app.redactionService.redact(actorOf(request), id)
      return reply.redirect(`/admin/console/verifications/${encodeURIComponent(id)}`, 303)
    },
  })

  app.route({
    ...consoleOperation('getConsoleKeys'),
    schema: getConsoleKeysRoute,
    handler: async function getConsoleKeys(request, reply) {
      return sendHtml(reply, 200, keysPage(await app.apiKeysService.list(), viewerOf(request)))
    },
  })

  app.route({
    ...consoleOperation('createConsoleKey'),
    schema: createConsoleKeyRoute,
    preValidation: trimClientName,
    handler: async function createConsoleKey(request, reply) {
      const { csrf, ...input } = request.body
      checkForm(request, csrf)
      const created = await app.apiKeysService.create(actorOf(request), input)
      return sendHtml(reply, 200, keysPage(await app.apiKeysService.list(), viewerOf(request), created))
    },
  })

  app.route({
    ...consoleOperation('revokeConsoleKey'),
    schema: revokeConsoleKeyRoute,
    handler: async function revokeConsoleKey(request, reply) {
      checkForm(request, request.body.csrf)
      await app.apiKeysService.revoke(actorOf(request), request.params.id)
      return reply.redirect('/admin/console/keys', 303)
    },
  })

  app.route({
    ...consoleOperation('getConsoleWebhooks'),
    schema: getConsoleWebhooksRoute,
    handler: async function getConsoleWebhooks(request, reply) {
      const principal = principalOf(request)
      const [webhook, deliveries, failing] = await Promise.all([
        app.dashboardService.webhookOf(principal),
        app.webhooksService.listDeliveries(principal),
        seesAllClients(principal.role) ? app.consoleService.failingDeliveries() : null,
      ])
      return sendHtml(reply, 200, webhooksPage({ webhook, deliveries, failing }, viewerOf(request)))
    },
  })

  app.route({
    ...consoleOperation('replayConsoleDelivery'),
    schema: replayConsoleDeliveryRoute,
    handler: async function replayConsoleDelivery(request, reply) {
      checkForm(request, request.body.csrf)
      await app.webhooksService.replay(actorOf(request), request.body.delivery_id)
      return reply.redirect('/admin/console/webhooks', 303)
    },
  })

  app.route({
    ...consoleOperation('getConsoleAudit'),
    schema: getConsoleAuditRoute,
    handler: async function getConsoleAudit(request, reply) {
      const { page = 1, ...filter } = request.query
      const { items, total } = await app.auditLog.list({ ...filter, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE })
      return sendHtml(reply, 200, auditPage(items, total, request.query, viewerOf(request)))
    },
  })
}
