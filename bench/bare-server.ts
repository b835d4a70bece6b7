// The ceiling for the API benchmark: bare Fastify answering the same JSON from memory, with no
// authentication, database, validation or logging. Run as a child process by bench/api.ts.
import Fastify from 'fastify'

const verification = JSON.parse(process.env.BENCH_VERIFICATION ?? '{}') as Record<string, unknown>
const list = Array.from({ length: 20 }, () => verification)
const app = Fastify({ logger: false })
app.get('/healthz', async () => ({ status: 'ok' }))
app.get('/verifications/:id', async () => verification)
app.get('/verifications', async () => list)
app.post('/verifications', async (_request, reply) => reply.code(201).send(verification))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
