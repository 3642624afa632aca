/**
 * Leases in the database (decision 041): a named piece of background work (the mail worker, the
 * morning alert digest) runs on at most one instance at a time, whatever the number of machines
 * on the database and across restarts.
 *
 * Acquire is one conditional UPSERT: it takes the row only if it is free, expired, or already
 * ours. While the work runs the lease is renewed every third of its time to live; at the end it
 * is released (deleted if still ours). A holder that dies simply lets it expire.
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, or, lte, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { rowsAffected } from '#db/client.ts'
import { leases } from '#db/schema/index.ts'
import { logger } from '../log.server.ts'

/** This process's name as a lease holder. */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`

export interface Lease {
  readonly name: string
  readonly holder: string
  /** True once a renewal found the lease taken by someone else (the work should wind down). */
  lost(): boolean
}

export type LeaseOutcome<T> = { acquired: true; result: T } | { acquired: false }

/** Takes the lease `name` for `ttlMs` if it is free, expired or ours; true when taken. */
export async function acquireLease(db: Database, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const taken = await db.transaction((tx) =>
    tx
      .insert(leases)
      .values({ name, holder, expiresAt: now + ttlMs })
      .onConflictDoUpdate({
        target: leases.name,
        set: { holder, expiresAt: now + ttlMs },
        setWhere: or(lte(leases.expiresAt, now), eq(leases.holder, holder)),
      })
      .returning({ holder: leases.holder }),
  )
  return taken.length === 1
}

/** Extends a lease we still hold; false if it was taken over (it had expired). */
export async function renewLease(db: Database, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const result = await db.transaction((tx) =>
    tx
      .update(leases)
      .set({ expiresAt: sql`${Date.now() + ttlMs}` })
      .where(and(eq(leases.name, name), eq(leases.holder, holder))),
  )
  return rowsAffected(result) === 1
}

/** Gives the lease back if we still hold it. */
export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.transaction((tx) => tx.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder))))
}

/**
 * Runs `fn` while holding the lease `name` (time to live `ttlMs`, renewed every third of it).
 * When another holder has it, `fn` does not run: `{ acquired: false }`. The lease is released
 * when `fn` settles, even when it throws (the error is passed on).
 */
export async function withLease<T>(
  db: Database,
  name: string,
  ttlMs: number,
  fn: (lease: Lease) => Promise<T>,
  opts: { holder?: string } = {},
): Promise<LeaseOutcome<T>> {
  const holder = opts.holder ?? PROCESS_HOLDER
  if (!(await acquireLease(db, name, holder, ttlMs))) return { acquired: false }
  let lost = false
  let renewing: Promise<void> = Promise.resolve()
  const timer = setInterval(
    () => {
      renewing = renewLease(db, name, holder, ttlMs)
        .then((held) => {
          if (!held && !lost) {
            lost = true
            logger().warn({ lease: name }, 'lease lost to another holder')
          }
        })
        .catch((error: unknown) => logger().warn({ err: error, lease: name }, 'lease renewal failed'))
    },
    Math.max(10, Math.floor(ttlMs / 3)),
  )
  timer.unref()
  try {
    return { acquired: true, result: await fn({ name, holder, lost: () => lost }) }
  } finally {
    clearInterval(timer)
    await renewing
    await releaseLease(db, name, holder).catch((error: unknown) => logger().warn({ err: error, lease: name }, 'lease release failed'))
  }
}
