// Debian's chromium, headless, driven by playwright-core: the browser every page's tests use.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'
import type { Test } from 'tap'

export const CHROMIUM = '/usr/bin/chromium'

// CI must run the browser tests (`.ci/run` installs chromium, and a missing browser fails there); a
// newcomer's machine without it skips them, saying how to get it, so that `npm test` still works.
export const missingBrowser = existsSync(CHROMIUM) ? false : `${CHROMIUM} is missing: install it with \`apt-get install -y chromium\``
if (missingBrowser && process.env.CI) throw new Error(missingBrowser)

export async function launch(t: { teardown(fn: () => unknown): void }): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
  t.teardown(() => browser.close())
  return browser
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Console errors (CSP violations among them), uncaught errors and dialogs: none is expected. */
export function watch(page: Page, expected: RegExp | null = null) {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && !(expected && expected.test(m.text()))) problems.push(`console: ${m.text()} (${m.location().url})`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`)
    void d.dismiss()
  })
  return problems
}

/** axe-core in the page (through the DevTools protocol, which the page's CSP does not govern). */
export async function axe(t: Test, page: Page, label: string) {
  await page.evaluate(AXE)
  const { violations } = (await page.evaluate('axe.run()')) as { violations: Array<{ id: string; impact: string; nodes: unknown[] }> }
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`)
  t.same(serious, [], `${label}: no serious or critical axe-core finding`)
}

