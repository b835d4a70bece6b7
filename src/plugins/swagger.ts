// Serves openapi.yaml as written: Swagger UI at /docs (static mode), /openapi.json and /openapi.yaml.
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { specDocument, specText } from '../spec.js'

export default fp(
  async function swaggerPlugin(app) {
    await app.register(swagger, { mode: 'static', specification: { document: specDocument as never } })
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { persistAuthorization: false } })
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
    app.get('/openapi.yaml', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/yaml; charset=utf-8').send(specText),
    )
  },
  { name: 'swagger' },
)
