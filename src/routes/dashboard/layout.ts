// What every console page shares: the page shell with its navigation, times, pagination and the
// hidden field that carries a form's CSRF token.
import type { Principal } from '../../services/api-keys-service.js'
import { can } from '../../domain/permissions.js'
import { html, htmlPage, type Html } from './html.js'

export const STYLESHEET_URL = '/admin/dashboard.css'

/** Who is looking at a page: what the navigation and the forms offer depends on it. */
export interface Viewer {
  principal: Principal
  /** Signed in with the session cookie (a Bearer client has no session to sign out of, and no form to post). */
  bySession: boolean
  /** The token the page's forms send back (src/routes/dashboard/forms.ts); empty without a session. */
  csrf: string
}

export function page(title: string, body: Html, viewer?: Viewer): string {
  return htmlPage({
    lang: 'en',
    title: `${title} · Identity verification`,
    stylesheet: STYLESHEET_URL,
    // No favicon: an empty one, so that the browser does not ask for one.
    head: html`<link rel="icon" href="data:,">\n`,
    body: html`${viewer ? navigation(viewer) : ''}${body}`,
  })
}

export const signOutForm = html`<form method="post" action="/admin/sign-out"><button type="submit">Sign out</button></form>`

function navigation(viewer: Viewer): Html {
  const role = viewer.principal.role
  const links: Array<[string, string]> = [
    ['/admin', 'Verifications'],
    ['/admin?decision=review', 'Review queue'],
    ...(can(role, 'keys:list') ? ([['/admin/console/keys', 'API keys']] as Array<[string, string]>) : []),
    ['/admin/console/webhooks', 'Webhooks'],
    ...(can(role, 'audit:read') ? ([['/admin/console/audit', 'Audit log']] as Array<[string, string]>) : []),
  ]
  return html`<header class="site">
<nav aria-label="Console"><ul>${links.map(([href, label]) => html`<li><a href="${href}">${label}</a></li>`)}</ul></nav>
<p class="who">${viewer.principal.clientName} · <strong>${role}</strong></p>
${viewer.bySession ? signOutForm : ''}
</header>
`
}

export function time(date: Date | string | null): Html {
  if (!date) return html`<span class="muted">—</span>`
  const iso = typeof date === 'string' ? date : date.toISOString()
  return html`<time datetime="${iso}">${iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time>`
}

export const dash = html`<span class="muted">—</span>`

export function csrfField(viewer: Viewer): Html {
  return viewer.csrf ? html`<input type="hidden" name="csrf" value="${viewer.csrf}">` : html``
}

/** Links to the previous and next pages, keeping the page's other query parameters. */
export function pager(path: string, query: Record<string, unknown>, pageNumber: number, pages: number): Html {
  if (pages <= 1) return html``
  const link = (n: number) => {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) if (k !== 'page' && v !== undefined && v !== '') params.set(k, String(v))
    if (n > 1) params.set('page', String(n))
    const qs = params.toString()
    return `${path}${qs ? `?${qs}` : ''}`
  }
  return html`<nav class="pager" aria-label="Pages">
${pageNumber > 1 ? html`<a href="${link(pageNumber - 1)}" rel="prev">Previous</a>` : ''}
<span>Page ${pageNumber} of ${pages}</span>
${pageNumber < pages ? html`<a href="${link(pageNumber + 1)}" rel="next">Next</a>` : ''}
</nav>`
}

/** A select whose options are the values given, the current one selected, and "any" first. */
export function select(name: string, label: string, values: readonly string[], current: string | undefined, any = 'any'): Html {
  return html`<label>${label}
<select name="${name}">
<option value="">${any}</option>
${values.map((v) => html`<option value="${v}"${v === current ? html` selected` : ''}>${v}</option>`)}
</select></label>`
}
