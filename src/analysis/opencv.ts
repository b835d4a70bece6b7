// opencv.js, loaded on first use. Its WebAssembly runtime takes about 150 MB in each thread that loads
// it, so only the threads that read documents and measure replays load it (src/analysis/pool.ts).
import type * as CV from '@techstark/opencv-js'

export type { CV }

let loading: Promise<{ cv: typeof CV }> | null = null

/** opencv.js once its runtime has started (wrapped: the module object must not be awaited itself). */
export function opencv(): Promise<{ cv: typeof CV }> {
  return (loading ??= (async () => {
    const cv = ((await import('@techstark/opencv-js')) as unknown as { default: typeof CV }).default
    if (typeof cv.Mat !== 'function') {
      await new Promise<void>((resolve) => {
        ;(cv as unknown as { onRuntimeInitialized: () => void }).onRuntimeInitialized = resolve
      })
    }
    return { cv }
  })())
}
