// The reference's permission matrix, written out as the reference states it: 16 endpoints × four
// roles, plus no key, a bogus key and a revoked key.
import t from 'tap'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'

type Role = 'admin' | 'service' | 'readonly' | 'auditor'
const ROLES: Role[] = ['admin', 'service', 'readonly', 'auditor']

// [method, path, permission, allowed roles] — section 5 of api-reference.md and decisions §2.
const MATRIX: Array<[string, string, string, Role[], string]> = [
  ['POST', '/verifications', 'verifications:create', ['admin', 'service'], 'createVerification'],
  ['GET', '/verifications', 'verifications:read', ['admin', 'service', 'readonly', 'auditor'], 'listVerifications'],
  ['GET', '/verifications/{vid}', 'verifications:read', ['admin', 'service', 'readonly', 'auditor'], 'getVerification'],
  ['POST', '/verifications/{vid}/documents', 'documents:upload', ['admin', 'service'], 'uploadDocument'],
  ['POST', '/verifications/{vid}/selfie', 'documents:upload', ['admin', 'service'], 'uploadSelfie'],
  ['POST', '/verifications/{vid}/face-match', 'checks:run', ['admin', 'service'], 'runFaceMatch'],
  ['POST', '/verifications/{vid}/documents/doc_x/liveness', 'checks:run', ['admin', 'service'], 'runDocumentLiveness'],
  ['POST', '/verifications/{vid}/active-liveness/challenge', 'checks:run', ['admin', 'service'], 'createLivenessChallenge'],
  ['POST', '/verifications/{vid}/active-liveness/verify', 'checks:run', ['admin', 'service'], 'verifyActiveLiveness'],
  ['GET', '/admin/keys', 'keys:list', ['admin', 'auditor'], 'listApiKeys'],
  ['POST', '/admin/keys', 'keys:create', ['admin'], 'createApiKey'],
  ['DELETE', '/admin/keys/key_00000000-0000-4000-8000-000000000000', 'keys:revoke', ['admin'], 'revokeApiKey'],
  ['GET', '/admin', 'admin:dashboard', ['admin', 'auditor'], 'getDashboard'],
  ['PATCH', '/admin/webhook', 'webhooks:manage', ['admin', 'service'], 'updateWebhookConfig'],
  ['GET', '/admin/webhooks/deliveries', 'webhooks:manage', ['admin', 'service'], 'listWebhookDeliveries'],
  ['POST', '/admin/webhooks/replay', 'webhooks:manage', ['admin', 'service'], 'replayWebhookDelivery'],
]

t.test('permission matrix', async (t) => {
  const { call, createKey, adminKey } = await build(t)
  const keys: Record<Role, string> = {
    admin: adminKey,
    service: (await createKey('matrix-client', 'service')).key,
    readonly: (await createKey('matrix-client', 'readonly')).key,
    auditor: (await createKey('matrix-client', 'auditor')).key,
  }
  const created = await call('POST', '/verifications', { key: keys.service, body: { checks: ['document'] } })
  t.equal(created.statusCode, 201)
  const vid = (created.json() as { id: string }).id
  const revoked = await createKey('matrix-client', 'admin')
  t.equal((await call('DELETE', `/admin/keys/${revoked.id}`, { key: adminKey })).statusCode, 200)

  t.equal(MATRIX.length, 16, 'all 16 endpoints of the reference')
  for (const [method, rawPath, permission, allowed, operationId] of MATRIX) {
    const path = rawPath.replace('{vid}', vid)
    await t.test(`${method} ${rawPath}`, async (t) => {
      for (const role of ROLES) {
        // A body that is deliberately invalid: authorization must be decided before validation.
        const res = await call(method as 'GET', path, { key: keys[role], body: method === 'GET' || method === 'DELETE' ? undefined : { bogus: true } })
        if (allowed.includes(role)) {
          t.not(res.statusCode, 401, `${role} is authenticated`)
          t.not(res.statusCode, 403, `${role} is allowed`)
        } else {
          t.equal(res.statusCode, 403, `${role} is refused`)
          t.same(res.json(), { error: { code: 'forbidden', message: `insufficient permissions: ${role} requires ${permission}` } })
          t.same(specErrors(operationId, 403, res.json()), [], '403 body matches openapi.yaml')
        }
      }
      for (const [label, key] of [['no key', null], ['bogus key', `ivs_${'x'.repeat(43)}`], ['malformed key', 'hello'], ['revoked key', revoked.key]] as const) {
        const res = await call(method as 'GET', path, { key, body: method === 'GET' || method === 'DELETE' ? undefined : { bogus: true } })
        t.equal(res.statusCode, 401, `${label} → 401`)
        t.equal(res.headers['www-authenticate'], 'Bearer realm="identity-verification"')
        t.equal((res.json() as { error: { code: string } }).error.code, 'unauthorized')
        t.same(specErrors(operationId, 401, res.json()), [], '401 body matches openapi.yaml')
      }
    })
  }
})

t.test('403 never depends on whether the id exists', async (t) => {
  const { call, createKey } = await build(t)
  const readonly = await createKey('c1', 'readonly')
  for (const url of ['/verifications/vry_missing/documents', '/verifications/vry_missing/face-match']) {
    const res = await call('POST', url, { key: readonly.key, body: {} })
    t.equal(res.statusCode, 403, url)
  }
  const res = await call('DELETE', '/admin/keys/key_missing', { key: readonly.key })
  t.equal(res.statusCode, 403)
})

t.test('a bearer scheme is required, case-insensitively', async (t) => {
  const { call, adminKey } = await build(t)
  t.equal((await call('GET', '/verifications', { headers: { authorization: adminKey } })).statusCode, 401, 'no scheme')
  t.equal((await call('GET', '/verifications', { headers: { authorization: `Basic ${adminKey}` } })).statusCode, 401, 'wrong scheme')
  t.equal((await call('GET', '/verifications', { headers: { authorization: `bearer ${adminKey}` } })).statusCode, 200, 'lower-case scheme')
})
