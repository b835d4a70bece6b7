// Memory under concurrent maximal uploads, against the real server process: 20 images of 10 MB sent
// at once, as JSON (base64) and as forms, by two clients (one holds at most three of the four slots).
// UPLOADS_IN_FLIGHT (default: twice the threads) admits a few, the rest are answered 503 at once, and the peak resident memory (VmHWM) stays under the figure
// the README states. On PostgreSQL: the embedded database holds each stored image in the process's
// own memory too, and stalls the event loop while it writes one (README, "Limits").
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import t from 'tap'
import sharp from 'sharp'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'
import { request, startServer } from './helpers/server-process.js'
import { td3 } from './helpers/mrz.js'
import { createTestDatabase, serverUrl } from './helpers/database.js'

const MB = 1024 * 1024
/** README, "Limits": the peak of the whole process, with the models of two analysis threads. */
const PEAK_RSS_BOUND_MB = 1536
/** What the uploads may add to the peak the warm-up reached (models loaded, one upload per thread). */
const UPLOADS_GROWTH_BOUND_MB = 512
const UPLOADS = 20

const peakOf = (pid: number) => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** A JPEG of noise just under 10 MB: the largest upload there is, and as costly to decode as any. */
async function largestJpeg(): Promise<Buffer> {
  for (let side = 2900; ; side -= 50) {
    const jpeg = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 100 }).toBuffer()
    if (jpeg.length <= 10 * MB) return jpeg
  }
}

t.test(`${UPLOADS} concurrent 10 MB uploads keep the server's memory bounded`, { skip: serverUrl() ? false : 'needs PostgreSQL (DATABASE_URL)' }, async (t) => {
  const key = newApiKeySecret()
  const database = await createTestDatabase()
  t.teardown(() => database.drop())
  const server = await startServer(t, {
    ADMIN_API_KEY: key,
    ANALYSIS_THREADS: '2',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  })
  const jpeg = await largestJpeg()
  t.ok(jpeg.length > 9 * MB, `a ${(jpeg.length / MB).toFixed(1)} MB JPEG`)
  const base64 = jpeg.toString('base64')
  const mrz = td3({ issuing: 'NLD', surname: 'MUELLER', given: 'ANNA', number: 'NX12AB34C', nationality: 'NLD', dob: '900312', sex: 'F', expiry: '340101' }).join('\n')

  /** A document upload (its MRZ as text: memory, not OCR, is measured), as JSON or as a form. */
  async function upload(asForm: boolean, as = key): Promise<{ status: number; retryAfter: string | null; text: string }> {
    const created = await request(server, 'POST', '/verifications', { key: as, body: { checks: ['document'] } })
    if (created.status !== 201) throw new Error(`POST /verifications: ${created.status} ${JSON.stringify(created.body)}`)
    const url = new URL(`/verifications/${(created.body as { id: string }).id}/documents`, server.url)
    let body: string | FormData
    const headers: Record<string, string> = { authorization: `Bearer ${as}` }
    if (asForm) {
      body = new FormData()
      body.append('document_type', 'passport')
      body.append('front_image', new Blob([jpeg], { type: 'image/jpeg' }), 'front.jpg')
      body.append('mrz', mrz)
    } else {
      body = JSON.stringify({ document_type: 'passport', front_image: base64, mrz })
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(120_000) })
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() }
  }

  const warm = await Promise.all([upload(false), upload(true)])
  t.same(warm.map((w) => w.status), [201, 201], 'one upload per analysis thread: both stored')
  const warmPeak = peakOf(server.pid)

  const other = await request(server, 'POST', '/admin/keys', { key, body: { client_name: 'second-client' } })
  const otherKey = (other.body as { key: string }).key
  const answers = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(i % 2 === 1, i % 4 < 2 ? key : otherKey)))
  const peak = peakOf(server.pid)
  const stored = answers.filter((a) => a.status === 201).length
  t.comment(`peak RSS ${warmPeak.toFixed(0)} MB after the warm-up, ${peak.toFixed(0)} MB after ${UPLOADS} concurrent uploads (${stored} stored)`)
  t.ok(answers.every((a) => a.status === 201 || (a.status === 503 && a.retryAfter === '2')), `stored, or refused as overloaded with Retry-After: ${answers.map((a) => a.status).join(' ')}`)
  t.comment(answers.filter((a) => a.status !== 201).map((a) => a.text).slice(0, 3).join('\n'))
  t.ok(stored >= 4, 'as many as UPLOADS_IN_FLIGHT (twice the threads) are stored')
  t.ok(peak - warmPeak < UPLOADS_GROWTH_BOUND_MB, `the uploads add ${(peak - warmPeak).toFixed(0)} MB < ${UPLOADS_GROWTH_BOUND_MB} MB to the peak`)
  t.ok(peak < PEAK_RSS_BOUND_MB, `peak RSS ${peak.toFixed(0)} MB < ${PEAK_RSS_BOUND_MB} MB`)
})
