/**
 * Demo data: a small US bus sector. Five companies (one of them Owner + Operator + RepairShop
 * at once), 40 buses, managers, drivers and mechanics, join and vehicle requests in every
 * status, a year of pre-inspections, inspections, repair actions and documents.
 *
 * Deterministic: a seeded PRNG and dates relative to `opts.now`; the parts run in a fixed
 * order on one PRNG. Reference data (roles, license types) comes from the migrations, not
 * from here. Idempotent: when the demo accounts already exist nothing is written.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { hashPassword } from '../auth/password.server.ts'
import { seedCosts } from './costs.ts'
import { seedDocuments } from './documents.ts'
import { seedDriverRecords } from './drivers.ts'
import { seedDrivesAndRepairs } from './drives.ts'
import { seedFleet } from './fleet.ts'
import { seedContext } from './helpers.ts'
import { seedInspections } from './inspections.ts'
import { seedEmergencyExitChecks } from './emergency-exits.ts'
import { seedServicePrograms } from './maintenance.ts'
import { DEMO_LOGINS, DEMO_PASSWORD } from './logins.ts'
import { seedPeople } from './people.ts'
import { seedVehicleRequests } from './requests.ts'

export interface SeedResult {
  logins: { email: string; password: string; description: string }[]
}

export async function seedDemoData(db: Database, opts?: { now?: Date }): Promise<SeedResult> {
  const logins = DEMO_LOGINS.map(({ email, password, description }) => ({ email, password, description }))
  const first = DEMO_LOGINS[0]!
  const existing = await db.read.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, first.email)).limit(1)
  if (existing.length > 0) return { logins }

  const now = opts?.now ?? new Date()
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    const s = seedContext(tx, now)
    const people = await seedPeople(s, passwordHash)
    const vehicles = await seedFleet(s, people)
    await seedDocuments(s, people, vehicles)
    const live = await seedVehicleRequests(s, people, vehicles)
    await seedDrivesAndRepairs(s, people, vehicles, live)
    await seedInspections(s, people, vehicles, live)
    await seedEmergencyExitChecks(s, people, vehicles)
    // Issue 35: service programs, so the due list has buses overdue, due soon and OK.
    await seedServicePrograms(s, people, vehicles)
    // Issue 36: fuel and energy, repair and service costs, the months' miles (cost per mile).
    await seedCosts(s, people, vehicles)
    // Issue 37: the operators' driver files, drug and alcohol tests, two weeks of hours of service.
    await seedDriverRecords(s, people)
    // Make sure SQLite's planner knows the new data's shape (a libSQL server refuses ANALYZE).
    if (!db.serverPrimary) await tx.run(sql`ANALYZE`)
  })
  return { logins }
}
