// Creates Fastify, registers the app, listens, and closes gracefully on SIGINT/SIGTERM.
import Fastify from 'fastify'
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
  const server = Fastify(serverOptions(config))
  // Handlers first: a signal during a slow first start still closes the database cleanly.
  let closing = false
  // The log lines still being written reach standard output first (a stuck pipe holds the exit 2 s at most).
  const exit = (code: number) => {
    ;(server.log as unknown as { flush(cb: () => void): void }).flush(() => process.exit(code))
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
