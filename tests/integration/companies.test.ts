import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { joinRequests, memberships } from '#db/schema/index.ts'
import { loadUserActor } from '#server/auth/actor.server.ts'
import { updateCompanySettings } from '#server/companies/company-settings.server.ts'
import { listEmployees, updateUserRoleStatus } from '#server/companies/employees.server.ts'
import { acceptJoinRequest, listJoinRequests, rejectJoinRequest, requestToJoinCompany } from '#server/companies/join-requests.server.ts'
import { hasRole } from '#server/access/policy.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

let db: Database
let ops: { id: number; code: string }
let shop: { id: number; code: string }
let opsManager: number
let shopManager: number

beforeAll(async () => {
  db = createTestDb()
  const o = await createCompany(db, 'Evergreen Test Transit', ['Operator'])
  const s = await createCompany(db, 'Keystone Test Repair', ['RepairShop'])
  ops = { id: o.id, code: o.code }
  shop = { id: s.id, code: s.code }
  opsManager = (await createUser(db, { firstName: 'Olga', lastName: 'Ops' })).id
  shopManager = (await createUser(db, { firstName: 'Sam', lastName: 'Shop' })).id
  await grantRole(db, opsManager, ops.id, 'Operator')
  await grantRole(db, shopManager, shop.id, 'RepairShop')
})
afterAll(() => db.close())

async function applicant(name = 'Dale') {
  return (await createUser(db, { firstName: name, lastName: 'Applicant' })).id
}

