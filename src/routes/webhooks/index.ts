// Webhook configuration, delivery log and replay, per API key.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  listWebhookDeliveriesRoute,
  replayWebhookDeliveryRoute,
  updateWebhookConfigRoute,
} from '../../../generated/schemas.js'
import { actorOf, principalOf } from '../../plugins/auth.js'
import { operation } from '../operation.js'

export default async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...operation('updateWebhookConfig'),
    schema: updateWebhookConfigRoute,
    handler: async function updateWebhookConfig(request) {
      const { generatedSecret } = await app.webhooksService.updateConfig(actorOf(request), request.body)
      return { status: 'ok' as const, ...(generatedSecret ? { webhook_secret: generatedSecret } : {}) }
    },
  })

  app.route({
    ...operation('listWebhookDeliveries'),
    schema: listWebhookDeliveriesRoute,
    handler: async function listWebhookDeliveries(request) {
      return app.webhooksService.listDeliveries(principalOf(request))
    },
  })

  app.route({
    ...operation('replayWebhookDelivery'),
    schema: replayWebhookDeliveryRoute,
    handler: async function replayWebhookDelivery(request, reply) {
      const newDeliveryId = await app.webhooksService.replay(actorOf(request), request.body.delivery_id)
      return reply.code(202).send({ new_delivery_id: newDeliveryId })
    },
  })
}
