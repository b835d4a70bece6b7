// The console's sign-in and error pages and its home: the verifications, filtered and paged, then the
// key's webhook and its recent deliveries. Every value goes through html``, which escapes it; there is
// no script, no inline style and no inline event handler.
import type { WebhookDelivery } from '../../../generated/schemas.js'
import type { DashboardVerification, DashboardView } from '../../services/dashboard-service.js'
import { html, type Html } from './html.js'
import { dash, page, pager, select, signOutForm, time, type Viewer } from './layout.js'

export function signInPage(notice: string | null): string {
  return page(
    'Sign in',
    html`<header><h1>Identity verification console</h1></header>
<main>
${notice ? html`<p class="notice" role="alert">${notice}</p>` : ''}
<form class="sign-in" method="post" action="/admin/sign-in">
<label for="api_key">API key of an <code>admin</code> or <code>auditor</code> key</label>
<input id="api_key" type="password" name="api_key" autocomplete="off" required maxlength="200" autofocus>
<button type="submit">Sign in</button>
</form>
<p class="muted">The session lasts 8 hours, is valid for this console only, and ends when the key is revoked.</p>
</main>`,
  )
}

const ERROR_TITLES: Record<number, string> = { 400: 'Invalid request', 403: 'Not allowed', 404: 'Not found', 409: 'Cannot do that now' }

/** A 4xx answered to a browser: what went wrong, and a way back. */
export function errorPage(status: number, message: string, signedIn: boolean): string {
  const title = ERROR_TITLES[status] ?? 'Request refused'
  return page(
    title,
    html`<header><h1>${title}</h1>${signedIn ? signOutForm : ''}</header>
<main>
<p class="notice" role="alert">${message}</p>
${
  status === 403
    ? html`<p>The console is open to <code>admin</code> and <code>auditor</code> keys; acting needs an <code>admin</code> key. <a href="/admin">Back to the console</a>, or sign in with another key.</p>`
    : html`<p><a href="/admin">Back to the console</a></p>`
}
</main>`,
  )
}

export function checkCell(checks: DashboardVerification['checks']): Html {
  return html`${checks.map((c) => {
    const state = c.passed === null ? 'pending' : c.passed ? 'passed' : 'failed'
    return html`<span class="check ${state}">${c.name}: ${state}</span>`
  })}`
}

const CHECKS = ['document', 'face_match', 'liveness', 'identity'] as const

function filterForm(view: DashboardView): Html {
  const s = view.search
  return html`<form class="filters" method="get" action="/admin" role="search" aria-label="Filter verifications">
<label>Id or reference <input type="search" name="q" value="${s.q ?? ''}" maxlength="255"></label>
${select('status', 'Status', ['pending', 'completed', 'failed'], s.status)}
${select('decision', 'Decision', ['approved', 'declined', 'review'], s.decision)}
${select('check', 'Check', CHECKS, s.check)}
${select('outcome', 'Outcome', ['failed', 'passed', 'pending'], s.outcome, 'failed')}
${view.allClients ? html`<label>Client <input type="text" name="client" value="${s.client ?? ''}" maxlength="200"></label>` : ''}
<label>From <input type="date" name="from" value="${s.from ?? ''}"></label>
<label>To <input type="date" name="to" value="${s.to ?? ''}"></label>
<button type="submit">Filter</button>
<a href="/admin">Clear</a>
</form>`
}

