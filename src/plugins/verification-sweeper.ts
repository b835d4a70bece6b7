// Fails pending verifications whose VERIFICATION_TTL has run out, on every instance (the sweep
// locks with SKIP LOCKED, so instances share the work), and deletes uploaded images older than
// MEDIA_RETENTION (their results stay), redacts verifications older than RESULT_RETENTION, deletes
// audit entries older than AUDIT_RETENTION and Idempotency-Key records past their 24 hours, from
// ready until close.
import fp from 'fastify-plugin'

/** Rows a sweep handles in one transaction. */
const BATCH = 100
const AUDIT_PURGE_BATCH = 1000

export default fp(
  async function verificationSweeperPlugin(app, opts: { intervalMs: number; mediaRetentionMs: number; resultRetentionMs: number; auditRetentionMs: number }) {
    let timer: NodeJS.Timeout | null = null
    let sweeping: Promise<void> = Promise.resolve()
    const sweep = async () => {
      try {
        while ((await app.verificationsService.expireDue()) > 0) {
          // a full batch: there may be more
        }
        await app.idempotencyRepository.purgeExpired()
        const purged = await app.uploadsRepository.purgeOlderThan(opts.mediaRetentionMs)
        if (purged) app.log.info({ purged }, 'uploaded images past MEDIA_RETENTION deleted')
        if (opts.resultRetentionMs > 0) {
          const cutoff = new Date(Date.now() - opts.resultRetentionMs)
          let redacted = 0
          for (let n = BATCH; n === BATCH; redacted += n) n = await app.redactionService.redactOlderThan(cutoff, BATCH)
          if (redacted) app.log.info({ redacted }, 'verifications past RESULT_RETENTION redacted')
        }
        if (opts.auditRetentionMs > 0) {
          const cutoff = new Date(Date.now() - opts.auditRetentionMs)
          let deleted = 0
          for (let n = AUDIT_PURGE_BATCH; n === AUDIT_PURGE_BATCH; deleted += n) {
            n = await app.auditRepository.purgeOlderThan(cutoff, AUDIT_PURGE_BATCH)
          }
          if (deleted) app.log.info({ deleted }, 'audit entries past AUDIT_RETENTION deleted')
        }
      } catch (err) {
        app.log.error({ err }, 'verification sweep failed')
      }
    }
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        sweeping = sweeping.then(sweep)
      }, opts.intervalMs)
      timer.unref()
      sweeping = sweep()
    })
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer)
      await sweeping
    })
  },
  { name: 'verification-sweeper', dependencies: ['services'] },
)
