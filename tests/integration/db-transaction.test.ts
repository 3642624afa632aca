import { setTimeout as sleep } from 'node:timers/promises'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsAffected, type Database } from '#db/client.ts'
import { companies, joinRequests, memberships } from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { conflict } from '#server/errors.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { createCompany, createUser } from '#tests/helpers/factory.ts'

/**
 * Accepting a join request the naive way: read, think (await), then write two
 * rows. Without a real transaction two concurrent accepts would both see
 * Pending and grant the role twice.
 */
async function acceptJoinRequest(db: Database, requestId: number) {
  return db.transaction(async (tx) => {
    const [req] = await tx.select().from(joinRequests).where(eq(joinRequests.id, requestId))
    if (!req || req.status !== 'Pending') throw conflict('Request is not pending')
    await sleep(20) // let the other accept run if it could
    await tx.insert(memberships).values({ userId: req.userId, companyId: req.companyId, roleId: req.roleId })
    await tx
      .update(joinRequests)
      .set({ status: 'Accepted', answeredAt: new Date() })
      .where(eq(joinRequests.id, requestId))
    return req.id
  })
}

describe.each(DRIVERS)('database transactions on %s', (driver) => {
  let db: Database
  beforeAll(() => {
    db = createTestDb(driver)
  })
  afterAll(() => db.close())

  it('applies the migrations and the reference data', async () => {
    const rows = await db.read.all<{ id: number; name: string }>(sql`SELECT id, name FROM roles ORDER BY id`)
    expect(rows.map((r) => r.name)).toEqual(['Owner', 'Operator', 'RepairShop', 'Driver', 'Mechanic'])
    const [lt] = await db.read.all<{ n: number }>(sql`SELECT count(*) AS n FROM license_types`)
    expect(Number(lt!.n)).toBe(10)
  })

  it('races two conflicting transactions: exactly one wins, no partial write', async () => {
    const user = await createUser(db)
    const company = await createCompany(db, `Race ${driver}`, ['Operator'])
    const [req] = await db.transaction((tx) =>
      tx
        .insert(joinRequests)
        .values({ userId: user.id, companyId: company.id, roleId: ROLE_IDS.Driver, status: 'Pending' })
        .returning(),
    )
    const results = await Promise.allSettled([acceptJoinRequest(db, req!.id), acceptJoinRequest(db, req!.id)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toMatchObject({ code: 'CONFLICT' })
    const [n] = await db.read
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id)))
    expect(n!.n).toBe(1)
  })

  it('rolls back every statement when the transaction fails half way', async () => {
    const user = await createUser(db)
    const company = await createCompany(db, `Rollback ${driver}`, ['Operator'])
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(memberships).values({ userId: user.id, companyId: company.id, roleId: ROLE_IDS.Driver })
        await tx.update(companies).set({ name: 'Renamed' }).where(eq(companies.id, company.id))
        // Violates the unique (user, company, role): the whole transaction must vanish.
        await tx.insert(memberships).values({ userId: user.id, companyId: company.id, roleId: ROLE_IDS.Driver })
      }),
    ).rejects.toThrow()
    const [n] = await db.read.select({ n: count() }).from(memberships).where(eq(memberships.userId, user.id))
    expect(n!.n).toBe(0)
    const [c] = await db.read.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id))
    expect(c!.name).toBe(`Rollback ${driver}`)
  })

  it('does not show uncommitted writes to readers', async () => {
    const company = await createCompany(db, `Isolation ${driver}`, ['Owner'])
    let seenInside = ''
    let seenOutside = ''
    await db.transaction(async (tx) => {
      await tx.update(companies).set({ name: 'Inside' }).where(eq(companies.id, company.id))
      seenInside = (await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id)))[0]!.name
      seenOutside = (await db.read.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id)))[0]!
        .name
    })
    expect(seenInside).toBe('Inside')
    expect(seenOutside).toBe(`Isolation ${driver}`)
  })

  it('reports affected rows the same way on both drivers', async () => {
    const company = await createCompany(db, `Rows ${driver}`, ['Owner'])
    const result = await db.transaction((tx) =>
      tx.update(companies).set({ timeZone: 'America/Chicago' }).where(eq(companies.id, company.id)),
    )
    expect(rowsAffected(result)).toBe(1)
  })

  it.runIf(driver === 'better-sqlite3')('refuses writes outside db.transaction()', async () => {
    await expect(db.read.update(companies).set({ name: 'x' })).rejects.toThrow(/readonly|query_only|read-only/i)
  })
})
