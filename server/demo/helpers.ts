/** The demo seed's tools: a seeded PRNG, time-zone arithmetic (from catalog/zoned-time.ts) and batched inserts. */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Tx } from '#db/client.ts'

export const DAY = 86_400_000
export const HOUR = 3_600_000
export const MINUTE = 60_000

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

export class Random {
  readonly next: () => number
  constructor(seed: number) {
    this.next = mulberry32(seed)
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }
  /** k distinct items. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items]
    const out: T[] = []
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!)
    return out
  }
  code(length: number, alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'): string {
    let s = ''
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)]!
    return s
  }
  digits(length: number): string {
    let s = ''
    for (let i = 0; i < length; i++) s += String(Math.floor(this.next() * 10))
    return s
  }
}

export function get<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key)
  if (value === undefined) throw new Error(`seed: missing ${String(key)}`)
  return value
}

/** The instant of a wall-clock time on a calendar date in a time zone. */
export { instantOfLocalTime as zoned } from '#catalog/zoned-time.ts'

export async function insertMany<T extends SQLiteTable>(tx: Tx, table: T, rows: T['$inferInsert'][], size = 300): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    // The generic table type is too wide for drizzle's overloads; the rows are typed above.
    await tx.insert(table as SQLiteTable).values(rows.slice(i, i + size) as never)
  }
}

/** A deterministic RFC 4122 version-4 UUID from the PRNG. */
export function uuidFrom(rnd: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rnd.next() * 16).toString(16))
  hex[12] = '4'
  hex[16] = ((Math.floor(rnd.next() * 4) + 8) as number).toString(16)
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

/** What every part of the seed shares: the transaction, the PRNG and "now". */
export interface SeedContext {
  tx: Tx
  rnd: Random
  now: Date
  nowMs: number
  /** Midnight UTC of today, in ms. */
  todayMs: number
  /** Calendar date `offset` days from today (UTC), 'YYYY-MM-DD'. */
  day(offset: number): string
  weekday(offset: number): number
  /** An instant `days` days ago (fractional allowed), never in the future. */
  ago(days: number): Date
}

export function seedContext(tx: Tx, now: Date): SeedContext {
  const nowMs = now.getTime()
  const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return {
    tx,
    rnd: new Random(20260101),
    now,
    nowMs,
    todayMs,
    day: (offset) => new Date(todayMs + offset * DAY).toISOString().slice(0, 10),
    weekday: (offset) => new Date(todayMs + offset * DAY).getUTCDay(),
    ago: (days) => new Date(Math.min(nowMs, nowMs - days * DAY)),
  }
}
