// `npm run bench`: runs every benchmark suite on this machine and writes BENCHMARKS.md.
// `--quick` runs a few seconds per case, to keep the harness working (the test suite does that);
// its figures are not written.
import { writeFileSync } from 'node:fs'
import { machine, quick, type Section } from './lib.js'
import { apiBench } from './api.js'
import { documentsBench } from './documents.js'
import { facesBench } from './faces.js'
import { webhooksBench } from './webhooks.js'

const suites: Array<() => Promise<Section>> = [apiBench, webhooksBench, documentsBench, facesBench]

const sections: Section[] = []
for (const suite of suites) {
  const section = await suite()
  console.log(`\n## ${section.title}\n\n${section.body}\n`)
  sections.push(section)
}
if (!quick) {
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
