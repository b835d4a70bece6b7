// Works off the outbox: claims due attempts (shared safely between instances), sends them, records
// each result, and schedules the retry. It wakes on a timer set to the next due time, or at once
// when this instance queues work, with a slow poll as the fallback for other instances' rows.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import type { ClaimedDelivery, DeliveryRow, WebhookKey, WebhooksRepository } from '../db/webhooks-repository.js'
import type { MediaKeyInput } from '../domain/media-crypto.js'
import { newId } from '../domain/ids.js'
import { signingSecrets } from '../domain/webhook-secrets.js'
import { signDelivery, type SigningSecrets } from '../domain/webhook-signing.js'
import type { AttemptResult, WebhookSender } from './sender.js'

export interface DispatcherOptions {
  retryDelaysMs: number[]
  timeoutMs: number
  concurrency: number
  /** Longest sleep between looks at the outbox when no due time is known. */
  pollMs: number
  /** Opens the sealed webhook secrets. */
  mediaKeys: MediaKeyInput
  /** Told of every attempt made: `delivered`, or its error. */
  onAttempt?: (outcome: string) => void
  log: FastifyBaseLogger
}

/** How soon the outbox is looked at again when attempts are due that this look could not claim. */
const SHARE_WAIT_MS = 50

export function createWebhookDispatcher(db: Db, repo: WebhooksRepository, sender: WebhookSender, opts: DispatcherOptions) {
  // A claim outlives the slowest possible attempt (the sender bounds it by the timeout) with room
  // for recording it, so a live instance never loses its rows and a dead one's come back soon.
  const leaseMs = 2 * opts.timeoutMs + 5_000
  // A quarter of the slots for one key's attempts: a receiver that hangs delays only its own events.
  const perKey = Math.max(1, Math.floor(opts.concurrency / 4))
  const inFlight = new Set<Promise<void>>()
  let timer: NodeJS.Timeout | null = null
  let timerDueAt = Infinity
  let running = false
  let ticking = false
  let again = false

  function schedule(ms: number) {
    if (!running) return
    const dueAt = Date.now() + Math.max(0, ms)
    if (timer && dueAt >= timerDueAt) return
    if (timer) clearTimeout(timer)
    timerDueAt = dueAt
    timer = setTimeout(() => {
      timer = null
      timerDueAt = Infinity
      void tick()
    }, Math.max(0, ms))
  }

  async function tick(): Promise<void> {
    if (!running) return
    if (ticking) {
      again = true
      return
    }
    ticking = true
    try {
      for (;;) {
        const free = opts.concurrency - inFlight.size
        if (free <= 0 || !running) break
        const claimed = await repo.claimDue(free, leaseMs, perKey)
        for (const c of claimed) track(attempt(c))
        if (claimed.length < free) break
      }
      // Attempts due now and left unclaimed are a key's past its share (an attempt of its ending here
      // wakes the loop, `track`) or another instance's: looked at again shortly, not in a busy loop.
      const next = await repo.msUntilNextDue()
      schedule(next === null ? opts.pollMs : Math.min(next === 0 ? SHARE_WAIT_MS : next, opts.pollMs))
    } catch (err) {
      opts.log.error({ err }, 'webhook dispatcher could not read the outbox')
      schedule(opts.pollMs)
    } finally {
      ticking = false
      if (again) {
        again = false
        schedule(0)
      }
    }
  }

  function track(p: Promise<void>) {
    inFlight.add(p)
    void p.finally(() => {
      inFlight.delete(p)
      schedule(0)
    })
  }

  /** Where an attempt goes now: its key's webhook, or, once that key is revoked, its successor's. */
  async function destination(delivery: DeliveryRow, key: WebhookKey): Promise<{ keyId: string; url: string; secrets: SigningSecrets } | null> {
    let target: WebhookKey | null = key
    if (key.revokedAt !== null) {
      const next = await repo.webhookTarget(key.id, key.clientName)
      target = next && !next.disabled ? next.key : null
      if (next && !next.disabled && next.key.id !== delivery.keyId) await repo.moveTo(delivery.id, next)
    }
    const secrets = target?.webhookUrl ? signingSecrets(opts.mediaKeys, target) : null
    return target?.webhookUrl && secrets ? { keyId: target.id, url: target.webhookUrl, secrets } : null
  }

  async function attempt({ delivery, payload, key }: ClaimedDelivery): Promise<void> {
    let result: AttemptResult | { delivered: false; statusCode: null; error: 'webhook_disabled' }
    let to: Awaited<ReturnType<typeof destination>>
    try {
      to = await destination(delivery, key)
    } catch (err) {
      // A secret that does not open (MEDIA_ENCRYPTION_KEY changed) or a failed read: the lease runs
      // out and the attempt is made again, never lost.
      opts.log.error({ err, deliveryId: delivery.id }, 'could not prepare a webhook attempt')
      return
    }
    const webhookUrl = to?.url ?? null
    if (!to) {
      result = { delivered: false, statusCode: null, error: 'webhook_disabled' }
    } else {
      const signed = signDelivery(to.secrets, delivery.eventId, payload, Math.floor(Date.now() / 1000))
      result = await sender.send(to.url, payload, { ...signed, 'x-webhook-attempt': String(delivery.attempt) })
    }
    const retryDelay = opts.retryDelaysMs[delivery.attempt - 1]
    const retry = !result.delivered && webhookUrl !== null && retryDelay !== undefined
    try {
      await db.transaction(async (tx) => {
        await repo.finish(
          delivery.id,
          {
            status: result.delivered ? 'delivered' : 'failed',
            statusCode: result.statusCode,
            error: result.error,
            ...(webhookUrl ? { webhookUrl } : {}),
          },
          tx,
        )
        if (retry) {
          await repo.insertDelivery(
            {
              id: newId('delivery'),
              eventId: delivery.eventId,
              keyId: to?.keyId ?? delivery.keyId,
              verificationId: delivery.verificationId,
              eventType: delivery.eventType,
              webhookUrl: webhookUrl!,
              attempt: delivery.attempt + 1,
              maxAttempts: delivery.maxAttempts,
              replayOf: delivery.replayOf,
              dueAt: new Date(Date.now() + retryDelay),
            },
            tx,
          )
        }
      })
    } catch (err) {
      // The lease runs out and the attempt is made again: at-least-once, never lost.
      opts.log.error({ err, deliveryId: delivery.id }, 'could not record a webhook attempt')
      return
    }
    opts.onAttempt?.(result.delivered ? 'delivered' : (result.error ?? 'failed'))
    opts.log.info(
      { deliveryId: delivery.id, attempt: delivery.attempt, statusCode: result.statusCode, error: result.error },
      result.delivered ? 'webhook delivered' : 'webhook attempt failed',
    )
    if (retry) schedule(retryDelay)
  }

  return {
    start() {
      running = true
      schedule(0)
    },
    /** New work is due now (called after the commit that queued it). */
    kick() {
      schedule(0)
    },
    /** Stops claiming; waits for attempts in flight, at most `graceMs`. */
    async stop(graceMs: number): Promise<void> {
      running = false
      if (timer) clearTimeout(timer)
      timer = null
      // A tick may be claiming right now: what it claims is in flight below.
      while (ticking) await new Promise((r) => setTimeout(r, 10))
      const drained = Promise.allSettled([...inFlight]).then(() => true)
      const limit = new Promise<false>((r) => setTimeout(() => r(false), graceMs).unref())
      if (!(await Promise.race([drained, limit]))) {
        opts.log.warn({ inFlight: inFlight.size }, 'webhook attempts still in flight at shutdown; they will be retried')
      }
    },
  }
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
