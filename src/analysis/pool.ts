// The analysis worker pool: image decoding and OCR run in worker threads, so a slow OCR never
// stalls the event loop that answers other requests.
import { Piscina } from 'piscina'
import type { DocumentAnalysis, DocumentTask, FacesAnalysis, FacesTask } from './worker.js'

export interface AnalysisPool {
  analyseDocument(task: Omit<DocumentTask, 'task'>): Promise<DocumentAnalysis>
  analyseFaces(task: Omit<FacesTask, 'task'>): Promise<FacesAnalysis>
  close(): Promise<void>
}

export function createAnalysisPool(opts: { threads: number }): AnalysisPool {
  const pool = new Piscina({
    // .ts under tsx (development, tests), .js once compiled: the worker sits beside this file.
    filename: new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href,
    minThreads: 1,
    maxThreads: opts.threads,
    idleTimeout: 60_000,
  })
  return {
    analyseDocument(task) {
      return pool.run({ task: 'document', ...task } satisfies DocumentTask) as Promise<DocumentAnalysis>
    },
    analyseFaces(task) {
      return pool.run({ task: 'faces', ...task } satisfies FacesTask) as Promise<FacesAnalysis>
    },
    async close() {
      await pool.destroy()
    },
  }
}
