// Where the service's log lines go: standard output, with the lines of a turn of the event loop
// gathered into one write.
import { writeSync } from 'node:fs'
import * as onExit from 'on-exit-leak-free'

/**
 * A pino stream for a file descriptor (the service's standard output). Lines are kept in a list and
 * written together, joined, after the turn of the event loop that wrote them: one write a turn, not
 * one a line. Writes are made here, on the main thread (as pino's default destination makes them),
 * so at any moment every line is either written or held here, in order; nothing is in flight
 * elsewhere. Hence, at exit, what is held is written after everything before it, and a flush calls
 * back once every line given before it has been written.
 *
 * Standard output can be a non-blocking pipe (Node makes it one once anything opens
 * `process.stdout`, as tsx does): a write then takes only what fits. The rest is kept, in order, and
 * tried again 10 ms later, so a slow reader never blocks the event loop; the lines of later turns
 * wait behind it. On a blocking file descriptor a write waits, as it would with pino's default.
 * A closed pipe (EPIPE) or any other error on standard output ends writing: there is nowhere to write.
 */
export class LogStream {
  readonly #fd: number
  /** Lines given and not yet written, in order. */
  #lines: string[] = []
  /** The unwritten end of a write the file descriptor took only part of: goes before #lines. */
  #rest: Buffer | undefined
  /** A write is due after this turn (setImmediate) or, after a full pipe, later (setTimeout). */
  #scheduled = false
  #closed = false
  /** Flush callbacks, called once everything given before them is written. */
  #waiting: Array<(err?: Error) => void> = []
  readonly #afterTurn = () => {
    this.#scheduled = false
    this.#writeOut()
  }

  constructor(fd: number) {
    onExit.register(this, flushAtExit)
    this.#fd = fd
  }

  write(line: string): boolean {
    if (this.#closed) return true
    this.#lines.push(line)
    this.#schedule(false)
    return true
  }

  #schedule(later: boolean) {
    if (this.#scheduled) return
    this.#scheduled = true
    // Not unref'd: like any stream's pending write, lines waiting for the pipe keep the process alive.
    if (later) setTimeout(this.#afterTurn, RETRY_MS)
    else setImmediate(this.#afterTurn)
  }

  /** Writes what it can without waiting; schedules the rest. */
  #writeOut() {
    try {
      if (this.#rest) {
        const n = writeSome(this.#fd, this.#rest)
        this.#rest = n < this.#rest.length ? this.#rest.subarray(n) : undefined
        if (this.#rest) return this.#schedule(true)
      }
      if (this.#lines.length) {
        const text = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('')
        this.#lines = []
        const n = writeSome(this.#fd, text)
        // Only a partial write needs the text's bytes (log lines are mostly ASCII: length is a quick no).
        if (n < text.length || n < Buffer.byteLength(text)) {
          const bytes = Buffer.from(text)
          if (n < bytes.length) {
            this.#rest = bytes.subarray(n)
            return this.#schedule(true)
          }
        }
      }
    } catch {
      this.#close()
    }
    this.#done()
  }

  #close() {
    this.#closed = true
    this.#lines = []
    this.#rest = undefined
  }

  /** Calls the flush callbacks once nothing is held. */
  #done() {
    if (this.#rest || this.#lines.length || this.#waiting.length === 0) return
    const waiting = this.#waiting
    this.#waiting = []
    for (const cb of waiting) cb()
  }

  /**
   * Writes everything held, synchronously, waiting for a full pipe's reader (see writeAllSync); then
   * calls the flush callbacks, and writes what they log too.
   */
  flushSync(): void {
    while (!this.#closed && (this.#rest || this.#lines.length)) {
      const held = Buffer.concat([this.#rest ?? Buffer.alloc(0), Buffer.from(this.#lines.join(''))])
      this.#rest = undefined
      this.#lines = []
      try {
        writeAllSync(this.#fd, held)
      } catch (err) {
        this.#close()
        throw err
      }
      this.#done()
    }
  }

  /** pino's `logger.flush(cb)`: calls back once every line given so far is written. */
  flush(cb?: (err?: Error) => void): void {
    this.#waiting.push(cb ?? (() => {}))
    if (!this.#scheduled) this.#writeOut()
    else this.#done()
  }
}

/** How long a full pipe is left before a write is tried again. */
const RETRY_MS = 10
/** How long a synchronous write waits for a full pipe to take a single byte before giving up. */
const STALLED_MS = 10_000
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Writes all of `buf`, waiting (10 ms at a time) while a non-blocking pipe is full, as long as its
 * reader makes progress.
 */
function writeAllSync(fd: number, buf: Buffer): void {
  let offset = 0
  let stalledSince = 0
  while (offset < buf.length) {
    const n = writeSome(fd, buf.subarray(offset))
    offset += n
    if (n > 0) {
      stalledSince = 0
      continue
    }
    const now = Date.now()
    stalledSince ||= now
    if (now - stalledSince > STALLED_MS) throw new Error('standard output stalled: its reader took nothing for 10 s')
    Atomics.wait(pause, 0, 0, RETRY_MS)
  }
}

/** Bytes written to `fd`; 0 while a non-blocking pipe is full (EAGAIN). */
function writeSome(fd: number, data: string | Buffer): number {
  try {
    // Two calls for writeSync's two overloads (text, bytes).
    return typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return 0
    throw err
  }
}

function flushAtExit(stream: LogStream) {
  try {
    stream.flushSync()
  } catch {
    // Standard output is closed or gone: there is nowhere left to write.
  }
}
