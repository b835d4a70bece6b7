// The analysis worker pool: image decoding and OCR run in worker threads, so a slow OCR never
// stalls the event loop that answers other requests. Bounded: past its threads and its queue, a task
// is refused at once (503 overloaded) instead of waiting behind minutes of work.
import type { Worker } from 'node:worker_threads'
import { Piscina } from 'piscina'
import { overloaded } from '../domain/errors.js'
import { ownTurn } from '../one-per-turn.js'
import { threadModule } from '../thread-module.js'
import type { FaceMotion, PresentationMeasures } from '../domain/face-observation.js'
import type { AnalysisTask, DocumentAnalysis, DocumentTask, FacesAnalysis, FacesTask, LoadedMessage, MotionTask, PresentationTask } from './worker.js'

export interface AnalysisPool {
  analyseDocument(task: Omit<DocumentTask, 'task'>): Promise<DocumentAnalysis>
  analyseFaces(task: Omit<FacesTask, 'task'>): Promise<FacesAnalysis>
  /** A selfie's face measured for replays: in the document threads, which hold opencv.js already. */
  analysePresentation(task: Omit<PresentationTask, 'task'>): Promise<PresentationMeasures>
  /** How faces moved from image to image (active liveness): in the document threads too, for opencv.js. */
  analyseMotion(task: Omit<MotionTask, 'task'>): Promise<FaceMotion[]>
  /**
   * Holds room for `tasks` tasks, or throws 503 overloaded: for a request that must know before it
   * changes anything. Its tasks run through the handle; release() gives back what they did not use.
   */
  reserve(tasks: number): Reservation
  /** Tasks taken and not yet answered, running or queued, and room reserved for tasks. */
  pending(): number
  /** The live worker threads: none until the first task. */
  threads(): readonly Worker[]
  /** Stops every thread; waits first for any thread still loading its native modules. */
  close(): Promise<void>
}

export interface Reservation extends Pick<AnalysisPool, 'analyseDocument' | 'analyseFaces' | 'analysePresentation' | 'analyseMotion'> {
  release(): void
}

/** How long close() waits for a thread that is still loading its native modules. */
const LOAD_WAIT_MS = 60_000

/**
 * `threads`: at most that many threads; `queue`: tasks that may wait for one. The bound is counted
 * here rather than with piscina's `maxQueue`: piscina does not count tasks waiting for a thread that
 * is still starting, and refuses with an untyped Error.
 */
