// The schema-driven fuzzer (test/helpers/fuzz.ts) over every operation: no 5xx, and no status that
// openapi.yaml does not list for the operation. `npm run fuzz` sends 10,000; the suite a share of them.
import t from 'tap'
import { build } from './helpers/build.js'
import { fuzz } from './helpers/fuzz.js'

const COUNT = Number(process.env.FUZZ_REQUESTS ?? 1500)
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)

t.test(`${COUNT} generated requests find no 5xx and no undocumented status`, async (t) => {
  const b = await build(t)
  const keys = [b.adminKey]
  for (const role of ['service', 'readonly', 'auditor'] as const) keys.push((await b.createKey('fuzz', role)).key)
  const created = await b.call('POST', '/verifications', { key: keys[1], body: { checks: ['document', 'identity', 'face_match', 'liveness'] } })
  const { findings, statuses } = await fuzz(b.app, { count: COUNT, seed: SEED, keys, ids: [(created.json() as { id: string }).id] })
  t.comment(`statuses: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s} × ${n}`).join(', ')}`)
  const byKind = new Map<string, (typeof findings)[number]>()
  for (const f of findings) byKind.set(`${f.operationId} ${f.status}`, f)
  t.same([...byKind.values()], [], 'one example of each finding (operation and status)')
})
