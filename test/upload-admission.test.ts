// At most UPLOADS_IN_FLIGHT upload requests are received and analysed at once: past that, 503
// overloaded with Retry-After before the body is read, and the slot comes back when a request ends,
// however it ends.
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { readFileSync } from 'node:fs'
import { build } from './helpers/build.js'
import { until } from './helpers/until.js'
import { specErrors } from './helpers/spec.js'

t.test('uploads past the limit are refused at once, and a slot is released when its request ends', async (t) => {
  const b = await build(t, { uploadsInFlight: 1 })
  await b.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (b.app.server.address() as AddressInfo).port
  const { key } = await b.createKey('gate', 'service')
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['face_match'] } })).json().id as string
  const image = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url)).toString('base64')
  const selfie = () => b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image } })

  // A client that sends its headers and part of its body holds the one slot.
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  t.teardown(() => socket.destroy())
  socket.write(
    `POST /verifications/${vid}/selfie HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"image": "',
  )
  const inFlight = async () => Number(/ (\d+)$/m.exec(await b.app.metrics.registry.getSingleMetricAsString('ivs_uploads_in_flight'))?.[1])
  await until(inFlight, (n) => n === 1)
  const refused = await selfie()
  t.equal(refused.statusCode, 503)
  t.equal(refused.headers['retry-after'], '2')
  t.match(refused.json().error, { code: 'overloaded', message: /1 uploads are being received and analysed: retry after 2 s/ })
  t.same(specErrors('uploadSelfie', 503, refused.json()), [])
  const other = await b.call('GET', `/verifications/${vid}`, { key })
  t.equal(other.statusCode, 200, 'other operations are not held back')

  // Its connection lost, the slot is free again.
  socket.destroy()
  await until(inFlight, (n) => n === 0)
  const stored = await selfie()
  t.equal(stored.statusCode, 201, stored.body)
  // A refused or finished request gives its slot back too.
  t.equal((await selfie()).statusCode, 201)
  const bad = await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image: 'not base64!' } })
  t.equal(bad.statusCode, 400)
  t.equal((await selfie()).statusCode, 201)
  t.equal(await inFlight(), 0, 'every slot is back')
})

t.test('a request without a valid key does not take a slot', async (t) => {
  const b = await build(t, { uploadsInFlight: 1 })
  const { key } = await b.createKey('gate', 'service')
  const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['face_match'] } })).json().id as string
  const res = await b.call('POST', `/verifications/${vid}/selfie`, { key: 'ivs_' + 'x'.repeat(43), body: { image: 'x' } })
  t.equal(res.statusCode, 401)
  const image = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url)).toString('base64')
  t.equal((await b.call('POST', `/verifications/${vid}/selfie`, { key, body: { image } })).statusCode, 201)
})

t.test('one client holds all but a quarter of the slots: a slow or busy client leaves the others room', async (t) => {
  const b = await build(t, { uploadsInFlight: 4 })
  await b.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (b.app.server.address() as AddressInfo).port
  const evil = await b.createKey('evil', 'service')
  const acme = await b.createKey('acme', 'service')
  const session = async (key: string) => (await b.call('POST', '/verifications', { key, body: { checks: ['face_match'] } })).json().id as string
  const [evilVid, acmeVid] = [await session(evil.key), await session(acme.key)]
  const image = readFileSync(new URL('./fixtures/faces/selfie-collins.jpg', import.meta.url)).toString('base64')
  // Three uploads of one client, each sending its body a byte at a time.
  const sockets = Array.from({ length: 3 }, () => {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    socket.write(
      `POST /verifications/${evilVid}/selfie HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${evil.key}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"image": "',
    )
    return socket
  })
  t.teardown(() => sockets.forEach((s) => s.destroy()))
  const inFlight = async () => Number(/ (\d+)$/m.exec(await b.app.metrics.registry.getSingleMetricAsString('ivs_uploads_in_flight'))?.[1])
  await until(inFlight, (n) => n === 3)
  const fourth = await b.call('POST', `/verifications/${evilVid}/selfie`, { key: evil.key, body: { image } })
  t.equal(fourth.statusCode, 503)
  t.match(fourth.json().error, { code: 'overloaded', message: /3 uploads of this client are being received and analysed/ })
  const other = await b.call('POST', `/verifications/${acmeVid}/selfie`, { key: acme.key, body: { image } })
  t.equal(other.statusCode, 201, "another client's upload takes the slot kept for it")
  sockets.forEach((s) => s.destroy())
  await until(inFlight, (n) => n === 0)
  t.equal((await b.call('POST', `/verifications/${evilVid}/selfie`, { key: evil.key, body: { image } })).statusCode, 201, 'and the client has its slots back')
})
