// Compiles openapi.yaml into generated/: TypeBox schemas (ours, because no ready generator keeps
// formats, bounds, enums and nullables), openapi-typescript's types, and a compile-time check that
// ties the two together. `--check` writes nothing and fails when generated/ is stale.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { parse } from 'yaml'
import openapiTS, { astToString } from 'openapi-typescript'

type JsonSchema = Record<string, unknown>
type Operation = {
  operationId: string
  tags?: string[]
  parameters?: Array<JsonSchema>
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> }
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> } | { $ref: string }>
  security?: unknown[]
  'x-permission'?: string
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const specPath = path.join(root, 'openapi.yaml')
const outDir = path.join(root, 'generated')
const spec = parse(readFileSync(specPath, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>
  components: {
    schemas: Record<string, JsonSchema>
    parameters?: Record<string, JsonSchema>
    responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>
  }
}

const HEADER = '// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.\n'
const PASS_THROUGH = [
  'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength',
  'pattern', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'default', 'description',
]
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete']

const schemaVar = (name: string) => `${name}Schema`
const refName = (ref: string) => {
  const m = /^#\/components\/schemas\/([A-Za-z0-9_]+)$/.exec(ref)
  if (!m?.[1]) throw new Error(`unsupported $ref ${ref}`)
  return m[1]
}

function options(s: JsonSchema, extra: Record<string, unknown> = {}): string {
  const o: Record<string, unknown> = { ...extra }
  for (const k of PASS_THROUGH) if (s[k] !== undefined) o[k] = s[k]
  return Object.keys(o).length ? JSON.stringify(o) : ''
}

function withOptions(call: string, args: string[], s: JsonSchema, extra?: Record<string, unknown>): string {
  const o = options(s, extra)
  return `Type.${call}(${[...args, ...(o ? [o] : [])].join(', ')})`
}

/** Emits TypeBox source for one JSON Schema node. */
function emit(s: JsonSchema, ctx: string): string {
  if (typeof s.$ref === 'string') return schemaVar(refName(s.$ref))
  if (Array.isArray(s.anyOf)) {
    const members = (s.anyOf as JsonSchema[]).map((m, i) => emit(m, `${ctx}.anyOf[${i}]`))
    return withOptions('Union', [`[${members.join(', ')}]`], { description: s.description })
  }
  for (const k of ['allOf', 'oneOf', 'not', 'if']) {
    if (s[k] !== undefined) throw new Error(`${ctx}: keyword ${k} is not supported by the generator`)
  }
  if (Array.isArray(s.type)) {
    const types = s.type as string[]
    if (types.length !== 2 || !types.includes('null')) throw new Error(`${ctx}: only [T, "null"] type arrays`)
    const inner = types.find((t) => t !== 'null') as string
    const { description, default: def, ...rest } = s
    const opts = options({ description, default: def })
    return `Type.Union([${emit({ ...rest, type: inner }, ctx)}, Type.Null()]${opts ? `, ${opts}` : ''})`
  }
  if (s.const !== undefined) return withOptions('Literal', [JSON.stringify(s.const)], s)
  if (Array.isArray(s.enum)) {
    const values = s.enum as Array<string | number>
    const tsType = values.map((v) => JSON.stringify(v)).join(' | ')
    const body = { type: s.type, enum: values, ...JSON.parse(options(s) || '{}') }
    return `Type.Unsafe<${tsType}>(${JSON.stringify(body)})`
  }
  switch (s.type) {
    case 'string':
      // A file part of a multipart/form-data body, read into a Buffer (src/plugins/multipart-forms.ts).
      // No `type`: Ajv checks formats of strings only, so the Buffer passes and the part's reader
      // refuses a text part in its place.
      if (s.format === 'binary') return `Type.Unsafe<Buffer>(${JSON.stringify({ format: 'binary', ...(s.description ? { description: s.description } : {}) })})`
      return withOptions('String', [], s)
    case 'integer':
      return withOptions('Integer', [], s)
    case 'number':
      return withOptions('Number', [], s)
    case 'boolean':
      return withOptions('Boolean', [], s)
    case 'null':
      return withOptions('Null', [], s)
    case 'array':
      if (!s.items) throw new Error(`${ctx}: array without items`)
      return withOptions('Array', [emit(s.items as JsonSchema, `${ctx}.items`)], s)
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set((s.required ?? []) as string[])
      for (const r of required) if (!(r in props)) throw new Error(`${ctx}: required ${r} is not a property`)
      const ap = s.additionalProperties
      if (Object.keys(props).length === 0 && ap && typeof ap === 'object') {
        // A map: `additionalProperties` as written (see StringMap below), not TypeBox's Record.
        const o = options(s)
        return `StringMap(${[emit(ap as JsonSchema, `${ctx}.additionalProperties`), ...(o ? [o] : [])].join(', ')})`
      }
      if (ap !== false) throw new Error(`${ctx}: object schemas must say additionalProperties: false`)
      const fields = Object.entries(props).map(([k, v]) => {
        const t = emit(v, `${ctx}.${k}`)
        return `${JSON.stringify(k)}: ${required.has(k) ? t : `Type.Optional(${t})`}`
      })
      return withOptions('Object', [`{ ${fields.join(', ')} }`], s, { additionalProperties: false })
    }
    default:
      throw new Error(`${ctx}: unsupported schema ${JSON.stringify(s).slice(0, 120)}`)
  }
}

