// Security headers on every response, set before authentication so that a 401 or 403 carries them
// too. Pages (the dashboard's and Swagger UI's: HTML, their stylesheets and scripts) get helmet's
// whole set; its CSP allows scripts and stylesheets from this origin only (no inline script, no
// inline event handler), which both keep to. The JSON API's answers get the headers that mean
// something for a response no browser renders (OWASP's REST Security Cheat Sheet): no caching of
// personal data, no sniffing, no framing, no cross-origin reads (see openapi.yaml).
//
// Every header here is the same for every request, so helmet runs once, at start-up, and each
// response gets its set in one call; running helmet per request (as @fastify/helmet does) was a tenth
// of the API's CPU time under load, and each header costs the service and every client time.
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { RouteOptions } from 'fastify'
import type { IncomingMessage, ServerResponse } from 'node:http'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page or a page's asset (HTML, CSS, scripts): helmet's whole set of headers. */
    page?: boolean
  }
}

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  // Whether the service is reached over https is the TLS terminator's to say, and so is HSTS.
  strictTransportSecurity: false,
}

/** The headers helmet sets with these options (none of them depends on the request). */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err
  })
  if (failure) throw failure
  return headers
}

/** The JSON API's security headers (every response that is not a page's). */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
})

/** An onRoute hook: the route serves a page or a page's asset. */
export function markAsPage(route: RouteOptions) {
  route.config = { ...route.config, page: true }
}

export default fp(
  async function securityHeadersPlugin(app) {
    const pageHeaders = securityHeaders()
    // Swagger UI's routes (the dashboard marks its own).
    app.addHook('onRoute', (route) => {
      if (route.url === '/docs' || route.url.startsWith('/docs/')) markAsPage(route)
    })
    app.addHook('onRequest', function setSecurityHeaders(request, reply, done) {
      reply.headers(request.routeOptions.config.page ? pageHeaders : API_HEADERS)
      done()
    })
  },
  { name: 'security-headers' },
)
