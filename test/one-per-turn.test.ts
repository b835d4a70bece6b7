// Heavy pieces of work (src/one-per-turn.ts) run one per turn of the event loop, whoever queued them,
// with what else the loop has to do (I/O, other callbacks) between them.
import t from 'tap'
import { ownTurn } from '../src/one-per-turn.js'

t.test('pieces queued at once run in turns of their own, with other callbacks between them', async (t) => {
  const order: string[] = []
  const pieces = ['a', 'b', 'c'].map((name) =>
    ownTurn(() => {
      order.push(name)
      // Something else the loop is asked to do meanwhile (another request's callback).
      setImmediate(() => order.push(`after ${name}`))
      return name
    }),
  )
  t.same(await Promise.all(pieces), ['a', 'b', 'c'], 'each gives its own result, in order')
  await new Promise((resolve) => setImmediate(resolve))
  t.same(order, ['a', 'after a', 'b', 'after b', 'c', 'after c'])
})

t.test('a piece that throws rejects its own promise only', async (t) => {
  const failed = ownTurn(() => {
    throw new Error('malformed')
  })
  const next = ownTurn(() => 42)
  await t.rejects(failed, { message: 'malformed' })
  t.equal(await next, 42)
  // A piece that returns a promise gives its value.
  t.equal(await ownTurn(() => Promise.resolve('later')), 'later')
})
