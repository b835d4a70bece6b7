// The role → permission table: the single place the reference's permission matrix lives.
// Each operation's permission comes from its x-permission in openapi.yaml (generated/schemas.ts).
import type { Permission } from '../../generated/schemas.js'

export const ROLES = ['admin', 'service', 'readonly', 'auditor'] as const
export type Role = (typeof ROLES)[number]

export const rolePermissions: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set<Permission>([
    'verifications:create', 'verifications:read', 'verifications:review', 'documents:upload', 'checks:run', 'capture:create', 'verifications:redact',
    'keys:list', 'keys:create', 'keys:revoke', 'webhooks:manage', 'admin:dashboard', 'audit:read',
  ]),
  service: new Set<Permission>([
    'verifications:create', 'verifications:read', 'documents:upload', 'checks:run', 'capture:create', 'verifications:redact', 'webhooks:manage',
  ]),
  readonly: new Set<Permission>(['verifications:read']),
  auditor: new Set<Permission>(['verifications:read', 'keys:list', 'admin:dashboard', 'audit:read']),
}

export function can(role: Role, permission: Permission): boolean {
  return rolePermissions[role].has(permission)
}

/** Admin and auditor keys exist to run and audit the service: they see every client's data. */
export function seesAllClients(role: Role): boolean {
  return role === 'admin' || role === 'auditor'
}

/** The one client whose verifications a caller sees, or null for every client's (admin and auditor). */
export function clientScope(caller: { role: Role; clientName: string }): string | null {
  return seesAllClients(caller.role) ? null : caller.clientName
}
