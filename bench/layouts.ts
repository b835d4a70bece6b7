// Genuine data pages in many layouts (bench/layouts/): does the printed page confirm the zone on
// pages that are what they say? Each of the catalogue's 61 layouts is rendered in memory, taken as a
// clean scan and as a mild phone capture, and read in this process the way the analysis worker reads
// an upload (readDocument); its zone and page then go through the cross-check as
// src/services/documents-service.ts takes them (inPrintedCentury, vizCrossCheck). Every field of a
// genuine page should be `match`: anything else is a label rule or a reading that fails a real layout.
import sharp from 'sharp'
import { readDocument } from '../src/analysis/document-reader.js'
import { parseMrzLines, toMrzReading } from '../src/domain/mrz.js'
import { inPrintedCentury, vizCrossCheck, type VizField, type VizStatus } from '../src/domain/viz-check.js'
import { FAMILIES, layouts, type Family } from './layouts/catalogue.js'
import { capture, CAPTURES, renderPage, seedOf, type Capture } from './layouts/render.js'
import { fmt, quick, stats, type Section } from './lib.js'

interface Outcome {
  name: string
  family: Family
  capture: Capture
  /** The cross-check's fields, or null when no zone was read. */
  fields: Record<VizField, VizStatus> | null
  /** readDocument's time for the image (finding the page, its zone and its printed lines). */
  ms: number
}

/** The cross-check of one capture, as the service makes it of an upload with no MRZ sent as text. */
async function check(image: Buffer): Promise<{ fields: Record<VizField, VizStatus> | null; ms: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const start = performance.now()
  const { reading } = await readDocument({ data, width: info.width, height: info.height })
  const ms = performance.now() - start
  const zone = reading && parseMrzLines(reading.mrzLines)
  if (!reading || !zone) return { fields: null, ms }
  const mrz = inPrintedCentury(toMrzReading(zone, new Date()).data, reading.page)
  return { fields: vizCrossCheck(mrz, reading.page, reading.layout).fields, ms }
}

const confirmed = (o: Outcome) => o.fields !== null && Object.values(o.fields).every((s) => s === 'match')

export async function layoutsBench(): Promise<Section> {
  // Quick: the first layout of each family, scanned only. A page keeps its catalogue seed either way.
  const chosen = layouts.map((layout, i) => ({ layout, seed: seedOf(i) })).filter(({ layout }, i) => !quick || layouts.findIndex((l) => l.family === layout.family) === i)
  const captures: Capture[] = quick ? ['scan'] : CAPTURES
  // The first read loads the OCR models: it is made once, unmeasured, so that no row carries it.
  await check(await capture(await renderPage(chosen[0]!.layout, chosen[0]!.seed), 'scan', chosen[0]!.seed))
  const outcomes: Outcome[] = []
  for (const { layout, seed } of chosen) {
    const page = await renderPage(layout, seed)
    for (const how of captures) {
      const { fields, ms } = await check(await capture(page, how, seed))
      outcomes.push({ name: layout.name, family: layout.family, capture: how, fields, ms })
    }
  }

  const row = (label: string, how: string, of: Outcome[]) => {
    const field = (f: VizField) => of.filter((o) => o.fields?.[f] === 'match').length
    return `| ${label} | ${how} | ${of.length} | ${of.filter(confirmed).length} | ${field('date_of_birth')} | ${field('expiration_date')} | ${fmt(stats(of.map((o) => o.ms)).p50, 0)} |`
  }
  const rows = FAMILIES.flatMap((family) =>
    captures.map((how) => ({ family, how, of: outcomes.filter((o) => o.family === family && o.capture === how) })).filter((r) => r.of.length),
  )
  const misses = outcomes.filter((o) => !confirmed(o))
  const notMatched = (o: Outcome) =>
    o.fields ? Object.entries(o.fields).filter(([, s]) => s !== 'match').map(([f, s]) => `${f} ${s}`).join(', ') : 'no zone read'
  const all = outcomes.filter(confirmed).length
  return {
    title: 'Genuine data pages of many layouts (printed fields against the zone)',
    body: [
      `${chosen.length} layouts of genuine passport and identity-card data pages (\`bench/layouts/catalogue.ts\`): labels above their`,
      'values, issue and expiry side by side, a validity range in one field, labels left of their values close by, in a column',
      'of their own or mixed, and TD1 identity cards; in the languages, date styles and fonts states print, each page with a',
      `valid zone that agrees with it. Each is rendered from a fixed seed and taken ${quick ? 'as a clean scan (JPEG 90)' : 'as a clean scan (JPEG 90) and as a mild'}`,
      ...(quick ? [] : ['phone capture (turned 1–3°, a little smaller, softened, lighter or darker, on a desk, JPEG 80),']),
      'then read in this process as the analysis worker reads an upload (`readDocument`), and its page cross-checked against',
      'its zone as the service does (`inPrintedCentury`, `vizCrossCheck`). Every field confirmed: surname, given names, document',
      'number, birth and expiry all `match` (the target is every image). Read ms: the median time of `readDocument`, one image',
      'at a time in this process, the models loaded.',
      '',
      '| family | capture | images | every field confirmed | birth confirmed | expiry confirmed | read ms (median) |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...rows.map((r) => row(r.family, r.how, r.of)),
      row('**all**', captures.join(' + '), outcomes),
      '',
      `Every field confirmed on ${all} of ${outcomes.length} images.`,
      ...(misses.length ? ['', 'Not fully confirmed, with the fields that are not `match`:', '', ...misses.map((o) => `- \`${o.name}\` (${o.capture}): ${notMatched(o)}`)] : []),
    ].join('\n'),
  }
}
