// The capture page's HTML: every step's markup, hidden until the script shows it, and the data the
// script needs (the verification's checks, the catalogue of the page's language) in a JSON block,
// which a Content-Security-Policy without inline script allows (it is not executed).
import type { CheckName } from '../../../generated/schemas.js'
import { html, Html, htmlPage } from '../dashboard/html.js'
import type { CaptureStrings } from './strings.js'

export interface CapturePageData {
  verificationId: string
  checks: CheckName[]
  allowUpload: boolean
  returnUrl: string | null
  strings: CaptureStrings
}

const DOCUMENT_TYPES = ['passport', 'id_card', 'residence_permit', 'visa'] as const

function layout(s: CaptureStrings, body: Html): string {
  // An empty icon: without it browsers ask for /favicon.ico, which the service does not have.
  return htmlPage({ lang: s.lang, title: s.title, stylesheet: '/capture/assets/capture.css', body, head: html`<link rel="icon" href="data:,">\n` })
}

/** A page for a link that does not work (unknown, replaced or expired): no script, nothing to do. */
export function expiredPage(s: CaptureStrings): string {
  return layout(s, html`<main id="capture"><h1>${s.expiredTitle}</h1><p>${s.expiredText}</p></main>`)
}

/** JSON inside a script element: `<` escaped, so that no value can close the element. */
function jsonBlock(value: unknown): Html {
  return new Html(JSON.stringify(value).replace(/</g, '\\u003c'))
}

export function capturePage(data: CapturePageData, qrSvg: string): string {
  const s = data.strings
  const needsDocument = data.checks.some((c) => c === 'document' || c === 'identity' || c === 'face_match')
  return layout(
    s,
    html`<main id="capture">
<h1>${s.title}</h1>
<p id="step-counter" class="muted" hidden></p>
<div id="status" role="status" aria-live="polite"></div>

<section id="intro" aria-labelledby="intro-title">
<h2 id="intro-title" class="visually-hidden">${s.title}</h2>
<p>${s.intro}</p>
${needsDocument
  ? html`<fieldset id="document-type">
<legend>${s.documentType}</legend>
${DOCUMENT_TYPES.map(
  (type, i) => html`<div class="choice"><input type="radio" name="document_type" id="type-${type}" value="${type}"${i === 0 ? html` checked` : ''}><label for="type-${type}">${s[type]}</label></div>`,
)}
</fieldset>`
  : ''}
<p class="muted">${s.cameraAsk}</p>
<button type="button" id="start" class="primary">${s.start}</button>
</section>

<section id="handoff" aria-labelledby="handoff-title" hidden>
<h2 id="handoff-title">${s.continueTitle}</h2>
<p>${s.continueText}</p>
<figure class="qr" role="img" aria-label="${s.qrLabel}">${new Html(qrSvg)}</figure>
<p id="handoff-status" aria-live="polite">${s.waiting}</p>
<button type="button" id="continue-here">${s.continueHere}</button>
</section>

<section id="camera" aria-labelledby="camera-title" hidden>
<h2 id="camera-title" tabindex="-1"></h2>
<p id="camera-hint"></p>
<div id="action-demo" class="action-demo" aria-hidden="true" hidden><div class="face"><div class="eyes"></div><div class="mouth"></div></div></div>
<div class="viewfinder"><video id="video" playsinline muted aria-hidden="true"></video><div id="frame" class="frame"></div></div>
<button type="button" id="shoot" class="primary">${s.takePhoto}</button>
${data.allowUpload ? html`<p class="upload"><label for="file">${s.uploadInstead}</label> <input type="file" id="file" accept="image/jpeg,image/png,image/webp"></p>` : ''}
</section>

<section id="retake" aria-labelledby="retake-title" hidden>
<h2 id="retake-title" tabindex="-1">${s.retakeTitle}</h2>
<ul id="reasons"></ul>
<button type="button" id="retake-button" class="primary">${s.retake}</button>
</section>

<section id="done" aria-labelledby="done-title" hidden>
<h2 id="done-title" tabindex="-1">${s.doneTitle}</h2>
<p id="done-text">${s.doneText}</p>
</section>
</main>
<script type="application/json" id="capture-data">${jsonBlock(data)}</script>
<script src="/capture/assets/capture.js"></script>`,
  )
}
