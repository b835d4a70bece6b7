// The audit log as the services use it: an entry written inside the transaction of the action it
// records, and the entries as GET /admin/audit-events shows them.
import type { AuditEvent, ListAuditEventsQuerystring } from '../../generated/schemas.js'
import type { AuditEventRow, AuditRepository } from '../db/audit-repository.js'
import type { Executor } from '../db/client.js'
import { AUDIT_ACTIONS, type AuditAction, type AuditDetails } from '../domain/audit.js'
import { newId } from '../domain/ids.js'
import type { Principal } from './api-keys-service.js'

/** Who acts, and in which request: what every audited service method takes. */
export interface Actor {
  principal: Principal
  requestId: string
}

/** The service itself, acting on its own schedule (the RESULT_RETENTION purge). */
export const SYSTEM: Actor = { principal: { id: 'system', clientName: 'system', role: 'admin' }, requestId: 'sweeper' }

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    action: row.action,
    actor_key_id: row.actorKeyId,
    actor_role: row.actorRole,
    actor_client_name: row.actorClientName,
    target_type: row.targetType,
    target_id: row.targetId,
    request_id: row.requestId,
    occurred_at: row.occurredAt.toISOString(),
    details: row.details,
  }
}

export function createAuditLog(repo: AuditRepository) {
  return {
    async record(tx: Executor, actor: Actor, action: AuditAction, targetId: string, details: AuditDetails = {}): Promise<void> {
      await repo.insert(
        {
          id: newId('auditEvent'),
          actorKeyId: actor.principal.id,
          actorRole: actor === SYSTEM ? null : actor.principal.role,
          actorClientName: actor.principal.clientName,
          action,
          targetType: AUDIT_ACTIONS[action],
          targetId,
          requestId: actor.requestId,
          details,
        },
        tx,
      )
    },

    async list(query: ListAuditEventsQuerystring): Promise<{ items: AuditEvent[]; total: number }> {
      const filter = { action: query.action, actorKeyId: query.actor, targetId: query.target }
      const { rows, total } = await repo.list(filter, query.limit ?? 20, query.offset ?? 0)
      return { items: rows.map(toAuditEvent), total }
    },
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>
