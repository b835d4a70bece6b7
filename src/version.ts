// The service's name and version, as sent in webhook User-Agent headers.
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
export const VERSION = pkg.version
export const USER_AGENT = `identity-verification-service/${VERSION}`
