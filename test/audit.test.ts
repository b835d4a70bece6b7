// The audit log: an entry for each privileged action (who, with which role and client, what, on
// what, when, in which request), none for a refused one, read by admin and auditor keys only,
// filtered and paged, append-only in the database itself, and purged only past AUDIT_RETENTION.
import { sql } from 'drizzle-orm'
import t from 'tap'
import { auditEvents } from '../src/db/schema.js'
import { build, type Built } from './helpers/build.js'
import { startReceiver } from './helpers/receiver.js'
import { specErrors } from './helpers/spec.js'
import { until } from './helpers/until.js'
import { expectValidationError } from './helpers/verifications.js'
import { clientWithWebhook, completeVerification, deliveries, SECRET } from './helpers/webhooks.js'

interface AuditEvent {
  id: string
  action: string
  actor_key_id: string
  actor_role: string
  actor_client_name: string
  target_type: string
  target_id: string
  request_id: string
  occurred_at: string
  details: Record<string, unknown>
}

async function events(b: Built, query: Record<string, string> = {}, key = b.adminKey) {
  const res = await b.call('GET', '/admin/audit-events', { key, query })
  if (res.statusCode !== 200) throw new Error(`audit-events: ${res.statusCode} ${res.body}`)
  return { items: res.json() as AuditEvent[], total: Number(res.headers['x-total-count']), body: res.json() }
}

const adminId = async (b: Built) => (await b.app.apiKeysService.authenticate(b.adminKey))!.id
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

t.test('each privileged action is recorded with its actor, target and request id', async (t) => {
  const receiver = await startReceiver(t, SECRET)
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const admin = await adminId(b)
  const rid = (n: string) => ({ 'x-request-id': `req-${n}` })

  const created = await b.call('POST', '/admin/keys', { key: b.adminKey, headers: rid('create'), body: { client_name: 'acme', role: 'service' } })
  const acme = created.json() as { id: string; key: string }
  await b.call('DELETE', `/admin/keys/${acme.id}`, { key: b.adminKey, headers: rid('revoke') })

  const svc = await clientWithWebhook(b, 'globex', receiver.url)
  const vid = await completeVerification(b, svc.key)
  const [delivery] = await until(() => deliveries(b, svc.key), (d) => d.length === 1 && d[0]!.status === 'delivered')
  const replayed = await b.call('POST', '/admin/webhooks/replay', { key: svc.key, headers: rid('replay'), body: { delivery_id: delivery!.id } })
  t.equal(replayed.statusCode, 202)
  await b.call('POST', `/verifications/${vid}/review`, {
    key: b.adminKey,
    headers: rid('review'),
    body: { decision: 'declined', reason: 'photo_of_a_screen', note: 'Ana Popescu, born 1990' },
  })
  const signIn = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, ...rid('sign-in') }, payload: `api_key=${b.adminKey}` })
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!
  await b.app.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...FORM, ...rid('sign-out'), cookie } })

  const { items, total, body } = await events(b)
  t.same(specErrors('listAuditEvents', 200, body), [], 'body matches openapi.yaml')
  const byAction = (action: string) => items.filter((e) => e.action === action)
  const asAdmin = { actor_key_id: admin, actor_role: 'admin', actor_client_name: 'admin' }
  t.match(byAction('api_key.created').find((e) => e.target_id === acme.id), { ...asAdmin, target_type: 'api_key', request_id: 'req-create', details: { role: 'service', client_name: 'acme' } })
  t.match(byAction('api_key.revoked'), [{ ...asAdmin, target_id: acme.id, request_id: 'req-revoke' }])
  t.match(byAction('webhook.configured'), [
    { actor_key_id: svc.id, actor_role: 'service', actor_client_name: 'globex', target_id: svc.id, details: { url_changed: true, secret_rotated: true, webhook_origin: new URL(receiver.url).origin } },
  ])
  const replay = byAction('webhook_delivery.replayed')
  t.match(replay, [{ actor_key_id: svc.id, target_type: 'webhook_delivery', target_id: delivery!.id, request_id: 'req-replay', details: { delivery_id: replayed.json().new_delivery_id } }])
  t.match(byAction('verification.reviewed'), [{ ...asAdmin, target_type: 'verification', target_id: vid, request_id: 'req-review', details: { decision: 'declined', reason: 'photo_of_a_screen' } }])
  t.match(byAction('console.signed_in'), [{ ...asAdmin, target_id: admin, request_id: 'req-sign-in' }])
  t.match(byAction('console.signed_out'), [{ ...asAdmin, target_id: admin, request_id: 'req-sign-out' }])
  t.notOk(JSON.stringify(items).includes('Popescu'), "the reviewer's note is not copied")
  t.notOk(JSON.stringify(items).includes(SECRET), 'no secret')
  t.equal(total, items.length)
  const times = items.map((e) => e.occurred_at)
  t.same(times, [...times].sort().reverse(), 'newest first')
  t.equal(items[0]!.action, 'console.signed_out')
})

