// Security headers through @fastify/helmet on every response, registered before authentication so
// that a 401 or 403 page carries them too. The CSP allows scripts and stylesheets from this origin
// only (no inline script, no inline event handler), which the dashboard and Swagger UI both keep to.
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

export default fp(
  async function securityHeadersPlugin(app) {
    await app.register(helmet, {
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
    })
  },
  { name: 'security-headers' },
)
