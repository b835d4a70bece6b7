// Serves openapi.yaml as written: Swagger UI at /docs (static mode), /openapi.json and /openapi.yaml.
// Swagger UI's copy names the origin it was loaded from as its first server, so "Try it out" calls
// this very instance (and stays within the CSP's connect-src 'self') wherever it is deployed.
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { specDocument, specText } from '../spec.js'
import { PAGE_HELMET } from './security-headers.js'

export default fp(
  async function swaggerPlugin(app) {
    await app.register(swagger, { mode: 'static', specification: { document: specDocument as never } })
    // Swagger UI's pages in a context of their own, with helmet's set of headers; the spec's JSON and
    // YAML below are API answers.
    await app.register(async function swaggerUiPages(pages) {
      await pages.register(helmet, PAGE_HELMET)
      await pages.register(swaggerUi, {
        routePrefix: '/docs',
        uiConfig: { persistAuthorization: false },
        // Swagger UI's bundle injects a <style> element, so its pages allow inline styles (never
        // inline script); the dashboard's pages do not.
        transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
        transformSpecification: (document, request) => {
          const here = { url: `${request.protocol}://${request.host}`, description: 'This server' }
          const servers = ((document.servers ?? []) as Array<{ url: string }>).filter((s) => s.url !== here.url)
          return { ...document, servers: [here, ...servers] }
        },
      })
    })
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
    app.get('/openapi.yaml', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/yaml; charset=utf-8').send(specText),
    )
  },
  { name: 'swagger' },
)
