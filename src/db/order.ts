// ORDER BY a column, newest or highest first, in the order the indexes keep.
import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * `column DESC NULLS LAST`. drizzle writes an index's `.desc()` as DESC NULLS LAST, while a plain
 * ORDER BY … DESC means NULLS FIRST: PostgreSQL cannot read that order from such an index, even on a
 * NOT NULL column, and sorts every matching row instead of reading the first few from the index.
 * The columns ordered by are NOT NULL, so the rows come out the same.
 */
export function descending(column: PgColumn): SQL {
  return sql`${column} desc nulls last`
}
