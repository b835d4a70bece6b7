// A schema-driven fuzzer: requests built from openapi.yaml's operations (their paths, parameters and
// bodies), valid or mutated, sent with app.inject (in process: nothing leaves the machine). What it
// reports: any 5xx, and any status the operation does not document.
import type { FastifyInstance } from 'fastify'
import { specDocument } from '../../src/spec.js'

type Obj = Record<string, unknown>
type Schema = Obj & { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; required?: string[] }

export interface Finding {
  operationId: string
  method: string
  url: string
  status: number
  why: string
  /** What was sent: its headers and the start of its body. */
  sent: string
}

/** mulberry32: seeded, so a finding reproduces. */
function random(seed: number) {
  let s = seed
  const next = () => {
    s = (s + 0x6d2b79f5) | 0
    let x = Math.imul(s ^ (s >>> 15), 1 | s)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(xs: readonly T[]): T {
      return xs[Math.floor(next() * xs.length)]!
    },
    chance: (p: number) => next() < p,
  }
}
type Random = ReturnType<typeof random>

const resolve = (node: unknown): Schema => {
  let n = node as Schema
  while (n && typeof n.$ref === 'string') {
    n = (n.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Obj)[k.replace(/~1/g, '/').replace(/~0/g, '~')], specDocument) as Schema
  }
  return n
}

const ODD_STRINGS = ['', ' ', '\u0000', 'a\u0000b', '%00', '../../etc/passwd', '💥'.repeat(300), 'x'.repeat(5000), '<script>', "'; drop table x; --", '\uD800', 'null', '1e309', '-1']
/** File parts of forms: a 1 × 1 PNG, bytes of no image format, nothing. */
const FILES = [Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'), Buffer.from('%PDF-1.7'), Buffer.alloc(0)]
const ODD_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 1e308, '', 'x', [], {}, [[[]]], { a: { b: {} } }]

/** A value for `schema`: valid most of the time, otherwise something odd. */
function valueFor(schema: Schema | undefined, r: Random, depth = 0): unknown {
  const s = resolve(schema)
  if (!s || depth > 6) return null
  if (r.chance(0.08)) return r.pick(ODD_VALUES)
  if (s.enum) return r.chance(0.9) ? r.pick(s.enum) : r.pick(ODD_STRINGS)
  const type = Array.isArray(s.type) ? r.pick(s.type) : s.type
  if (s.oneOf || s.anyOf) return valueFor(r.pick((s.oneOf ?? s.anyOf) as Schema[]), r, depth + 1)
  switch (type) {
    case 'null':
      return null
    case 'boolean':
      return r.chance(0.5)
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0
      const max = typeof s.maximum === 'number' ? s.maximum : 1000
      return r.chance(0.8) ? min + r.int(Math.max(1, max - min + 1)) : r.pick([min - 1, max + 1, 2 ** 53, -(2 ** 31)])
    }
    case 'string': {
      if (s.format === 'binary') return r.pick(FILES)
      if (s.format === 'date') return r.chance(0.8) ? '1985-03-14' : r.pick(['1985-13-40', '14/03/1985'])
      if (s.format === 'uri') return r.pick(['https://hooks.example.com/x', 'http://127.0.0.1:1/x', 'ftp://x', 'not a url', 'http://[::1]/'])
      if (r.chance(0.3)) return r.pick(ODD_STRINGS)
      const max = typeof s.maxLength === 'number' ? Math.min(s.maxLength, 64) : 16
      const min = typeof s.minLength === 'number' ? s.minLength : 0
      return 'abcXYZ019+/='.repeat(8).slice(0, min + r.int(Math.max(1, max - min + 1)))
    }
    case 'array': {
      const n = r.int(4)
      return Array.from({ length: n }, () => valueFor(s.items, r, depth + 1))
    }
    default: {
      const out: Obj = {}
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if ((s.required ?? []).includes(k) ? r.chance(0.95) : r.chance(0.5)) out[k] = valueFor(v, r, depth + 1)
      }
      if (r.chance(0.05)) out[r.pick(['extra', '__proto__', 'constructor', 'a\u0000'])] = r.pick(ODD_VALUES)
      if (s.additionalProperties && typeof s.additionalProperties === 'object' && r.chance(0.5)) {
        out[r.pick(['k', 'key with spaces', 'é', ''])] = valueFor(s.additionalProperties as Schema, r, depth + 1)
      }
      return out
    }
  }
}

interface Operation {
  operationId: string
  method: string
  path: string
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>
  body: Schema | null
  /** The multipart/form-data schema of an upload. */
  form: Schema | null
  statuses: Set<number>
}

