// Validates a response body against the schema openapi.yaml gives for that operation and status,
// read straight from the YAML (not from generated/), so the served bodies are checked against the
// document integrators see.
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { specDocument } from '../../src/spec.js'

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addSchema(specDocument as object, 'openapi')

type Obj = Record<string, unknown>
const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

export function findOperation(operationId: string): { path: string; method: string; op: Obj } {
  for (const [path, item] of Object.entries(specDocument.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if ((op as Obj).operationId === operationId) return { path, method, op: op as Obj }
    }
  }
  throw new Error(`no operation ${operationId} in openapi.yaml`)
}

/** JSON pointer of the response schema (following a $ref to components/responses). */
function responseSchemaPointer(operationId: string, status: number, mediaType = 'application/json'): string {
  const { path, method, op } = findOperation(operationId)
  const responses = op.responses as Obj
  const res = responses[String(status)] as Obj | undefined
  if (!res) throw new Error(`${operationId} documents no ${status} response`)
  const base = typeof res.$ref === 'string' ? (res.$ref as string).slice(1) : `/${pointer(['paths', path, method, 'responses', String(status)])}`
  return `${base}/${pointer(['content', mediaType, 'schema'])}`
}

/** Returns the list of schema errors ([] when the body matches the documented schema). */
export function specErrors(operationId: string, status: number, body: unknown): string[] {
  const validate = ajv.getSchema(`openapi#${responseSchemaPointer(operationId, status)}`)
  if (!validate) throw new Error(`cannot compile the ${status} schema of ${operationId}`)
  if (validate(body)) return []
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
}

/** Validates an arbitrary instance against a JSON pointer inside openapi.yaml. */
export function errorsAt(schemaPointer: string, value: unknown): string[] {
  const validate = ajv.getSchema(`openapi#${schemaPointer}`)
  if (!validate) throw new Error(`cannot compile ${schemaPointer}`)
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
}

export { pointer }
