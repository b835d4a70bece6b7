// A client cannot hold a socket by sending slowly: its headers, its whole request and an idle kept-alive
// connection each have a limit, after which the connection is closed (with a 408 in the API's shape
// while a request is under way). Requests Node's parser refuses get the API's shape too.
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { build } from './helpers/build.js'

const LIMITS = { headersTimeoutMs: 1000, bodyTimeoutMs: 2000, keepAliveTimeoutMs: 1000 }
/** Node checks the limits once a second; past that, a generous margin for a busy machine. */
const SLACK_MS = 3000

async function listening(t: Test) {
  const b = await build(t, LIMITS)
  await b.app.listen({ port: 0, host: '127.0.0.1' })
  return { b, port: (b.app.server.address() as AddressInfo).port }
}

/** A raw connection: what the server sent, and how long after opening it the server closed it. */
function open(t: Test, port: number) {
  const opened = Date.now()
  const socket = connect(port, '127.0.0.1')
  let received = ''
  socket.setEncoding('utf8').on('data', (d: string) => (received += d))
  socket.on('error', () => {})
  let trickle: NodeJS.Timeout | undefined
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)))
  closed.then(() => clearInterval(trickle))
  t.teardown(() => {
    clearInterval(trickle)
    socket.destroy()
  })
  return {
    socket,
    closed,
    received: () => received,
    /** Sends one byte of `text` every 200 ms, for as long as the connection stays open. */
    trickle(text: string) {
      let i = 0
      trickle = setInterval(() => socket.writable && socket.write(text[i++ % text.length]!), 200)
    },
  }
}

const apiError = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { error: { code: string } }

t.test('a body sent a byte at a time is cut off at BODY_TIMEOUT, with or without a key', async (t) => {
  const { b, port } = await listening(t)
  const service = await b.createKey('acme', 'service')
  for (const auth of [`authorization: Bearer ${service.key}\r\n`, '']) {
    const c = open(t, port)
    c.socket.write(`POST /verifications HTTP/1.1\r\nhost: x\r\n${auth}content-type: application/json\r\ncontent-length: 1000\r\n\r\n{`)
    c.trickle(' ')
    const after = await c.closed
    t.ok(after < LIMITS.bodyTimeoutMs + SLACK_MS, `${auth ? 'with' : 'without'} a key, closed after ${after} ms`)
    if (auth) {
      t.match(c.received(), /^HTTP\/1\.1 408 /, 'a 408')
      t.equal(apiError(c.received()).error.code, 'request_timeout', 'in the API error shape')
    }
  }
})

t.test('headers sent a byte at a time are cut off at HEADERS_TIMEOUT', async (t) => {
  const { port } = await listening(t)
  const c = open(t, port)
  c.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\nx-slow: ')
  c.trickle('a')
  const after = await c.closed
  t.ok(after < LIMITS.headersTimeoutMs + SLACK_MS, `closed after ${after} ms`)
  t.match(c.received(), /^HTTP\/1\.1 408 /)
  t.equal(apiError(c.received()).error.code, 'request_timeout')
})

t.test('a connection that sends nothing, or stays idle after its answer, is closed', async (t) => {
  const { port } = await listening(t)
  const silent = open(t, port)
  t.ok((await silent.closed) < LIMITS.headersTimeoutMs + SLACK_MS, 'a connection that never sends a request')
  const idle = open(t, port)
  idle.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n')
  const after = await idle.closed
  t.match(idle.received(), /^HTTP\/1\.1 200 /, 'the request was answered')
  t.ok(after < LIMITS.keepAliveTimeoutMs + SLACK_MS, `then the idle kept-alive connection closed after ${after} ms`)
})

t.test("requests Node's parser refuses are answered in the API's error shape", async (t) => {
  const { port } = await listening(t)
  const malformed = open(t, port)
  malformed.socket.write('NOT HTTP AT ALL\r\n\r\n')
  await malformed.closed
  t.match(malformed.received(), /^HTTP\/1\.1 400 /)
  t.equal(apiError(malformed.received()).error.code, 'validation_error')
  const huge = open(t, port)
  huge.socket.write(`GET /healthz HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`)
  await huge.closed
  t.match(huge.received(), /^HTTP\/1\.1 431 /)
  t.equal(apiError(huge.received()).error.code, 'headers_too_large')
})
