// The dashboard's pages: sign-in, not allowed, and the dashboard itself. Every value goes through
// html``, which escapes it; there is no script, no inline style and no inline event handler.
import type { WebhookDelivery } from '../../../generated/schemas.js'
import type { DashboardVerification, DashboardView } from '../../services/dashboard-service.js'
import { html, htmlPage, type Html } from './html.js'

export const STYLESHEET_URL = '/admin/dashboard.css'

function page(title: string, body: Html): string {
  return htmlPage({ lang: 'en', title: `${title} · Identity verification`, stylesheet: STYLESHEET_URL, body })
}

const signOutForm = html`<form method="post" action="/admin/sign-out"><button type="submit">Sign out</button></form>`

function time(date: Date | string | null): Html {
  if (!date) return html`<span class="muted">—</span>`
  const iso = typeof date === 'string' ? date : date.toISOString()
  return html`<time datetime="${iso}">${iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time>`
}

export function signInPage(notice: string | null): string {
  return page(
    'Sign in',
    html`<header><h1>Identity verification dashboard</h1></header>
<main>
${notice ? html`<p class="notice" role="alert">${notice}</p>` : ''}
<form class="sign-in" method="post" action="/admin/sign-in">
<label for="api_key">API key of an <code>admin</code> or <code>auditor</code> key</label>
<input id="api_key" type="password" name="api_key" autocomplete="off" required maxlength="200" autofocus>
<button type="submit">Sign in</button>
</form>
<p class="muted">The session lasts 8 hours, is valid for this dashboard only, and ends when the key is revoked.</p>
</main>`,
  )
}

export function forbiddenPage(message: string, signedIn: boolean): string {
  return page(
    'Not allowed',
    html`<header><h1>Not allowed</h1>${signedIn ? signOutForm : ''}</header>
<main>
<p class="notice" role="alert">${message}</p>
<p>The dashboard is open to <code>admin</code> and <code>auditor</code> keys. <a href="/admin">Sign in with another key</a>.</p>
</main>`,
  )
}

function checkCell(checks: DashboardVerification['checks']): Html {
  return html`${checks.map((c) => {
    const state = c.passed === null ? 'pending' : c.passed ? 'passed' : 'failed'
    return html`<span class="check ${state}">${c.name}: ${state}</span>`
  })}`
}

function verificationsSection(view: DashboardView): Html {
  const scope = view.allClients ? 'all clients' : `client ${view.principal.clientName}`
  if (view.verifications.length === 0) {
    return html`<h2>Recent verifications</h2><p class="empty">No verifications yet for ${scope}.</p>`
  }
  return html`<h2>Recent verifications <span class="muted">(${scope}, most recent first)</span></h2>
<table id="verifications">
<thead><tr><th>ID</th>${view.allClients ? html`<th>Client</th>` : ''}<th>Reference</th><th>Status</th><th>Checks</th><th>Captured</th><th>Created</th><th>Completed</th></tr></thead>
<tbody>
${view.verifications.map(
  (v) => html`<tr>
<td class="mono">${v.id}</td>${view.allClients ? html`<td>${v.clientName}</td>` : ''}
<td class="reference">${v.clientReference ?? html`<span class="muted">—</span>`}</td>
<td class="${v.status}">${v.status}</td>
<td>${checkCell(v.checks)}</td>
<td>${v.capturedThroughLinkAt ? html`link, ${time(v.capturedThroughLinkAt)}` : html`<span class="muted">API</span>`}</td>
<td>${time(v.createdAt)}</td>
<td>${time(v.completedAt)}</td>
</tr>
`,
)}</tbody>
</table>`
}

function webhookSection(view: DashboardView): Html {
  if (!view.webhook.url) {
    return html`<h2>Webhook</h2><p class="empty">No webhook is configured for this key. Set one with <code>PATCH /admin/webhook</code>.</p>`
  }
  return html`<h2>Webhook</h2>
<dl id="webhook"><dt>URL</dt><dd class="mono">${view.webhook.url}</dd><dt>Secret</dt><dd class="mono">${view.webhook.maskedSecret ?? '—'}</dd></dl>`
}

function deliveryRow(d: WebhookDelivery): Html {
  return html`<tr>
<td>${time(d.created_at)}</td>
<td>${d.event_type}</td>
<td class="mono">${d.verification_id}</td>
<td class="${d.status}">${d.status}${d.replay_of ? html` <span class="muted">(replay)</span>` : ''}</td>
<td>${d.attempt} of ${d.max_attempts + 1}</td>
<td>${d.status_code ?? html`<span class="muted">—</span>`}</td>
<td>${d.error ?? html`<span class="muted">—</span>`}</td>
</tr>
`
}

function deliveriesSection(view: DashboardView): Html {
  if (view.deliveries.length === 0) {
    return html`<h2>Recent webhook deliveries</h2><p class="empty">No webhook deliveries yet for this key.</p>`
  }
  return html`<h2>Recent webhook deliveries <span class="muted">(this key, most recent first)</span></h2>
<table id="deliveries">
<thead><tr><th>Created</th><th>Event</th><th>Verification</th><th>Status</th><th>Attempt</th><th>Status code</th><th>Error</th></tr></thead>
<tbody>
${view.deliveries.map(deliveryRow)}</tbody>
</table>`
}

export function dashboardPage(view: DashboardView, signedIn: boolean): string {
  return page(
    'Dashboard',
    html`<header><h1>Dashboard</h1>${signedIn ? signOutForm : ''}</header>
<main>
<p id="caller">Signed in as client <strong>${view.principal.clientName}</strong> with role <strong>${view.principal.role}</strong> <span class="muted mono">(${view.principal.id})</span></p>
${verificationsSection(view)}
${webhookSection(view)}
${deliveriesSection(view)}
</main>`,
  )
}