describe('joining a company by code', () => {
  it('creates a Pending request; refuses duplicates, held roles, roles the company does not take, unknown codes', async () => {
    const u = await applicant()
    const ctx = await ctxFor(db, u)
    await expect(requestToJoinCompany(ctx, { companyCode: ops.code.toLowerCase(), role: 'driver' })).resolves.toMatchObject({ status: 'Pending' })
    await expect(requestToJoinCompany(ctx, { companyCode: ops.code, role: 'Driver' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already asked/) })
    await expect(requestToJoinCompany(ctx, { companyCode: shop.code, role: 'Driver' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/does not take drivers/) })
    await expect(requestToJoinCompany(ctx, { companyCode: 'OPR-ZZZZZZ', role: 'Driver' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await grantRole(db, u, ops.id, 'Mechanic')
    await expect(requestToJoinCompany(await ctxFor(db, u), { companyCode: ops.code, role: 'Mechanic' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already have/) })
  })

  it('shows each manager the requests of the roles they handle', async () => {
    const d = await applicant('Drew')
    const m = await applicant('Mo')
    await requestToJoinCompany(await ctxFor(db, d), { companyCode: ops.code, role: 'Driver' })
    await requestToJoinCompany(await ctxFor(db, m), { companyCode: ops.code, role: 'Mechanic' })
    await requestToJoinCompany(await ctxFor(db, m), { companyCode: shop.code, role: 'Mechanic' })
    const opsList = await listJoinRequests(await ctxFor(db, opsManager), { companyId: ops.id, role: 'Operator' })
    // An operator-only company: its Operator managers answer in-house mechanics too.
    expect(new Set(opsList.map((r) => r.role))).toEqual(new Set(['Driver', 'Mechanic']))
    expect(opsList[0]).toEqual({ id: expect.any(Number), name: expect.any(String), role: expect.any(String), requestDate: expect.stringMatching(/Z$/), status: 'Pending' })
    const drivers = await listJoinRequests(await ctxFor(db, opsManager), { companyId: ops.id, role: 'Driver' })
    expect(drivers.every((r) => r.role === 'Driver')).toBe(true)
    const shopList = await listJoinRequests(await ctxFor(db, shopManager), { companyId: shop.id, role: 'RepairShop' })
    expect(shopList.map((r) => r.role)).toEqual(['Mechanic'])
    await expect(listJoinRequests(await ctxFor(db, shopManager), { companyId: ops.id, role: 'Operator' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(listJoinRequests(await ctxFor(db, opsManager), { companyId: ops.id, role: 'RepairShop' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('answering join requests', () => {
  async function pending(role: 'Driver' | 'Mechanic' = 'Driver') {
    const u = await applicant()
    const { id } = await requestToJoinCompany(await ctxFor(db, u), { companyCode: ops.code, role })
    return { userId: u, requestId: id }
  }

  it('accept gives the role at once; reject does not; answering twice is a 409', async () => {
    const a = await pending()
    const mgr = await ctxFor(db, opsManager)
    await expect(acceptJoinRequest(mgr, { requestId: a.requestId })).resolves.toEqual({ message: 'User accepted successfully' })
    const actor = await loadUserActor(db, a.userId, 's', 'web')
    expect(actor && hasRole(actor, ops.id, ['Driver'])).toBe(true)
    await expect(rejectJoinRequest(mgr, { requestId: a.requestId })).rejects.toMatchObject({ code: 'CONFLICT' })

    const r = await pending()
    await expect(rejectJoinRequest(mgr, { requestId: r.requestId })).resolves.toEqual({ message: 'User rejected successfully' })
    const roles = await db.read.select().from(memberships).where(eq(memberships.userId, r.userId))
    expect(roles).toEqual([])
  })

  it('two accepts at once: one role, one 409, never two rows', async () => {
    const a = await pending()
    const [m1, m2] = [await ctxFor(db, opsManager), await ctxFor(db, opsManager)]
    const results = await Promise.allSettled([acceptJoinRequest(m1, { requestId: a.requestId }), acceptJoinRequest(m2, { requestId: a.requestId })])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' })
    const rows = await db.read.select().from(memberships).where(and(eq(memberships.userId, a.userId), eq(memberships.companyId, ops.id)))
    expect(rows).toHaveLength(1)
  })

  it('a role already held: 409 "User was already in the company", the request is answered', async () => {
    const a = await pending()
    await grantRole(db, a.userId, ops.id, 'Driver')
    await expect(acceptJoinRequest(await ctxFor(db, opsManager), { requestId: a.requestId })).rejects.toMatchObject({ code: 'CONFLICT', message: 'User was already in the company' })
    const [req] = await db.read.select().from(joinRequests).where(eq(joinRequests.id, a.requestId))
    expect(req!.status).toBe('Accepted')
  })

  it("another company's manager gets 404, as for a request that does not exist", async () => {
    const a = await pending()
    await expect(acceptJoinRequest(await ctxFor(db, shopManager), { requestId: a.requestId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(acceptJoinRequest(await ctxFor(db, opsManager), { requestId: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('employees and roles', () => {
  it('pages in SQL with the page sizes 10/20/30 and lists each role with its active flag', async () => {
    const company = await createCompany(db, 'Paging Coaches', ['Operator'])
    const mgr = await createUser(db, { firstName: 'Pam', lastName: 'Aaamanager' })
    await grantRole(db, mgr.id, company.id, 'Operator')
    for (let i = 0; i < 24; i++) {
      const u = await createUser(db, { firstName: `Driver${i}`, lastName: `Zz${String(i).padStart(2, '0')}` })
      await grantRole(db, u.id, company.id, 'Driver', i % 5 !== 0)
    }
    const ctx = await ctxFor(db, mgr.id)
    const p1 = await listEmployees(ctx, { companyId: company.id, page: 1, pageSize: 10 })
    expect(p1).toMatchObject({ total: 25, page: 1, pageSize: 10 })
    expect(p1.items).toHaveLength(10)
    expect(p1.items[0]!.lastName).toBe('Aaamanager')
    const p3 = await listEmployees(ctx, { companyId: company.id, page: 3, pageSize: 10 })
    expect(p3.items).toHaveLength(5)
    const inactive = p3.items.find((e) => e.roleList.some((r) => !r.isActive))
    expect(inactive?.roles).toEqual([])
    await expect(listEmployees(ctx, { companyId: company.id, page: 1, pageSize: 15 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect((await listEmployees(ctx, { companyId: company.id })).items).toHaveLength(25)
  })

  it('a deactivated role grants nothing from the next request on; the last active manager stays', async () => {
    const d = await applicant()
    await grantRole(db, d, ops.id, 'Driver')
    const mgr = await ctxFor(db, opsManager)
    await expect(updateUserRoleStatus(mgr, { userId: d, companyId: ops.id, roleId: 4, isActive: false })).resolves.toEqual({ message: 'Updated successfully' })
    const after = await loadUserActor(db, d, 's', 'web')
    expect(after && hasRole(after, ops.id, ['Driver'])).toBe(false)
    await expect(updateUserRoleStatus(mgr, { userId: opsManager, companyId: ops.id, roleId: 2, isActive: false })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The company must keep at least one active Operator manager',
    })
    await expect(updateUserRoleStatus(await ctxFor(db, shopManager), { userId: d, companyId: ops.id, roleId: 4, isActive: true })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('company settings', () => {
  it('validates the time zone and that the repair shop code names a repair shop', async () => {
    const mgr = await ctxFor(db, opsManager)
    await expect(updateCompanySettings(mgr, { companyId: ops.id, timeZone: 'Mars/Olympus' })).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { timeZone: expect.any(String) } })
    await expect(updateCompanySettings(mgr, { companyId: ops.id, repairShopCode: ops.code })).rejects.toMatchObject({ fieldErrors: { repairShopCode: expect.stringMatching(/not a repair shop/) } })
    const saved = await updateCompanySettings(mgr, { companyId: ops.id, timeZone: 'America/Chicago', repairShopCode: shop.code })
    expect(saved).toMatchObject({ timeZone: 'America/Chicago', repairShop: { name: 'Keystone Test Repair', code: shop.code } })
    await expect(updateCompanySettings(await ctxFor(db, shopManager), { companyId: ops.id, name: 'Hijack' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})
