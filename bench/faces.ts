// Selfie and document uploads (each image's faces analysed once, there), face match and passive
// liveness (which read what the uploads found), end to end through the API; the CPU time of a whole
// verification; and the memory with the face models loaded.
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
    const timeUpload = async (url: string, payload: object) => {
      const s = performance.now()
      const res = await app.inject({ method: 'POST', url, headers: auth, payload })
      if (res.statusCode !== 201) throw new Error(`bench: ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
      return performance.now() - s
    }
    const selfieUploads: number[] = []
    const documentUploads: number[] = []
    for (let i = 0; i < runs; i++) {
      const vid = await session()
      selfieUploads.push(await timeUpload(`/verifications/${vid}/selfie`, { image: photo('faces/selfie-collins.jpg') }))
      documentUploads.push(await timeUpload(`/verifications/${vid}/documents`, { document_type: 'passport', front_image: photo('documents/passport-td3-clean.jpg'), mrz }))
    }
    // A whole verification: the document read by OCR, the selfie, face match and passive liveness.
    const wholeRuns = quick ? 1 : 10
    const cpuBefore = process.cpuUsage()
    for (let i = 0; i < wholeRuns; i++) {
      const vid = (await app.inject({ method: 'POST', url: '/verifications', headers: auth, payload: { checks: ['document', 'face_match', 'liveness'] } })).json().id
      await timeUpload(`/verifications/${vid}/documents`, { document_type: 'passport', front_image: photo('documents/passport-td3-phone.jpg') })
      const id = (await app.inject({ method: 'POST', url: `/verifications/${vid}/selfie`, headers: auth, payload: { image: photo('faces/selfie-collins.jpg') } })).json().document_id
      await time(`/verifications/${vid}/face-match`, {})
      await time(`/verifications/${vid}/documents/${id}/liveness`)
    }
    const cpu = process.cpuUsage(cpuBefore)
    const cpuPerVerification = (cpu.user + cpu.system) / 1e6 / wholeRuns
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
        `${runs} calls each (PostgreSQL, ${config.analysisThreads} analysis threads): uploads of \`faces/selfie-collins.jpg\` and of the clean`,
        'passport page (its MRZ sent as text: only its portrait is analysed), then face match of the two and passive',
        'liveness of the selfie, which read the faces the uploads found (sealed beside the images) and analyse nothing.',
        'Goals (issue 29): face match well under 50 ms once both uploads exist; a whole verification ≤ 0.6 CPU-s.',
        '',
        '| | first call ms | median ms | p95 ms |',
        '|---|---:|---:|---:|',
        `| POST /selfie (every face model, image quality) | – | ${fmt(stats(selfieUploads).p50, 0)} | ${fmt(stats(selfieUploads).p95, 0)} |`,
        `| POST /documents, MRZ as text (the portrait's face) | – | ${fmt(stats(documentUploads).p50, 0)} | ${fmt(stats(documentUploads).p95, 0)} |`,
        `| POST /face-match | ${fmt(coldMatch, 0)} | ${fmt(m.p50, 0)} | ${fmt(m.p95, 0)} |`,
        `| POST /documents/{id}/liveness | ${fmt(coldLiveness, 0)} | ${fmt(l.p50, 0)} | ${fmt(l.p95, 0)} |`,
        '',
        `A whole verification (the phone photo's MRZ read by OCR and cross-checked with its page, its portrait, the selfie,`,
        `face match, passive liveness), ${wholeRuns} times: ${fmt(cpuPerVerification, 2)} CPU-s each (the process's user and system time, every thread).`,
        '',
        `Resident memory with the face and OCR models loaded in the workers: ${fmt(rss / 2 ** 20, 0)} MiB`,
        `(${fmt((rss - rssBefore) / 2 ** 20, 0)} MiB more than before the app started).`,
        '',
        'Each face analysis is a detection on a copy of at most 1024 px, then the requested models again on a',
        'crop around each face (crop-and-redetect: it separates people far better on small portraits). A selfie',
        'gets the embedding, the face mesh and the emotion models, an image-quality pass and the presentation-attack',
        'measures (src/analysis/presentation.ts).',
      ].join('\n'),
    }
  } finally {
    await app.close()
    await db.drop()
  }
}
