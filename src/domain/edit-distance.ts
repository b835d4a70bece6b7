// How many letters two values differ by (OCR's noise against a value), bounded for speed.

/** Levenshtein distance, bounded: past `max` the answer is max + 1. */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    if (Math.min(...row) > max) return max + 1
    prev = row
  }
  return prev[b.length]!
}
