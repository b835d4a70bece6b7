// Creates Fastify, registers the app, listens, and closes gracefully on SIGINT/SIGTERM.
import Fastify from 'fastify'
import pino from 'pino'
import app, { serverOptions } from './app.js'
import { ConfigError, loadConfig } from './config.js'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(78)
    }
    throw err
  }
  // Writes leave the event loop (sonic-boom), so a slow reader of standard output never blocks it.
  const logStream = pino.destination({ sync: false })
  const server = Fastify(serverOptions(config, logStream))
  // Handlers first: a signal during a slow first start still closes the database cleanly.
  let closing = false
  // Ending the stream writes every line it still holds, in order, before it closes; pino's own
  // flush at exit skips a write still waiting for a full pipe. A stuck pipe holds the exit 2 s at most.
  const exit = (code: number) => {
    logStream.once('close', () => process.exit(code))
    logStream.end()
    setTimeout(() => process.exit(code), 2000)
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return
      closing = true
      server.log.info({ signal }, 'shutting down')
      server.close().then(
        () => exit(0),
        (err: unknown) => {
          server.log.error({ err }, 'error while shutting down')
          exit(1)
        },
      )
    })
  }
  await server.register(app, { config })
  if (closing) return
  await server.listen({ port: config.port, host: config.host })
}

main().catch((err: unknown) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
