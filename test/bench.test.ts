// The benchmark harness in its quick mode, once, so that it cannot rot. Its figures are not asserted.
import { spawnSync } from 'node:child_process'
import t from 'tap'
import { serverUrl } from './helpers/database.js'

t.test('npm run bench -- --quick runs every suite', { skip: serverUrl() ? false : 'the harness measures on a PostgreSQL server: set DATABASE_URL' }, async (t) => {
  const root = new URL('..', import.meta.url).pathname
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick'], {
    cwd: root,
    env: { ...process.env },
    encoding: 'utf8',
    timeout: 600_000,
  })
  t.equal(run.status, 0, run.stderr.slice(-2000))
  for (const title of ['API throughput and latency', 'Webhook delivery', 'Document check', 'Face match and passive liveness']) {
    t.match(run.stdout, `## ${title}`, `${title} measured`)
  }
  t.match(run.stdout, /\| GET \/verifications\/\{id\} \| 50 \|/, 'the API table has its rows')
})
