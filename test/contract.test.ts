// The served API against openapi.yaml: one route per operation and no undocumented route, the
// generated operations table, the documents served at /openapi.* and /docs, every example in the
// document, and the error shapes every route shares (404, a 500 that leaks nothing).
import t from 'tap'
import type { RouteOptions } from 'fastify'
import { parse } from 'yaml'
import { operations } from '../generated/schemas.js'
import app from '../src/app.js'
import { specDocument, specText } from '../src/spec.js'
import { build, createServer } from './helpers/build.js'
import { errorsAt, pointer, specErrors } from './helpers/spec.js'

type Obj = Record<string, unknown>
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

type SpecOperation = { operationId: string; path: string; permission: unknown }

/** Every operation of openapi.yaml's paths, keyed "METHOD /fastify/:url". */
function specOperations(): Map<string, SpecOperation> {
  const ops = new Map<string, SpecOperation>()
  for (const [path, item] of Object.entries(specDocument.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Obj>)) {
      if (!HTTP_METHODS.includes(method)) continue
      const url = path.replace(/\{([^}]+)\}/g, ':$1')
      ops.set(`${method.toUpperCase()} ${url}`, {
        operationId: op.operationId as string,
        path,
        permission: op['x-permission'] ?? null,
      })
    }
  }
  return ops
}

/** Documented public extras that are not operations: Swagger UI and the document itself. */
const isPublicExtra = (url: string) =>
  url === '/docs' || url.startsWith('/docs/') || url === '/openapi.json' || url === '/openapi.yaml'

