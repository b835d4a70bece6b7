// The README's examples, read as a reader sees them: the first code block of a language after a text.
import { readFileSync } from 'node:fs'

export const root = new URL('../..', import.meta.url).pathname

export function readmeBlock(after: string, language: 'sh' | 'js'): string {
  const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8')
  const from = readme.indexOf(after)
  const block = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(readme.slice(Math.max(0, from)))
  if (from < 0 || !block) throw new Error(`README.md has no ${language} block after "${after}"`)
  return block[1]!
}
