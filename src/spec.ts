// The hand-written contract, read once from the package root (not the working directory).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const specPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.yaml')
export const specText = readFileSync(specPath, 'utf8')
export const specDocument = parse(specText) as Record<string, unknown> & {
  paths: Record<string, Record<string, { operationId?: string }>>
}
