// Owns the database connection: opens it (migrating), decorates `db` and the key that seals what it
// stores (images, webhook secrets), and closes it last.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { openDatabase, type Db } from '../db/client.js'
import type { MediaKeys } from '../domain/media-crypto.js'
import { resolveMediaKeys } from '../services/media-key.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** AES-256-GCM keys for data sealed at rest: the current one seals, each opens what it sealed. */
    mediaKeys: MediaKeys
  }
}

export default fp(
  async function dbPlugin(app, opts: { config: Config }) {
    const database = await openDatabase({ databaseUrl: opts.config.databaseUrl, dataDir: opts.config.dataDir, poolSize: opts.config.databasePoolSize })
    app.decorate('db', database.db)
    app.decorate('mediaKeys', resolveMediaKeys(opts.config.mediaEncryptionKey, opts.config.previousMediaEncryptionKeys, opts.config.dataDir))
    app.addHook('onClose', async () => {
      await database.close()
    })
  },
  { name: 'db' },
)
