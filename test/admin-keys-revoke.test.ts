// DELETE /admin/keys/{id}: revocation that holds on the very next request, and the last-admin guard.
import t from 'tap'
import { build } from './helpers/build.js'
import { specErrors } from './helpers/spec.js'
import { type ErrorBody, json, createKey, listKeys, startupAdminId } from './helpers/admin-keys.js'

t.test('DELETE /admin/keys/{id} revokes at once', async (t) => {
  const b = await build(t)
  const victim = await createKey(b, { client_name: 'acme', role: 'service' })
  const sibling = await createKey(b, { client_name: 'acme', role: 'service' })
  t.equal((await b.call('GET', '/verifications', { key: victim.key })).statusCode, 200, 'works before')
  const v = await b.call('POST', '/verifications', { key: victim.key, body: { checks: ['document'] } })
  t.equal(v.statusCode, 201)

  const res = await b.call('DELETE', `/admin/keys/${victim.id}`, { key: b.adminKey })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { status: 'ok' })
  t.same(specErrors('revokeApiKey', 200, res.json()), [], 'body matches openapi.yaml')

  const next = await b.call('GET', '/verifications', { key: victim.key })
  t.equal(next.statusCode, 401, 'the revoked key is refused on the very next request')
  t.equal(json<ErrorBody>(next).error.code, 'unauthorized')
  t.equal(next.headers['www-authenticate'], 'Bearer realm="identity-verification"')
  t.same(specErrors('listVerifications', 401, next.json()), [])
  t.equal((await b.call('POST', '/verifications', { key: victim.key, body: { checks: ['document'] } })).statusCode, 401, 'on every endpoint')

  const keys = await listKeys(b)
  t.notOk(keys.some((k) => k.id === victim.id), 'no longer listed')
  t.ok(keys.some((k) => k.id === sibling.id), 'other keys are untouched')
  t.equal((await b.call('GET', '/verifications', { key: sibling.key })).statusCode, 200, 'a sibling key keeps working')
  const kept = await b.call('GET', `/verifications/${(v.json() as { id: string }).id}`, { key: sibling.key })
  t.equal(kept.statusCode, 200, 'the client’s verifications survive the revoke')

  const again = await b.call('DELETE', `/admin/keys/${victim.id}`, { key: b.adminKey })
  t.equal(again.statusCode, 404, 'revoking again is 404')
  t.equal(json<ErrorBody>(again).error.code, 'not_found')
  t.same(specErrors('revokeApiKey', 404, again.json()), [])

  const unknown = await b.call('DELETE', '/admin/keys/key_00000000-0000-4000-8000-000000000000', { key: b.adminKey })
  t.equal(unknown.statusCode, 404, 'unknown id is 404')
  t.equal(json<ErrorBody>(unknown).error.code, 'not_found')
  t.same(specErrors('revokeApiKey', 404, unknown.json()), [])
  const badShape = await b.call('DELETE', '/admin/keys/nonsense', { key: b.adminKey })
  t.equal(badShape.statusCode, 404, 'an id of the wrong shape is simply unknown')
  // An unknown key id is 404, whatever its length (decisions §1).
  const tooLong = await b.call('DELETE', `/admin/keys/key_${'a'.repeat(2000)}`, { key: b.adminKey })
  t.equal(tooLong.statusCode, 404, 'an id of any length no id has is unknown')
  t.equal(json<ErrorBody>(tooLong).error.code, 'not_found')
  t.same(specErrors('revokeApiKey', 404, tooLong.json()), [])
  t.equal((await b.call('DELETE', `/admin/keys/key_${'a'.repeat(2000)}`)).statusCode, 401, 'without a key, 401 comes first')

  // The secret stays dead: creating other keys does not bring it back.
  await createKey(b, { client_name: 'acme', role: 'service' })
  t.equal((await b.call('GET', '/verifications', { key: victim.key })).statusCode, 401, 'still refused later')
})

