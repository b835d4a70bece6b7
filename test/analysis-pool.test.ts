// The analysis worker pool (src/analysis/pool.ts) stops its threads safely, however early it is closed.
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

t.test('closed at once, a thread finishes loading its native modules before it is stopped', async (t) => {
  // Stopping a thread while sharp's or onnxruntime's native module initialises aborts the whole
  // process (SIGABRT). The window is a few milliseconds wide, so this checks the order of events.
  const pool = createAnalysisPool({ threads: 1 })
  const threads = pool.threads()
  t.equal(threads.length, 1, 'a thread starts with the pool')
  const events: string[] = []
  watch(threads[0]!, events)
  await pool.close()
  t.same(events, ['loaded', 'exit'])
})

t.test('closed after work, a thread is stopped and none is left', async (t) => {
  const pool = createAnalysisPool({ threads: 1 })
  const events: string[] = []
  watch(pool.threads()[0]!, events)
  const res = await pool.analyseDocument({ front: new Uint8Array([1, 2, 3]), back: null, readMrz: false })
  t.same(res, { ok: false, error: 'undecodable', part: 'front' }, 'a task runs')
  // The task's answer and the thread's "loaded" come on different channels, in either order.
  while (!events.includes('loaded')) await new Promise((resolve) => setImmediate(resolve))
  await pool.close()
  t.same(events, ['loaded', 'exit'])
  t.same(pool.threads(), [], 'no thread left')
})
