import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { joinRequests, memberships } from '#db/schema/index.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { createCompany, createUser, webSessionFor } from '#tests/helpers/factory.ts'
import { callRoute } from '#tests/helpers/remix.ts'
import * as profile from '#app/routes/_app+/profile.tsx'

let db: Database
beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(() => db.close())

const form = (entries: [string, string][]) => {
  const f = new FormData()
  for (const [k, v] of entries) f.append(k, v)
  return f
}

describe('My companies on /profile', () => {
  it('creates a company with several types; the creator manages each', async () => {
    const u = await createUser(db)
    const cookie = await webSessionFor(db, u.id)
    const out = await callRoute(profile.action, '/profile', cookie, form([['intent', 'createCompany'], ['name', 'Harbor Lines'], ['types', 'Owner'], ['types', 'Operator']]))
    expect(out).toMatchObject({ status: 302, location: '/profile' })
    const roles = await db.read.select({ roleId: memberships.roleId }).from(memberships).where(eq(memberships.userId, u.id))
    expect(roles.map((r) => r.roleId).sort()).toEqual([1, 2])
    const bad = await callRoute(profile.action, '/profile', cookie, form([['intent', 'createCompany'], ['name', '']]))
    expect(bad.status).toBe(400)
    expect(Object.keys((bad.data as { fieldErrors: object }).fieldErrors).sort()).toEqual(['name', 'types'])
  })

  it('asks to join by code and lists the request; an unknown code is named', async () => {
    const company = await createCompany(db, 'Joinable Transit', ['Operator'])
    const u = await createUser(db)
    const cookie = await webSessionFor(db, u.id)
    const out = await callRoute(profile.action, '/profile', cookie, form([['intent', 'joinCompany'], ['companyCode', company.code.toLowerCase()], ['role', 'Driver']]))
    expect(out).toMatchObject({ status: 302, location: '/profile' })
    expect(await db.read.select().from(joinRequests).where(eq(joinRequests.userId, u.id))).toHaveLength(1)
    const page = await callRoute(profile.loader, '/profile', cookie)
    expect((page.data as { joinRequests: unknown[] }).joinRequests).toEqual([expect.objectContaining({ companyName: 'Joinable Transit', role: 'Driver', status: 'Pending' })])
    const unknown = await callRoute(profile.action, '/profile', cookie, form([['intent', 'joinCompany'], ['companyCode', 'OPR-QQQQQQ'], ['role', 'Driver']]))
    expect(unknown).toMatchObject({ status: 404, data: { fieldErrors: { companyCode: 'No company has this code' } } })
  })
})
