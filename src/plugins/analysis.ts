// Owns the analysis worker threads (decoding, OCR): started by the first analysis, destroyed at close.
import fp from 'fastify-plugin'
import { createAnalysisPool, type AnalysisPool } from '../analysis/pool.js'

declare module 'fastify' {
  interface FastifyInstance {
    analysisPool: AnalysisPool
  }
}

export default fp(
  async function analysisPlugin(app, opts: Parameters<typeof createAnalysisPool>[0]) {
    const pool = createAnalysisPool(opts)
    app.decorate('analysisPool', pool)
    app.addHook('onClose', async () => pool.close())
  },
  { name: 'analysis' },
)
