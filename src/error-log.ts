// What the log keeps of an error: its kind, code, message and where it was thrown, never the values it
// carried. A failed query's message lists its parameters (an operator's search, a name), and a
// database quotes the value it refused in its message: personal data is never logged.

/** Quoted values in a message ("…" or '…'), as databases and parsers quote what they refused. */
const QUOTED = /"[^"]*"|'[^']*'/g

export interface LoggedError {
  [key: string]: unknown
  type: string
  message: string
  code?: string | number
  stack: string
  cause?: LoggedError
}

/** The pino serializer of `err`: an error as the log may keep it (a failed query's SQL text, never its parameters). */
export const errorForLog = (err: unknown): LoggedError => loggable(err, 0)

function loggable(err: unknown, depth: number): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' }
  const e = err as Error & { code?: unknown; query?: unknown; cause?: unknown }
  // SQL is sent with its values apart: its text holds none of them.
  const message = typeof e.query === 'string' ? `failed query: ${e.query}` : e.message.replace(QUOTED, '"…"')
  return {
    type: e.constructor?.name ?? 'Error',
    message,
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    // The frames only: the stack's first line repeats the message as it was.
    stack: (e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).join('\n'),
    ...(e.cause !== undefined && depth < 3 ? { cause: loggable(e.cause, depth + 1) } : {}),
  }
}
