// One verification in the console: its summary and decision, every check's result, the holder data,
// the uploads (an image is loaded only once the operator has clicked to see it), the review form for
// those who may decide, a timeline of everything that happened to it, and the form that erases its
// personal data.
import { can } from '../../domain/permissions.js'
import type { ConsoleVerification } from '../../services/console-service.js'
import { html, type Html } from './html.js'
import { csrfField, dash, page, time, type Viewer } from './layout.js'

type Checks = ConsoleVerification['verification']['checks_results']

const label = (key: string) => key.replace(/_/g, ' ')

/** Nested values as definition lists (the MRZ, a check's details); arrays as comma-separated text. */
function values(value: unknown, depth = 0): Html {
  if (value === null || value === undefined || value === '') return dash
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return value.length ? html`${value.join(', ')}` : dash
    return html`<ol>${value.map((v) => html`<li>${values(v, depth + 1)}</li>`)}</ol>`
  }
  if (typeof value === 'object' && depth < 4) {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0) return dash
    return html`<dl>${entries.map(([k, v]) => html`<dt>${label(k)}</dt><dd>${values(v, depth + 1)}</dd>`)}</dl>`
  }
  if (typeof value === 'object') return html`<code>${JSON.stringify(value)}</code>`
  return html`${String(value)}`
}

