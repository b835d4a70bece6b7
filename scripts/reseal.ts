// `npm run reseal`: seals every stored personal value and webhook secret again with the current
// media key (the first of MEDIA_ENCRYPTION_KEY), so that the keys after it can be dropped. Reads the
// same configuration as the service; safe to run while it serves.
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/client.js'
import { resealAll } from '../src/db/reseal.js'
import { resolveMediaKeys } from '../src/services/media-key.js'

const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 })
try {
  const counts = await resealAll(database.db, resolveMediaKeys(config.mediaEncryptionKey, config.previousMediaEncryptionKeys, config.dataDir))
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  for (const [column, n] of Object.entries(counts)) if (n) process.stdout.write(`${column}: ${n}\n`)
  process.stdout.write(`resealed ${total} value(s) with the current key\n`)
} finally {
  await database.close()
}
