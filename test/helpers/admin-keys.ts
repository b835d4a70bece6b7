// What the tests of /admin/keys share: the shapes a client reads, and small steps.
import type { LightMyRequestResponse } from 'fastify'
import type { Built } from './build.js'
import { specErrors } from './spec.js'

export interface ApiKey {
  id: string
  client_name: string
  role: string
  created_at: string
}
export interface ApiKeyCreated extends ApiKey {
  key: string
}
export interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> }
}

export const KEY_ID = /^key_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export const SECRET = /^ivs_[A-Za-z0-9_-]{43}$/
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

export const json = <T>(res: LightMyRequestResponse) => res.json() as T

export async function createKey(b: Built, body: unknown, key = b.adminKey): Promise<ApiKeyCreated> {
  const res = await b.call('POST', '/admin/keys', { key, body })
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`)
  return json<ApiKeyCreated>(res)
}

export async function listKeys(b: Built, key = b.adminKey): Promise<ApiKey[]> {
  const res = await b.call('GET', '/admin/keys', { key })
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`)
  const errors = specErrors('listApiKeys', 200, res.json())
  if (errors.length) throw new Error(`list does not match openapi.yaml: ${errors.join('; ')}`)
  return json<ApiKey[]>(res)
}

/** The id of the admin key build(t) registered from ADMIN_API_KEY (the only key of a fresh database). */
export async function startupAdminId(b: Built): Promise<string> {
  const keys = await listKeys(b)
  const admins = keys.filter((k) => k.role === 'admin')
  if (admins.length !== 1) throw new Error(`expected one admin key, got ${JSON.stringify(keys)}`)
  return admins[0]!.id
}
