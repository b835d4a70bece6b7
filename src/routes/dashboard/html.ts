// HTML from a tagged template that escapes every interpolated value unless it is already Html, so a
// page cannot forget to escape a client's data.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

function render(value: unknown): string {
  if (value instanceof Html) return value.text
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new Html(out)
}

/** A whole HTML page: the head every page of the service has, its own title, stylesheet and body. */
export function htmlPage(opts: { lang: string; title: string; stylesheet: string; body: Html; head?: Html }): string {
  return html`<!doctype html>
<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${opts.title}</title>
${opts.head ?? ''}<link rel="stylesheet" href="${opts.stylesheet}">
</head>
<body>
${opts.body}
</body>
</html>
`.text
}