function refsOf(s: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(s)) s.forEach((x) => refsOf(x, acc))
  else if (s && typeof s === 'object') {
    for (const [k, v] of Object.entries(s)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) acc.add(refName(v))
      else refsOf(v, acc)
    }
  }
  return acc
}

/** Component names in dependency order, so each TypeBox variable is declared before use. */
function topoOrder(schemas: Record<string, JsonSchema>): string[] {
  const order: string[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string, trail: string[]) => {
    if (state.get(name) === 'done') return
    if (state.get(name) === 'visiting') throw new Error(`recursive schema: ${[...trail, name].join(' -> ')}`)
    if (!schemas[name]) throw new Error(`unknown schema ${name} referenced from ${trail.at(-1)}`)
    state.set(name, 'visiting')
    for (const dep of [...refsOf(schemas[name])].sort()) visit(dep, [...trail, name])
    state.set(name, 'done')
    order.push(name)
  }
  for (const name of Object.keys(schemas).sort()) visit(name, [])
  return order
}

function resolve<T>(node: T | { $ref: string }): T {
  const ref = (node as { $ref?: string }).$ref
  if (!ref) return node as T
  const [, , section, name] = ref.split('/')
  const target = (spec.components as Record<string, Record<string, unknown>>)[section ?? '']?.[name ?? '']
  if (!target) throw new Error(`cannot resolve ${ref}`)
  return resolve(target as T)
}

