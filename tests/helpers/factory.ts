import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { apiSessions, companies, companyTypes, memberships, users, vehicles } from '#db/schema/index.ts'
import { issueAccessToken } from '#server/auth/access-token.server.ts'
import { loadActiveMemberships, loadUserActor } from '#server/auth/actor.server.ts'
import { createWebSession } from '#server/auth/web-session.server.ts'
import type { UserActor } from '#server/context/actor.ts'
import { ROLE_IDS, type CompanyType, type RoleName } from '#catalog/roles.ts'

let seq = 0
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomUUID().slice(0, 4)}`.toUpperCase()

export async function createUser(
  db: Database,
  over: Partial<{ email: string; firstName: string; lastName: string; passwordHash: string | null }> = {},
) {
  const u = uniq()
  const [user] = await db.transaction((tx) =>
    tx
      .insert(users)
      .values({
        email: (over.email ?? `user-${u}@test.operon.app`).toLowerCase(),
        firstName: over.firstName ?? 'Test',
        lastName: over.lastName ?? `User ${u}`,
        passwordHash: over.passwordHash ?? null,
        personalIdentifier: `USR-${u}`,
      })
      .returning(),
  )
  return user!
}

export async function createCompany(db: Database, name: string, types: CompanyType[]) {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name, code: `CO-${uniq()}` })
      .returning()
    await tx.insert(companyTypes).values(types.map((type) => ({ companyId: company!.id, type })))
    return company!
  })
}

export async function grantRole(db: Database, userId: number, companyId: number, role: RoleName, isActive = true) {
  await db.transaction((tx) =>
    tx.insert(memberships).values({ userId, companyId, roleId: ROLE_IDS[role], isActive }),
  )
}

/** A bearer token for the REST and tRPC doors, as the login flow would issue it. */
export async function apiTokenFor(db: Database, userId: number): Promise<string> {
  const sessionId = randomUUID()
  await db.transaction((tx) =>
    tx.insert(apiSessions).values({ id: sessionId, userId, expiresAt: new Date(Date.now() + 30 * 86400_000) }),
  )
  return issueAccessToken({ userId, sessionId, memberships: await loadActiveMemberships(db, userId) })
}

/** A browser session cookie value, as the login flow would set it. */
export async function webSessionFor(db: Database, userId: number): Promise<string> {
  return (await createWebSession(db, userId)).token
}

export async function actorFor(db: Database, userId: number): Promise<UserActor> {
  const actor = await loadUserActor(db, userId, 'test-session', 'web')
  if (!actor || actor.kind !== 'user') throw new Error('no such user')
  return actor
}

let vehicleSeq = 0
/** A vehicle row straight in the table (no use case): for tests of what reads vehicles. */
export async function insertVehicle(db: Database, ownerCompanyId: number, over: Partial<typeof vehicles.$inferInsert> = {}) {
  const n = vehicleSeq++
  const [v] = await db.transaction((tx) =>
    tx
      .insert(vehicles)
      .values({
        ownerCompanyId,
        make: 'Blue Bird',
        model: 'Vision',
        vin: `1BAKGCPA0NF${String(100000 + (n % 900000)).padStart(6, '0')}`,
        licensePlate: `TV-${n}`,
        vehicleIdentifier: `TV-${uniq()}`,
        ...over,
      })
      .returning(),
  )
  return v!
}

/**
 * A vehicle row written with only the columns the first migrations had: for tests that migrate
 * part of the way, write rows as an older version did, then run the rest (later migrations add
 * columns the drizzle schema would name).
 */
/**
 * A company written with the columns every migration has had (name, code, created_at), for tests
 * that migrate a database part of the way: the current schema's insert names columns later
 * migrations add (currency, …).
 */
export async function companyOfOldSchema(db: Database, name: string, types: CompanyType[]): Promise<{ id: number; name: string; code: string }> {
  const code = `CO-${uniq()}`
  return db.transaction(async (tx) => {
    const rows = await tx.all<{ id: number }>(sql`INSERT INTO companies (name, code, created_at) VALUES (${name}, ${code}, ${Date.now()}) RETURNING id`)
    const id = rows[0]!.id
    await tx.insert(companyTypes).values(types.map((type) => ({ companyId: id, type })))
    return { id, name, code }
  })
}

export async function vehicleOfOldSchema(db: Database, ownerCompanyId: number): Promise<{ id: number; vehicleIdentifier: string; vin: string; licensePlate: string; make: string; model: string }> {
  const n = vehicleSeq++
  const vehicleIdentifier = `TV-${uniq()}`
  const now = Date.now()
  const vin = `1BAKGCPA0NF${String(100000 + (n % 900000)).padStart(6, '0')}`
  const rows = await db.transaction((tx) =>
    tx.all<{ id: number }>(
      sql`INSERT INTO vehicles (key, qr_token, owner_company_id, make, model, vin, vehicle_identifier, license_plate, created_at, updated_at) VALUES (${randomUUID()}, ${randomUUID().replaceAll('-', '').slice(0, 24)}, ${ownerCompanyId}, 'Blue Bird', 'Vision', ${vin}, ${vehicleIdentifier}, ${`TV-${n}`}, ${now}, ${now}) RETURNING id`,
    ),
  )
  return { id: rows[0]!.id, vehicleIdentifier, vin, licensePlate: `TV-${n}`, make: 'Blue Bird', model: 'Vision' }
}
