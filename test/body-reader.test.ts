// JSON bodies as they come over a real connection: in pieces, with or without a Content-Length, within
// the route's limit or past it (src/plugins/body-reader.ts).
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import t from 'tap'
import { build, type Built, type TestContext } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'

interface Sent {
  status: number
  body: any
}

/** POSTs `pieces` one write at a time, with a Content-Length (their total) or chunked. */
function post(port: number, path: string, key: string, pieces: Buffer[], framing: 'length' | 'chunked'): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
    if (framing === 'length') headers['content-length'] = pieces.reduce((n, p) => n + p.length, 0)
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (d: Buffer) => parts.push(d))
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString('utf8')) }))
    })
    // A refusal may close the connection before every piece is written.
    req.on('error', reject)
    const write = (i: number): void => {
      if (i === pieces.length) return void req.end()
      req.write(pieces[i]!, () => setImmediate(() => write(i + 1)))
    }
    write(0)
  })
}

/** `text` cut into pieces of `size` bytes (a multi-byte character may be cut in two). */
const cut = (text: string, size: number) => {
  const bytes = Buffer.from(text, 'utf8')
  const pieces: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size))
  return pieces
}

async function listening(t: TestContext): Promise<{ b: Built; port: number; key: string }> {
  const b = await build(t)
  await b.app.listen({ port: 0, host: '127.0.0.1' })
  const { key } = await b.createKey('bodies', 'service')
  return { b, port: (b.app.server.address() as AddressInfo).port, key }
}

t.test('a body that arrives in pieces is read whole, with a Content-Length or chunked', async (t) => {
  const { b, port, key } = await listening(t)
  // Characters of two, three and four bytes, cut across pieces.
  const metadata = { note: 'Zoë Ångström — 北京 🙂'.repeat(20) }
  const text = JSON.stringify({ checks: ['document'], metadata })
  for (const framing of ['length', 'chunked'] as const) {
    const res = await post(port, '/verifications', key, cut(text, 7), framing)
    t.equal(res.status, 201, `${framing}: ${JSON.stringify(res.body).slice(0, 200)}`)
    const read = await b.call('GET', `/verifications/${res.body.id as string}`, { key })
    t.same(read.json().metadata, metadata, `${framing}: every character as sent`)
  }

  // An upload of a few megabytes (its route's limit is higher than the API's 1 MB) in 64 KB pieces.
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['face_match'] } })).json().id as string
  const image = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url)).toString('base64')
  const padded = `{"image":"${image}"${' '.repeat(3 * 1024 * 1024)}}`
  const selfie = await post(port, `/verifications/${vid}/selfie`, key, cut(padded, 64 * 1024), 'length')
  t.equal(selfie.status, 201, JSON.stringify(selfie.body).slice(0, 200))
  t.match(selfie.body, { document_id: /^doc_/ })
})

t.test('a body past its route\'s limit is 413 payload_too_large, declared or not', async (t) => {
  const { port, key } = await listening(t)
  const big = JSON.stringify({ checks: ['document'], metadata: { note: 'x'.repeat(1024 * 1024) } })
  for (const framing of ['length', 'chunked'] as const) {
    const res = await post(port, '/verifications', key, cut(big, 64 * 1024), framing).catch((err: Error) => err)
    // A declared length over the limit is answered before the body is read; the connection may close
    // while the client is still writing, which Node reports as a reset.
    if (res instanceof Error) {
      t.match(res.message, /ECONNRESET|EPIPE|socket hang up/, `${framing}: the connection was closed on the client`)
      continue
    }
    t.equal(res.status, 413, framing)
    t.same(res.body, { error: { code: 'payload_too_large', message: 'request body is too large' } }, framing)
    t.same(specErrors('createVerification', 413, res.body), [], `${framing}: the documented error`)
  }
})

t.test('an empty body is no body: the schema that needs one says so', async (t) => {
  const { port, key } = await listening(t)
  const empty = await post(port, '/verifications', key, [], 'length')
  t.equal(empty.status, 400)
  t.equal(empty.body.error.code, 'validation_error')
  const chunked = await post(port, '/verifications', key, [], 'chunked')
  t.equal(chunked.status, 400)
  t.equal(chunked.body.error.code, 'validation_error')
})
