// Security headers. Pages (the dashboard's and Swagger UI's: HTML, stylesheets, scripts) get helmet's
// whole set from @fastify/helmet, registered with PAGE_HELMET in each context that serves them; its
// CSP allows scripts and stylesheets from this origin only (no inline script, no inline event
// handler), which both keep to. Every other answer is the JSON API's, 404s and errors included, and
// gets the headers that mean something for a response no browser renders (OWASP's REST Security
// Cheat Sheet): no caching of personal data, no sniffing, no framing, no cross-origin reads.
import type { FastifyHelmetOptions } from '@fastify/helmet'
import fp from 'fastify-plugin'

export const PAGE_HELMET: FastifyHelmetOptions = {
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

/** The JSON API's security headers (documented in openapi.yaml). */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
})

export default fp(
  async function securityHeadersPlugin(app) {
    // At the root, so that every answer passes here, the 404s of unknown URLs too. Helmet sets its
    // headers as a page's request arrives (authentication comes after it, in preParsing), so an answer
    // that has a Content-Security-Policy by now came from a page context and keeps helmet's set.
    app.addHook('onSend', function setApiHeaders(_request, reply, _payload, done) {
      if (!reply.hasHeader('content-security-policy')) reply.headers(API_HEADERS)
      done()
    })
  },
  { name: 'security-headers' },
)
