// Personal data: sealed at rest (a dump of the database holds none of it in clear, and the API
// answers as before), keys rotated and values sealed again by `npm run reseal`, erased on request
// and after RESULT_RETENTION, and never written to the logs.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { idempotencyKeys, verifications } from '../src/db/schema.js'
import t from 'tap'
import { sealedWithCurrent, mediaKeys } from '../src/domain/media-crypto.js'
import { SEALED_COLUMNS } from '../src/db/reseal.js'
import { startCommand } from '../scripts/start-command.js'
import { build, reopen, type Built } from './helpers/build.js'
import { serverUrl } from './helpers/database.js'
import { startReceiver } from './helpers/receiver.js'
import { until } from './helpers/until.js'
import { clientWithWebhook, deliveries, SECRET } from './helpers/webhooks.js'

const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url))
const PASSPORT = fixture('documents/passport-td3-clean.jpg')
const SELFIE = fixture('faces/selfie-collins.jpg')
const MRZ = 'P<NLDMUELLER<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<\nNW8K2P7R40NLD8503149F3406016<<<<<<<<<<<<<<<0'
const APPLICANT = { first_name: 'Anna Maria', last_name: 'Müller', date_of_birth: '1985-03-14', document_number: 'NW8K2P7R4', nationality: 'NLD' }
const METADATA = { customer_email: 'anna.mueller@example.org', phone: '+31 6 9876 5432' }
const NOTE = 'Spoke with Anna Maria Mueller on the phone'

/** What must never be found in clear: names, birth date, document number, MRZ, metadata, the note, image bytes. */
const NEEDLES = [
  'MUELLER', 'Mueller', 'Müller', 'ANNA MARIA', 'Anna Maria', '1985-03-14', 'NW8K2P7R4', 'P<NLDMUELLER', 'NW8K2P7R40NLD',
  'anna.mueller@example.org', '9876 5432', NOTE,
  PASSPORT.subarray(4000, 4032).toString('hex'), SELFIE.subarray(4000, 4032).toString('hex'),
  PASSPORT.subarray(4000, 4032).toString('base64'),
]
const found = (text: string) => NEEDLES.filter((n) => text.includes(n))

/** A whole verification: declared applicant and metadata, document with its MRZ, selfie, face match, review with a note. */
async function fullVerification(b: Built, key: string) {
  const v = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity', 'face_match'], applicant: APPLICANT, metadata: METADATA } })).json()
  const doc = await b.call('POST', `/verifications/${v.id}/documents`, { key, body: { document_type: 'passport', front_image: PASSPORT.toString('base64'), mrz: MRZ } })
  if (doc.statusCode !== 201) throw new Error(`document: ${doc.statusCode} ${doc.body}`)
  const selfie = await b.call('POST', `/verifications/${v.id}/selfie`, { key, body: { image: SELFIE.toString('base64') } })
  if (selfie.statusCode !== 201) throw new Error(`selfie: ${selfie.statusCode} ${selfie.body}`)
  await b.call('POST', `/verifications/${v.id}/face-match`, { key, body: {} })
  const review = await b.call('POST', `/verifications/${v.id}/review`, { key: b.adminKey, body: { decision: 'approved', reason: 'checked_by_phone', note: NOTE } })
  if (review.statusCode !== 200) throw new Error(`review: ${review.statusCode} ${review.body}`)
  return { id: v.id as string, documentId: doc.json().document_id as string }
}

