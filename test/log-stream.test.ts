// The log stream (src/log-stream.ts): every line a process writes reaches standard output, in order,
// however the process ends; and pino's logger.flush works through it.
import { spawn, spawnSync } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'

const moduleUrl = new URL('../src/log-stream.ts', import.meta.url).href

/** Runs `body` in a child process with `log` = a pino logger on the stream over standard output. */
function run(body: string) {
  const script = `
    import pino from 'pino'
    import { LogStream } from ${JSON.stringify(moduleUrl)}
    const log = pino({ base: undefined }, new LogStream(1))
    ${body}
  `
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 })
  const lines = res.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { n: number; msg: string })
  return { status: res.status, lines, stderr: res.stderr }
}

/**
 * As `run`, but nothing reads the child's standard output for its first `pauseMs`: the pipe fills, so
 * the child's writes find it full (under tsx, standard output is a non-blocking pipe).
 */
async function runWithSlowReader(body: string, pauseMs: number) {
  const script = `
    import pino from 'pino'
    import { LogStream } from ${JSON.stringify(moduleUrl)}
    const log = pino({ base: undefined }, new LogStream(1))
    ${body}
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  let stdout = ''
  child.stdout.setEncoding('utf8').pause()
  await sleep(pauseMs)
  child.stdout.on('data', (d: string) => (stdout += d)).resume()
  const status = await closed
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { n: number })
  return { status, lines, stderr }
}

const numbered = (lines: Array<{ n: number }>) => lines.map((l) => l.n)
const range = (n: number) => Array.from({ length: n }, (_, i) => i)

t.test('lines written in the turn that exits are written, after the earlier ones', async (t) => {
  // The earlier lines are written by then (flush); the last turn's are not handed on before the exit.
  const res = run(`
    for (let i = 0; i < 500; i++) log.info({ n: i }, 'earlier turn')
    log.flush(() => {
      for (let i = 500; i < 1000; i++) log.info({ n: i }, 'last turn')
      process.exit(3)
    })
  `)
  t.equal(res.status, 3, res.stderr)
  t.same(numbered(res.lines), range(1000), 'every line, in order')
})

t.test('an exit in the first turn writes its lines', async (t) => {
  const res = run(`
    for (let i = 0; i < 1000; i++) log.info({ n: i }, 'only turn')
    process.exit(0)
  `)
  t.equal(res.status, 0, res.stderr)
  t.same(numbered(res.lines), range(1000))
})

t.test('a process that ends by itself writes every line', async (t) => {
  const res = run(`
    let i = 0
    const tick = () => {
      for (let k = 0; k < 50; k++, i++) log.info({ n: i }, 'line')
      if (i < 5000) setImmediate(tick)
    }
    tick()
  `)
  t.equal(res.status, 0, res.stderr)
  t.same(numbered(res.lines), range(5000))
})

t.test('lines written at exit wait for a reader that is slow to empty a full pipe', async (t) => {
  // About 200 kB in the turn that exits: more than a pipe holds, so the synchronous write at exit
  // finds it full, more than once, and must wait rather than drop (or cut) lines.
  const res = await runWithSlowReader(
    `
    for (let i = 0; i < 3000; i++) log.info({ n: i, pad: 'x'.repeat(20) }, 'last turn')
    process.exit(0)
  `,
    1500,
  )
  t.equal(res.status, 0, res.stderr)
  t.same(numbered(res.lines), range(3000), 'every line, in order')
})

t.test('a flush calls back only once the lines before it are written, however slow the reader', async (t) => {
  // The first turn's 200 kB cannot all go into the pipe while nothing reads it: the flush must wait
  // for the reader, and the lines of the turn that exits come after them.
  const res = await runWithSlowReader(
    `
    for (let i = 0; i < 3000; i++) log.info({ n: i, pad: 'x'.repeat(20) }, 'earlier turn')
    setImmediate(() =>
      log.flush(() => {
        process.stderr.write('flushed')
        for (let i = 3000; i < 3100; i++) log.info({ n: i }, 'last turn')
        process.exit(0)
      }),
    )
  `,
    1500,
  )
  t.equal(res.status, 0, res.stderr)
  t.equal(res.stderr, 'flushed')
  t.same(numbered(res.lines), range(3100), 'every line, in order')
})

t.test('an exit while the pipe is full writes what was waiting, then the last lines', async (t) => {
  const res = await runWithSlowReader(
    `
    for (let i = 0; i < 3000; i++) log.info({ n: i, pad: 'x'.repeat(20) }, 'earlier turn')
    setTimeout(() => {
      for (let i = 3000; i < 3100; i++) log.info({ n: i }, 'last turn')
      process.exit(0)
    }, 100)
  `,
    1500,
  )
  t.equal(res.status, 0, res.stderr)
  t.same(numbered(res.lines), range(3100), 'every line, in order')
})

t.test('a closed standard output ends writing without an error', async (t) => {
  const script = `
    import pino from 'pino'
    import { LogStream } from ${JSON.stringify(moduleUrl)}
    const log = pino({ base: undefined }, new LogStream(1))
    let i = 0
    const tick = () => {
      for (let k = 0; k < 100; k++, i++) log.info({ n: i }, 'line')
      if (i < 20000) setImmediate(tick)
      else log.flush(() => process.stderr.write('flushed'))
    }
    tick()
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  child.stdout.once('data', () => child.stdout.destroy())
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  t.equal(code, 0, stderr)
  t.equal(stderr, 'flushed')
})

t.test('an uncaught exception still leaves every line written before it', async (t) => {
  const res = run(`
    for (let i = 0; i < 300; i++) log.info({ n: i }, 'before the crash')
    throw new Error('crash')
  `)
  t.not(res.status, 0)
  t.match(res.stderr, /crash/)
  t.same(numbered(res.lines), range(300))
})

t.test("pino's flush calls back once the lines are written", async (t) => {
  const res = run(`
    for (let i = 0; i < 100; i++) log.info({ n: i }, 'line')
    log.flush((err) => {
      if (err) throw err
      process.stderr.write('flushed')
    })
  `)
  t.equal(res.status, 0, res.stderr)
  t.equal(res.stderr, 'flushed')
  t.same(numbered(res.lines), range(100))
})
