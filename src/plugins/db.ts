// Owns the database connection: opens it (migrating), decorates `db`, and closes it last.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { openDatabase, type Db } from '../db/client.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

export default fp(
  async function dbPlugin(app, opts: { config: Config }) {
    const database = await openDatabase({ databaseUrl: opts.config.databaseUrl, dataDir: opts.config.dataDir, poolSize: opts.config.databasePoolSize })
    app.decorate('db', database.db)
    app.addHook('onClose', async () => {
      await database.close()
    })
  },
  { name: 'db' },
)
