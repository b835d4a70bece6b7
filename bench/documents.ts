// Document check from a phone-like photo: end-to-end latency of POST /documents (decode, OCR in
// the worker pool, MRZ validation, encryption, the database), and the pool's memory.
import { readFileSync } from 'node:fs'
import { benchDatabase, fmt, quick, startApp, stats, type Section } from './lib.js'

export async function documentsBench(): Promise<Section> {
  const runs = quick ? 3 : 30
  const photo = readFileSync(new URL('../test/fixtures/documents/passport-td3-phone.jpg', import.meta.url)).toString('base64')
  const db = await benchDatabase()
  const rssBefore = process.memoryUsage().rss
  const { app, adminKey } = await startApp(db.url, { analysisThreads: 1 })
  try {
    const created = await app.inject({ method: 'POST', url: '/admin/keys', headers: { authorization: `Bearer ${adminKey}` }, payload: { client_name: 'bench' } })
    const key = created.json().key as string
    const auth = { authorization: `Bearer ${key}` }
    const once = async () => {
      const v = await app.inject({ method: 'POST', url: '/verifications', headers: auth, payload: { checks: ['document'] } })
      const s = performance.now()
      const res = await app.inject({ method: 'POST', url: `/verifications/${v.json().id}/documents`, headers: auth, payload: { document_type: 'passport', front_image: photo } })
      const ms = performance.now() - s
      if (res.statusCode !== 201 || !res.json().checks_results.document.passed) throw new Error(`bench: document check failed: ${res.body.slice(0, 300)}`)
      return ms
    }
    const cold = await once() // loads the OCR models in the worker
    const times: number[] = []
    for (let i = 0; i < runs; i++) times.push(await once())
    const s = stats(times)
    // Worker threads share the process: its resident memory with the models loaded, less before the app.
    const rss = process.memoryUsage().rss
    return {
      title: 'Document check (OCR of a phone-like photo)',
      body: [
        `${runs} uploads of \`test/fixtures/documents/passport-td3-phone.jpg\` (1278×960 JPEG, rotated, blurred, noisy) through`,
        'POST /verifications/{id}/documents, one analysis thread, PostgreSQL. Goal: under 1.5 s.',
        '',
        '| | ms |',
        '|---|---:|',
        `| first upload (loads the OCR models) | ${fmt(cold, 0)} |`,
        `| median | ${fmt(s.p50, 0)} |`,
        `| p95 | ${fmt(s.p95, 0)} |`,
        '',
        `Resident memory of the process with one analysis worker and its models loaded: ${fmt(rss / 2 ** 20, 0)} MiB`,
        `(${fmt((rss - rssBefore) / 2 ** 20, 0)} MiB more than before the app started).`,
        '',
        'Most of the time is PaddleOCR (text detection, then recognition of each line) on the whole page,',
        'which gives the MRZ and the printed data it is cross-checked with in one reading.',
      ].join('\n'),
    }
  } finally {
    await app.close()
    await db.drop()
  }
}
