// Debian's chromium, headless, driven by playwright-core: the browser every page's tests use.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

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
