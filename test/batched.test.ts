// The coalescing of reads and inserts (db/batched.ts): what is asked in one turn of the
// event loop goes out together, in order; a full batch leaves at once; a failure fails its own call only.
import t from 'tap'
import { batched } from '../src/db/batched.js'

t.test('calls made together form one batch, answered in order', async (t) => {
  const runs: number[][] = []
  const double = batched(async (xs: number[]) => {
    runs.push(xs)
    return xs.map((x) => x * 2)
  })
  t.same(await Promise.all([double(1), double(2), double(3)]), [2, 4, 6])
  t.same(await double(4), 8)
  t.same(runs, [[1, 2, 3], [4]], 'one run per turn of the event loop')
})

t.test('a call made while a batch is running goes out in the next one', async (t) => {
  const runs: number[][] = []
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const echo = batched(async (xs: number[]) => {
    runs.push(xs)
    if (runs.length === 1) await gate
    return xs
  })
  const first = echo(1)
  await new Promise((r) => setImmediate(r))
  const second = echo(2)
  await new Promise((r) => setImmediate(r))
  t.same(runs, [[1], [2]], 'the second did not wait for the first')
  release()
  t.same(await Promise.all([first, second]), [1, 2])
})

t.test('200 calls fill a batch, which leaves at once', async (t) => {
  const sizes: number[] = []
  const id = batched(async (xs: number[]) => {
    sizes.push(xs.length)
    return xs
  })
  const all = await Promise.all(Array.from({ length: 450 }, (_, i) => id(i)))
  t.same(all, Array.from({ length: 450 }, (_, i) => i))
  t.same(sizes, [200, 200, 50])
})

t.test('when a batch fails, each of its calls runs again alone: only the bad one fails', async (t) => {
  const runs: number[][] = []
  const flaky = batched(async (xs: number[]) => {
    runs.push(xs)
    if (xs.includes(0)) throw new Error('no zero')
    return xs
  })
  const [bad, ...good] = await Promise.allSettled([flaky(0), flaky(1), flaky(2)])
  t.match(bad, { status: 'rejected', reason: { message: 'no zero' } })
  t.same(good, [{ status: 'fulfilled', value: 1 }, { status: 'fulfilled', value: 2 }])
  t.same(runs, [[0, 1, 2], [0], [1], [2]])
  t.same(await Promise.all([flaky(3), flaky(4)]), [3, 4], 'later batches are unaffected')
})

t.test('a batch limited to 8 calls leaves when it has 8; the calls after it start the next', async (t) => {
  const sizes: number[] = []
  const id = batched(async (xs: number[]) => {
    sizes.push(xs.length)
    return xs
  }, 8)
  const all = await Promise.all(Array.from({ length: 20 }, (_, i) => id(i)))
  t.same(all, Array.from({ length: 20 }, (_, i) => i), 'each call answered in order')
  t.same(sizes, [8, 8, 4])
})