/** Every row of every table, as PostgreSQL writes it as text (bytea as hex): what a dump holds. */
async function sqlDump(b: Built): Promise<string> {
  const tables = (await b.app.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown
  const names = ((tables as { rows?: unknown[] }).rows ?? (tables as unknown[])).map((r) => (r as { tablename: string }).tablename)
  let dump = ''
  for (const name of names) {
    const res = (await b.app.db.execute(sql`select coalesce(string_agg(t::text, E'\n'), '') as rows from ${sql.identifier(name)} t`)) as unknown
    const [row] = ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Array<{ rows: string }>
    dump += `-- ${name}\n${row!.rows}\n`
  }
  return dump
}

t.test('a dump of the database holds no personal data in clear; the API answers as before', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const { id } = await fullVerification(b, key)

  const v = (await b.call('GET', `/verifications/${id}`, { key })).json()
  t.match(v.checks_results.document.details.mrz, { surname: 'MUELLER', given_names: 'ANNA MARIA', document_number: 'NW8K2P7R4', date_of_birth: '1985-03-14' }, 'the MRZ read, in the answer')
  t.match(v.checks_results.identity, { passed: true, details: { holder: { last_name: 'MUELLER' } } }, 'the identity check and its holder')
  t.same(v.metadata, METADATA)
  t.equal(v.decision_note, NOTE)
  t.equal(v.redacted_at, null)

  const dump = await sqlDump(b)
  t.ok(dump.includes(id) && dump.length > 10_000, 'the dump holds the verification and its sealed images')
  t.same(found(dump), [], 'no personal value in any table')
  const url = serverUrl() ? b.config.databaseUrl : null
  if (url) {
    const pgDump = spawnSync('pg_dump', ['--data-only', url], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 })
    t.equal(pgDump.status, 0, pgDump.stderr)
    t.ok(pgDump.stdout.includes(id))
    t.same(found(pgDump.stdout), [], 'nor in what pg_dump writes')
  }
})

t.test('keys rotate: a new key seals, the old one opens until npm run reseal, then it can go', async (t) => {
  const keyA = randomBytes(32)
  const keyB = randomBytes(32)
  const first = await build(t, { mediaEncryptionKey: keyA })
  const acme = await clientWithWebhook(first, 'acme', 'https://hooks.example.com/ivs')
  const { id, documentId } = await fullVerification(first, acme.key)
  await first.call('POST', '/verifications', { key: acme.key, headers: { 'idempotency-key': 'order-1' }, body: { checks: ['document'], metadata: METADATA } })
  const before = (await first.call('GET', `/verifications/${id}`, { key: acme.key })).json()
  await first.app.close()

  const rotated = await reopen(t, { ...first.config, mediaEncryptionKey: keyB, previousMediaEncryptionKeys: [keyA] }, first.adminKey)
  t.same((await rotated.call('GET', `/verifications/${id}`, { key: acme.key })).json(), before, 'B seals now; what A sealed still reads')
  const image = `/admin/console/verifications/${id}/images/${documentId}/front`
  t.ok((await rotated.call('GET', image, { key: rotated.adminKey })).rawPayload.equals(PASSPORT), 'and the images')
  await rotated.app.close()

  const env = {
    ...startCommand().env,
    ...(first.config.databaseUrl ? { DATABASE_URL: first.config.databaseUrl } : { DATA_DIR: first.config.dataDir }),
    MEDIA_ENCRYPTION_KEY: `${keyB.toString('hex')},${keyA.toString('base64')}`,
  }
  const reseal = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reseal.ts'], { env: { ...process.env, ...env }, encoding: 'utf8' })
  t.equal(reseal.status, 0, reseal.stderr)
  t.match(reseal.stdout, /uploads\.front: [1-9]/)
  t.match(reseal.stdout, /verifications\.metadata: [1-9]/)
  t.match(reseal.stdout, /api_keys\.webhookSecretSealed: [1-9]/)
  t.match(reseal.stdout, /idempotency_keys\.response: 1/)
  t.match(reseal.stdout, /resealed \d+ value\(s\) with the current key/)

  const onlyB = await reopen(t, { ...first.config, mediaEncryptionKey: keyB, previousMediaEncryptionKeys: [] }, first.adminKey)
  for (const c of SEALED_COLUMNS) {
    const rows = (await onlyB.app.db.select({ value: c.column }).from(c.table)) as Array<{ value: Buffer | null }>
    const stale = rows.filter((r) => r.value && !sealedWithCurrent(mediaKeys(keyB), Buffer.from(r.value)))
    t.equal(stale.length, 0, `${c.name}: every value sealed with B`)
  }
  t.same((await onlyB.call('GET', `/verifications/${id}`, { key: acme.key })).json(), before, 'A dropped: everything still reads')
  t.ok((await onlyB.call('GET', image, { key: onlyB.adminKey })).rawPayload.equals(PASSPORT))
  const replayed = await onlyB.call('POST', '/verifications', { key: acme.key, headers: { 'idempotency-key': 'order-1' }, body: { checks: ['document'], metadata: METADATA } })
  t.equal(replayed.headers['idempotent-replayed'], 'true', 'the idempotent response opens too')
  t.same(replayed.json().metadata, METADATA)
  const page = (await onlyB.call('GET', '/admin/console/webhooks', { key: acme.key })).statusCode
  t.equal(page, 403, 'a service key has no console')
  t.match((await onlyB.call('PATCH', '/admin/webhook', { key: acme.key, body: { webhook_url: 'https://hooks.example.com/v2' } })).statusCode, 200, 'the webhook secret opens (a URL change keeps it)')
  await onlyB.app.close()
})

