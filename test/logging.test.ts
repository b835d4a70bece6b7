// The request logger: lines a request writes carry its id, the access line included, and a
// request's log level and child loggers behave as pino's own.
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import t from 'tap'
import { serverOptions } from '../src/app.js'
import { loadConfig } from '../src/config.js'

function capture() {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>)
      done()
    },
  })
  return { lines, stream }
}

t.test('what a request logs carries its request id', async (t) => {
  const { lines, stream } = capture()
  const options = serverOptions(loadConfig({ LOG_LEVEL: 'info' }))
  const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } })
  app.get('/note', async (request) => {
    request.log.info({ detail: 1 }, 'a note')
    request.log.debug('below the level')
    request.log.child({ step: 'inner' }).warn('from a child')
    return { level: request.log.level }
  })
  app.get('/boom', async () => {
    throw new Error('boom')
  })
  t.teardown(() => app.close())

  const note = await app.inject({ url: '/note', headers: { 'x-request-id': 'r-1', authorization: 'Bearer secret-1' } })
  t.same(note.json(), { level: 'info' })
  const boom = await app.inject({ url: '/boom', headers: { 'x-request-id': 'r-2' } })
  t.equal(boom.statusCode, 500)

  const of = (id: string) => lines.filter((l) => l.reqId === id)
  t.match(of('r-1'), [
    { level: 30, msg: 'a note', detail: 1 },
    { level: 40, msg: 'from a child', step: 'inner' },
    { level: 30, msg: 'request completed', req: { method: 'GET', url: '/note' }, res: { statusCode: 200 } },
  ])
  t.equal(of('r-1').length, 3, 'nothing below the level')
  t.match(of('r-2'), [{ level: 50, err: { message: 'boom' } }, { level: 30, msg: 'request completed', res: { statusCode: 500 } }])
  t.notMatch(JSON.stringify(lines), 'secret-1', 'no header reaches the log')
})

t.test('the access line is the line pino writes for the same fields, for any URL', async (t) => {
  const { lines, stream } = capture()
  const options = serverOptions(loadConfig({ LOG_LEVEL: 'info' }))
  const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } })
  app.get('/*', async () => ({ ok: true }))
  t.teardown(() => app.close())
  const url = '/odd/%22quoted%22/\u00e9t\u00e9?q="x"&b=\\n'
  const res = await app.inject({ url, headers: { 'x-request-id': 'r-3' } })
  t.equal(res.statusCode, 200)
  const line = lines.find((l) => l.msg === 'request completed')!
  // pino's own line for the same fields, from the same logger.
  const expected: Array<Record<string, unknown>> = []
  const { stream: own, lines: ownLines } = capture()
  const { default: pino } = await import('pino')
  pino({ base: { pid: process.pid, hostname: line.hostname } }, own).info(
    { reqId: 'r-3', req: { method: 'GET', url: res.raw.req.url }, res: { statusCode: 200 }, responseTime: line.responseTime },
    'request completed',
  )
  await new Promise((r) => setImmediate(r))
  expected.push(...ownLines)
  t.same(Object.keys(line), Object.keys(expected[0]!), 'the same fields in the same order')
  t.same({ ...line, time: 0 }, { ...expected[0], time: 0 }, 'the same values')
  t.equal((line.req as { url: string }).url, res.raw.req.url)
})
