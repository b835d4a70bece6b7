// What the audit log records: every privileged action, by name, with the kind of thing it acts on.
// An entry says who (key, role, client), what, on what, when and in which request; never personal data.

export const AUDIT_ACTIONS = {
  'api_key.created': 'api_key',
  'api_key.revoked': 'api_key',
  'webhook.configured': 'api_key',
  'webhook_delivery.replayed': 'webhook_delivery',
  'verification.reviewed': 'verification',
  'verification.redacted': 'verification',
  'verification.image_viewed': 'verification',
  'console.signed_in': 'api_key',
  'console.signed_out': 'api_key',
} as const

export type AuditAction = keyof typeof AUDIT_ACTIONS
export type AuditTargetType = (typeof AUDIT_ACTIONS)[AuditAction]

/** Non-personal facts about the action: a role, a decision and its reason code, an upload's kind. */
export type AuditDetails = Record<string, string | number | boolean | null>

/** Where a webhook points, without its path or query (which may carry a client's token). */
export function webhookOrigin(url: string | null): string | null {
  if (!url) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}
