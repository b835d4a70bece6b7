// Id prefixes of every resource, in one table.
import { randomUUID } from 'node:crypto'

export const ID_PREFIX = {
  verification: 'vry',
  apiKey: 'key',
  document: 'doc',
  delivery: 'whd',
  event: 'evt',
  challenge: 'lch',
  captureLink: 'cpl',
  auditEvent: 'aud',
} as const

export function newId(kind: keyof typeof ID_PREFIX): string {
  return `${ID_PREFIX[kind]}_${randomUUID()}`
}
