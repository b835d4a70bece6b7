// The floor of GET /verifications/{id} with plain code, for the API benchmark: Fastify and postgres.js
// doing only what the read needs (the key read by its hash from the Authorization header, then the
// row), with no hooks, sealing, validation, serialiser or logging. Run as a child process by bench/api.ts.
import Fastify from 'fastify'
import { hashApiKey } from '../src/domain/api-key-secret.js'
import { connect } from './lib.js'

const sql = connect(process.env.BENCH_DATABASE_URL!, Number(process.env.BENCH_POOL))
const app = Fastify({ logger: false })
app.get<{ Params: { id: string } }>('/verifications/:id', async (request, reply) => {
  const secret = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
  const [key] = await sql`select id, client_name, role from api_keys where key_hash = ${hashApiKey(secret)} and revoked_at is null limit 1`
  if (!key) return reply.code(401).send({ error: { code: 'unauthorized' } })
  const [row] = await sql`select * from verifications where id = ${request.params.id} and client_name = ${key.client_name} limit 1`
  return row ?? reply.code(404).send({ error: { code: 'not_found' } })
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => sql.end()).then(() => process.exit(0)))
