// Owns the database connection: opens it (migrating), decorates `db` and the key that seals what it
// stores (images, webhook secrets), and closes it last.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { openDatabase, type Db } from '../db/client.js'
import { resolveMediaKey } from '../services/media-key.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** AES-256-GCM key for data sealed at rest. */
    mediaKey: Buffer
  }
}

export default fp(
  async function dbPlugin(app, opts: { config: Config }) {
    const database = await openDatabase({ databaseUrl: opts.config.databaseUrl, dataDir: opts.config.dataDir, poolSize: opts.config.databasePoolSize })
    app.decorate('db', database.db)
    app.decorate('mediaKey', resolveMediaKey(opts.config.mediaEncryptionKey, opts.config.dataDir))
    app.addHook('onClose', async () => {
      await database.close()
    })
  },
  { name: 'db' },
)
