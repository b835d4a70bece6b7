import Fastify from 'fastify'
import t from 'tap'
import app, { serverOptions } from '../src/app.js'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { until } from './helpers/until.js'

t.test('each key has its own RATE_LIMIT_PER_SECOND budget', async (t) => {
  const b = await build(t, { rateLimitPerSecond: 3 })
  const first = await b.createKey('rl-client', 'readonly')
  const second = await b.createKey('rl-client', 'readonly')
  const statuses: number[] = []
  let limited
  for (let i = 0; i < 5; i++) {
    const res = await b.call('GET', '/verifications', { key: first.key })
    statuses.push(res.statusCode)
    if (res.statusCode === 429) limited = res
    else t.notOk(res.headers['x-ratelimit-remaining'], 'an answer within the budget carries no rate-limit headers')
  }
  t.same(statuses.slice(0, 3), [200, 200, 200], 'within the budget')
  t.ok(limited, 'past it: 429')
  t.equal(limited!.json().error.code, 'rate_limited')
  t.match(limited!.headers['retry-after'], /^\d+$/, 'Retry-After in whole seconds')
  t.equal(limited!.headers['x-ratelimit-limit'], '3', 'the refusal says the limit')
  t.equal(limited!.headers['x-ratelimit-remaining'], '0')
  t.match(limited!.headers['x-ratelimit-reset'], /^\d+$/)
  t.same(specErrors('listVerifications', 429, limited!.json()), [])
  t.equal((await b.call('GET', '/verifications', { key: second.key })).statusCode, 200, 'another key is not affected')
  for (let i = 0; i < 5; i++) {
    t.equal((await b.call('GET', '/healthz')).statusCode, 200, 'public routes are not limited')
  }
  // Refused requests do not extend the window, so asking again until one passes finds the refill.
  const status = await until(async () => (await b.call('GET', '/verifications', { key: first.key })).statusCode, (s) => s !== 429, 5_000)
  t.equal(status, 200, 'the budget refills')
})

t.test('0 turns the limit off', async (t) => {
  const b = await build(t, { rateLimitPerSecond: 0 })
  const { key } = await b.createKey('rl-off', 'readonly')
  for (let i = 0; i < 20; i++) t.equal((await b.call('GET', '/verifications', { key })).statusCode, 200)
})

const redisUrl = process.env.REDIS_URL ?? null

t.test(
  "with REDIS_URL, two instances on one database share each key's budget",
  { skip: !(redisUrl && process.env.DATABASE_URL) && 'needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis servers)' },
  async (t) => {
    const b = await build(t, { rateLimitPerSecond: 10, redisUrl })
    const other = Fastify(serverOptions(b.config))
    await other.register(app, { config: b.config })
    await other.ready()
    t.teardown(() => other.close())
    const { key } = await b.createKey('shared-limit', 'readonly')
    const burst = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? other : b.app).inject({ method: 'GET', url: '/verifications', headers: { authorization: `Bearer ${key}` } }),
    )
    const statuses = (await Promise.all(burst)).map((r) => r.statusCode)
    t.equal(statuses.filter((s) => s === 200).length, 10, 'the limit holds in total, not per instance')
    t.equal(statuses.filter((s) => s === 429).length, 30)
  },
)

t.test('with Redis unreachable, requests are served and the failure is only logged', async (t) => {
  const b = await build(t, { rateLimitPerSecond: 2, redisUrl: 'redis://127.0.0.1:1' })
  const { key } = await b.createKey('no-redis', 'readonly')
  for (let i = 0; i < 4; i++) t.equal((await b.call('GET', '/verifications', { key })).statusCode, 200)
})
