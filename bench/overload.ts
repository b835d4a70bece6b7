// The service under the heaviest bodies it accepts: /healthz is polled while maximal active-liveness
// bodies (five 10 MB images, about 67 MB of JSON each) and document uploads are in flight against the
// real server process. Its answer time shows how long the event loop stalls; the process's peak
// resident memory (VmHWM) shows what the bodies and the analysis queue cost.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { Client, request } from 'undici'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'
import { benchDatabase, fmt, quick, stats, type Section } from './lib.js'
import { memory, startChild, stop } from './process.js'

const fixture = (p: string) => readFileSync(new URL(`../test/fixtures/${p}`, import.meta.url)).toString('base64')

/** A PNG of noise just under 10 MB decoded: the largest image a body may carry, and one that decodes. */
async function maximalImage(): Promise<string> {
  const side = 1840
  const noise = Buffer.alloc(side * side * 3)
  for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i)
  const png = await sharp(noise.subarray(0, side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
  if (png.length > 10 * 1024 * 1024) throw new Error(`bench: the maximal image is ${png.length} bytes`)
  return png.toString('base64')
}

/** Polls /healthz on a connection of its own, one request at a time, until `until` settles. */
async function pollHealth(url: string, until: Promise<unknown>): Promise<number[]> {
  const client = new Client(url)
  const times: number[] = []
  let done = false
  void until.finally(() => (done = true))
  while (!done) {
    const s = performance.now()
    const res = await client.request({ method: 'GET', path: '/healthz' })
    await res.body.dump()
    times.push(performance.now() - s)
    await new Promise((r) => setTimeout(r, 5))
  }
  await client.close()
  return times
}

export async function overloadBench(): Promise<Section> {
  const livenessBodies = quick ? 1 : 4
  const uploads = quick ? 2 : 20
  const db = await benchDatabase()
  const adminKey = newApiKeySecret()
  const service = await startChild(null, { DATABASE_URL: db.url, ADMIN_API_KEY: adminKey, RATE_LIMIT_PER_SECOND: '0' })
  const pid = service.child.pid!
  try {
    const call = async (method: 'GET' | 'POST', path: string, key: string, body?: string | Buffer | object) => {
      const res = await request(`${service.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
      })
      return { status: res.statusCode, json: (await res.body.json()) as Record<string, any> }
    }
    const key = (await call('POST', '/admin/keys', adminKey, { client_name: 'bench' })).json.key as string
    const session = async (checks: string[]) => (await call('POST', '/verifications', key, { checks })).json.id as string

    // 20 uploads at once (document photos read by OCR and selfies), each sent again after Retry-After
    // while the service answers 503, as a client does, until all 20 are analysed: the peak memory of a
    // service working through a burst.
    const burstSize = quick ? 4 : 20
    const burstStarted = performance.now()
    let burstRefusals = 0
    const burst = await Promise.all(
      Array.from({ length: burstSize }, async (_, i) => {
        const selfie = i % 2 === 1
        const vid = await session(selfie ? ['face_match'] : ['document'])
        const [path, body] = selfie
          ? [`/verifications/${vid}/selfie`, { image: fixture('faces/selfie-collins.jpg') }]
          : [`/verifications/${vid}/documents`, { document_type: 'passport', front_image: fixture('documents/passport-td3-phone.jpg') }]
        for (;;) {
          const res = await request(`${service.url}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
          await res.body.dump()
          if (res.statusCode !== 503) return res.statusCode
          burstRefusals++
          await new Promise((r) => setTimeout(r, Number(res.headers['retry-after'] ?? 1) * 1000))
        }
      }),
    )
    const burstSeconds = (performance.now() - burstStarted) / 1000
    const burstPeak = memory(pid).peak
    if (burst.some((status) => status !== 201)) throw new Error(`bench: burst answers ${burst.join(', ')}`)

    // Maximal active-liveness bodies, each on a session with a selfie and a challenge of its own.
    const image = await maximalImage()
    const liveness: Array<{ path: string; body: Buffer }> = []
    for (let i = 0; i < livenessBodies; i++) {
      // face_match keeps the session pending after a liveness result, so it takes a second challenge.
      const vid = await session(['liveness', 'face_match'])
      const selfie = await call('POST', `/verifications/${vid}/selfie`, key, { image: fixture('faces/selfie-collins.jpg') })
      if (selfie.status !== 201) throw new Error(`bench: selfie ${selfie.status} ${JSON.stringify(selfie.json)}`)
      const challenge = (await call('POST', `/verifications/${vid}/active-liveness/challenge`, key)).json
      const frame = `{"action":${JSON.stringify(challenge.actions[0])},"image":"${image}"}`
      // Encoded before the clock starts: the bench's own encoding of 68 MB would stall its /healthz polling.
      liveness.push({ path: `/verifications/${vid}/active-liveness/verify`, body: Buffer.from(`{"challenge_id":"${challenge.challenge_id}","frames":[${Array(5).fill(frame).join(',')}]}`) })
    }
    const photo = fixture('documents/passport-td3-phone.jpg')
    const documentSessions = await Promise.all(Array.from({ length: uploads }, () => session(['document'])))
    const idle = memory(pid)

    // One maximal body alone: the longest /healthz answer is about the longest stall it causes.
    // (--quick keeps the harness working: the load alone.)
    let aloneHealth: number[] = []
    let aloneStatus = 0
    if (!quick) {
      const alone = call('POST', liveness[0]!.path, key, liveness[0]!.body)
      aloneHealth = await pollHealth(service.url, alone)
      aloneStatus = (await alone).status
      // Its challenge is used up now: a fresh one for the load.
      const vid0 = liveness[0]!.path.split('/')[2]!
      const c0 = (await call('POST', `/verifications/${vid0}/active-liveness/challenge`, key)).json
      const frame0 = `{"action":${JSON.stringify(c0.actions[0])},"image":"${image}"}`
      liveness[0]!.body = Buffer.from(`{"challenge_id":"${c0.challenge_id}","frames":[${Array(5).fill(frame0).join(',')}]}`)
    }

    const started = performance.now()
    const load = Promise.all([
      ...liveness.map((l) => call('POST', l.path, key, l.body)),
      ...documentSessions.map((vid) => call('POST', `/verifications/${vid}/documents`, key, { document_type: 'passport', front_image: photo })),
    ])
    const health = await pollHealth(service.url, load)
    const results = await load
    const loadMs = performance.now() - started
    const peak = memory(pid)
    const count = (from: number, to: number) => {
      const by = new Map<number, number>()
      for (const r of results.slice(from, to)) by.set(r.status, (by.get(r.status) ?? 0) + 1)
      return [...by].map(([s, n]) => `${n} × ${s}`).join(', ')
    }
    const h = stats(health)
    const a = stats(aloneHealth)
    return {
      title: 'Overload: /healthz while maximal bodies are in flight',
      body: [
        `The server as \`npm start\` runs it (default settings, PostgreSQL). First one maximal active-liveness body alone (five`,
        `${fmt(image.length / 1e6, 1)} MB base64 images, ${fmt(liveness[0]!.body.length / 1e6, 0)} MB of JSON), then ${livenessBodies} such bodies and ${uploads} document uploads`,
        '(OCR of `passport-td3-phone.jpg`) at once. `/healthz` is polled meanwhile on a connection of its own.',
        'Goal: p99 under 100 ms; a maximal body stalls the event loop for no more than about 250 ms at a time.',
        '',
        '| | /healthz answers | p50 ms | p99 ms | max ms |',
        '|---|---:|---:|---:|---:|',
        `| one maximal body alone (answered ${aloneStatus}) | ${a.n} | ${fmt(a.p50)} | ${fmt(a.p99)} | ${fmt(Math.max(...aloneHealth))} |`,
        `| ${livenessBodies} maximal bodies + ${uploads} uploads (${fmt(loadMs / 1000, 1)} s) | ${h.n} | ${fmt(h.p50)} | ${fmt(h.p99)} | ${fmt(Math.max(...health))} |`,
        '',
        `Answers: active liveness ${count(0, livenessBodies)}; uploads ${count(livenessBodies, results.length)} (503: \`overloaded\`, past \`UPLOADS_IN_FLIGHT\` or the analysis queue).`,
        `Resident memory of the service: ${fmt(idle.rss, 0)} MiB before the load, peak (VmHWM) ${fmt(peak.peak, 0)} MiB.`,
        '',
        `Before all this, on the fresh service: ${burstSize} uploads at once (${burstSize / 2} passport photos read by OCR, ${burstSize / 2} selfies), each sent`,
        `again after \`Retry-After\` while answered 503 (${burstRefusals} times in all), until all were analysed (${fmt(burstSeconds, 1)} s): peak`,
        `resident memory (VmHWM) **${fmt(burstPeak, 0)} MiB**. Goal (issue 29): at most 1.2 GB under 20 concurrent uploads.`,
      ].join('\n'),
    }
  } finally {
    await stop(service.child)
    await db.drop()
  }
}
