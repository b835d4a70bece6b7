// How lines found on a page are turned to be read (src/analysis/text-boxes.ts levelBoxes): the page's
// direction from its long lines, each line along its own axis (a page seen in perspective has no two
// lines parallel), short words along the page's.
import t from 'tap'
import { flip, levelBoxes, type TextBox } from '../src/analysis/text-boxes.js'
import { rightBeside, rightUnder } from '../src/analysis/page-geometry.js'

const deg = (d: number) => (d * Math.PI) / 180
const line = (angle: number, length = 400, thickness = 20): TextBox => ({ cx: 100, cy: 100, length, thickness, angle: deg(angle) })
const degrees = (b: TextBox) => Math.round((b.angle * 180) / Math.PI)

t.test('a level page reads level', async (t) => {
  const { angle, boxes } = levelBoxes([line(0), line(1), line(-1)])
  t.equal(Math.round((angle * 180) / Math.PI), 0)
  t.same(boxes.map(degrees), [0, 1, -1], 'each line keeps its own slant')
})

t.test('lines in perspective keep their own axes, the way the page reads', async (t) => {
  // Detected boxes read either way along their axis: -178° is the same axis as 2°.
  const { angle, boxes } = levelBoxes([line(-2), line(3), line(8), line(-178)])
  t.ok(Math.abs((angle * 180) / Math.PI - 3) < 2, `page at ${(angle * 180) / Math.PI}°`)
  t.same(boxes.map(degrees), [-2, 3, 8, 2])
})

t.test('a page turned a quarter reads down the photo', async (t) => {
  const { angle, boxes } = levelBoxes([line(90), line(-88), line(92)])
  t.ok(Math.abs(Math.abs((angle * 180) / Math.PI) - 90) < 3)
  t.same(boxes.map((b) => Math.abs(degrees(b))).map((d) => Math.abs(d - 90) < 5 || Math.abs(d - 270) < 5), [true, true, true])
})

t.test('short words read along the page; a box across it reads along its short side', async (t) => {
  const { boxes } = levelBoxes([line(5), line(5), line(60, 30, 25), line(95, 300, 30)])
  t.equal(degrees(boxes[2]!), 5, 'a near-square word takes the page\'s direction')
  t.same([boxes[3]!.length, boxes[3]!.thickness, degrees(boxes[3]!)], [30, 300, 5], 'a box standing across the lines')
})

t.test('flip reads a box the other way round', async (t) => {
  t.equal(degrees(flip(line(10))), 190)
})

t.test('labels and their values: the line under a label, and the line beside it in its row', async (t) => {
  const down = { x: 0, y: 1 }
  const at = (left: number, top: number, length: number, thickness: number): TextBox => ({ cx: left + length / 2, cy: top + thickness / 2, length, thickness, angle: 0 })
  // Labels over values (two columns), then a row of a label beside its value, its box a little taller.
  const page = [at(350, 100, 200, 16), at(780, 100, 180, 16), at(350, 122, 220, 28), at(780, 122, 210, 28), at(350, 180, 160, 16), at(560, 176, 130, 26)]
  t.same(rightUnder(page, down), [[0, 2], [1, 3], [2, 4]], 'each label over its value; the value over the next row’s label')
  t.same(rightBeside(page, down), [[0, 1], [2, 3], [4, 5]], 'the next line along each row')
})
