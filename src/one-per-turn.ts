// Work that holds the event loop for tens of milliseconds (decoding or parsing a string of megabytes),
// one piece per turn of the loop. A piece that only yielded with setImmediate first would still run in
// the same turn as every piece queued there before the turn began (the frames of one body, the bodies
// of other requests), and together they held the loop far longer than one (BENCHMARKS.md, overload).
// Here the pieces of every request wait in one queue and each turn runs one, so that what else the
// loop has to do (a health check, a read) is done between them.

const queue: Array<() => void> = []
let scheduled = false

function runOne() {
  scheduled = false
  queue.shift()?.()
  if (queue.length) schedule()
}

function schedule() {
  if (scheduled) return
  scheduled = true
  setImmediate(runOne)
}

/** `work`'s result, computed in a turn of the event loop of its own (after the pieces queued before it). */
export function ownTurn<T>(work: () => T): Promise<Awaited<T>> {
  return new Promise((resolve, reject) => {
    queue.push(() => {
      try {
        resolve(work() as Awaited<T>)
      } catch (err) {
        reject(err)
      }
    })
    schedule()
  })
}
