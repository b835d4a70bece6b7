// What operators read in the logs: one access line per answered request (request id, method, URL,
// status, time), never a header, a body or a key; every line reaches standard output, in order, even
// while nobody reads it and when the process stops on SIGTERM.
import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm'
import Fastify from 'fastify'
import t, { type Test } from 'tap'
import { serverOptions } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'
import { newCaptureToken } from '../src/domain/capture-link.js'
import accessLogPlugin from '../src/plugins/access-log.js'
import errorsPlugin from '../src/plugins/errors.js'
import { startServer } from './helpers/server-process.js'

type Line = Record<string, unknown>

function capture() {
  const lines: Line[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Line)
      done()
    },
  })
  return { lines, stream }
}

/** Fastify as the service configures it, with the access log and the error handler, logging into `stream`. */
async function logged(t: Test, logLevel: 'info' | 'silent', stream: Writable) {
  const app = Fastify(serverOptions({ ...loadConfig({}), logLevel }, stream))
  await app.register(errorsPlugin)
  await app.register(accessLogPlugin)
  app.post('/echo', async (request) => {
    request.log.info('a note')
    request.log.child({ step: 'inner' }).warn('from a child')
    return request.body
  })
  app.get('/boom', async () => {
    throw new Error('boom')
  })
  // A query that failed, as drizzle reports one: its message lists the values sent with it.
  app.get('/query-failed', async (request) => {
    const { term } = request.query as { term: string }
    const refused = Object.assign(new Error(`date/time field value out of range: "${term}"`), { code: '22008' })
    throw new DrizzleQueryError('select id from verifications where client_reference = $1', [term], refused)
  })
  t.teardown(() => app.close())
  return app
}

t.test('one access line per answered request, with its id and nothing of its headers or body', async (t) => {
  const { lines, stream } = capture()
  const app = await logged(t, 'info', stream)
  const secret = newApiKeySecret()
  const auth = { authorization: `Bearer ${secret}`, cookie: `ivs_session=${secret}` }

  const echo = await app.inject({ method: 'POST', url: '/echo?page=2', headers: { ...auth, 'x-request-id': 'r-1' }, payload: { api_key: secret } })
  t.equal(echo.statusCode, 200)
  t.equal((await app.inject({ url: '/boom', headers: { ...auth, 'x-request-id': 'r-2' } })).statusCode, 500)
  t.equal((await app.inject({ url: '/nowhere', headers: { ...auth, 'x-request-id': 'r-3' } })).statusCode, 404)

  const of = (id: string) => lines.filter((l) => l.reqId === id)
  t.match(of('r-1'), [
    { level: 30, msg: 'a note' },
    { level: 40, msg: 'from a child', step: 'inner' },
    { level: 30, msg: 'request completed', req: { method: 'POST', url: '/echo?page=2' }, res: { statusCode: 200 }, responseTime: Number },
  ])
  t.match(of('r-2'), [{ level: 50, err: { message: 'boom' } }, { level: 30, msg: 'request completed', res: { statusCode: 500 } }])
  t.match(of('r-3'), [{ level: 30, msg: 'request completed', req: { method: 'GET', url: '/nowhere' }, res: { statusCode: 404 } }])
  const access = lines.filter((l) => l.msg === 'request completed')
  t.same(
    access.map((l) => l.reqId),
    ['r-1', 'r-2', 'r-3'],
    'exactly one access line a request',
  )
  for (const line of access) {
    t.same(Object.keys(line.req as object), ['method', 'url'], 'of the request, its method and URL only')
    t.same(Object.keys(line.res as object), ['statusCode'])
  }
  t.equal(lines.length, 6, 'no other line (Fastify writes none of its own)')
  t.notMatch(JSON.stringify(lines), secret, 'no header or body reaches the log')
})

