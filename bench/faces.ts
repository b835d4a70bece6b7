// Face match of two images and passive liveness of a selfie, end to end through the API (the
// images are decrypted and analysed in the worker pool on each call), and the memory with the
// face models loaded.
import { readFileSync } from 'node:fs'
import { benchDatabase, fmt, quick, startApp, stats, type Section } from './lib.js'

const photo = (p: string) => readFileSync(new URL(`../test/fixtures/${p}`, import.meta.url)).toString('base64')

export async function facesBench(): Promise<Section> {
  const runs = quick ? 3 : 30
  const db = await benchDatabase()
  const rssBefore = process.memoryUsage().rss
  const { app, adminKey, config } = await startApp(db.url)
  try {
    const created = await app.inject({ method: 'POST', url: '/admin/keys', headers: { authorization: `Bearer ${adminKey}` }, payload: { client_name: 'bench' } })
    const auth = { authorization: `Bearer ${created.json().key as string}` }
    const manifest = JSON.parse(readFileSync(new URL('../test/fixtures/documents/manifest.json', import.meta.url), 'utf8'))
    const mrz = (manifest.files[0].mrz as string[]).join('\n')
    // Two sessions that stay pending: one only ever runs face match, the other only liveness.
    const session = async () =>
      (await app.inject({ method: 'POST', url: '/verifications', headers: auth, payload: { checks: ['face_match', 'liveness'] } })).json().id as string
    const matchSession = await session()
    const livenessSession = await session()
    await app.inject({ method: 'POST', url: `/verifications/${matchSession}/documents`, headers: auth, payload: { document_type: 'passport', front_image: photo('documents/passport-td3-clean.jpg'), mrz } })
    await app.inject({ method: 'POST', url: `/verifications/${matchSession}/selfie`, headers: auth, payload: { image: photo('faces/selfie-collins.jpg') } })
    const selfie = await app.inject({ method: 'POST', url: `/verifications/${livenessSession}/selfie`, headers: auth, payload: { image: photo('faces/selfie-collins.jpg') } })
    const selfieId = selfie.json().document_id
    const time = async (url: string, payload?: object) => {
      const s = performance.now()
      const res = await app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) })
      if (res.statusCode !== 200) throw new Error(`bench: ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
      return performance.now() - s
    }
    const matchUrl = `/verifications/${matchSession}/face-match`
    const livenessUrl = `/verifications/${livenessSession}/documents/${selfieId}/liveness`
    const coldMatch = await time(matchUrl, {})
    const coldLiveness = await time(livenessUrl)
    const match: number[] = []
    const liveness: number[] = []
    for (let i = 0; i < runs; i++) {
      match.push(await time(matchUrl, {}))
      liveness.push(await time(livenessUrl))
    }
    const m = stats(match)
    const l = stats(liveness)
    const rss = process.memoryUsage().rss
    return {
      title: 'Face match and passive liveness',
      body: [
        `${runs} calls each on two pending sessions (PostgreSQL, ${config.analysisThreads} analysis threads): face match of the clean passport`,
        'page against `faces/selfie-collins.jpg`, and passive liveness of that selfie. Each call decrypts the stored',
        'images and analyses them in the worker pool (the two images of a face match in parallel, one per thread).',
        'Goals: face match under 250 ms, passive liveness under 150 ms.',
        '',
        '| | first call (loads models) ms | median ms | p95 ms |',
        '|---|---:|---:|---:|',
        `| POST /face-match (two images) | ${fmt(coldMatch, 0)} | ${fmt(m.p50, 0)} | ${fmt(m.p95, 0)} |`,
        `| POST /documents/{id}/liveness | ${fmt(coldLiveness, 0)} | ${fmt(l.p50, 0)} | ${fmt(l.p95, 0)} |`,
        '',
        `Resident memory with the face and OCR models loaded in the workers: ${fmt(rss / 2 ** 20, 0)} MiB`,
        `(${fmt((rss - rssBefore) / 2 ** 20, 0)} MiB more than before the app started).`,
        '',
        'Each face analysis is a detection on a copy of at most 1024 px, then the requested models again on a',
        'crop around each face (crop-and-redetect: it separates people far better on small portraits). Passive',
        'liveness adds the face mesh, the antispoof and liveness models and an image-quality pass (sharpness,',
        'exposure) on the selfie.',
      ].join('\n'),
    }
  } finally {
    await app.close()
    await db.drop()
  }
}
