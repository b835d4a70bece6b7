// The part of on-exit-leak-free (pino's own exit hooks; it ships no types) that log-stream.ts uses.
declare module 'on-exit-leak-free' {
  /** Calls `fn(obj, event)` at process exit, unless `obj` was garbage-collected first; in registration order. */
  export function register<T extends object>(obj: T, fn: (obj: T, event: 'exit') => void): void
  export function unregister(obj: object): void
}
