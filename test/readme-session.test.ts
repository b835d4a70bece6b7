// The README's example session, run as written against the service started as `npm start` starts
// it: the only things put in are the admin key (the reader's own) and the address (a free port).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { newApiKeySecret } from '../src/domain/api-key-secret.js'
import { createTestDatabase } from './helpers/database.js'
import { readmeBlock, root } from './helpers/readme.js'
import { startServer } from './helpers/server-process.js'


t.test("the README's example session works as written", async (t) => {
  const admin = newApiKeySecret()
  const database = await createTestDatabase()
  t.teardown(() => database.drop())
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ivs-readme-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const server = await startServer(t, {
    ADMIN_API_KEY: admin,
    DATA_DIR: database.databaseUrl ? dataDir : database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  })
  const script = readmeBlock('## An example session with curl', 'sh')
  t.match(script, /^export ADMIN=ivs_\.\.\. /m, 'the reader sets the admin key first')
  const literal = script.replace(/^export ADMIN=ivs_\.\.\. .*$/m, `export ADMIN=${admin}`).replaceAll('http://127.0.0.1:3000', server.url)

  // Standard input from /dev/null: Debian's bash reads bash.bashrc when it is a socket.
  const run = spawn('bash', ['-euo', 'pipefail', '-c', literal], { cwd: root, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  run.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d))
  run.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d))
  const code = await new Promise<number | null>((resolve) => run.on('close', resolve))
  t.equal(err, '', 'nothing on standard error')
  t.equal(code, 0, `every command succeeded${err ? `: ${err}` : ''}`)
  t.match(out, /"client_name":"acme-shop","role":"service","key":"ivs_/, 'the key was created')
  t.match(out, /\{"status":"ok","webhook_secret":"whsec_/, 'the webhook got a generated secret')
  t.match(out, /"status":"pending","client_reference":"order-10293","redirect_url":""/, 'the session was created pending')
  t.match(out, /"verification_status":"completed","checks_results":\{"document":\{"passed":true/, 'the upload completed it, the document passed')
  t.match(out, /"identity":\{"passed":true/, 'and the applicant matched the document')
  t.match(out, /^X-Total-Count: 1\r?$/im, 'the list counts it')
  t.match(out, /\{"new_delivery_id":"whd_/, 'the delivery was replayed')
  t.match(out, /\{"url":"http:\/\/localhost:\d+\/capture\/cap_[A-Za-z0-9_-]{43}","expires_at":"[^"]+"\}/, 'a capture link was made')
  t.match(out, /<title>[^<]+<\/title>/, "the console's page")
  t.match(out, /[}\n]401\n$/, 'the revoked key is refused on its next request')
  await server.stop()
})
