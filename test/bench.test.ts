// The benchmark harness in its quick mode, once, so that it cannot rot. Its figures are not asserted.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import t from 'tap'
import { serverUrl } from './helpers/database.js'

/**
 * On this machine's own server (DATABASE_URL on 127.0.0.1 with the socket beside it) the harness is run
 * as `npm run bench` runs it here, without DATABASE_URL: through the socket, and over TCP for the
 * rows that compare the two.
 */
function benchEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  const url = serverUrl()
  if (url && /^postgres(ql)?:\/\/postgres@(127\.0\.0\.1|localhost)(:5432)?\/test$/.test(url) && existsSync('/var/run/postgresql/.s.PGSQL.5432')) delete env.DATABASE_URL
  return env
}

t.test('npm run bench -- --quick runs every suite', { skip: serverUrl() ? false : 'the harness measures on a PostgreSQL server: set DATABASE_URL' }, async (t) => {
  const root = new URL('..', import.meta.url).pathname
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick'], {
    cwd: root,
    env: benchEnv(),
    encoding: 'utf8',
    timeout: 600_000,
  })
  t.equal(run.status, 0, run.stderr.slice(-2000))
  for (const title of ['API throughput and latency', 'Webhook delivery', 'Document check', 'Document check on badly taken photos', 'Genuine data pages of many layouts', 'Face match and passive liveness', 'Overload']) {
    t.match(run.stdout, `## ${title}`, `${title} measured`)
  }
  t.match(run.stdout, /\| GET \/verifications\/\{id\} \| 50 \|/, 'the API table has its rows')
})