function camel(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/**
 * Maps (an object schema with no properties and an `additionalProperties` schema) are emitted as the
 * JSON Schema says: `additionalProperties`. TypeBox's Record(Type.String(), …) would write
 * `patternProperties: {"^(.*)$": …}` instead, whose `.` matches no line break: Ajv would then accept
 * any value under a key holding \n, \r, U+2028 or U+2029, and fast-json-stringify would leave such a
 * key out of every response.
 */
const STRING_MAP = [
  '/** An object whose every property is a `values` (see scripts/generate.ts: why not Type.Record). */',
  'function StringMap<T extends TSchema>(values: T, options: Record<string, unknown> = {}) {',
  "  return Type.Unsafe<Record<string, Static<T>>>({ ...options, type: 'object', additionalProperties: values })",
  '}\n',
].join('\n')

function generateSchemas(): string {
  const out: string[] = [HEADER, "import { Type, type Static, type TSchema } from '@sinclair/typebox'\n", STRING_MAP]
  for (const name of topoOrder(spec.components.schemas)) {
    out.push(`export const ${schemaVar(name)} = ${emit(spec.components.schemas[name]!, name)}`)
    out.push(`export type ${name} = Static<typeof ${schemaVar(name)}>\n`)
  }

  const table: string[] = []
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method]
      if (!op) continue
      const id = op.operationId
      const parts: string[] = []
      const types: string[] = []
      const params = (op.parameters ?? []).map((x) => resolve(x) as JsonSchema & { in: string; name: string; required?: boolean; schema: JsonSchema })
      for (const where of ['path', 'query', 'header'] as const) {
        const ps = params.filter((x) => x.in === where)
        if (!ps.length) continue
        const key = where === 'path' ? 'params' : where === 'query' ? 'querystring' : 'headers'
        const fields = ps.map((x) => {
          const name = where === 'header' ? x.name.toLowerCase() : x.name
          const t = emit(x.schema, `${id}.${where}.${x.name}`)
          return `${JSON.stringify(name)}: ${x.required || where === 'path' ? t : `Type.Optional(${t})`}`
        })
        // Unknown query parameters are refused like unknown body fields; headers are open-ended.
        const ap = where === 'header' ? 'true' : 'false'
        parts.push(`  ${key}: Type.Object({ ${fields.join(', ')} }, { additionalProperties: ${ap} }),`)
        types.push(`export type ${camel(id)}${camel(key)} = Static<typeof ${id}Route.${key}>`)
      }
      // Form bodies (the dashboard's sign-in) are parsed into the same shape of object as JSON ones.
      const content = op.requestBody?.content
      const body = (content?.['application/json'] ?? content?.['application/x-www-form-urlencoded'])?.schema
      const multipart = content?.['multipart/form-data']?.schema
      if (body && multipart) {
        // Uploads: Fastify validates each body against the schema of its Content-Type.
        out.push(`export const ${id}Json = ${emit(body, `${id}.body`)}`, `export const ${id}Form = ${emit(multipart, `${id}.form`)}`)
        parts.push(`  body: { content: { 'application/json': { schema: ${id}Json }, 'multipart/form-data': { schema: ${id}Form } } },`)
        types.push(`export type ${camel(id)}Body = Static<typeof ${id}Json>`, `export type ${camel(id)}Form = Static<typeof ${id}Form>`)
      } else if (body) {
        parts.push(`  body: ${emit(body, `${id}.body`)},`)
        types.push(`export type ${camel(id)}Body = Static<typeof ${id}Route.body>`)
      }
      const responses: string[] = []
      let success = 0
      for (const [code, raw] of Object.entries(op.responses)) {
        const res = resolve(raw) as { content?: Record<string, { schema?: JsonSchema }> }
        const status = Number(code)
        if (!success && status >= 200 && status < 400) success = status
        const schema = res.content?.['application/json']?.schema
        if (schema) responses.push(`    ${code}: ${emit(schema, `${id}.${code}`)},`)
      }
      if (responses.length) parts.push(`  response: {\n${responses.join('\n')}\n  },`)
      out.push(`export const ${id}Route = {\n${parts.join('\n')}\n} as const`)
      out.push(...types, '')
      // Public to API keys: no security, or a scheme of its own (GET /metrics checks METRICS_TOKEN itself).
      const isPublic = Array.isArray(op.security) && !op.security.some((s) => typeof s === 'object' && s !== null && 'bearerAuth' in s)
      if (!isPublic && !op['x-permission']) throw new Error(`${id}: authenticated operation without x-permission`)
      table.push(
        `  ${id}: { method: '${method.toUpperCase()}', path: '${p}', url: '${p.replace(/\{([^}]+)\}/g, ':$1')}', ` +
          `permission: ${isPublic ? 'null' : `'${op['x-permission']}'`}, tag: '${op.tags?.[0] ?? ''}', successStatus: ${success}` +
          `${body && op.requestBody?.required === false ? ', optionalBody: true' : ''} },`,
      )
    }
  }
  out.push('/** Every operation of openapi.yaml: routes are registered from this table and checked against it. */')
  out.push(`export const operations = {\n${table.join('\n')}\n} as const`)
  out.push('export type OperationId = keyof typeof operations')
  out.push("export type Permission = NonNullable<(typeof operations)[OperationId]['permission']>\n")
  return out.join('\n')
}

function generateTypeCheck(): string {
  const lines = [
    HEADER,
    "// Fails to compile when a TypeBox type is not assignable to openapi-typescript's type of the same schema.",
    "import type { components } from './openapi.js'",
    "import type * as S from './schemas.js'\n",
    'type Assert<T extends true> = T',
    'type Assignable<A, B> = [A] extends [B] ? true : false',
    "type C = components['schemas']\n",
  ]
  for (const name of Object.keys(spec.components.schemas).sort()) {
    lines.push(`export type Check${name} = Assert<Assignable<S.${name}, C['${name}']>>`)
  }
  return lines.join('\n') + '\n'
}

async function main() {
  const check = process.argv.includes('--check')
  const ast = await openapiTS(new URL(`file://${specPath}`))
  const files: Record<string, string> = {
    'schemas.ts': generateSchemas(),
    'openapi.d.ts': HEADER + astToString(ast),
    'type-check.ts': generateTypeCheck(),
  }
  const stale: string[] = []
  if (!check) mkdirSync(outDir, { recursive: true })
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(outDir, file)
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null
    if (current === content) continue
    if (check) stale.push(file)
    else writeFileSync(target, content)
  }
  if (stale.length) {
    console.error(`generated/ is stale (${stale.join(', ')}): run \`npm run generate\` and commit the result`)
    process.exit(1)
  }
}

main().catch((err: Error) => {
  console.error(`generate: ${err.message}`)
  process.exit(1)
})
