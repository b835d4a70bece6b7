// Coalescing of the calls made together into one call of a batch function: the requests that arrive
// in one turn of the event loop share one SQL statement (see verifications-repository.ts).

/** The most calls one batch answers unless told otherwise; more start the next batch. */
const MAX_BATCH = 200

/**
 * Coalesces calls into batches: the calls made in one turn of the event loop (the requests parsed
 * together) go to `run` together once that turn is over (setImmediate), which answers each in order.
 * A call never waits for an earlier batch: it is sent in the next one to leave. When a batch of
 * several fails, each of its calls is run again alone, so that one bad input fails only its own call
 * (`run` must have done nothing when it fails: one statement, which is atomic). A batch that reaches
 * `max` calls leaves at once, and the calls after it start the next.
 */
export function batched<In, Out>(run: (inputs: In[]) => Promise<Out[]>, max = MAX_BATCH): (input: In) => Promise<Out> {
  let inputs: In[] = []
  let waiting: Array<{ resolve: (out: Out) => void; reject: (err: unknown) => void }> = []
  function flush() {
    if (inputs.length === 0) return
    const batch = inputs
    const callers = waiting
    inputs = []
    waiting = []
    run(batch).then(
      (outs) => callers.forEach((c, i) => c.resolve(outs[i]!)),
      (err: unknown) => {
        if (batch.length === 1) callers[0]!.reject(err)
        else batch.forEach((input, i) => run([input]).then((outs) => callers[i]!.resolve(outs[0]!), callers[i]!.reject))
      },
    )
  }
  return (input) =>
    new Promise<Out>((resolve, reject) => {
      if (inputs.length === 0) setImmediate(flush)
      inputs.push(input)
      waiting.push({ resolve, reject })
      if (inputs.length >= max) flush()
    })
}