export function createAnalysisPool(opts: {
  threads: number
  queue: number
  /** Told of every task that ran: its kind, seconds from admission to answer, and outcome. */
  onTaskDone?: (task: AnalysisTask['task'], seconds: number, outcome: 'ok' | 'error') => void
}): AnalysisPool {
  const capacity = opts.threads + opts.queue
  let pending = 0
  let closed = false
  // Created on the first task of their kind: a process (or a test) that never analyses an image starts
  // no thread and loads no native module. From then on one thread stays, so the models stay loaded.
  // With two threads or more, documents and faces have threads of their own, so that each thread holds
  // one kind's models (OCR's or the face models' hundreds of MB, not both); documents get half of them
  // (their OCR already runs on two intra-op threads), faces the rest.
  const shared = opts.threads < 2
  const sizes = { document: shared ? opts.threads : Math.floor(opts.threads / 2), faces: shared ? opts.threads : opts.threads - Math.floor(opts.threads / 2) }
  const pools: Partial<Record<'document' | 'faces', Piscina>> = {}
  const poolFor = (kind: 'document' | 'faces'): Piscina => {
    const key = shared ? 'document' : kind
    return (pools[key] ??= start(sizes[key]))
  }
  const allThreads = () => Object.values(pools).flatMap((p) => p.threads)
  // Threads that have finished importing the worker module. A thread stopped before that, while
  // sharp's or onnxruntime's native module initialises, throws a C++ exception nothing catches, which
  // aborts the whole process (SIGABRT): so close() waits for every thread to be loaded first.
  const loaded = new Set<number>()
  const loadedThread = (m: unknown) => (typeof m === 'object' && m !== null ? (m as Partial<LoadedMessage>).loaded : undefined)

  function start(maxThreads: number): Piscina {
    const p = new Piscina({
      filename: threadModule('worker', import.meta.url),
      minThreads: 1,
      maxThreads,
      idleTimeout: 60_000,
      // Analysis yields the CPU to the event loop and to PostgreSQL: a thread busy for seconds on OCR
      // must not delay the answers of requests that take a millisecond (Linux; @napi-rs/nice).
      niceIncrement: 10,
    })
    p.on('message', (m: unknown) => {
      const id = loadedThread(m)
      const worker = p.threads.find((w) => w.threadId === id)
      if (id === undefined || !worker) return
      loaded.add(id)
      worker.once('exit', () => loaded.delete(id))
    })
    return p
  }

  /** Resolves once `worker` has finished importing the worker module, or has exited, or after a while. */
  const loadedOrGone = (p: Piscina, worker: Worker) =>
    new Promise<void>((resolve) => {
      const id = worker.threadId
      if (id < 0 || loaded.has(id)) return resolve()
      const done = () => {
        clearTimeout(timer)
        worker.off('exit', done)
        p.off('message', onMessage)
        resolve()
      }
      const onMessage = (m: unknown) => loadedThread(m) === id && done()
      // A thread that never finishes loading is stopped all the same.
      const timer = setTimeout(done, LOAD_WAIT_MS)
      worker.on('exit', done)
      p.on('message', onMessage)
    })

  // An idle pool takes any request, so that one needing more tasks than the bound still runs.
  const admit = (tasks: number) => {
    if (closed) throw new Error('the analysis pool is closed')
    if (pending > 0 && pending + tasks > capacity) throw overloaded('image analysis is at capacity')
    pending += tasks
  }
  /** Runs a task whose room was taken by admit(). */
  async function run<T>(task: AnalysisTask): Promise<T> {
    const started = performance.now()
    let outcome: 'ok' | 'error' = 'error'
    try {
      const pool = poolFor(task.task === 'faces' ? 'faces' : 'document')
      // Handing a task over copies its images (structured clone), unless they are in shared memory (a
      // large JSON body's: src/plugins/base64-images.ts): one task per turn of the event loop.
      const result = (await ownTurn(() => {
        if (closed) throw new Error('the analysis pool is closed')
        return pool.run(task)
      })) as T
      outcome = 'ok'
      return result
    } finally {
      pending--
      opts.onTaskDone?.(task.task, (performance.now() - started) / 1000, outcome)
    }
  }
  const analyse = {
    analyseDocument: (task: Omit<DocumentTask, 'task'>) => run<DocumentAnalysis>({ task: 'document', ...task }),
    analyseFaces: (task: Omit<FacesTask, 'task'>) => run<FacesAnalysis>({ task: 'faces', ...task }),
    analysePresentation: (task: Omit<PresentationTask, 'task'>) => run<PresentationMeasures>({ task: 'presentation', ...task }),
    analyseMotion: (task: Omit<MotionTask, 'task'>) => run<FaceMotion[]>({ task: 'motion', ...task }),
  }

  return {
    async analyseDocument(task) {
      admit(1)
      return analyse.analyseDocument(task)
    },
    async analyseFaces(task) {
      admit(1)
      return analyse.analyseFaces(task)
    },
    async analysePresentation(task) {
      admit(1)
      return analyse.analysePresentation(task)
    },
    async analyseMotion(task) {
      admit(1)
      return analyse.analyseMotion(task)
    },
    reserve(tasks) {
      admit(tasks)
      let left = tasks
      const take = () => {
        if (left === 0) throw new Error('more tasks than reserved')
        left--
      }
      return {
        analyseDocument: async (task) => (take(), analyse.analyseDocument(task)),
        analyseFaces: async (task) => (take(), analyse.analyseFaces(task)),
        analysePresentation: async (task) => (take(), analyse.analysePresentation(task)),
        analyseMotion: async (task) => (take(), analyse.analyseMotion(task)),
        release() {
          pending -= left
          left = 0
        },
      }
    },
    pending: () => pending,
    threads: allThreads,
    async close() {
      closed = true
      await Promise.all(
        Object.values(pools).map(async (p) => {
          await Promise.all(p.threads.map((w) => loadedOrGone(p, w)))
          await p.destroy()
        }),
      )
    },
  }
}
