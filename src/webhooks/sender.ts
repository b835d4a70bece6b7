// Sends one signed webhook attempt: resolves the host, refuses blocked addresses (SSRF), and connects
// to the very address it checked — no second DNS lookup, so no rebinding window. Never follows redirects.
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { Agent, request, errors } from 'undici'
import { isBlockedAddress } from '../domain/address-policy.js'

export interface SenderOptions {
  timeoutMs: number
  allowPrivateNetworks: boolean
  userAgent: string
}

export type AttemptError = 'blocked_address' | 'timeout' | 'connection_error' | 'unexpected_status'

export interface AttemptResult {
  delivered: boolean
  statusCode: number | null
  error: AttemptError | null
}

interface Resolved {
  address: string
  family: 4 | 6
}

const MAX_AGENTS = 64

export function createWebhookSender(opts: SenderOptions) {
  // One keep-alive agent per (host, checked address): connections are reused, and every one of
  // them goes to an address that passed the policy.
  const agents = new Map<string, Agent>()

  function agentFor(target: Resolved): Agent {
    const key = `${target.family}|${target.address}`
    let agent = agents.get(key)
    if (agent) return agent
    if (agents.size >= MAX_AGENTS) {
      const [oldestKey, oldest] = agents.entries().next().value as [string, Agent]
      agents.delete(oldestKey)
      void oldest.close()
    }
    const pinned = ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
      if (options?.all) cb(null, [{ address: target.address, family: target.family }])
      else cb(null, target.address, target.family)
    }) as unknown as LookupFunction
    agent = new Agent({ connect: { lookup: pinned }, keepAliveTimeout: 10_000, connections: 32 })
    agents.set(key, agent)
    return agent
  }

  async function resolve(hostname: string): Promise<Resolved[]> {
    const bare = hostname.replace(/^\[(.*)\]$/, '$1')
    const family = isIP(bare)
    if (family) return [{ address: bare, family: family as 4 | 6 }]
    const found = await dnsLookup(bare, { all: true })
    // IPv4 first: a local receiver usually listens on 127.0.0.1, not ::1.
    return found
      .map((a) => ({ address: a.address, family: a.family as 4 | 6 }))
      .sort((a, b) => a.family - b.family)
  }

  return {
    async send(url: string, body: string, headers: Record<string, string>): Promise<AttemptResult> {
      const target = new URL(url)
      // One deadline for the whole attempt, name resolution included.
      const signal = AbortSignal.timeout(opts.timeoutMs)
      let addresses: Resolved[]
      try {
        addresses = await Promise.race([
          resolve(target.hostname),
          new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
        ])
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError'
        return { delivered: false, statusCode: null, error: timedOut ? 'timeout' : 'connection_error' }
      }
      if (addresses.length === 0) return { delivered: false, statusCode: null, error: 'connection_error' }
      if (!opts.allowPrivateNetworks && addresses.some((a) => isBlockedAddress(a.address))) {
        return { delivered: false, statusCode: null, error: 'blocked_address' }
      }
      try {
        const res = await request(target, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', 'user-agent': opts.userAgent, ...headers },
          dispatcher: agentFor(addresses[0]!),
          signal,
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
        })
        await res.body.dump({ limit: 64 * 1024 }).catch(() => {})
        const ok = res.statusCode >= 200 && res.statusCode < 300
        return { delivered: ok, statusCode: res.statusCode, error: ok ? null : 'unexpected_status' }
      } catch (err) {
        const timedOut =
          err instanceof errors.HeadersTimeoutError ||
          err instanceof errors.BodyTimeoutError ||
          (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
        return { delivered: false, statusCode: null, error: timedOut ? 'timeout' : 'connection_error' }
      }
    },

    async close(): Promise<void> {
      await Promise.all([...agents.values()].map((a) => a.close().catch(() => {})))
      agents.clear()
    },
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>
