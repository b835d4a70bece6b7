// Prints the face-match score distribution over every face fixture: each document portrait against
// each selfie, labelled same or different person, and the false accepts and false rejects at a few
// thresholds. The README's FACE_MATCH_THRESHOLD comes from this: `npx tsx scripts/face-scores.ts`.
import { readFileSync } from 'node:fs'
import { createAnalysisPool } from '../src/analysis/pool.js'
import { similarity } from '../src/analysis/faces.js'
import { FACE_NEEDS } from '../src/services/stored-faces.js'

const fixture = (p: string) => readFileSync(new URL(`../test/fixtures/${p}`, import.meta.url))
// Who is in each photo: the passports carry Eileen Collins, the identity cards Grace Hopper.
const documents = [
  ['documents/passport-td3-clean.jpg', 'collins'],
  ['documents/passport-td3-phone.jpg', 'collins'],
  ['documents/idcard-td1-clean.jpg', 'hopper'],
  ['documents/idcard-td1-phone.jpg', 'hopper'],
] as const
const selfies = [
  ['faces/selfie-collins.jpg', 'collins'],
  ['faces/selfie-collins-2.jpg', 'collins'],
  ['faces/selfie-hopper.jpg', 'hopper'],
] as const

const pool = createAnalysisPool({ threads: 2, queue: selfies.length })
// Each image analysed as its upload is: a portrait for face match, a selfie with every model it feeds.
const embed = async (file: string, need: keyof typeof FACE_NEEDS) => {
  const r = await pool.analyseFaces({ image: fixture(file), opts: FACE_NEEDS[need], quality: false })
  if (!r.ok || !r.faces[0]) throw new Error(`no face in ${file}`)
  return r.faces[0].embedding
}
const pairs: Array<{ a: string; b: string; same: boolean; score: number }> = []
const selfieEmbeddings = await Promise.all(selfies.map(([f]) => embed(f, 'selfie')))
for (const [doc, who] of documents) {
  const e = await embed(doc, 'match')
  selfies.forEach(([selfie, whoSelfie], i) => pairs.push({ a: doc, b: selfie, same: who === whoSelfie, score: similarity(e, selfieEmbeddings[i]!) }))
}
await pool.close()
for (const p of pairs.sort((x, y) => y.score - x.score)) console.log(`${p.score.toFixed(4)}  ${p.same ? 'same     ' : 'different'}  ${p.a}  ×  ${p.b}`)
const same = pairs.filter((p) => p.same).map((p) => p.score)
const diff = pairs.filter((p) => !p.same).map((p) => p.score)
console.log(`\nsame person:      ${same.length} pairs, ${Math.min(...same).toFixed(4)} – ${Math.max(...same).toFixed(4)}`)
console.log(`different people: ${diff.length} pairs, ${Math.min(...diff).toFixed(4)} – ${Math.max(...diff).toFixed(4)}`)
for (const th of [0.6, 0.65, 0.7, 0.75, 0.8, 0.85]) {
  console.log(`threshold ${th}: false accepts ${diff.filter((s) => s >= th).length}/${diff.length}, false rejects ${same.filter((s) => s < th).length}/${same.length}`)
}
