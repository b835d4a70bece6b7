// One log line per answered request: its method, URL, status and time taken, with the request id
// that request.log carries. Never headers or bodies: they hold API keys, personal data and images.
import fp from 'fastify-plugin'

/**
 * The query parameters whose values are written as sent: the API's own filters and pages, which hold
 * no personal data. Any other value may be a credential, what an operator searched for (the console's
 * `q`: a client's reference may be a name) or a parameter no operation takes (client_reference=…).
 */
const LOGGED_AS_SENT = new Set(['limit', 'offset', 'page', 'status', 'decision', 'check', 'outcome', 'action', 'actor', 'target', 'client', 'from', 'to', 'show'])

/** A secret in a path: a capture link's token (`/capture/<token>`), or a key pasted where it should not be. */
const SECRET_IN_PATH = /\b(cap|ivs)_[A-Za-z0-9_-]{20,}/g

/**
 * The URL as logged: secrets in the path are replaced, and so is the value of every query parameter
 * but the API's filters and pages.
 */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?')
  // Escaped characters are read as the router reads them (/capture/%63ap_… is the page): ASCII ones
  // put back, which no malformed escape can stop.
  const raw = q < 0 ? url : url.slice(0, q)
  const path = raw.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(SECRET_IN_PATH, '$1_[redacted]')
  if (q < 0) return path
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      return LOGGED_AS_SENT.has(decodedName(name)) || eq < 0 ? pair : `${name}=[redacted]`
    })
  return `${path}?${pairs.join('&')}`
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

export default fp(
  async function accessLogPlugin(app) {
    app.addHook('onResponse', function logAccess(request, reply, done) {
      request.log.info(
        { req: { method: request.method, url: loggedUrl(request.url) }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      )
      done()
    })
  },
  { name: 'access-log' },
)
