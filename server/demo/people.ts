/** Demo people and companies: users, licenses, companies with their managers, staff and join requests. */
import { eq } from 'drizzle-orm'
import * as t from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { companyCodePrefix } from '../companies/company-code.ts'
import { COMPANIES, LICENSES, OPEN_AND_REJECTED_REQUESTS, PEOPLE, STAFF, companySpec, type CompanyKey } from './cast.ts'
import { get, insertMany, MINUTE, type SeedContext } from './helpers.ts'
import { signaturePng } from './assets.ts'
import { DEMO_LOGINS, type DemoLogin } from './logins.ts'

/** Database ids of the cast, by key. */
export interface SeededPeople {
  uid(person: string): number
  nameOf(person: string): string
  cid(company: CompanyKey): number
  /** The person's signature picture (one per person, reused). */
  signatureOf(person: string): Buffer
}

export async function seedPeople(s: SeedContext, passwordHash: string): Promise<SeededPeople> {
  const { tx, rnd, day, ago } = s
  const demoByKey = new Map<string, DemoLogin>(DEMO_LOGINS.map((l) => [l.key, l]))
  const personIds = new Map<string, number>()
  const personNames = new Map<string, string>()
  const usedIdentifiers = new Set<string>()

  /** Join date: a little before the person's first membership or request. */
  const joinDaysAgo = new Map<string, number>()
  const noteJoin = (person: string, daysAgo: number) =>
    joinDaysAgo.set(person, Math.max(joinDaysAgo.get(person) ?? 0, daysAgo + 1 + (person.length % 3)))
  for (const c of COMPANIES) noteJoin(c.manager, c.createdDaysAgo)
  for (const m of STAFF) noteJoin(m.person, m.daysAgo + 2)
  for (const r of OPEN_AND_REJECTED_REQUESTS) noteJoin(r.person, r.daysAgo)

  for (const [index, p] of PEOPLE.entries()) {
    const demo = demoByKey.get(p.key)
    const firstName = demo?.firstName ?? p.first
    const lastName = demo?.lastName ?? p.last
    const email = demo?.email ?? `${firstName}.${lastName}@demo.operon.app`.toLowerCase()
    let personalIdentifier: string
    do personalIdentifier = `USR-${rnd.code(6)}`
    while (usedIdentifiers.has(personalIdentifier))
    usedIdentifiers.add(personalIdentifier)
    const joined = ago(get(joinDaysAgo, p.key) + rnd.next() * 0.5)
    const area = p.state === 'OR' ? '503' : p.state === 'ID' ? '208' : rnd.pick(['206', '253', '360', '425'])
    const [row] = await tx
      .insert(t.users)
      .values({
        email,
        passwordHash,
        firstName,
        lastName,
        dateOfBirth: p.born,
        gender: p.gender,
        phoneNumber: `+1 ${area} 555 ${String(100 + index * 37).padStart(4, '0').slice(-4)}`,
        countryCode: 'US',
        comesFromState: p.state,
        personalIdentifier,
        twoFactorType: 1,
        firstLoginCompletedAt: new Date(joined.getTime() + 20 * MINUTE),
        createdAt: joined,
        updatedAt: joined,
      })
      .returning({ id: t.users.id })
    personIds.set(p.key, row!.id)
    personNames.set(p.key, `${firstName} ${lastName}`)
  }
  const uid = (person: string) => get(personIds, person)
  const nameOf = (person: string) => get(personNames, person)

  // --- licenses --------------------------------------------------------------------------
  const licenseRows: (typeof t.userLicenses.$inferInsert)[] = []
  for (const [person, list] of Object.entries(LICENSES)) {
    const p = PEOPLE.find((x) => x.key === person)!
    for (const [licenseTypeId, expiresIn] of list) {
      licenseRows.push({
        userId: uid(person),
        licenseTypeId,
        licenseNumber:
          p.state === 'OR' ? rnd.digits(7) : p.state === 'ID' ? `${rnd.code(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rnd.digits(6)}${rnd.code(1, 'ABCDEFGHJKLMNPRSTUVWXYZ')}` : `WDL${rnd.code(9)}`,
        state: p.state,
        expiryDate: day(expiresIn),
      })
    }
  }
  await insertMany(tx, t.userLicenses, licenseRows)

  // --- companies, types, managers ---------------------------------------------------------
  const companyIds = new Map<CompanyKey, number>()
  for (const c of COMPANIES) {
    const createdAt = ago(c.createdDaysAgo)
    const [row] = await tx
      .insert(t.companies)
      .values({ name: c.name, code: `${companyCodePrefix(c.types)}-${c.codeBody}`, timeZone: c.timeZone, address: c.address, createdAt, createdByUserId: uid(c.manager) })
      .returning({ id: t.companies.id })
    companyIds.set(c.key, row!.id)
    await insertMany(
      tx,
      t.companyTypes,
      c.types.map((type) => ({ companyId: row!.id, type })),
    )
    await insertMany(
      tx,
      t.memberships,
      c.types.map((type) => ({
        userId: uid(c.manager),
        companyId: row!.id,
        roleId: ROLE_IDS[type],
        isActive: true,
        createdAt,
        updatedAt: createdAt,
      })),
    )
  }
  const cid = (key: CompanyKey) => get(companyIds, key)
  for (const c of COMPANIES) {
    if (c.repairShop) {
      await tx
        .update(t.companies)
        .set({ repairShopCompanyId: cid(c.repairShop) })
        .where(eq(t.companies.id, cid(c.key)))
    }
  }

  // --- staff memberships and join requests ------------------------------------------------
  const membershipRows: (typeof t.memberships.$inferInsert)[] = []
  const joinRows: (typeof t.joinRequests.$inferInsert)[] = []
  for (const m of STAFF) {
    const createdAt = ago(m.daysAgo)
    const manager = uid(companySpec(m.company).manager)
    membershipRows.push({
      userId: uid(m.person),
      companyId: cid(m.company),
      roleId: ROLE_IDS[m.role],
      isActive: m.deactivatedDaysAgo === undefined,
      createdAt,
      updatedAt: m.deactivatedDaysAgo === undefined ? createdAt : ago(m.deactivatedDaysAgo),
    })
    if (!m.direct) {
      joinRows.push({
        userId: uid(m.person),
        companyId: cid(m.company),
        roleId: ROLE_IDS[m.role],
        status: 'Accepted',
        requestedAt: ago(m.daysAgo + 1 + rnd.next()),
        answeredAt: createdAt,
        answeredByUserId: manager,
      })
    }
  }
  for (const r of OPEN_AND_REJECTED_REQUESTS) {
    const requestedAt = ago(r.daysAgo + rnd.next() * 0.5)
    joinRows.push({
      userId: uid(r.person),
      companyId: cid(r.company),
      roleId: ROLE_IDS[r.role],
      status: r.status,
      requestedAt,
      answeredAt: r.status === 'Pending' ? null : ago(r.daysAgo - 1.2),
      answeredByUserId: r.status === 'Pending' ? null : uid(companySpec(r.company).manager),
    })
  }
  joinRows.sort((a, b) => (a.requestedAt as Date).getTime() - (b.requestedAt as Date).getTime())
  await insertMany(tx, t.memberships, membershipRows)
  await insertMany(tx, t.joinRequests, joinRows)

  const signatures = new Map<string, Buffer>()
  const signatureOf = (person: string) => {
    let png = signatures.get(person)
    if (!png) {
      png = signaturePng(PEOPLE.findIndex((p) => p.key === person) + 3)
      signatures.set(person, png)
    }
    return png
  }
  return { uid, nameOf, cid, signatureOf }
}