function verificationsSection(view: DashboardView): Html {
  const scope = view.allClients ? 'all clients' : `client ${view.principal.clientName}`
  const filtered = Object.values(view.search).some((v) => v !== undefined && v !== '' && v !== 1)
  const title = view.search.decision === 'review' && !filtered ? 'Review queue' : 'Verifications'
  return html`<h1>${title} <span class="muted">(${scope}, ${view.total} ${view.total === 1 ? 'match' : 'matches'}, most recent first)</span></h1>
${filterForm(view)}
${
  view.verifications.length === 0
    ? html`<p class="empty">No verifications${filtered ? ' match these filters' : html` yet for ${scope}`}.</p>`
    : html`<div class="scroll" tabindex="0" role="region" aria-label="verifications table"><table id="verifications">
<thead><tr><th scope="col">ID</th>${view.allClients ? html`<th scope="col">Client</th>` : ''}<th scope="col">Reference</th><th scope="col">Status</th><th scope="col">Decision</th><th scope="col">Checks</th><th scope="col">Captured</th><th scope="col">Created</th><th scope="col">Completed</th></tr></thead>
<tbody>
${view.verifications.map(
  (v) => html`<tr>
<td class="mono"><a href="/admin/console/verifications/${v.id}">${v.id}</a></td>${view.allClients ? html`<td>${v.clientName}</td>` : ''}
<td class="reference">${v.clientReference ?? dash}</td>
<td class="${v.status}">${v.status}</td>
<td class="decision ${v.decision ?? ''}">${v.decision ?? dash}</td>
<td>${checkCell(v.checks)}</td>
<td>${v.capturedThroughLinkAt ? html`link, ${time(v.capturedThroughLinkAt)}` : html`<span class="muted">API</span>`}</td>
<td>${time(v.createdAt)}</td>
<td>${time(v.completedAt)}</td>
</tr>
`,
)}</tbody>
</table></div>`
}
${pager('/admin', view.search, view.page, view.pages)}`
}

function webhookSection(view: DashboardView): Html {
  if (!view.webhook.url) {
    return html`<h2>Webhook</h2><p class="empty">No webhook is configured for this key. Set one with <code>PATCH /admin/webhook</code>.</p>`
  }
  return html`<h2>Webhook</h2>
<dl id="webhook"><dt>URL</dt><dd class="mono">${view.webhook.url}</dd><dt>Secret</dt><dd class="mono">${view.webhook.maskedSecret ?? '—'}</dd></dl>`
}

/** A delivery as a row: its verification linked; `action` adds a last cell (a replay button). */
export function deliveryRow(d: WebhookDelivery, action?: Html, client?: string): Html {
  return html`<tr>
<td>${time(d.created_at)}</td>
${client === undefined ? '' : html`<td>${client}</td>`}
<td>${d.event_type}</td>
<td class="mono"><a href="/admin/console/verifications/${d.verification_id}">${d.verification_id}</a></td>
<td class="${d.status}">${d.status}${d.replay_of ? html` <span class="muted">(replay)</span>` : ''}</td>
<td>${d.attempt} of ${d.max_attempts + 1}</td>
<td>${d.status_code ?? dash}</td>
<td>${d.error ?? dash}</td>
${action === undefined ? '' : html`<td>${action}</td>`}
</tr>
`
}

export const DELIVERY_HEADINGS = html`<th scope="col">Event</th><th scope="col">Verification</th><th scope="col">Status</th><th scope="col">Attempt</th><th scope="col">Status code</th><th scope="col">Error</th>`

function deliveriesSection(view: DashboardView): Html {
  if (view.deliveries.length === 0) {
    return html`<h2>Recent webhook deliveries</h2><p class="empty">No webhook deliveries yet for this key.</p>`
  }
  return html`<h2>Recent webhook deliveries <span class="muted">(this key, most recent first)</span></h2>
<div class="scroll" tabindex="0" role="region" aria-label="deliveries table"><table id="deliveries">
<thead><tr><th scope="col">Created</th>${DELIVERY_HEADINGS}</tr></thead>
<tbody>
${view.deliveries.map((d) => deliveryRow(d))}</tbody>
</table></div>`
}

export function dashboardPage(view: DashboardView, viewer: Viewer): string {
  return page(
    'Verifications',
    html`<main>
<p id="caller" class="muted">Signed in as client <strong>${view.principal.clientName}</strong> with role <strong>${view.principal.role}</strong> <span class="mono">(${view.principal.id})</span></p>
${verificationsSection(view)}
${webhookSection(view)}
${deliveriesSection(view)}
</main>`,
    viewer,
  )
}
