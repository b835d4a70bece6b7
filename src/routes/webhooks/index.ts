// Webhook configuration, delivery log and replay. Built by the webhook issue.
import type { FastifyInstance } from 'fastify'
import { notImplemented } from '../operation.js'

export default async function webhooksRoutes(app: FastifyInstance) {
  for (const id of ['updateWebhookConfig', 'listWebhookDeliveries', 'replayWebhookDelivery'] as const) {
    notImplemented(app, id)
  }
}