function operations(): Operation[] {
  const ops: Operation[] = []
  for (const [path, item] of Object.entries(specDocument.paths)) {
    for (const [method, raw] of Object.entries(item as Obj)) {
      const op = raw as Obj
      if (typeof op.operationId !== 'string') continue
      const content = (op.requestBody as Obj | undefined)?.content as Record<string, Obj> | undefined
      const body = resolve(content?.['application/json']?.schema)
      const form = resolve(content?.['multipart/form-data']?.schema)
      ops.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: ((op.parameters ?? []) as unknown[]).map((p) => resolve(p) as unknown as Operation['parameters'][number]),
        body: body ?? null,
        form: form ?? null,
        statuses: new Set(Object.keys(op.responses as Obj).map(Number)),
      })
    }
  }
  return ops
}

/** A form of `value`'s fields as fetch writes one (arrays as repeated parts), now and then cut short. */
async function multipart(value: unknown, r: Random): Promise<{ payload: Buffer; contentType: string }> {
  const fd = new FormData()
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const item of Array.isArray(v) ? v : [v]) fd.append(k, Buffer.isBuffer(item) ? new Blob([item], { type: 'image/png' }) : String(item))
    }
  }
  const req = new Request('http://fuzz.invalid/', { method: 'POST', body: fd })
  const payload = Buffer.from(await req.arrayBuffer())
  return { payload: r.chance(0.1) ? payload.subarray(0, r.int(payload.length)) : payload, contentType: req.headers.get('content-type')! }
}

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) as bytes that are not UTF-8. */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s)
  } catch {
    return '%ED%A0%80'
  }
}

const ID_SAMPLES = ['vry_00000000-0000-4000-8000-000000000000', 'key_nope', 'x'.repeat(101), '%00', '..', '%zz', 'é', 'whd_1']

/**
 * Sends `count` requests built from the spec with `keys` (by role) and reports what the contract
 * does not allow. `ids` are real ids to use in paths now and then.
 */
export async function fuzz(app: FastifyInstance, opts: { count: number; seed: number; keys: string[]; ids: string[] }): Promise<{ findings: Finding[]; statuses: Map<number, number> }> {
  const r = random(opts.seed)
  const ops = operations()
  const findings: Finding[] = []
  const statuses = new Map<number, number>()
  for (let i = 0; i < opts.count; i++) {
    const op = r.pick(ops)
    const path = op.path.replace(/\{([^}]+)\}/g, () => enc(r.chance(0.5) && opts.ids.length ? r.pick(opts.ids) : r.pick(ID_SAMPLES)).replace('%2500', '%00').replace('%25zz', '%zz'))
    const query: string[] = []
    const headers: Record<string, string> = {}
    for (const p of op.parameters) {
      if (p.in === 'query' && (p.required || r.chance(0.5))) query.push(`${enc(p.name)}=${enc(String(valueFor(p.schema, r)))}`)
      if (p.in === 'header' && (p.required || r.chance(0.5))) headers[p.name.toLowerCase()] = String(valueFor(p.schema, r)).replace(/[^\x20-\x7e]/g, '')
    }
    if (r.chance(0.1)) query.push(r.pick(['x=%00', 'api_key=secret', 'limit=', '%zz=1', 'a[b]=c']))
    const url = path + (query.length ? `?${query.join('&')}` : '')
    const auth = r.int(10)
    if (auth < 7) headers.authorization = `Bearer ${r.pick(opts.keys)}`
    else if (auth === 7) headers.authorization = r.pick(['Bearer ivs_bad', 'Basic x', 'Bearer', ''])
    let payload: string | Buffer | undefined
    if (op.form && r.chance(0.3)) {
      const sent = await multipart(valueFor(op.form, r), r)
      payload = sent.payload
      headers['content-type'] = sent.contentType
    } else if (op.body || r.chance(0.1)) {
      const roll = r.int(20)
      payload =
        roll === 0 ? '{"unterminated": ' : roll === 1 ? '['.repeat(5000) + ']'.repeat(5000) : roll === 2 ? 'not json' : JSON.stringify(valueFor(op.body ?? { type: 'object' }, r))
      headers['content-type'] = r.chance(0.9) ? 'application/json' : r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', ''])
    }
    const res = await app.inject({ method: op.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) })
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
    const why = res.statusCode >= 500 && res.statusCode !== 503 ? 'a 5xx' : !op.statuses.has(res.statusCode) ? 'a status openapi.yaml does not list for this operation' : null
    if (why) {
      const sent = `${JSON.stringify(headers)} ${payload?.slice(0, 300).toString() ?? ''}`
      findings.push({ operationId: op.operationId, method: op.method, url: url.slice(0, 200), status: res.statusCode, why: `${why}: ${res.body.slice(0, 160)}`, sent })
    }
  }
  return { findings, statuses }
}