function summary(view: ConsoleVerification): Html {
  const v = view.verification
  return html`<dl id="summary">
<dt>Client</dt><dd>${view.clientName}</dd>
<dt>Reference</dt><dd>${v.client_reference ?? dash}</dd>
<dt>Status</dt><dd class="${v.status}">${v.status}</dd>
<dt>Decision</dt><dd id="decision" class="decision ${v.decision ?? ''}">${v.decision ?? dash}${
    v.decision_reasons?.length ? html` <span class="muted">(${v.decision_reasons.join(', ')})</span>` : ''
  }</dd>
<dt>Decided by</dt><dd class="mono">${v.decided_by ?? dash}${v.decided_at ? html`, ${time(v.decided_at)}` : ''}</dd>
${v.decision_note ? html`<dt>Reviewer's note</dt><dd>${v.decision_note}</dd>` : ''}
<dt>Checks requested</dt><dd>${v.checks.join(', ')}</dd>
<dt>Created</dt><dd>${time(v.created_at)}</dd>
<dt>Completed</dt><dd>${time(v.completed_at)}</dd>
<dt>Expires</dt><dd>${time(v.expires_at)}</dd>
<dt>Captured</dt><dd>${view.capturedThroughLinkAt ? html`through the capture link, first opened ${time(view.capturedThroughLinkAt)}` : 'through the API'}</dd>
${v.redacted_at ? html`<dt>Redacted</dt><dd>${time(v.redacted_at)}: its personal data and images were erased</dd>` : ''}
${v.last_error ? html`<dt>Last refused capture</dt><dd>${v.last_error.code}: ${v.last_error.message} (${time(v.last_error.occurred_at)})</dd>` : ''}
</dl>`
}

function checksSection(view: ConsoleVerification): Html {
  const results = view.verification.checks_results as Record<string, Record<string, unknown> | undefined>
  return html`<h2>Checks</h2>
<div class="scroll" tabindex="0" role="region" aria-label="checks table"><table id="checks">
<thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Reasons</th><th scope="col">Score / threshold</th><th scope="col">Model</th><th scope="col">Details</th><th scope="col">Finished</th></tr></thead>
<tbody>
${view.verification.checks.map((name) => {
  const r = results[name]
  if (!r) return html`<tr><th scope="row">${name}</th><td class="pending">pending</td><td colspan="5" class="muted">not run yet</td></tr>\n`
  const { passed, reasons, score, threshold, model, completed_at, details, ...rest } = r
  const measures = { ...(details as Record<string, unknown> | undefined), ...rest }
  return html`<tr>
<th scope="row">${name}</th>
<td class="${passed ? 'passed' : 'failed'}">${passed ? 'passed' : 'failed'}</td>
<td>${values(reasons)}</td>
<td>${score === undefined && threshold === undefined ? dash : html`${values(score)} / ${values(threshold)}`}</td>
<td>${values(model)}</td>
<td>${values(measures)}</td>
<td>${time(typeof completed_at === 'string' ? completed_at : null)}</td>
</tr>
`
})}</tbody>
</table></div>`
}

function holderSection(view: ConsoleVerification): Html {
  const document = (view.verification.checks_results as Checks & { document?: { details?: { mrz?: unknown } } }).document
  return html`<h2>Holder data</h2>
<div class="columns">
<section aria-labelledby="declared"><h3 id="declared">Declared applicant</h3>${values(view.applicant)}</section>
<section aria-labelledby="mrz"><h3 id="mrz">Read from the document's MRZ</h3>${values(document?.details?.mrz ?? null)}</section>
</div>`
}

function uploadName(u: ConsoleVerification['uploads'][number], side: string): string {
  if (u.kind === 'selfie') return 'Selfie'
  if (u.kind === 'frame') return `Challenge frame (${label(u.documentType)})`
  return `Document (${u.documentType}), ${side}`
}

function imagesSection(view: ConsoleVerification, show: string | undefined): Html {
  const id = view.verification.id
  if (view.uploads.length === 0) return html`<h2 id="images">Images</h2><p class="empty">Nothing was uploaded.</p>`
  return html`<h2 id="images">Images</h2>
<p class="muted">An image is loaded only when you ask for it, and each view is recorded in the audit log. Active-liveness frames are kept for a challenge whose frames could be judged.</p>
<ul class="uploads">
${view.uploads.map((u) =>
  u.sides.map((side) => {
    const key = `${u.id}.${side}`
    const name = uploadName(u, side)
    return html`<li>
<p><strong>${name}</strong> <span class="mono muted">${u.id}</span>, uploaded ${time(u.createdAt)}</p>
${
  u.purged
    ? html`<p class="muted">${view.verification.redacted_at ? 'Erased when the verification was redacted' : 'Deleted after MEDIA_RETENTION'}; its results stay.</p>`
    : show === key
      ? html`<img src="/admin/console/verifications/${id}/images/${u.id}/${side}" alt="${name} of verification ${id}">`
      : html`<a class="button" href="/admin/console/verifications/${id}?show=${key}#images">Show ${name.toLowerCase()}</a>`
}
</li>
`
  }),
)}</ul>`
}

function reviewForm(view: ConsoleVerification, viewer: Viewer): Html {
  if (!can(viewer.principal.role, 'verifications:review')) return html``
  const v = view.verification
  if (v.status === 'pending') return html`<h2>Review</h2><p class="empty">A pending verification cannot be reviewed yet.</p>`
  return html`<h2>Review</h2>
<form class="review" method="post" action="/admin/console/verifications/${v.id}/review">
<fieldset><legend>Decision</legend>
<label><input type="radio" name="decision" value="approved" required> Approve</label>
<label><input type="radio" name="decision" value="declined"> Decline</label>
</fieldset>
<label for="reason">Reason (a snake_case code, such as <code>document_checked_by_hand</code>)</label>
<input id="reason" name="reason" required maxlength="100" pattern="[a-z][a-z0-9_]*">
<label for="note">Note (kept with the decision, not sent in the webhook)</label>
<textarea id="note" name="note" maxlength="2000" rows="3"></textarea>
${csrfField(viewer)}
<button type="submit">Record decision</button>
</form>`
}

/** Erasing the personal data, for an operator asked to (a person's request, the end of a contract). */
function redactionForm(view: ConsoleVerification, viewer: Viewer): Html {
  const v = view.verification
  if (!can(viewer.principal.role, 'verifications:redact') || v.redacted_at) return html``
  return html`<h2>Erase personal data</h2>
<form class="redact" method="post" action="/admin/console/verifications/${v.id}/redact">
<p>Erases the images, the faces found in them, the declared and read holder data, the metadata and the reviewer's note, for good. The outcome, the checks' results and the timeline stay.${
    v.status === 'pending' ? ' This verification is still pending: it ends as failed, since no check can finish without its captures.' : ''
  }</p>
<label><input type="checkbox" name="confirm" value="erase" required> I understand that this cannot be undone</label>
${csrfField(viewer)}
<button type="submit">Erase personal data</button>
</form>`
}

interface Moment {
  at: string
  what: Html
}

function timeline(view: ConsoleVerification): Html {
  const v = view.verification
  const moments: Moment[] = [{ at: v.created_at, what: html`Created` }]
  for (const u of view.uploads) moments.push({ at: u.createdAt.toISOString(), what: html`${uploadName(u, 'front')} uploaded <span class="mono">${u.id}</span>` })
  if (view.capturedThroughLinkAt) moments.push({ at: view.capturedThroughLinkAt.toISOString(), what: html`Capture link opened` })
  for (const [name, r] of Object.entries(v.checks_results as Record<string, { passed: boolean; completed_at?: string }>)) {
    if (r.completed_at) moments.push({ at: r.completed_at, what: html`Check ${name} ${r.passed ? 'passed' : 'failed'}` })
  }
  if (v.completed_at) moments.push({ at: v.completed_at, what: html`Completed` })
  if (v.decided_by === 'auto' && v.decided_at) moments.push({ at: v.decided_at, what: html`Decided automatically: ${v.decision}` })
  for (const d of view.deliveries) {
    moments.push({ at: d.created_at, what: html`Webhook <code>${d.event_type}</code>${d.replay_of ? ' (replay)' : ''}: ${d.status}${d.status_code ? ` (${d.status_code})` : ''}, attempt ${d.attempt}` })
  }
  for (const e of view.audit) {
    const detail = e.action === 'verification.reviewed' ? html`: ${String(e.details.decision)}, ${String(e.details.reason)}` : e.action === 'verification.image_viewed' ? html`: ${String(e.details.upload_id)} ${String(e.details.side ?? '')}` : ''
    moments.push({ at: e.occurred_at, what: html`<code>${e.action}</code> by ${e.actor_role} <span class="mono">${e.actor_key_id}</span>${detail}` })
  }
  moments.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  return html`<h2>Timeline <span class="muted">(most recent first)</span></h2>
<ol id="timeline" class="timeline">${moments.map((m) => html`<li>${time(m.at)} ${m.what}</li>`)}</ol>`
}

export function verificationPage(view: ConsoleVerification, viewer: Viewer, show: string | undefined): string {
  return page(
    `Verification ${view.verification.id}`,
    html`<main>
<h1>Verification <span class="mono">${view.verification.id}</span></h1>
${summary(view)}
${reviewForm(view, viewer)}
${checksSection(view)}
${holderSection(view)}
${imagesSection(view, show)}
${timeline(view)}
${redactionForm(view, viewer)}
</main>`,
    viewer,
  )
}
