// Fails pending verifications whose VERIFICATION_TTL has run out, on every instance (the sweep
// locks with SKIP LOCKED, so instances share the work), and deletes uploaded images older than
// MEDIA_RETENTION (their results stay), from ready until close.
import fp from 'fastify-plugin'

export default fp(
  async function verificationSweeperPlugin(app, opts: { intervalMs: number; mediaRetentionMs: number }) {
    let timer: NodeJS.Timeout | null = null
    let sweeping: Promise<void> = Promise.resolve()
    const sweep = async () => {
      try {
        while ((await app.verificationsService.expireDue()) > 0) {
          // a full batch: there may be more
        }
        const purged = await app.uploadsRepository.purgeOlderThan(opts.mediaRetentionMs)
        if (purged) app.log.info({ purged }, 'uploaded images past MEDIA_RETENTION deleted')
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