t.test('a credential sent in the query string or the path is not written to the log', async (t) => {
  const { lines, stream } = capture()
  const app = await logged(t, 'info', stream)
  const secret = newApiKeySecret()
  const captureToken = newCaptureToken()
  const urls: Array<[string, string]> = [
    [`/nowhere?api_key=${secret}`, '/nowhere?api_key=[redacted]'],
    [`/nowhere?limit=5&access_token=${secret}&status=pending`, '/nowhere?limit=5&access_token=[redacted]&status=pending'],
    [`/nowhere?Password=${secret}`, '/nowhere?Password=[redacted]'],
    [`/nowhere?%61pi%5Fkey=${secret}`, '/nowhere?%61pi%5Fkey=[redacted]'],
    [`/nowhere?X-Signature=${secret}&offset=2`, '/nowhere?X-Signature=[redacted]&offset=2'],
    // A capture link's token is its URL's last segment; a key pasted into a path is redacted as well.
    [`/capture/${captureToken}`, '/capture/cap_[redacted]'],
    [`/capture/${captureToken}/x?limit=1`, '/capture/cap_[redacted]/x?limit=1'],
    [`/verifications/${secret}`, '/verifications/ivs_[redacted]'],
    // Escaped, as the router still reads it.
    [`/capture/%63ap_${captureToken.slice(4)}`, '/capture/cap_[redacted]'],
    [`/capture/cap%5F${captureToken.slice(4)}`, '/capture/cap_[redacted]'],
    // What an operator searched for in the console: a client's reference may be a name.
    ['/nowhere?q=Anna%20Mueller&page=2', '/nowhere?q=[redacted]&page=2'],
    // A parameter no operation takes, whatever it holds (a name sent as a filter); the API's filters as sent.
    ['/nowhere?client_reference=Anna%20Mueller&status=failed&limit=5', '/nowhere?client_reference=[redacted]&status=failed&limit=5'],
  ]
  for (const [url] of urls) t.equal((await app.inject({ url })).statusCode, 404)
  const access = lines.filter((l) => l.msg === 'request completed').map((l) => (l.req as { url: string }).url)
  t.same(access, urls.map(([, expected]) => expected), 'values are replaced but the API’s filters and pages')
  t.notMatch(JSON.stringify(lines), secret, 'the key is nowhere in the log')
  t.notMatch(JSON.stringify(lines), captureToken, 'nor the capture token')
})

t.test("an error is logged without the values it carried: a failed query's parameters, a refused value", async (t) => {
  const { lines, stream } = capture()
  const app = await logged(t, 'info', stream)
  const res = await app.inject({ url: '/query-failed?term=ANNA-MUELLER-1985', headers: { 'x-request-id': 'q-1' } })
  t.equal(res.statusCode, 500)
  t.notMatch(res.body, /ANNA|select/i, 'nothing of it in the answer')
  const [line] = lines.filter((l) => l.reqId === 'q-1' && l.level === 50)
  t.match(line, {
    msg: 'unhandled error',
    err: {
      type: 'DrizzleQueryError',
      message: 'failed query: select id from verifications where client_reference = $1',
      cause: { message: 'date/time field value out of range: "…"', code: '22008' },
    },
  })
  t.match((line!.err as { stack: string }).stack, /^\s+at /, 'where it was thrown')
  t.notMatch(JSON.stringify(lines.filter((l) => l.msg !== 'request completed')), 'ANNA', 'in no line but the access line of its URL')
})

t.test('LOG_LEVEL=silent writes nothing', async (t) => {
  const { lines, stream } = capture()
  const app = await logged(t, 'silent', stream)
  t.equal((await app.inject({ url: '/boom' })).statusCode, 500)
  t.equal((await app.inject({ method: 'POST', url: '/echo', payload: {} })).statusCode, 200)
  t.same(lines, [])
})

t.test('the real process: lines wait for a reader that stopped reading, and all of them are out at exit', async (t) => {
  const key = newApiKeySecret()
  const server = await startServer(t, { DATA_DIR: 'memory://', ADMIN_API_KEY: key })
  // A pipe holds 64 KiB: these access lines (about 1 kB each) are several times that. Answers must
  // not wait for standard output, and no line may be lost or reordered while it is full.
  server.pauseStdout()
  const n = 300
  const pad = 'x'.repeat(800)
  const statuses = new Set<number>()
  for (let i = 0; i < n; i++) {
    const res = await fetch(new URL(`/healthz?offset=${i}&page=${pad}`, server.url), { headers: { 'x-request-id': `seq-${i}`, authorization: `Bearer ${key}` } })
    statuses.add(res.status)
    await res.arrayBuffer()
  }
  t.same([...statuses], [200], 'every request answered while nobody reads the logs')
  const stopping = server.stop('SIGTERM')
  server.resumeStdout()
  const exit = await stopping
  t.same([exit.code, exit.signal], [0, null], 'SIGTERM exits 0')

  const lines = server
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
  const access = lines.filter((l) => String(l.reqId).startsWith('seq-'))
  t.same(
    access.map((l) => l.reqId),
    Array.from({ length: n }, (_, i) => `seq-${i}`),
    'one access line a request, in order',
  )
  t.match(access[n - 1], { msg: 'request completed', req: { method: 'GET', url: `/healthz?offset=${n - 1}&page=${pad}` }, res: { statusCode: 200 } })
  const shutdown = lines.findIndex((l) => l.msg === 'shutting down')
  t.ok(shutdown > lines.indexOf(access[n - 1]!), 'the lines of the shutdown come after them')
  t.notMatch(server.stdout(), key, 'no key in the logs')
})