t.test('POST /verifications/{id}/redact: erased for good, per role, once, with its event and audit entry', async (t) => {
  const receiver = await startReceiver(t, SECRET)
  const b = await build(t, { webhookAllowPrivateNetworks: true })
  const acme = await clientWithWebhook(b, 'acme', receiver.url)
  const globex = await b.createKey('globex', 'service')
  const readonly = await b.createKey('acme', 'readonly')
  const auditor = await b.createKey('audit-firm', 'auditor')
  const { id, documentId } = await fullVerification(b, acme.key)
  const redact = (key: string, vid = id) => b.call('POST', `/verifications/${vid}/redact`, { key })

  t.equal((await redact(globex.key)).statusCode, 404, "another client's verification is not found")
  for (const key of [readonly.key, auditor.key]) t.equal((await redact(key)).statusCode, 403)
  const res = await redact(acme.key)
  t.equal(res.statusCode, 200)
  const v = res.json()
  t.ok(Date.parse(v.redacted_at) > 0)
  t.equal(v.metadata, null)
  t.equal(v.decision_note, null)
  t.equal(v.checks_results.document.details.mrz, null, 'the MRZ read is gone')
  t.equal(v.checks_results.identity.details.holder, null, 'and the holder compared')
  t.equal(v.checks_results.identity.details.document_expires_on, null, "and the document's expiry date")
  t.match(v, { status: 'completed', decision: 'approved', checks_results: { document: { passed: true }, identity: { passed: true, details: { matches: {} } }, face_match: { score: Number } } }, 'what describes no one stays')
  t.same((await b.call('GET', `/verifications/${id}`, { key: acme.key })).json(), v, 'as it reads from now on')
  t.equal((await b.call('GET', `/admin/console/verifications/${id}/images/${documentId}/front`, { key: b.adminKey })).statusCode, 404, 'the images are gone')
  const again = await redact(b.adminKey)
  t.equal(again.statusCode, 200, 'an admin may redact it too, and again')
  t.same(again.json(), v, 'idempotent')

  const events = await until(() => deliveries(b, acme.key), (ds) => ds.some((d) => d.event_type === 'verification.redacted' && d.status === 'delivered'))
  t.equal(events.filter((d) => d.event_type === 'verification.redacted').length, 1, 'one event')
  const sent = receiver.received.find((r) => r.body.includes('verification.redacted'))!
  t.ok(sent.standardSignatureValid, 'signed')
  t.match(JSON.parse(sent.body), { event: 'verification.redacted', verification_id: id, status: 'completed', decision: 'approved' })
  const audit = (await b.call('GET', '/admin/audit-events', { key: b.adminKey, query: { action: 'verification.redacted' } })).json()
  t.match(audit, [{ target_id: id, actor_key_id: acme.id, actor_role: 'service' }], 'one audit entry')
  t.same(found(await sqlDump(b)), [], 'nothing personal anywhere, delivery log included')

  const pending = (await b.call('POST', '/verifications', { key: acme.key, body: { checks: ['document'], metadata: METADATA } })).json()
  const ended = (await redact(acme.key, pending.id)).json()
  t.match(ended, { status: 'failed', decision: 'declined', decision_reasons: ['verification_redacted'], metadata: null }, 'a pending verification ends first')
  const types = await until(
    async () => (await deliveries(b, acme.key)).filter((d) => d.verification_id === pending.id).map((d) => d.event_type).sort(),
    (list) => list.length === 2,
  )
  t.same(types, ['verification.failed', 'verification.redacted'], 'its failed event, and the redacted one')
  const review = (decision: string) => b.call('POST', `/verifications/${pending.id}/review`, { key: b.adminKey, body: { decision, reason: 'manual_check' } })
  t.equal((await review('approved')).statusCode, 409, 'nothing is left to approve it on')
  t.match((await review('declined')).json(), { decision: 'declined', decision_reasons: ['manual_check'] }, 'it may be declined by hand')
  // A retry of the request that created a redacted verification makes no second one, and says which it
  // made; any body is answered alike, so that no answer confirms a guess of the erased applicant.
  const once = { checks: ['document'], applicant: APPLICANT, metadata: METADATA }
  const created = await b.call('POST', '/verifications', { key: acme.key, headers: { 'idempotency-key': 'redact-retry' }, body: once })
  t.equal((await redact(acme.key, created.json().id)).statusCode, 200)
  const count = async () => Number((await b.call('GET', '/verifications', { key: acme.key })).headers['x-total-count'])
  const before = await count()
  const guesses = [once, { ...once, applicant: { ...APPLICANT, date_of_birth: '1970-01-01' } }]
  const answers = await Promise.all(guesses.map((body) => b.call('POST', '/verifications', { key: acme.key, headers: { 'idempotency-key': 'redact-retry' }, body })))
  t.same(answers.map((a) => a.statusCode), [409, 409], 'the same body and another, answered alike')
  t.equal(answers[0]!.json().error.message, answers[1]!.json().error.message)
  t.match(answers[0]!.json().error.message, new RegExp(`created ${created.json().id}, which has been redacted`))
  t.equal(await count(), before, 'nothing created')
  t.same(found(await sqlDump(b)), [], 'and still nothing personal anywhere')
  // A review after the erasure may not write personal data back in its note.
  const noted = await b.call('POST', `/verifications/${id}/review`, { key: b.adminKey, body: { decision: 'declined', reason: 'manual_check', note: NOTE } })
  t.equal(noted.statusCode, 409)
  t.match(noted.json().error.message, /redacted: a review takes no note/)
  t.equal((await b.call('GET', `/verifications/${id}`, { key: acme.key })).json().decision_note, null, 'none was kept')
})

