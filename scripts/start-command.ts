// The node arguments of `npm start` (package.json's start script, "node <args>"), so that the tests
// and the benchmarks run the server exactly as `npm start` does, as a direct child whose pid is node's.
import { readFileSync } from 'node:fs'

export function startArgs(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/)
  if (command !== 'node') throw new Error(`the start script must run node directly, not "${command}"`)
  return args
}
