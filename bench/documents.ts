// Document check from phone-like photos: end-to-end latency of POST /documents (decode, finding the
// page, OCR of its zone and printed page in the worker pool, MRZ validation, the cross-check,
// encryption, the database), and the pool's memory.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { benchDatabase, connect, fmt, quick, startApp, stats, type Section } from './lib.js'

const fixture = (file: string) => readFileSync(new URL(`../test/fixtures/documents/${file}`, import.meta.url))

/** A 12 MP phone photo (4000 × 3000): the clean page filling 70 % of the frame's width on a desk, turned 3°, softened, JPEG 85. */
async function twelveMegapixels(): Promise<Buffer> {
  const page = await sharp(fixture('passport-td3-clean.jpg')).resize({ width: 2800 }).rotate(3, { background: '#6b5b4a' }).png().toBuffer()
  const { width, height } = await sharp(page).metadata()
  const desk = sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#6b5b4a' } })
  return sharp(await desk.composite([{ input: page, left: Math.round((4000 - width!) / 2), top: Math.round((3000 - height!) / 2) }]).png().toBuffer())
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer()
}

/**
 * `n` uploads of a photo, none the size of another (as no two real photos are): the i-th is cropped by
 * i pixels on each side. Repeating one photo would let a cache keyed by image or line size (onnxruntime
 * keeps one per input shape with its memory pattern) answer every upload after the first.
 */
async function uploads(photo: Buffer, n: number): Promise<string[]> {
  const { width, height } = await sharp(photo).metadata()
  return Promise.all(
    Array.from({ length: n }, async (_, i) =>
      (i ? await sharp(photo).extract({ left: i, top: i, width: width! - 2 * i, height: height! - 2 * i }).jpeg({ quality: 95 }).toBuffer() : photo).toString('base64'),
    ),
  )
}

export async function documentsBench(): Promise<Section> {
  const runs = quick ? 3 : 30
  const photos = [
    { name: '`passport-td3-phone.jpg` (1278×960, turned, blurred, noisy, JPEG 60)', data: await uploads(fixture('passport-td3-phone.jpg'), runs + 1) },
    { name: 'a 12 MP photo (4000×3000 JPEG) of the clean page on a desk', data: await uploads(await twelveMegapixels(), runs) },
  ]
  const db = await benchDatabase()
  const rssBefore = process.memoryUsage().rss
  const { app, adminKey } = await startApp(db.url, { analysisThreads: 1 })
  const sql = connect(db.url)
  try {
    const created = await app.inject({ method: 'POST', url: '/admin/keys', headers: { authorization: `Bearer ${adminKey}` }, payload: { client_name: 'bench' } })
    const key = created.json().key as string
    const auth = { authorization: `Bearer ${key}` }
    const once = async (photo: string) => {
      const v = await app.inject({ method: 'POST', url: '/verifications', headers: auth, payload: { checks: ['document'] } })
      const s = performance.now()
      const res = await app.inject({ method: 'POST', url: `/verifications/${v.json().id}/documents`, headers: auth, payload: { document_type: 'passport', front_image: photo } })
      const ms = performance.now() - s
      if (res.statusCode !== 201 || !res.json().checks_results.document.passed) throw new Error(`bench: document check failed: ${res.body.slice(0, 300)}`)
      // The worker's own time for the document's OCR (finding the page and its text, the zone, the
      // printed page), as the upload records it: the upload's time less decoding, transport and storage.
      const [row] = await sql<Array<{ ocr: number }>>`select (analysis->>'ocr_ms')::int as ocr from uploads where id = ${res.json().document_id}`
      return { ms, ocr: row!.ocr }
    }
    const cold = (await once(photos[0]!.data.pop()!)).ms // loads the OCR models in the worker
    const rows: string[] = []
    for (const photo of photos) {
      const times: number[] = []
      const ocr: number[] = []
      for (const data of photo.data) {
        const r = await once(data)
        times.push(r.ms)
        ocr.push(r.ocr)
      }
      const [s, o] = [stats(times), stats(ocr)]
      rows.push(`| ${photo.name} | ${fmt(s.p50, 0)} | ${fmt(s.p95, 0)} | ${fmt(o.p50, 0)} | ${fmt(o.p95, 0)} |`)
    }
    // Worker threads share the process: its resident memory with the models loaded, less before the app.
    const rss = process.memoryUsage().rss
    return {
      title: 'Document check (OCR of a phone-like photo)',
      body: [
        `${runs} uploads of each photo through POST /verifications/{id}/documents, one analysis thread, PostgreSQL,`,
        'with the start script\'s malloc setting (`npm run bench` sets it as `npm start` does). The i-th upload is the',
        'photo cropped by i pixels on each side, so that no two are of one size, as no two real photos are.',
        `The first upload (it loads the OCR models) took ${fmt(cold, 0)} ms. Goal (issue 28): about 500 ms median for a 12 MP photo.`,
        '',
        '| photo | upload median ms | p95 ms | OCR median ms | p95 ms |',
        '|---|---:|---:|---:|---:|',
        ...rows,
        '',
        'Upload: the request as the client waits for it. OCR: the worker\'s time for finding the page, its text, the',
        'zone and the printed page (recorded with the upload), without decoding the photo, transport or storage.',
        '',
        `Resident memory of the process with one analysis worker and its models loaded: ${fmt(rss / 2 ** 20, 0)} MiB`,
        `(${fmt((rss - rssBefore) / 2 ** 20, 0)} MiB more than before the app started).`,
        '',
        'The time is PaddleOCR (its models with their activations fused, src/analysis/onnx-fusion.ts): text found on',
        'a copy of at most 960 px, then lines recognised one by one, the longer the slower: the zone from the long',
        'lines at the page\'s foot, then every line of the page of a value\'s size (the page\'s dates must all be',
        'seen: a date added to a page is no confirmation), then the others until the page prints every field of the',
        'zone as the zone has it, then every line in the row of a date, the row above it and the row under a date\'s',
        'label (a date confirms under its own label), and every line too long for a value in the row of a name or',
        'number and the row under it (a value beside its label confirms nothing while the one under it is unread).',
      ].join('\n'),
    }
  } finally {
    await sql.end()
    await app.close()
    await db.drop()
  }
}
