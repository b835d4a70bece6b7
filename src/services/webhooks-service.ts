// Webhooks as clients see them: configuration per key, the outbox entry written with a state
// change, the delivery log, and replay.
import type { UpdateWebhookConfigBody, WebhookDelivery } from '../../generated/schemas.js'
import type { Db, Executor } from '../db/client.js'
import type { ApiKeysRepository } from '../db/api-keys-repository.js'
import type { VerificationRow } from '../db/verifications-repository.js'
import type { DeliveryRow, WebhooksRepository } from '../db/webhooks-repository.js'
import type { MediaKeyInput } from '../domain/media-crypto.js'
import { webhookOrigin } from '../domain/audit.js'
import { ApiError, conflict, notFound } from '../domain/errors.js'
import { newId } from '../domain/ids.js'
import { openSecret, PREVIOUS_SECRET_GRACE_MS, sealSecret } from '../domain/webhook-secrets.js'
import { newStandardSecret } from '../domain/webhook-signing.js'
import type { Principal } from './api-keys-service.js'
import type { Actor, AuditLog } from './audit-log.js'

export const DELIVERY_LOG_SIZE = 50
export type EventType = 'verification.completed' | 'verification.failed' | 'verification.reviewed' | 'verification.redacted'

function invalid(path: string, message: string) {
  return new ApiError('validation_error', 'request validation failed', [{ path, message }])
}

/** Absolute http(s) URL with a host, or a reason it is not. */
function urlProblem(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw)) return 'must be an absolute http or https URL'
  try {
    const u = new URL(raw)
    if (!u.hostname) return 'must name a host'
    return null
  } catch {
    return 'must be an absolute http or https URL'
  }
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    verification_id: row.verificationId,
    event_type: row.eventType,
    webhook_url: row.webhookUrl,
    status: row.status,
    status_code: row.statusCode,
    attempt: row.attempt,
    max_attempts: row.maxAttempts,
    error: row.error,
    replay_of: row.replayOf,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt ? row.deliveredAt.toISOString() : null,
  }
}

export interface WebhooksServiceOptions {
  /** Retries after the first attempt: the max_attempts of every record. */
  maxRetries: number
  /** Seals webhook secrets at rest. */
  mediaKeys: MediaKeyInput
  /** Called after a commit that queued an attempt due now. */
  onQueued: () => void
}

export function createWebhooksService(db: Db, repo: WebhooksRepository, keys: ApiKeysRepository, audit: AuditLog, opts: WebhooksServiceOptions) {
  return {
    /**
     * Sets the key's URL and secret. A new secret (sent, or generated and returned once) replaces the
     * current one, which keeps signing beside it for PREVIOUS_SECRET_GRACE_MS.
     */
    async updateConfig(actor: Actor, body: UpdateWebhookConfigBody): Promise<{ generatedSecret: string | null }> {
      if (typeof body.webhook_url === 'string') {
        const problem = urlProblem(body.webhook_url)
        if (problem) throw invalid('/webhook_url', problem)
      }
      if (body.generate_secret && body.webhook_secret !== undefined) throw invalid('/generate_secret', 'send webhook_secret or generate_secret, not both')
      const generatedSecret = body.generate_secret ? newStandardSecret() : null
      const sent = generatedSecret ?? body.webhook_secret
      await db.transaction(async (tx) => {
        const key = await keys.findActiveById(actor.principal.id, tx)
        if (!key) throw new ApiError('unauthorized', 'invalid or revoked API key')
        const url = body.webhook_url === undefined ? key.webhookUrl : body.webhook_url
        const current = key.webhookSecretSealed ? openSecret(opts.mediaKeys, key.id, key.webhookSecretSealed) : null
        if (url && !sent && !current) throw invalid('/webhook_secret', 'is required: every delivery is signed, and no secret is stored yet')
        const rotated = sent !== undefined && sent !== current
        await keys.updateWebhook(
          key.id,
          {
            webhookUrl: url,
            ...(rotated
              ? {
                  webhookSecretSealed: sealSecret(opts.mediaKeys, key.id, sent),
                  previousWebhookSecretSealed: current === null ? null : sealSecret(opts.mediaKeys, key.id, current),
                  previousWebhookSecretUntil: current === null ? null : new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS),
                }
              : {}),
          },
          tx,
        )
        const urlChanged = url !== key.webhookUrl
        if (urlChanged || rotated) {
          await audit.record(tx, actor, 'webhook.configured', key.id, {
            url_changed: urlChanged,
            secret_rotated: rotated,
            webhook_origin: webhookOrigin(url),
          })
        }
      })
      return { generatedSecret }
    },

    /** Seals the secrets an older version stored in clear (before migration 0009). */
    async sealLegacySecrets(): Promise<number> {
      const legacy = await keys.withLegacySecret()
      for (const key of legacy) {
        await keys.updateWebhook(key.id, { webhookSecret: null, webhookSecretSealed: sealSecret(opts.mediaKeys, key.id, key.webhookSecret!) })
      }
      return legacy.length
    },

    async listDeliveries(principal: Principal): Promise<WebhookDelivery[]> {
      return (await repo.listForKey(principal.id, DELIVERY_LOG_SIZE)).map(toDelivery)
    },

    async replay(actor: Actor, deliveryId: string): Promise<string> {
      const id = await db.transaction(async (tx) => {
        const original = await repo.findForKey(deliveryId, actor.principal.id, tx)
        if (!original) throw notFound('webhook delivery')
        const key = await keys.findActiveById(actor.principal.id, tx)
        if (!key?.webhookUrl) throw conflict('no webhook URL is configured for this key: set one with PATCH /admin/webhook')
        const created = await repo.insertDelivery(
          {
            id: newId('delivery'),
            eventId: original.eventId,
            keyId: original.keyId,
            verificationId: original.verificationId,
            eventType: original.eventType,
            webhookUrl: key.webhookUrl,
            attempt: 1,
            maxAttempts: opts.maxRetries,
            replayOf: original.id,
            dueAt: new Date(),
          },
          tx,
        )
        await audit.record(tx, actor, 'webhook_delivery.replayed', original.id, { delivery_id: created.id })
        return created.id
      })
      opts.onQueued()
      return id
    },

    /**
     * Writes the event into the outbox inside the caller's transaction, with its first attempt for the
     * key whose webhook receives it (webhookTarget). Returns true when an attempt was queued.
     */
    async enqueueEvent(tx: Executor, verification: VerificationRow, eventType: EventType, at: Date): Promise<boolean> {
      const eventId = newId('event')
      const payload = JSON.stringify({
        id: eventId,
        event: eventType,
        verification_id: verification.id,
        status: verification.status,
        timestamp: at.toISOString(),
        decision: verification.decision,
      })
      await repo.insertEvent({ id: eventId, verificationId: verification.id, keyId: verification.createdByKeyId, eventType, payload, createdAt: at }, tx)
      const target = await repo.webhookTarget(verification.createdByKeyId, verification.clientName, tx)
      if (!target) return false
      await repo.insertDelivery(
        {
          id: newId('delivery'),
          eventId,
          keyId: target.key.id,
          verificationId: verification.id,
          eventType,
          webhookUrl: target.webhookUrl,
          attempt: 1,
          maxAttempts: opts.maxRetries,
          dueAt: at,
          // The creating key is revoked and no other key of its client has a webhook: kept, not sent.
          ...(target.disabled ? { status: 'failed' as const, error: 'webhook_disabled' } : {}),
        },
        tx,
      )
      return !target.disabled
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
