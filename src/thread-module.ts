// Where a worker thread's module is: beside the module that starts the thread, as a .ts file under tsx
// (development, tests) and as a .js file once compiled, whichever the starting module itself is.

/** The file URL of module `name` (no extension) beside `starter` (the caller's `import.meta.url`). */
export function threadModule(name: string, starter: string): string {
  return new URL(`./${name}${starter.endsWith('.ts') ? '.ts' : '.js'}`, starter).href
}
