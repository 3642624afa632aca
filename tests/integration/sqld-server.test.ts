/**
 * Decision 069: what a real libSQL server (sqld) changes for the database layer. Instances that
 * start together migrate once; an embedded replica reads its primary's data from its first
 * statement, and its reads wait while a transaction holds its one connection; a transaction sqld ends after holding its lock for 5 s fails as a database fault,
 * not as drizzle's "no transaction is active".
 */
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '#db/client.ts'
import { databaseFaultOf } from '#server/context/request-scope.server.ts'
import { startSqld, type Sqld } from '#tests/helpers/sqld.ts'
import { readFileSync } from 'node:fs'

const MIGRATIONS = (JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] }).entries.length

let servers: Sqld[] = []
let dbs: Database[] = []
afterEach(async () => {
  for (const db of dbs) await db.close().catch(() => undefined)
  for (const s of servers) await s.destroy()
  servers = []
  dbs = []
})
const open = (...args: Parameters<typeof openDatabase>) => {
  const db = openDatabase(...args)
  dbs.push(db)
  return db
}

describe('a real libSQL server (decision 069)', () => {
  it('three databases migrating one empty primary at once apply each migration once (the start-up claim)', async () => {
    const primary = await startSqld()
    servers.push(primary)
    const three = [
      open({ url: `file:${join(primary.dir, 'a.db')}`, syncUrl: primary.url }),
      open({ url: `file:${join(primary.dir, 'b.db')}`, syncUrl: primary.url }),
      open({ url: primary.url.replace(/^http:/, 'ws:') }),
    ]
    expect(three.every((db) => db.serverPrimary)).toBe(true)
    await Promise.all(three.map((db) => db.exclusive(() => db.migrate())))
    const client = createClient({ url: primary.url })
    const applied = await client.execute('SELECT count(*) AS n FROM __drizzle_migrations')
    expect(Number(applied.rows[0]!.n)).toBe(MIGRATIONS)
    // Released: nobody holds the claim any more.
    expect((await client.execute('SELECT count(*) AS n FROM __operon_startup_claim')).rows[0]!.n).toBe(0)
    client.close()
  })

  it('a new embedded replica reads its primary’s data from its first statement', async () => {
    const primary = await startSqld({ migrate: true })
    servers.push(primary)
    const client = createClient({ url: primary.url })
    await client.execute("INSERT INTO license_types (name) VALUES ('Seen at once')")
    client.close()
    const replica = open({ url: `file:${join(primary.dir, 'fresh.db')}`, syncUrl: primary.url })
    const rows = await replica.read.all<{ name: string }>(sql`SELECT name FROM license_types WHERE name = 'Seen at once'`)
    expect(rows).toEqual([{ name: 'Seen at once' }])
  })

  it('an embedded replica’s reads wait for its one connection while a transaction holds it (no TRANSACTION_ACTIVE)', async () => {
    const primary = await startSqld({ migrate: true })
    servers.push(primary)
    const replica = open({ url: `file:${join(primary.dir, 'busy.db')}`, syncUrl: primary.url })
    let inserted!: () => void
    const insertedYet = new Promise<void>((r) => (inserted = r))
    const writing = replica.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO license_types (name) VALUES ('During')`)
      inserted()
      await new Promise((r) => setTimeout(r, 200))
    })
    await insertedYet
    // Other requests read while the transaction is open (started now, outside its async context).
    const reads = [1, 2, 3].map(() => Promise.resolve(replica.read.all(sql`SELECT count(*) AS n FROM license_types WHERE name = 'During'`)))
    await writing
    expect(await Promise.all(reads)).toEqual([[{ n: 1 }], [{ n: 1 }], [{ n: 1 }]])
  })

  it('a transaction sqld ends after 5 s with another writer waiting fails as "unavailable", and left nothing', async () => {
    const primary = await startSqld({ migrate: true })
    servers.push(primary)
    const db = open({ url: primary.url.replace(/^http:/, 'ws:') })
    const other = createClient({ url: primary.url })
    const long = db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO license_types (name) VALUES ('Half')`)
      // Another writer arrives while this transaction holds the lock…
      const waiting = other.execute("INSERT INTO license_types (name) VALUES ('Other')")
      // …and this one keeps it past sqld's 5 s.
      for (const started = Date.now(); Date.now() - started < 7000; ) await tx.run(sql`SELECT 1`)
      await waiting
    })
    const failure = await long.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(failure).toBeDefined()
    expect(databaseFaultOf(failure)).toBe('unavailable')
    const names = await other.execute("SELECT name FROM license_types WHERE name IN ('Half', 'Other') ORDER BY name")
    expect(names.rows.map((r) => r.name)).toEqual(['Other'])
    other.close()
  }, 30_000)

  it('refuses ANALYZE, which the demo seed therefore skips on a server primary', async () => {
    const primary = await startSqld({ migrate: true })
    servers.push(primary)
    const db = open({ url: primary.url.replace(/^http:/, 'ws:') })
    await expect(db.transaction((tx) => tx.run(sql`ANALYZE`))).rejects.toThrow()
    expect(open({ url: 'file::memory:' }).serverPrimary).toBe(false)
  })
})