t.test('the last active admin key cannot be revoked', async (t) => {
  const b = await build(t)
  const firstId = await startupAdminId(b)

  // Non-admin keys can always be revoked, even with a single admin.
  const svc = await createKey(b, { client_name: 'acme', role: 'service' })
  t.equal((await b.call('DELETE', `/admin/keys/${svc.id}`, { key: b.adminKey })).statusCode, 200, 'a service key is revoked with one admin left')

  const only = await b.call('DELETE', `/admin/keys/${firstId}`, { key: b.adminKey })
  t.equal(only.statusCode, 409, 'revoking the only admin is 409')
  t.equal(json<ErrorBody>(only).error.code, 'conflict')
  t.same(specErrors('revokeApiKey', 409, only.json()), [])
  t.equal((await b.call('GET', '/admin/keys', { key: b.adminKey })).statusCode, 200, 'the admin key still works after the refusal')

  const second = await createKey(b, { client_name: 'ops', role: 'admin' })
  const ok = await b.call('DELETE', `/admin/keys/${firstId}`, { key: second.key })
  t.equal(ok.statusCode, 200, 'with a second admin, the first can be revoked')
  t.same(specErrors('revokeApiKey', 200, ok.json()), [])
  t.equal((await b.call('GET', '/admin/keys', { key: b.adminKey })).statusCode, 401, 'the first admin key is dead')

  const last = await b.call('DELETE', `/admin/keys/${second.id}`, { key: second.key })
  t.equal(last.statusCode, 409, 'the second is now the last admin: 409')
  t.equal(json<ErrorBody>(last).error.code, 'conflict')
  t.same(specErrors('revokeApiKey', 409, last.json()), [])
  const keys = await listKeys(b, second.key)
  t.strictSame(keys.filter((k) => k.role === 'admin').map((k) => k.id), [second.id], 'exactly one admin is left')

  // Revoked admins do not count as admins.
  const auditor = await createKey(b, { client_name: 'audit', role: 'auditor' }, second.key)
  t.equal((await b.call('DELETE', `/admin/keys/${second.id}`, { key: second.key })).statusCode, 409, 'other roles do not count either')
  t.equal((await b.call('GET', '/admin/keys', { key: auditor.key })).statusCode, 200)
})

t.test('an admin may revoke itself when another admin exists', async (t) => {
  const b = await build(t)
  const other = await createKey(b, { client_name: 'ops', role: 'admin' })
  const self = await b.call('DELETE', `/admin/keys/${other.id}`, { key: other.key })
  t.equal(self.statusCode, 200, 'self-revoke allowed')
  t.strictSame(self.json(), { status: 'ok' })
  t.same(specErrors('revokeApiKey', 200, self.json()), [])
  t.equal((await b.call('GET', '/admin/keys', { key: other.key })).statusCode, 401, 'and takes effect at once')
  const firstId = await startupAdminId(b)
  t.equal((await b.call('DELETE', `/admin/keys/${firstId}`, { key: b.adminKey })).statusCode, 409, 'the remaining admin cannot revoke itself')
})

t.test('two admins revoking each other at once leave one admin', async (t) => {
  const b = await build(t)
  const firstId = await startupAdminId(b)
  const second = await createKey(b, { client_name: 'ops', role: 'admin' })
  const [r1, r2] = await Promise.all([
    b.call('DELETE', `/admin/keys/${second.id}`, { key: b.adminKey }),
    b.call('DELETE', `/admin/keys/${firstId}`, { key: second.key }),
  ])
  const codes = [r1!.statusCode, r2!.statusCode]
  t.equal(codes.filter((c) => c === 200).length, 1, `exactly one revoke succeeds (got ${codes})`)
  // The loser is refused: 409 when it authenticated first, 401 when the winner's revoke came first.
  t.ok(codes.every((c) => c === 200 || c === 409 || c === 401), `the other is 409 or 401 (got ${codes})`)
  const survivor = r1!.statusCode === 200 ? b.adminKey : second.key
  const admins = (await listKeys(b, survivor)).filter((k) => k.role === 'admin')
  t.equal(admins.length, 1, 'exactly one active admin remains')
})
