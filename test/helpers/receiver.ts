// A real HTTP webhook receiver on 127.0.0.1 that records every request and checks both signatures
// the way a client's receiver would, never with the service's code: webhook-signature with the
// standardwebhooks and svix libraries, X-Signature (which the library does not cover) with node:crypto.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { Webhook as SvixWebhook } from 'svix'

export interface Received {
  at: number
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** X-Signature matches sha256=HMAC(secret, body). */
  xSignatureValid: boolean
  /** The standardwebhooks and svix libraries accept webhook-id, webhook-timestamp and webhook-signature. */
  standardSignatureValid: boolean
}

export type Behaviour = (req: Received, res: ServerResponse) => void

export interface Receiver {
  url: string
  port: number
  received: Received[]
  /** What the receiver does with each request (default: 200). */
  behave(fn: Behaviour): void
  /** The secret the signatures are checked against. */
  secret: string
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>
  close(): Promise<void>
}

/**
 * What a receiver does with a secret: a `whsec_` secret is given to the libraries as it is (their
 * default format, which base64-decodes it); any other in their raw format, as bytes (given a string,
 * the libraries take one byte per UTF-16 unit, which differs from UTF-8 for a non-ASCII secret).
 */
export function standardVerifiers(secret: string): Array<{ verify(body: string, headers: Record<string, string>): unknown }> {
  return secret.startsWith('whsec_')
    ? [new Webhook(secret), new SvixWebhook(secret)]
    : [new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }), new SvixWebhook(Buffer.from(secret, 'utf8'), { format: 'raw' })]
}

/** Whether both libraries accept a delivery for `secret`: each throws on a bad signature or a stale timestamp. */
export function verifies(secret: string, body: string, headers: IncomingHttpHeaders): boolean {
  const strings = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === 'string'))
  try {
    for (const verifier of standardVerifiers(secret)) verifier.verify(body, strings)
    return true
  } catch {
    return false
  }
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export async function startReceiver(t: { teardown(fn: () => unknown): void }, secret: string): Promise<Receiver> {
  let behaviour: Behaviour = (_req, res) => res.writeHead(200).end('ok')
  const received: Received[] = []
  const sockets = new Set<import('node:net').Socket>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const h = req.headers
      const expectedHex = `sha256=${createHmac('sha256', receiver.secret).update(body).digest('hex')}`
      const r: Received = {
        at: Date.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: h,
        body,
        xSignatureValid: safeEqual(String(h['x-signature'] ?? ''), expectedHex),
        standardSignatureValid: verifies(receiver.secret, body, h),
      }
      received.push(r)
      behaviour(r, res)
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    secret,
    behave(fn) {
      behaviour = fn
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} requests, expected ${count}`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return received
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  t.teardown(() => receiver.close())
  return receiver
}
