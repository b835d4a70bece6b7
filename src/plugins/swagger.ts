// Serves openapi.yaml as written: Swagger UI at /docs (static mode), /openapi.json and /openapi.yaml.
// Every copy names PUBLIC_URL as its first server, so "Try it out" and generated clients call this
// deployment; it is never taken from the request's Host header, which any client can set.
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { specDocument, specText } from '../spec.js'
import { PAGE_HELMET } from './security-headers.js'

export default fp(
  async function swaggerPlugin(app, opts: { publicUrl: string }) {
    const here = { url: opts.publicUrl, description: 'This deployment (PUBLIC_URL)' }
    const written = (specDocument.servers ?? []) as Array<{ url: string }>
    // Served as written when PUBLIC_URL is already its first server (the default, on the default port).
    const asWritten = written[0]?.url === here.url
    const served = asWritten ? specDocument : { ...specDocument, servers: [here, ...written.filter((s) => s.url !== here.url)] }
    await app.register(swagger, { mode: 'static', specification: { document: served as never } })
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
      })
    })
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
    // The file as written, with PUBLIC_URL first among its servers.
    const yaml = asWritten ? specText : specText.replace(/^servers:\n/m, `servers:\n  - url: ${here.url}\n    description: ${here.description}\n`)
    app.get('/openapi.yaml', { schema: { hide: true } }, async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(yaml))
  },
  { name: 'swagger' },
)
