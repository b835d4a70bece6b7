// The analysis worker pool: image decoding and OCR run in worker threads, so a slow OCR never
// stalls the event loop that answers other requests.
import type { Worker } from 'node:worker_threads'
import { Piscina } from 'piscina'
import type { DocumentAnalysis, DocumentTask, FacesAnalysis, FacesTask, LoadedMessage } from './worker.js'

export interface AnalysisPool {
  analyseDocument(task: Omit<DocumentTask, 'task'>): Promise<DocumentAnalysis>
  analyseFaces(task: Omit<FacesTask, 'task'>): Promise<FacesAnalysis>
  /** The live worker threads. */
  threads(): readonly Worker[]
  /** Stops every thread; waits first for any thread still loading its native modules. */
  close(): Promise<void>
}

/** How long close() waits for a thread that is still loading its native modules. */
const LOAD_WAIT_MS = 60_000

export function createAnalysisPool(opts: { threads: number }): AnalysisPool {
  const pool = new Piscina({
    // .ts under tsx (development, tests), .js once compiled: the worker sits beside this file.
    filename: new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href,
    minThreads: 1,
    maxThreads: opts.threads,
    idleTimeout: 60_000,
  })
  // Threads that have finished importing the worker module. A thread stopped before that, while
  // sharp's or onnxruntime's native module initialises, throws a C++ exception nothing catches, which
  // aborts the whole process (SIGABRT): so close() waits for every thread to be loaded first.
  const loaded = new Set<number>()
  const loadedThread = (m: unknown) => (typeof m === 'object' && m !== null ? (m as Partial<LoadedMessage>).loaded : undefined)
  pool.on('message', (m: unknown) => {
    const id = loadedThread(m)
    const worker = pool.threads.find((w) => w.threadId === id)
    if (id === undefined || !worker) return
    loaded.add(id)
    worker.once('exit', () => loaded.delete(id))
  })
  /** Resolves once `worker` has finished importing the worker module, or has exited, or after a while. */
  const loadedOrGone = (worker: Worker) =>
    new Promise<void>((resolve) => {
      const id = worker.threadId
      if (id < 0 || loaded.has(id)) return resolve()
      const done = () => {
        clearTimeout(timer)
        worker.off('exit', done)
        pool.off('message', onMessage)
        resolve()
      }
      const onMessage = (m: unknown) => loadedThread(m) === id && done()
      // A thread that never finishes loading is stopped all the same.
      const timer = setTimeout(done, LOAD_WAIT_MS)
      worker.on('exit', done)
      pool.on('message', onMessage)
    })
  return {
    analyseDocument(task) {
      return pool.run({ task: 'document', ...task } satisfies DocumentTask) as Promise<DocumentAnalysis>
    },
    analyseFaces(task) {
      return pool.run({ task: 'faces', ...task } satisfies FacesTask) as Promise<FacesAnalysis>
    },
    threads: () => pool.threads,
    async close() {
      await Promise.all(pool.threads.map(loadedOrGone))
      await pool.destroy()
    },
  }
}
