// What the operator's dashboard shows: the verifications the key can see (every client's for admin
// and auditor keys), the key's webhook configuration with its secret masked, and its recent deliveries.
import type { CheckName, GetDashboardQuerystring, WebhookDelivery } from '../../generated/schemas.js'
import type { ApiKeysRepository } from '../db/api-keys-repository.js'
import type { CaptureLinksRepository } from '../db/capture-links-repository.js'
import type { ConsoleFilter, VerificationsRepository } from '../db/verifications-repository.js'
import type { MediaKeyInput } from '../domain/media-crypto.js'
import type { Decision } from '../domain/decision.js'
import type { WebhooksRepository } from '../db/webhooks-repository.js'
import { signingSecrets } from '../domain/webhook-secrets.js'
import { clientScope, seesAllClients } from '../domain/permissions.js'
import { effectiveStatus, type VerificationStatus } from '../domain/verification-status.js'
import type { Principal } from './api-keys-service.js'
import { toSummary } from './verification-views.js'
import { toDelivery } from './webhooks-service.js'

export const DASHBOARD_ROWS = 25

export interface DashboardVerification {
  id: string
  clientName: string
  clientReference: string | null
  status: VerificationStatus
  decision: Decision | null
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
  /** The filters as asked (query string of GET /admin), and the page shown. */
  search: GetDashboardQuerystring
  page: number
  pages: number
  total: number
  verifications: DashboardVerification[]
  webhook: { url: string | null; maskedSecret: string | null }
  deliveries: WebhookDelivery[]
}

/** Enough of the secret to tell two apart, never enough to use: its last four characters. */
export function maskSecret(secret: string | null): string | null {
  if (!secret) return null
  return `••••${secret.length > 12 ? secret.slice(-4) : ''}`
}

const DAY_MS = 86_400_000

/** GET /admin's query string as the repository's search: dates are whole UTC days, `to` included. */
function consoleFilter(clientName: string | null, search: GetDashboardQuerystring, page: number): ConsoleFilter {
  return {
    clientName,
    status: search.status,
    decision: search.decision,
    ...(search.check ? { check: { name: search.check as CheckName, outcome: search.outcome ?? 'failed' } } : {}),
    ...(search.client ? { client: search.client } : {}),
    ...(search.from ? { createdFrom: new Date(`${search.from}T00:00:00Z`) } : {}),
    ...(search.to ? { createdBefore: new Date(Date.parse(`${search.to}T00:00:00Z`) + DAY_MS) } : {}),
    ...(search.q?.trim() ? { search: search.q.trim() } : {}),
    limit: DASHBOARD_ROWS,
    offset: (page - 1) * DASHBOARD_ROWS,
  }
}

export function createDashboardService(deps: {
  verifications: VerificationsRepository
  keys: ApiKeysRepository
  webhooks: WebhooksRepository
  captureLinks: CaptureLinksRepository
  mediaKeys: MediaKeyInput
}) {
  /** The key's webhook URL and its secret, masked. */
  async function webhookOf(principal: Principal) {
    const key = await deps.keys.findById(principal.id)
    return { url: key?.webhookUrl ?? null, maskedSecret: maskSecret(key ? (signingSecrets(deps.mediaKeys, key)?.current ?? null) : null) }
  }

  return {
    webhookOf,

    async view(principal: Principal, search: GetDashboardQuerystring = {}): Promise<DashboardView> {
      const allClients = seesAllClients(principal.role)
      const page = search.page ?? 1
      const [{ rows, total }, webhook, deliveries] = await Promise.all([
        deps.verifications.search(consoleFilter(clientScope(principal), search, page)),
        webhookOf(principal),
        deps.webhooks.listForKey(principal.id, DASHBOARD_ROWS),
      ])
      const captured = await deps.captureLinks.firstUses(rows.map((row) => row.id))
      const now = new Date()
      return {
        principal,
        allClients,
        search,
        page,
        pages: Math.max(1, Math.ceil(total / DASHBOARD_ROWS)),
        total,
        verifications: rows.map((row) => ({
          id: row.id,
          clientName: row.clientName,
          clientReference: row.clientReference,
          status: effectiveStatus(row, now),
          decision: toSummary(row, now).decision ?? null,
          checks: row.checks.map((name) => {
            const result = row.checksResults[name] as { passed?: unknown } | undefined
            return { name, passed: typeof result?.passed === 'boolean' ? result.passed : null }
          }),
          createdAt: row.createdAt,
          completedAt: row.completedAt,
          capturedThroughLinkAt: captured.get(row.id) ?? null,
        })),
        webhook,
        deliveries: deliveries.map(toDelivery),
      }
    },
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
