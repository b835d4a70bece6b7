// `npm run bench`: runs every benchmark suite on this machine and writes BENCHMARKS.md.
// `--quick` runs a few seconds per case, to keep the harness working (the test suite does that);
// its figures are not written.
import { writeFileSync } from 'node:fs'
import { machine, quick, type Section } from './lib.js'
import { apiBench } from './api.js'
import { documentsBench } from './documents.js'
import { documentVariantsBench } from './document-variants.js'
import { facesBench } from './faces.js'
import { layoutsBench } from './layouts.js'
import { overloadBench } from './overload.js'
import { presentationBench } from './presentation.js'
import { depthMotionBench } from './depth-motion.js'
import { webhooksBench } from './webhooks.js'

const all: Record<string, () => Promise<Section>> = { api: apiBench, webhooks: webhooksBench, documents: documentsBench, variants: documentVariantsBench, layouts: layoutsBench, faces: facesBench, presentation: presentationBench, 'depth-motion': depthMotionBench, overload: overloadBench }
// `npm run bench -- api faces` runs only those suites (and prints them without writing BENCHMARKS.md).
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'))
for (const n of named) if (!(n in all)) throw new Error(`unknown suite "${n}": one of ${Object.keys(all).join(', ')}`)
const suites = named.length ? named.map((n) => all[n]!) : Object.values(all)

const sections: Section[] = []
for (const suite of suites) {
  const section = await suite()
  console.log(`\n## ${section.title}\n\n${section.body}\n`)
  sections.push(section)
}
if (!quick && named.length === 0) {
  const doc = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}; machine: ${machine()}.`,
    'Figures are from one run on this machine, not guarantees; run it again to compare.',
    '',
    ...sections.map((s) => `## ${s.title}\n\n${s.body}\n`),
  ].join('\n')
  writeFileSync(new URL('../BENCHMARKS.md', import.meta.url), doc)
  console.log('written to BENCHMARKS.md')
}
