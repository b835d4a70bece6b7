// The real server as a child process, started as `npm start` starts it (scripts/start-command.ts), with only the environment a
// test gives it (nothing inherited, so no DATABASE_URL or ADMIN_API_KEY leaks in), output captured,
// and killed in teardown if the test has not stopped it.
import { spawn, type ChildProcess } from 'node:child_process'
import { startCommand } from '../../scripts/start-command.js'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestContext } from './build.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  /** Milliseconds from the signal (or the start, for runToExit) to the exit. */
  ms: number
}

export interface ServerProcess {
  /** Base URL, from the "Server listening at" log line (PORT=0 picks a free port). */
  url: string
  /** The server's own process id (it runs as a direct child: scripts/start-command.ts). */
  pid: number
  stdout(): string
  stderr(): string
  /** Stops reading the process's standard output (the pipe fills, as behind a stuck log shipper). */
  pauseStdout(): void
  resumeStdout(): void
  /** Sends the signal and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<Exit>
}

function spawnServer(env: Record<string, string>): { child: ChildProcess; out: { stdout: string; stderr: string } } {
  const start = startCommand()
  const child = spawn(process.execPath, start.args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...start.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const out = { stdout: '', stderr: '' }
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out.stdout += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (out.stderr += s))
  return { child, out }
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode })
    else child.once('exit', (code, signal) => resolve({ code, signal }))
  })

/** Starts the server and resolves once it listens; rejects (with its output) if it exits or hangs first. */
export async function startServer(t: TestContext, env: Record<string, string>, startTimeoutMs = 30_000): Promise<ServerProcess> {
  const { child, out } = spawnServer(env)
  const gone = exited(child)
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await gone
    }
  })

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not listen within ${startTimeoutMs} ms\nstdout:\n${out.stdout}\nstderr:\n${out.stderr}`))
    }, startTimeoutMs)
    const onData = () => {
      const m = /"msg":"Server listening at (http:\/\/[^"]+)"/.exec(out.stdout)
      if (!m) return
      clearTimeout(timer)
      child.stdout!.off('data', onData)
      resolve(m[1]!)
    }
    child.stdout!.on('data', onData)
    void gone.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code ?? signal}) before listening\nstdout:\n${out.stdout}\nstderr:\n${out.stderr}`))
    })
  })

  return {
    url,
    pid: child.pid!,
    stdout: () => out.stdout,
    stderr: () => out.stderr,
    pauseStdout: () => child.stdout!.pause(),
    resumeStdout: () => child.stdout!.resume(),
    async stop(signal = 'SIGTERM') {
      const started = Date.now()
      child.kill(signal)
      const { code, signal: by } = await gone
      return { code, signal: by, ms: Date.now() - started }
    },
  }
}

/** Runs the server expecting it to exit by itself (a configuration error); killed after timeoutMs. */
export async function runToExit(env: Record<string, string>, timeoutMs = 20_000): Promise<Exit & { stdout: string; stderr: string }> {
  const started = Date.now()
  const { child, out } = spawnServer(env)
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const { code, signal } = await exited(child)
  clearTimeout(timer)
  return { code, signal, ms: Date.now() - started, ...out }
}

/** A JSON request to a running server. */
export async function request(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { key?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL(url, server.url), {
    method,
    headers: {
      ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}
