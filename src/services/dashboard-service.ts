// What the operator's dashboard shows: the verifications the key can see (every client's for admin
// and auditor keys), the key's webhook configuration with its secret masked, and its recent deliveries.
import type { WebhookDelivery } from '../../generated/schemas.js'
import type { ApiKeysRepository } from '../db/api-keys-repository.js'
import type { CaptureLinksRepository } from '../db/capture-links-repository.js'
import type { VerificationsRepository } from '../db/verifications-repository.js'
import type { WebhooksRepository } from '../db/webhooks-repository.js'
import { signingSecrets } from '../domain/webhook-secrets.js'
import { seesAllClients } from '../domain/permissions.js'
import { effectiveStatus, type VerificationStatus } from '../domain/verification-status.js'
import type { Principal } from './api-keys-service.js'
import { toDelivery } from './webhooks-service.js'

export const DASHBOARD_ROWS = 25

export interface DashboardVerification {
  id: string
  clientName: string
  clientReference: string | null
  status: VerificationStatus
  /** Each requested check, with its result: null while it has not run. */
  checks: Array<{ name: string; passed: boolean | null }>
  createdAt: Date
  completedAt: Date | null
  /** When the person first opened the verification's capture link; null when it was captured through the API alone. */
  capturedThroughLinkAt: Date | null
}

export interface DashboardView {
  principal: Principal
  allClients: boolean
  verifications: DashboardVerification[]
  webhook: { url: string | null; maskedSecret: string | null }
  deliveries: WebhookDelivery[]
}

/** Enough of the secret to tell two apart, never enough to use: its last four characters. */
export function maskSecret(secret: string | null): string | null {
  if (!secret) return null
  return `••••${secret.length > 12 ? secret.slice(-4) : ''}`
}

export function createDashboardService(deps: {
  verifications: VerificationsRepository
  keys: ApiKeysRepository
  webhooks: WebhooksRepository
  captureLinks: CaptureLinksRepository
  mediaKey: Buffer
}) {
  return {
    async view(principal: Principal): Promise<DashboardView> {
      const allClients = seesAllClients(principal.role)
      const [rows, key, deliveries] = await Promise.all([
        deps.verifications.list({ clientName: allClients ? null : principal.clientName, limit: DASHBOARD_ROWS, offset: 0 }),
        deps.keys.findById(principal.id),
        deps.webhooks.listForKey(principal.id, DASHBOARD_ROWS),
      ])
      const captured = await deps.captureLinks.firstUses(rows.map((row) => row.id))
      const now = new Date()
      return {
        principal,
        allClients,
        verifications: rows.map((row) => ({
          id: row.id,
          clientName: row.clientName,
          clientReference: row.clientReference,
          status: effectiveStatus(row, now),
          checks: row.checks.map((name) => {
            const result = row.checksResults[name] as { passed?: unknown } | undefined
            return { name, passed: typeof result?.passed === 'boolean' ? result.passed : null }
          }),
          createdAt: row.createdAt,
          completedAt: row.completedAt,
          capturedThroughLinkAt: captured.get(row.id) ?? null,
        })),
        webhook: { url: key?.webhookUrl ?? null, maskedSecret: maskSecret(key ? (signingSecrets(deps.mediaKey, key)?.current ?? null) : null) },
        deliveries: deliveries.map(toDelivery),
      }
    },
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
