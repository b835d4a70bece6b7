// `npm start` as package.json's start script writes it ("[NAME=value …] node <args>"), so that the
// tests and the benchmarks run the server exactly as `npm start` does, as a direct child whose pid is
// node's, with the same environment settings.
import { readFileSync } from 'node:fs'

export function startCommand(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
  const words = pkg.scripts.start.trim().split(/\s+/)
  const env: Record<string, string> = {}
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=')
    env[name!] = value.join('=')
  }
  const [command, ...args] = words
  if (command !== 'node') throw new Error(`the start script must run node directly, not "${command}"`)
  return { env, args }
}
