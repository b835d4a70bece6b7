// Owns webhook delivery: starts the dispatcher when the app is ready, stops it claiming at preClose
// and drains attempts in flight (bounded) before the database closes.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createWebhookDispatcher, type WebhookDispatcher } from './dispatcher.js'
import { createWebhookSender } from './sender.js'
import { USER_AGENT } from '../version.js'

declare module 'fastify' {
  interface FastifyInstance {
    webhookDispatcher: WebhookDispatcher
  }
}

export default fp(
  async function webhookDispatcherPlugin(app, opts: { config: Config }) {
    const { config } = opts
    const sender = createWebhookSender({
      timeoutMs: config.webhookTimeoutMs,
      allowPrivateNetworks: config.webhookAllowPrivateNetworks,
      userAgent: USER_AGENT,
    })
    const dispatcher = createWebhookDispatcher(app.db, app.webhooksRepository, sender, {
      retryDelaysMs: config.webhookRetryDelaysMs,
      timeoutMs: config.webhookTimeoutMs,
      concurrency: 16,
      pollMs: 2_000,
      mediaKeys: app.mediaKeys,
      onAttempt: app.metrics.webhookAttempt,
      log: app.log.child({ component: 'webhook-dispatcher' }),
    })
    app.decorate('webhookDispatcher', dispatcher)
    app.addHook('onReady', async () => dispatcher.start())
    app.addHook('preClose', async () => {
      await dispatcher.stop(config.webhookTimeoutMs + 1_000)
      await sender.close()
    })
  },
  { name: 'webhook-dispatcher', dependencies: ['repositories', 'metrics'] },
)