t.test("a redaction erases its capture links' return URL and stops them", async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const v = (await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })).json()
  const link = await b.call('POST', `/verifications/${v.id}/capture-link`, { key, body: { return_url: 'https://shop.example.com/done?email=anna.mueller@example.org' } })
  const token = /\/capture\/(cap_[\w-]+)$/.exec(link.json().url)![1]!
  t.equal((await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: token })).statusCode, 200)
  t.match(await sqlDump(b), 'anna.mueller@example.org', 'stored as the client sent it')
  t.equal((await b.call('POST', `/verifications/${v.id}/redact`, { key })).statusCode, 200)
  t.notMatch(await sqlDump(b), 'anna.mueller@example.org', 'erased')
  t.equal((await b.call('GET', `/verifications/${v.id}/capture-progress`, { key: token })).statusCode, 401, 'the link no longer works')
})

t.test('RESULT_RETENTION redacts older verifications by itself, as a request would, recorded as the system', async (t) => {
  const b = await build(t, { resultRetentionMs: 24 * 3_600_000, sweepIntervalMs: 50 })
  const { key } = await b.createKey('acme', 'service')
  const { id } = await fullVerification(b, key)
  const recent = await fullVerification(b, key)
  // Two days old: past the one-day retention.
  await b.app.db.update(verifications).set({ createdAt: new Date(Date.now() - 2 * 24 * 3_600_000) }).where(eq(verifications.id, id))
  const v = await until(async () => (await b.call('GET', `/verifications/${id}`, { key })).json(), (x) => x.redacted_at !== null)
  t.same((await b.call('GET', `/verifications/${recent.id}`, { key })).json().metadata, METADATA, 'a recent one stays')
  t.equal(v.metadata, null)
  t.equal(v.checks_results.document.details.mrz, null)
  t.match((await b.call('GET', '/admin/audit-events', { key: b.adminKey, query: { action: 'verification.redacted' } })).json(), [
    { target_id: id, actor_key_id: 'system', actor_role: null, actor_client_name: 'system' },
  ])
})

