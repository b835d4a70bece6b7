// The bench's child processes: started as `npm start` starts the service (or a script of the bench),
// stopped, and measured from /proc (memory, CPU time) and from V8's --trace-gc lines.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { startCommand } from '../scripts/start-command.js'
import { freePort } from '../test/helpers/free-port.js'

const root = new URL('..', import.meta.url).pathname

/**
 * Starts the service as `npm start` does (`script` null), or a script of the bench. With `trace`, node
 * runs with `--trace-gc` and its standard output (its log lines and V8's) goes to `trace.onLine`.
 */
export async function startChild(
  script: string | null,
  /** Added to the start script's environment; a name set to undefined is left out of it. */
  env: Record<string, string | undefined>,
  trace?: { onLine: (line: string) => void },
  /** Node options of the start script left out (to measure what one of them does). */
  without?: RegExp,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const start = script ? { env: {}, args: ['--import', 'tsx', script] } : startCommand()
  const args = without ? start.args.filter((a) => !without.test(a)) : start.args
  const child = spawn(process.execPath, trace ? ['--trace-gc', ...args] : args, {
    cwd: root,
    env: Object.fromEntries(
      Object.entries({ PATH: process.env.PATH ?? '', ...start.env, ...env, PORT: String(port), HOST: '127.0.0.1' }).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    ),
    stdio: ['ignore', trace ? 'pipe' : 'ignore', 'inherit'],
  })
  if (trace) {
    let partial = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n')
      partial = lines.pop()!
      for (const line of lines) trace.onLine(line)
    })
  }
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(`${url}/verifications/x`)
      return { url, child }
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  child.kill('SIGKILL')
  throw new Error(`bench: ${script ?? 'the service'} did not start`)
}

/**
 * V8's heap after each full collection (mark-compact), from `--trace-gc` lines, by isolate: the main
 * thread's and each worker's (the analysis workers) are told apart by the isolate's address.
 */
export class FullCollections {
  readonly #byIsolate = new Map<string, number[]>()

  onLine = (line: string) => {
    const m = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line)
    if (!m) return
    const list = this.#byIsolate.get(m[1]!) ?? []
    list.push(Number(m[2])) // MiB (V8 prints MB of 1024 × 1024 bytes)
    this.#byIsolate.set(m[1]!, list)
  }

  /** How many full collections each isolate has made so far. */
  mark(): Map<string, number> {
    return new Map([...this.#byIsolate].map(([isolate, list]) => [isolate, list.length]))
  }

  /** The main thread's results between two marks: its isolate collected most often (it answers every request). */
  mainBetween(from: Map<string, number>, to: Map<string, number>): number[] {
    const [isolate, list] = [...this.#byIsolate].reduce<[string, number[]]>((a, b) => (b[1].length > a[1].length ? b : a), ['', []])
    return list.slice(from.get(isolate) ?? 0, to.get(isolate) ?? 0)
  }
}

export async function stop(child: ChildProcess) {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

/** Resident memory of a process now and its peak (VmHWM), MiB. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024
  return { rss: mib('VmRSS'), peak: mib('VmHWM') }
}

/** CPU time a process has used so far (user and system, all its threads), in microseconds. */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS
}
/** Linux's clock ticks per second for /proc/<pid>/stat (sysconf(_SC_CLK_TCK), 100 on Linux's ABIs). */
const CLOCK_TICKS = 100
