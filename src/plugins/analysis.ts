// Owns the analysis worker threads (decoding, OCR): created with the app, destroyed at close.
import fp from 'fastify-plugin'
import { createAnalysisPool, type AnalysisPool } from '../analysis/pool.js'

declare module 'fastify' {
  interface FastifyInstance {
    analysisPool: AnalysisPool
  }
}

export default fp(
  async function analysisPlugin(app, opts: { threads: number }) {
    const pool = createAnalysisPool({ threads: opts.threads })
    app.decorate('analysisPool', pool)
    app.addHook('onClose', async () => pool.close())
  },
  { name: 'analysis' },
)
