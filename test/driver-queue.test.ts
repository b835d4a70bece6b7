// postgres.js keeps its pool's connections (open, busy, …) and each connection's statements in flight in
// a Queue that drops its taken slots only when it is empty. A pool busy under constant load is never
// empty, so the array grew by one slot for every statement, for as long as the load lasted (V8's heap
// after full collections rose by about 0.6 MiB a minute at 25,000 reads a second). patches/ fixes the
// driver's Queue (applied by `npm ci`'s postinstall); this holds the fixed Queue to what the pool needs.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import t from 'tap'

/** The Queue module of the driver the service imports (its ESM entry's sibling). */
const queueUrl = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.resolve('postgres'))), 'queue.js')).href

type Queue<T> = { length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null }
const { default: makeQueue } = (await import(queueUrl)) as { default: <T>() => Queue<T> }

t.test('a queue that is never empty does not keep a slot for every item taken from it', async (t) => {
  // In a process of its own with --expose-gc: the heap after a full collection, before and after two
  // million items pass through a queue that always holds ten (unfixed: an array of more than 16 MB of empty slots).
  const script = `
    const { default: Queue } = await import(${JSON.stringify(queueUrl)})
    const q = Queue()
    for (let i = 0; i < 10; i++) q.push({ i })
    globalThis.gc(); globalThis.gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < 2_000_000; i++) q.push(q.shift())
    globalThis.gc(); globalThis.gc()
    console.log(JSON.stringify({ grown: process.memoryUsage().heapUsed - before, length: q.length }))
  `
  const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' })
  t.equal(run.status, 0, run.stderr)
  const { grown, length } = JSON.parse(run.stdout) as { grown: number; length: number }
  t.equal(length, 10, 'the queue still holds its ten items')
  t.ok(grown < 4 * 1024 * 1024, `the heap grew by ${(grown / 1024 / 1024).toFixed(1)} MiB (under 4 MiB)`)
})

t.test('the queue stays first in, first out, and remove finds its items, across the dropping of taken slots', async (t) => {
  const q = makeQueue<number>()
  let next = 0
  let expected = 0
  for (let i = 0; i < 5; i++) q.push(next++)
  let ordered = true
  for (let i = 0; i < 10_000; i++) {
    q.push(next++)
    const x = q.shift()!
    if (x !== expected++) ordered = false
  }
  t.ok(ordered, 'items come out in the order they went in')
  t.equal(q.length, 5)
  // The pool removes a connection from the middle of a queue when it moves it to another.
  const middle = next - 3
  t.equal(q.remove(middle), middle, 'a queued item is removed')
  t.equal(q.remove(0), null, 'an item already taken (the first) is not found')
  t.equal(q.length, 4)
  const rest: number[] = []
  while (q.length) rest.push(q.shift()!)
  t.same(rest, [next - 5, next - 4, next - 2, next - 1], 'the others follow in order')
  q.push(42)
  t.equal(q.shift(), 42, 'an emptied queue is used again')
})
