// The console's pages about the service itself: API keys (created and revoked by admins), webhook
// configuration with the delivery log and replay, the failing deliveries of every client, and the
// audit log.
import type { ApiKey, ApiKeyCreated, AuditEvent, GetConsoleAuditQuerystring, WebhookDelivery } from '../../../generated/schemas.js'
import { AUDIT_ACTIONS } from '../../domain/audit.js'
import { can, ROLES } from '../../domain/permissions.js'
import { html, type Html } from './html.js'
import { csrfField, dash, page, pager, select, time, type Viewer } from './layout.js'
import { DELIVERY_HEADINGS, deliveryRow } from './pages.js'

function createKeyForm(viewer: Viewer): Html {
  return html`<h2>Create a key</h2>
<form class="inline" method="post" action="/admin/console/keys">
<label>Client <input name="client_name" required maxlength="200"></label>
${select('role', 'Role', ROLES, 'service', 'service (default)')}
${csrfField(viewer)}
<button type="submit">Create key</button>
</form>`
}

export function keysPage(keys: ApiKey[], viewer: Viewer, created?: ApiKeyCreated): string {
  const manages = can(viewer.principal.role, 'keys:create')
  return page(
    'API keys',
    html`<main>
<h1>API keys <span class="muted">(${keys.length} active)</span></h1>
${
  created
    ? html`<section class="notice-ok" role="status" aria-labelledby="created">
<h2 id="created">Key created for ${created.client_name} (${created.role})</h2>
<p>Copy the secret now: it is shown only this once.</p>
<p><code id="new-key">${created.key}</code></p>
</section>`
    : ''
}
<div class="scroll" tabindex="0" role="region" aria-label="keys table"><table id="keys">
<thead><tr><th scope="col">ID</th><th scope="col">Client</th><th scope="col">Role</th><th scope="col">Created</th>${manages ? html`<th scope="col">Action</th>` : ''}</tr></thead>
<tbody>
${keys.map(
  (k) => html`<tr>
<td class="mono">${k.id}${k.id === viewer.principal.id ? html` <span class="muted">(this session)</span>` : ''}</td>
<td>${k.client_name}</td>
<td>${k.role}</td>
<td>${time(k.created_at)}</td>
${
  manages
    ? html`<td><form method="post" action="/admin/console/keys/${k.id}/revoke">${csrfField(viewer)}<button type="submit" aria-label="Revoke ${k.id}">Revoke</button></form></td>`
    : ''
}
</tr>
`,
)}</tbody>
</table></div>
${manages ? createKeyForm(viewer) : ''}
</main>`,
    viewer,
  )
}

export interface WebhooksView {
  webhook: { url: string | null; maskedSecret: string | null }
  deliveries: WebhookDelivery[]
  failing: Array<WebhookDelivery & { client_name: string }> | null
}

export function webhooksPage(view: WebhooksView, viewer: Viewer): string {
  const replays = can(viewer.principal.role, 'webhooks:manage')
  const replay = (d: WebhookDelivery) =>
    html`<form method="post" action="/admin/console/webhooks/replay"><input type="hidden" name="delivery_id" value="${d.id}">${csrfField(viewer)}<button type="submit" aria-label="Replay ${d.id}">Replay</button></form>`
  return page(
    'Webhooks',
    html`<main>
<h1>Webhooks</h1>
<h2>This key's webhook</h2>
${
  view.webhook.url
    ? html`<dl id="webhook"><dt>URL</dt><dd class="mono">${view.webhook.url}</dd><dt>Secret</dt><dd class="mono">${view.webhook.maskedSecret ?? '—'}</dd></dl>`
    : html`<p class="empty">No webhook is configured for this key. Set one with <code>PATCH /admin/webhook</code>.</p>`
}
<h2>This key's deliveries <span class="muted">(most recent first)</span></h2>
${
  view.deliveries.length === 0
    ? html`<p class="empty">No deliveries yet for this key.</p>`
    : html`<div class="scroll" tabindex="0" role="region" aria-label="deliveries table"><table id="deliveries"><thead><tr><th scope="col">Created</th>${DELIVERY_HEADINGS}${replays ? html`<th scope="col">Action</th>` : ''}</tr></thead>
<tbody>${view.deliveries.map((d) => deliveryRow(d, replays ? replay(d) : undefined))}</tbody></table></div>`
}
${
  view.failing === null
    ? ''
    : html`<h2>Failing deliveries of every client <span class="muted">(failed for good, or failing and to be retried)</span></h2>
${
  view.failing.length === 0
    ? html`<p class="empty">No delivery is failing.</p>`
    : html`<div class="scroll" tabindex="0" role="region" aria-label="failing table"><table id="failing"><thead><tr><th scope="col">Created</th><th scope="col">Client</th>${DELIVERY_HEADINGS}</tr></thead>
<tbody>${view.failing.map((d) => deliveryRow(d, undefined, d.client_name))}</tbody></table></div>`
}`
}
</main>`,
    viewer,
  )
}

export const AUDIT_PAGE_SIZE = 50

function detailsText(details: AuditEvent['details']): Html {
  const entries = Object.entries(details)
  return entries.length ? html`${entries.map(([k, v]) => html`<span class="pair">${k}: ${v === null ? '—' : String(v)}</span> `)}` : dash
}

export function auditPage(items: AuditEvent[], total: number, query: GetConsoleAuditQuerystring, viewer: Viewer): string {
  const pageNumber = query.page ?? 1
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  return page(
    'Audit log',
    html`<main>
<h1>Audit log <span class="muted">(${total} ${total === 1 ? 'entry' : 'entries'}, most recent first)</span></h1>
<form class="filters" method="get" action="/admin/console/audit" role="search" aria-label="Filter the audit log">
${select('action', 'Action', Object.keys(AUDIT_ACTIONS), query.action)}
<label>Actor key <input name="actor" value="${query.actor ?? ''}" maxlength="100"></label>
<label>Target <input name="target" value="${query.target ?? ''}" maxlength="100"></label>
<button type="submit">Filter</button>
<a href="/admin/console/audit">Clear</a>
</form>
${
  items.length === 0
    ? html`<p class="empty">No audit entries match.</p>`
    : html`<div class="scroll" tabindex="0" role="region" aria-label="audit table"><table id="audit">
<thead><tr><th scope="col">When</th><th scope="col">Action</th><th scope="col">Actor</th><th scope="col">Target</th><th scope="col">Details</th><th scope="col">Request</th></tr></thead>
<tbody>
${items.map(
  (e) => html`<tr>
<td>${time(e.occurred_at)}</td>
<td><code>${e.action}</code></td>
<td>${e.actor_client_name} · ${e.actor_role}<br><span class="mono">${e.actor_key_id}</span></td>
<td class="mono">${e.target_type === 'verification' ? html`<a href="/admin/console/verifications/${e.target_id}">${e.target_id}</a>` : e.target_id}</td>
<td>${detailsText(e.details)}</td>
<td class="mono">${e.request_id}</td>
</tr>
`,
)}</tbody>
</table></div>`
}
${pager('/admin/console/audit', query, pageNumber, pages)}
</main>`,
    viewer,
  )
}
