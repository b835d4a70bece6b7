// Where the service's log lines go: standard output, through pino's asynchronous destination, with
// lines gathered into fewer writes.
import { writeSync } from 'node:fs'
import * as onExit from 'on-exit-leak-free'
import pino from 'pino'

type Destination = ReturnType<typeof pino.destination>

/**
 * A pino stream for a file descriptor (the service's standard output), over pino's asynchronous
 * destination (sonic-boom). Lines are kept in a list and handed to the destination together, joined:
 * after the turn of the event loop that wrote them, or, while the destination has a write in flight,
 * once it has written everything. sonic-boom would take each line itself, and it measures the text it
 * holds again for every line it is given, which under load cost a few microseconds a line. Nothing
 * waits on the terminal or the pipe either way.
 *
 * At exit, the lines kept are written synchronously after what the destination holds. So the lines a
 * process writes in the turn that ends it (a last error, say) are never in flight when it exits.
 */
export class LogStream {
  readonly #fd: number
  readonly #dest: Destination
  #lines: string[] = []
  /** The destination has a write in flight: from handing it text to its 'drain'. */
  #writing = false
  #scheduled = false
  /** Standard output is a closed pipe: pino's destination drops every line from then on. */
  #closed = false
  readonly #afterTurn = () => {
    this.#scheduled = false
    this.#handOn()
  }
  readonly #written = () => {
    this.#writing = false
    this.#handOn()
  }

  #handOn() {
    const lines = this.#lines
    if (this.#writing || lines.length === 0 || this.#closed) return
    this.#lines = []
    this.#writing = true
    this.#dest.write(lines.length === 1 ? lines[0]! : lines.join(''))
  }

  constructor(fd: number) {
    // Registered before the destination registers its own exit hook, which ends it: this one runs
    // first, while the destination can still write.
    onExit.register(this, flushAtExit)
    this.#fd = fd
    this.#dest = pino.destination({ dest: fd, sync: false })
    this.#dest.on('drain', this.#written)
    // pino's own listener, added first, handles a closed pipe (it stops writing) and passes any other
    // error on; either way no write is in flight any more.
    this.#dest.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') this.#closed = true
      this.#written()
    })
  }

  write(line: string): boolean {
    if (this.#closed) return true
    this.#lines.push(line)
    if (!this.#writing && !this.#scheduled) {
      this.#scheduled = true
      setImmediate(this.#afterTurn)
    }
    return true
  }

  /** Writes everything synchronously: what the destination holds, then the lines kept here. */
  flushSync(): void {
    const lines = this.#lines
    this.#lines = []
    this.#dest.flushSync()
    if (lines.length && !this.#closed) writeAllSync(this.#fd, Buffer.from(lines.join('')))
  }

  /** pino's `logger.flush(cb)`: calls back once everything written so far is written. */
  flush(cb?: (err?: Error) => void): void {
    this.#handOn()
    if (this.#lines.length === 0 || this.#closed) return this.#dest.flush(cb)
    this.#dest.once('drain', () => this.flush(cb))
  }
}

/** How long a synchronous write waits for a full pipe to take a single byte before giving up. */
const STALLED_MS = 10_000
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Writes all of `buf`. Standard output can be a non-blocking pipe (Node makes it one once anything
 * touches `process.stdout`): a write then takes only what fits, or fails with EAGAIN while the pipe is
 * full, so this writes the rest and waits (10 ms at a time) for the reader, as long as it makes
 * progress.
 */
function writeAllSync(fd: number, buf: Buffer): void {
  let offset = 0
  let stalledSince = 0
  while (offset < buf.length) {
    try {
      offset += writeSync(fd, buf, offset)
      stalledSince = 0
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err
      const now = Date.now()
      stalledSince ||= now
      if (now - stalledSince > STALLED_MS) throw err
      Atomics.wait(pause, 0, 0, 10)
    }
  }
}

function flushAtExit(stream: LogStream) {
  try {
    stream.flushSync()
  } catch {
    // Standard output is closed or gone: there is nowhere left to write.
  }
}