t.test('a refused action leaves no entry; a change that changes nothing neither', async (t) => {
  const b = await build(t)
  const before = (await events(b)).total
  const { key } = await b.createKey('acme', 'service')
  const afterCreate = (await events(b)).total
  t.equal(afterCreate, before + 1)
  t.equal((await b.call('POST', '/admin/keys', { key, body: { client_name: 'x' } })).statusCode, 403)
  t.equal((await b.call('DELETE', `/admin/keys/key_00000000-0000-4000-8000-000000000000`, { key: b.adminKey })).statusCode, 404)
  t.equal((await b.call('DELETE', `/admin/keys/${await adminId(b)}`, { key: b.adminKey })).statusCode, 409, 'the last admin stays')
  t.equal((await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: 'ftp://x' } })).statusCode, 400)
  await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: 'https://hooks.example.com/a?token=t0p', webhook_secret: SECRET } })
  t.equal((await events(b)).total, afterCreate + 1)
  t.match((await events(b)).items[0], { action: 'webhook.configured', details: { webhook_origin: 'https://hooks.example.com' } }, "the URL's origin, not its path or query")
  await b.call('PATCH', '/admin/webhook', { key, body: { webhook_url: 'https://hooks.example.com/a?token=t0p', webhook_secret: SECRET } })
  t.equal((await events(b)).total, afterCreate + 1, 'the same configuration again: nothing changed, nothing recorded')
  const wrong = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: `api_key=${key}` })
  t.equal(wrong.statusCode, 403)
  t.equal((await events(b)).total, afterCreate + 1, 'a refused sign-in is not a sign-in')
})

t.test('read by admin and auditor keys only; filtered by action, actor and target; paged', async (t) => {
  const b = await build(t)
  const auditor = await b.createKey('audit-firm', 'auditor')
  for (const role of ['service', 'readonly']) {
    const { key } = await b.createKey(`c-${role}`, role)
    const res = await b.call('GET', '/admin/audit-events', { key })
    t.equal(res.statusCode, 403, role)
    t.equal(res.json().error.message, `insufficient permissions: ${role} requires audit:read`)
  }
  t.equal((await b.call('GET', '/admin/audit-events')).statusCode, 401)
  const seen = await events(b, {}, auditor.key)
  t.equal(seen.total, 3, 'the auditor sees every entry: three keys created')
  const acme = await b.createKey('acme', 'service')
  await b.call('PATCH', '/admin/webhook', { key: acme.key, body: { webhook_url: 'https://hooks.example.com/x', webhook_secret: SECRET } })

  const created = await events(b, { action: 'api_key.created' }, auditor.key)
  t.equal(created.total, 4)
  t.ok(created.items.every((e) => e.action === 'api_key.created'))
  t.same((await events(b, { actor: acme.id })).items.map((e) => e.action), ['webhook.configured'])
  t.same((await events(b, { target: acme.id })).items.map((e) => e.action), ['webhook.configured', 'api_key.created'])
  const page1 = await events(b, { limit: '2' })
  const page2 = await events(b, { limit: '2', offset: '2' })
  t.equal(page1.total, 5)
  t.equal(page1.items.length, 2)
  t.same([...page1.items, ...page2.items].map((e) => e.id), (await events(b)).items.slice(0, 4).map((e) => e.id), 'pages follow each other')
  for (const query of [{ action: 'key.deleted' }, { limit: '0' }, { limit: '101' }, { offset: '-1' }, { actor: 'k'.repeat(101) }] as Array<Record<string, string>>) {
    expectValidationError(t, await b.call('GET', '/admin/audit-events', { key: b.adminKey, query }), 'listAuditEvents')
  }
})

t.test('append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async (t) => {
  const b = await build(t)
  await b.createKey('acme', 'service')
  const before = (await events(b)).items
  for (const [what, statement] of [
    ['UPDATE', sql`update ${auditEvents} set actor_client_name = 'someone else'`],
    ['DELETE', sql`delete from ${auditEvents}`],
    ['TRUNCATE', sql`truncate ${auditEvents}`],
  ] as const) {
    const error = await b.app.db.execute(statement).then(() => null, (err: Error) => err)
    t.match(String((error?.cause as Error | undefined)?.message), `audit_events is append-only: ${what} refused`, what)
  }
  t.same((await events(b)).items, before, 'every entry as it was')
})

t.test('entries past AUDIT_RETENTION are purged by the sweeper, and only those', async (t) => {
  const b = await build(t, { auditRetentionMs: 24 * 3_600_000, sweepIntervalMs: 50 })
  const { id } = await b.createKey('acme', 'service')
  const old = new Date(Date.now() - 2 * 24 * 3_600_000)
  await b.app.db.insert(auditEvents).values({
    id: 'aud_00000000-0000-4000-8000-000000000001',
    occurredAt: old,
    actorKeyId: id,
    actorRole: 'admin',
    actorClientName: 'admin',
    action: 'api_key.revoked',
    targetType: 'api_key',
    targetId: id,
    requestId: 'old',
  })
  await until(() => events(b), (e) => !e.items.some((i) => i.request_id === 'old'))
  t.same((await events(b)).items.map((e) => e.action), ['api_key.created'], 'the recent entry stays')
})