t.test('nothing personal in the logs, at the most verbose level', async (t) => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const b = await build(t, { logLevel: 'trace' }, stream)
  const { key } = await b.createKey('acme', 'service')
  const { id, documentId } = await fullVerification(b, key)
  await b.call('GET', `/verifications/${id}`, { key })
  await b.call('GET', '/verifications', { key, query: { status: 'completed' } })
  await b.call('POST', '/verifications', { key, body: { checks: ['identity'], applicant: { ...APPLICANT, date_of_birth: 'not a date' }, metadata: METADATA } })
  await b.call('POST', `/verifications/${id}/documents`, { key, body: { document_type: 'passport', front_image: PASSPORT.toString('base64'), mrz: MRZ } })
  await b.call('GET', `/admin/console/verifications/${id}`, { key: b.adminKey })
  await b.call('GET', `/admin/console/verifications/${id}/images/${documentId}/front`, { key: b.adminKey })
  await b.call('GET', '/admin', { key: b.adminKey })
  await b.call('GET', '/admin/console/audit', { key: b.adminKey })
  await b.call('GET', '/admin/audit-events', { key: b.adminKey })
  // A second session through the hosted capture page's token, with liveness.
  const other = (await b.call('POST', '/verifications', { key, body: { checks: ['face_match', 'liveness'], applicant: APPLICANT, metadata: METADATA } })).json()
  const link = (await b.call('POST', `/verifications/${other.id}/capture-link`, { key })).json()
  const token = /\/capture\/(cap_\S+)$/.exec(link.url)![1]!
  await b.call('GET', `/capture/${token}`, { headers: { accept: 'text/html' } })
  const selfie = (await b.call('POST', `/verifications/${other.id}/selfie`, { key: token, body: { image: SELFIE.toString('base64') } })).json()
  await b.call('POST', `/verifications/${other.id}/documents/${selfie.document_id}/liveness`, { key: token })
  const challenge = (await b.call('POST', `/verifications/${other.id}/active-liveness/challenge`, { key: token })).json()
  const judged = await b.call('POST', `/verifications/${other.id}/active-liveness/verify`, {
    key: token,
    body: { challenge_id: challenge.challenge_id, frames: challenge.actions.map((action: string) => ({ action, image: SELFIE.toString('base64') })) },
  })
  t.equal(judged.statusCode, 200, 'the capture token took the selfie and the challenge')
  await b.call('GET', `/verifications/${other.id}/capture-progress`, { key: token })
  // An upload as a form (@fastify/multipart logs the request's headers at trace), by key and by token.
  const boundary = 'B0UNDARY'
  const form = [`--${boundary}`, 'Content-Disposition: form-data; name="document_type"', '', 'passport', `--${boundary}`,
    'Content-Disposition: form-data; name="front_image"; filename="x.jpg"', 'Content-Type: image/jpeg', '', 'not an image', `--${boundary}--`, ''].join('\r\n')
  for (const credential of [key, token]) {
    const sent = await b.app.inject({ method: 'POST', url: `/verifications/${other.id}/documents`, headers: { authorization: `Bearer ${credential}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: form })
    t.equal(sent.statusCode, 422, 'the form was read')
  }
  await b.call('POST', `/verifications/${id}/redact`, { key })
  const log = lines.join('')
  t.ok(log.includes(id) && log.split('\n').length > 10, 'the log was written')
  t.same(found(log), [], 'no name, birth date, number, MRZ, metadata, note or image bytes')
  t.same([key, token, b.adminKey].filter((secret) => log.includes(secret)).map((secret) => secret.slice(0, 4)), [], 'no key or capture token')
})

t.test('rows an earlier version wrote in clear are sealed at start, once; new rows never count as such', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('acme', 'service')
  const { id } = await fullVerification(b, key)
  await b.call('POST', '/verifications', { key, body: { checks: ['document'] } })
  t.equal(await b.app.verificationsRepository.sealLegacy(100), 0, 'what this version wrote is sealed already')
  const before = (await b.call('GET', `/verifications/${id}`, { key })).json()
  // The row as an earlier version stored it: everything in clear, nothing sealed.
  const { applicant, metadata, checksResults, decisionNote } = (await b.app.verificationsRepository.findVisible(id, null))!
  await b.app.db
    .update(verifications)
    .set({ applicant, metadata: metadata!, checksResults, decisionNote, applicantSealed: null, metadataSealed: null, resultsSealed: null, decisionNoteSealed: null })
    .where(eq(verifications.id, id))
  t.not(found(await sqlDump(b)).length, 0, 'in clear, as before migration 0017')
  t.equal(await b.app.verificationsRepository.sealLegacy(100), 1)
  t.equal(await b.app.verificationsRepository.sealLegacy(100), 0, 'once')
  t.same(found(await sqlDump(b)), [], 'sealed')
  t.same((await b.call('GET', `/verifications/${id}`, { key })).json(), before, 'and read as before')

  // A row of a version that sealed the holder but kept the identity check's document expiry in clear.
  const [stored] = await b.app.db.select({ checksResults: verifications.checksResults }).from(verifications).where(eq(verifications.id, id))
  const identity = stored!.checksResults.identity as { details: Record<string, unknown> }
  t.equal(identity.details.document_expires_on, null, 'this version keeps it sealed')
  const expiry = before.checks_results.identity.details.document_expires_on as string
  t.equal(expiry, '2034-06-01')
  t.notOk((await sqlDump(b)).includes(expiry))
  const clearExpiry = { ...stored!.checksResults, identity: { ...identity, details: { ...identity.details, document_expires_on: expiry } } }
  await b.app.db.update(verifications).set({ checksResults: clearExpiry }).where(eq(verifications.id, id))
  t.ok((await sqlDump(b)).includes(expiry), 'in clear, as between the two versions')
  t.equal(await b.app.verificationsRepository.sealLegacy(100), 1)
  t.notOk((await sqlDump(b)).includes(expiry), 'sealed')
  t.same((await b.call('GET', `/verifications/${id}`, { key })).json(), before, 'and read as before')

  // An idempotent creation's response as an earlier version kept it: in clear.
  const create = { key, headers: { 'idempotency-key': 'legacy-1' }, body: { checks: ['document'], metadata: { order: 'legacy-1' } } }
  const created = await b.call('POST', '/verifications', create)
  t.equal(await b.app.idempotencyRepository.sealLegacy(), 0, 'a response this version kept is sealed already')
  await b.app.db.update(idempotencyKeys).set({ response: created.json(), responseSealed: null }).where(eq(idempotencyKeys.key, 'legacy-1'))
  t.equal(await b.app.idempotencyRepository.sealLegacy(), 1)
  t.equal(await b.app.idempotencyRepository.sealLegacy(), 0, 'once')
  const replayed = await b.call('POST', '/verifications', create)
  t.equal(replayed.headers['idempotent-replayed'], 'true')
  t.same(replayed.json(), created.json(), 'the sealed response replays as it was')
})
