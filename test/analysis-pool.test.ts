// The analysis worker pool (src/analysis/pool.ts) stops its threads safely, however early it is closed.
import { readdirSync, readFileSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import t from 'tap'
import { createAnalysisPool } from '../src/analysis/pool.js'

/** Records, in order, when `worker` reports its module loaded and when it exits. */
function watch(worker: Worker, events: string[]) {
  const id = worker.threadId
  worker.on('message', (m: { loaded?: number } | null) => {
    if (m?.loaded === id) events.push('loaded')
  })
  worker.on('exit', () => events.push('exit'))
}

const undecodable = { front: new Uint8Array([1, 2, 3]), back: null, readMrz: false }

t.test('no thread starts before the first task', async (t) => {
  const pool = createAnalysisPool({ threads: 2, queue: 4 })
  t.same(pool.threads(), [], 'none after creation')
  await pool.close()
  t.same(pool.threads(), [], 'none after close')
})

/** The nice value of each of this process's threads (Linux), by thread id. */
function niceByThread(): Map<number, number> {
  // /proc/<pid>/task/<tid>/stat: the nice value is the 19th field, the 17th after "(comm) ".
  const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16])
  return new Map(readdirSync('/proc/self/task').map((tid) => [Number(tid), nice(tid)]))
}

t.test('analysis threads yield the CPU to the event loop', { skip: process.platform !== 'linux' && 'thread priorities are read from /proc' }, async (t) => {
  const pool = createAnalysisPool({ threads: 1, queue: 0 })
  t.teardown(() => pool.close())
  const before = niceByThread()
  await pool.analyseDocument(undecodable)
  const started = [...niceByThread()].filter(([tid]) => !before.has(tid))
  t.ok(
    started.some(([, nice]) => nice === 10),
    'the worker thread runs at nice 10 (piscina\'s niceIncrement, through @napi-rs/nice)',
  )
  t.equal(niceByThread().get(process.pid), 0, 'the event loop keeps its priority')
})

t.test('closed at once, a thread finishes loading its native modules before it is stopped', async (t) => {
  // Stopping a thread while sharp's or onnxruntime's native module initialises aborts the whole
  // process (SIGABRT). The window is a few milliseconds wide, so this checks the order of events.
  const pool = createAnalysisPool({ threads: 1, queue: 0 })
  // Closing the pool ends the task too; only the thread's fate is looked at here.
  const task = pool.analyseDocument(undecodable).catch(() => null)
  const threads = pool.threads()
  t.equal(threads.length, 1, 'the first task starts a thread')
  const events: string[] = []
  watch(threads[0]!, events)
  await pool.close()
  await task
  t.same(events, ['loaded', 'exit'])
})

t.test('past its threads and its queue, a task is refused at once as overloaded', async (t) => {
  const pool = createAnalysisPool({ threads: 1, queue: 1 })
  t.teardown(() => pool.close())
  const first = pool.analyseDocument(undecodable)
  const second = pool.analyseDocument(undecodable)
  t.equal(pool.pending(), 2)
  await t.rejects(pool.analyseDocument(undecodable), { code: 'overloaded', statusCode: 503 })
  t.throws(() => pool.reserve(1), { code: 'overloaded', statusCode: 503 }, 'no room to reserve')
  await Promise.all([first, second])
  t.equal(pool.pending(), 0)
})

t.test('an idle pool reserves room for more tasks than its bound; what is not used is given back', async (t) => {
  const pool = createAnalysisPool({ threads: 1, queue: 0 })
  t.teardown(() => pool.close())
  const room = pool.reserve(3)
  t.equal(pool.pending(), 3)
  await t.rejects(pool.analyseDocument(undecodable), { code: 'overloaded' }, 'the reserved room is not free')
  const task = room.analyseDocument(undecodable)
  room.release()
  t.equal(pool.pending(), 1, 'the running task only')
  t.same(await task, { ok: false, error: 'undecodable', part: 'front' })
  t.equal(pool.pending(), 0)
})

t.test('closed after work, a thread is stopped and none is left', async (t) => {
  const pool = createAnalysisPool({ threads: 1, queue: 0 })
  const task = pool.analyseDocument(undecodable)
  const events: string[] = []
  watch(pool.threads()[0]!, events)
  t.same(await task, { ok: false, error: 'undecodable', part: 'front' }, 'a task runs')
  // The task's answer and the thread's "loaded" come on different channels, in either order.
  while (!events.includes('loaded')) await new Promise((resolve) => setImmediate(resolve))
  await pool.close()
  t.same(events, ['loaded', 'exit'])
  t.same(pool.threads(), [], 'no thread left')
})

t.test('from two threads, documents and faces run in threads of their own', async (t) => {
  const pool = createAnalysisPool({ threads: 2, queue: 4 })
  t.teardown(() => pool.close())
  await pool.analyseDocument(undecodable)
  await pool.analyseDocument(undecodable)
  const documentThreads = pool.threads().map((w) => w.threadId)
  t.equal(documentThreads.length, 1, 'documents: half of the threads')
  t.same(await pool.analyseFaces({ image: new Uint8Array([1, 2, 3]), opts: {}, quality: false }), { ok: false, error: 'undecodable' })
  const faceThreads = pool.threads().map((w) => w.threadId).filter((id) => !documentThreads.includes(id))
  t.equal(faceThreads.length, 1, 'faces: a thread that holds no OCR model')

  const one = createAnalysisPool({ threads: 1, queue: 4 })
  t.teardown(() => one.close())
  await one.analyseDocument(undecodable)
  await one.analyseFaces({ image: new Uint8Array([1, 2, 3]), opts: {}, quality: false })
  t.equal(one.threads().length, 1, 'one thread serves both')
})
