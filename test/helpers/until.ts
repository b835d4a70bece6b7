// Waiting on state instead of on the clock: a fast and a slow machine give the same answer, and a
// condition that never holds fails at the deadline with the last value seen.

/** How often the condition is asked again. */
const pollMs = 25

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await fn()
    if (ok(v)) return v
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v).slice(0, 500)}`)
    await new Promise((r) => setTimeout(r, pollMs))
  }
}
