/**
 * Small column helpers shared by the schema files. Not re-exported from index.ts (they are
 * not tables).
 */
import { sql, type SQL } from 'drizzle-orm'
import { integer, type AnySQLiteColumn, type UpdateDeleteAction } from 'drizzle-orm/sqlite-core'

/** An id column: INTEGER PRIMARY KEY AUTOINCREMENT. */
export const id = () => integer('id').primaryKey({ autoIncrement: true })

/** An instant (UTC), stored as Unix milliseconds. */
export const instant = (name: string) => integer(name, { mode: 'timestamp_ms' })

/** An instant that defaults to "now" when drizzle inserts the row. */
export const instantNow = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())

/** "Last changed" instant: now on insert and on every drizzle update that doesn't set it. */
export const updatedAtNow = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date())

/** A required reference to another table's id, with what deleting that row does to this one. */
export const ref = (name: string, target: () => AnySQLiteColumn, onDelete: UpdateDeleteAction) =>
  integer(name).notNull().references(target, { onDelete })

/** A boolean stored as 0/1. */
export const bool = (name: string) => integer(name, { mode: 'boolean' })

/** `column IN (...)` for a CHECK constraint, from a catalogue's values. */
export function inList(column: string, values: readonly (string | number)[]): SQL {
  const list = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', ')
  return sql.raw(`"${column}" IN (${list})`)
}

/** `bytes` random bytes as lower-case hex (Web Crypto: the same in Node and the browser bundle). */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
}