t.test('routes and operations match one to one', async (t) => {
  const { server, config } = await createServer(t)
  const routes: string[] = []
  server.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`)
  })
  await server.register(app, { config })
  await server.ready()

  const ops = specOperations()
  t.equal(ops.size, Object.keys(operations).length, 'openapi.yaml and generated/ count the same operations')
  for (const [key, op] of ops) {
    const hits = routes.filter((r) => r === key).length
    t.equal(hits, 1, `${op.operationId} (${key}) has exactly one route`)
  }
  // Fastify adds HEAD for every GET; it answers like the GET, so it is not an operation of its own.
  const undocumented = routes.filter((r) => {
    const [method, url] = r.split(' ') as [string, string]
    if (ops.has(r)) return false
    if (method === 'HEAD' && ops.has(`GET ${url}`)) return false
    return !isPublicExtra(url)
  })
  t.same(undocumented, [], 'every route is an operation of openapi.yaml or a documented public extra')
  t.ok(routes.includes('GET /docs') && routes.includes('GET /openapi.json') && routes.includes('GET /openapi.yaml'), 'the public extras are served')
})

t.test('generated operations table matches openapi.yaml', async (t) => {
  const ops = specOperations()
  for (const [id, gen] of Object.entries(operations)) {
    const op = ops.get(`${gen.method} ${gen.url}`)
    t.ok(op, `${id}: ${gen.method} ${gen.path} is in openapi.yaml`)
    if (!op) continue
    t.same(
      { operationId: op.operationId, path: op.path, permission: op.permission },
      { operationId: id, path: gen.path, permission: gen.permission },
      `${id}: path and x-permission`,
    )
  }
})

t.test('the document is served as written, publicly (PUBLIC_URL is its first server by default)', async (t) => {
  const { call } = await build(t)

  const json = await call('GET', '/openapi.json')
  t.equal(json.statusCode, 200)
  t.match(json.headers['content-type'], /^application\/json/)
  t.same(json.json(), parse(specText), '/openapi.json is openapi.yaml parsed')

  const yaml = await call('GET', '/openapi.yaml')
  t.equal(yaml.statusCode, 200)
  t.match(yaml.headers['content-type'], /^application\/yaml/)
  t.equal(yaml.body, specText, '/openapi.yaml is the file byte for byte')

  let docs = await call('GET', '/docs')
  for (let hops = 0; docs.statusCode >= 300 && docs.statusCode < 400 && hops < 3; hops++) {
    docs = await call('GET', new URL(String(docs.headers.location), 'http://localhost/docs').pathname)
  }
  t.equal(docs.statusCode, 200, 'Swagger UI answers')
  t.match(docs.headers['content-type'], /^text\/html/)
  t.match(docs.body, /swagger/i)

  const uiJson = await call('GET', '/docs/json')
  t.equal(uiJson.statusCode, 200)
  const served = uiJson.json() as { info: { title: string }; paths: Record<string, Record<string, { operationId?: string }>> }
  t.equal(served.info.title, (specDocument.info as { title: string }).title)
  const ids = (doc: { paths: Record<string, Record<string, { operationId?: string }>> }) =>
    Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId).filter(Boolean)).sort()
  t.same(ids(served), ids(specDocument), 'Swagger UI shows every operation of openapi.yaml')
})

t.test('every example in openapi.yaml matches its schema', async (t) => {
  const examples: Array<{ at: string; value: unknown }> = []
  const orphans: string[] = []
  const walk = (node: unknown, parts: string[]) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, [...parts, String(i)]))
    if (!node || typeof node !== 'object') return
    const obj = node as Obj
    if ('example' in obj || 'examples' in obj) {
      // A media type (or parameter, or header) object: its example(s) must match its schema.
      if (!('schema' in obj)) orphans.push(`/${pointer(parts)}`)
      else {
        const at = `/${pointer([...parts, 'schema'])}`
        if ('example' in obj) examples.push({ at, value: obj.example })
        for (const ex of Object.values((obj.examples ?? {}) as Record<string, Obj>)) examples.push({ at, value: ex.value })
      }
    }
    for (const [k, v] of Object.entries(obj)) {
      // Schemas describe, they are not examples; a property named "example" inside one is not an example.
      if (k === 'schema' || k === 'schemas' || k === 'example' || k === 'examples') continue
      walk(v, [...parts, k])
    }
  }
  walk(specDocument, [])
  t.same(orphans, [], 'every example sits beside a schema')
  t.ok(examples.length >= 30, `examples found (${examples.length})`)
  const requestBodies = examples.filter((e) => e.at.includes('/requestBody/')).length
  const componentResponses = examples.filter((e) => e.at.startsWith('/components/responses/')).length
  t.ok(requestBodies > 0 && componentResponses > 0, 'request bodies and shared responses are among them')
  for (const { at, value } of examples) t.same(errorsAt(at, value), [], at)
})

t.test('health, readiness and unknown routes', async (t) => {
  const { call } = await build(t)

  const health = await call('GET', '/healthz')
  t.equal(health.statusCode, 200)
  t.same(health.json(), { status: 'ok' })
  t.same(specErrors('getHealth', 200, health.json()), [])

  const ready = await call('GET', '/readyz')
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ok', database: 'ok' })
  t.same(specErrors('getReadiness', 200, ready.json()), [])

  const missing = await call('GET', '/no/such/route?x=1')
  t.equal(missing.statusCode, 404)
  t.match(missing.json(), { error: { code: 'not_found', message: String } })
  t.same(Object.keys(missing.json().error as Obj), ['code', 'message'])
  t.same(errorsAt('/components/schemas/ErrorResponse', missing.json()), [], '404 body is an ErrorResponse')
  t.ok(missing.headers['x-request-id'], 'X-Request-Id on a 404 too')
})

t.test('a 500 leaks nothing', async (t) => {
  const { server, config } = await createServer(t)
  await server.register(app, { config })
  const secret = 'boom: select * from api_keys where key_hash = $1'
  server.get('/test-only/throw', async function throwing() {
    throw new Error(secret)
  })
  server.get('/test-only/reject', async function rejecting() {
    await Promise.reject(Object.assign(new TypeError(secret), { code: 'ECONNRESET', statusCode: 502 }))
  })
  await server.ready()

  for (const url of ['/test-only/throw', '/test-only/reject']) {
    const res = await server.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-500-check' } })
    t.equal(res.statusCode, 500, url)
    t.equal(res.headers['x-request-id'], 'req-500-check')
    const body = res.json() as { error: { code: string; message: string } }
    t.equal(body.error.code, 'internal_error')
    t.match(body.error.message, /req-500-check/, 'the message names the request id')
    t.same(Object.keys(body.error), ['code', 'message'])
    t.notMatch(res.body, /boom|select|api_keys|ECONNRESET/, 'not the original error text')
    t.notMatch(res.body, /\bat .+:\d+:\d+|\.ts\b|\.js\b|stack/i, 'no stack trace')
    t.same(errorsAt('/components/schemas/ErrorResponse', body), [])
  }
})
