import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { anonymous } from '#server/context/actor.ts'
import { getProfileCompletion, missingProfileFields } from '#server/auth/profile.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { actorFor, createUser, webSessionFor } from '#tests/helpers/factory.ts'
import { callRoute as call } from '#tests/helpers/remix.ts'
import * as layout from '#app/routes/_app+/_layout.tsx'
import * as completeProfile from '#app/routes/_app+/completeProfile.tsx'
import { forgetLoginEmail, readLoginEmail, rememberLoginEmail } from '#app/routes/login-email.server.ts'
import * as login from '#app/routes/login.tsx'
import * as dashboard from '#app/routes/_app+/dashboard.tsx'
import { createCompany } from '#server/companies/create-company.ts'
import { ctxFor } from '#tests/helpers/auth.ts'

/** Issue 12 point 4, decision 058: the profile-complete flag through its doors, and the login page's email. */

let db: Database
beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(() => db.close())

const complete = {
  firstName: 'Fern',
  lastName: 'Newcombe',
  dateOfBirth: '1990-03-04',
  gender: 1,
  countryCode: 'US',
  comesFromState: 'OR',
  phoneNumber: '+1 541 555 0199',
}

describe('missingProfileFields (spec section 5)', () => {
  it('asks for every required field, the state only in the US', () => {
    expect(missingProfileFields(complete)).toEqual([])
    expect(missingProfileFields({ ...complete, dateOfBirth: null, phoneNumber: '  ', comesFromState: null })).toEqual([
      'dateOfBirth',
      'comesFromState',
      'phoneNumber',
    ])
    expect(missingProfileFields({ ...complete, countryCode: 'CA', comesFromState: null })).toEqual([])
    expect(missingProfileFields({ ...complete, firstName: '', lastName: ' ' })).toEqual(['firstName', 'lastName'])
  })
})

describe('the profile-complete flag', () => {
  it('a new account is incomplete on every door until /completeProfile saves it', async () => {
    const user = await createUser(db)
    const cookie = await webSessionFor(db, user.id)
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, user.id) })

    // Registration asks only for the names.
    expect(await caller.profile.completion()).toEqual({ complete: false, missing: ['dateOfBirth', 'comesFromState', 'phoneNumber'] })
    const before = await call(layout.loader, '/dashboard', cookie)
    expect(before.data).toMatchObject({ profileComplete: false })

    const saved = await call(
      completeProfile.action,
      '/completeProfile',
      cookie,
      new URLSearchParams({ ...complete, gender: '1' }),
    )
    expect(saved).toMatchObject({ status: 302, location: '/dashboard' })

    expect(await caller.profile.completion()).toEqual({ complete: true, missing: [] })
    expect((await call(layout.loader, '/dashboard', cookie)).data).toMatchObject({ profileComplete: true })
    expect(await getProfileCompletion({ db, actor: await actorFor(db, user.id) })).toEqual({ complete: true, missing: [] })
  })

  it('a profile emptied again (the phone cleared in the database) is incomplete again', async () => {
    const user = await createUser(db)
    await db.transaction((tx) => tx.update(users).set({ ...complete, phoneNumber: null }).where(eq(users.id, user.id)))
    expect(await getProfileCompletion({ db, actor: await actorFor(db, user.id) })).toEqual({ complete: false, missing: ['phoneNumber'] })
  })

  it('refuses anonymous callers, and the layout sends them to /login', async () => {
    const caller = createCallerFactory(appRouter)({ db, actor: anonymous })
    await expect(caller.profile.completion()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    const r = await call(layout.loader, '/dashboard', undefined)
    expect(r.status).toBe(302)
    expect(r.location).toMatch(/^\/login/)
  })
})

describe("a new manager's first screen (issue 39)", () => {
  it('points to the company just created: the dashboard links to its pages', async () => {
    const user = await createUser(db)
    const cookie = await webSessionFor(db, user.id)
    const before = await call(dashboard.loader, '/dashboard', cookie)
    expect(before.data).toMatchObject({ view: null, managedCompanies: [] })

    const owner = await createCompany(await ctxFor(db, user.id), { name: 'Fresh Fleet Leasing', types: ['Owner', 'Operator'] })
    const shop = await createCompany(await ctxFor(db, user.id), { name: 'Fresh Repairs', types: ['RepairShop'] })
    const after = await call(dashboard.loader, '/dashboard', cookie)
    // Each company's first page of the menu: the owner dashboard, the repair shop's employees.
    expect((after.data as { managedCompanies: unknown[] }).managedCompanies).toEqual([
      { id: owner.companyId, name: 'Fresh Fleet Leasing', to: `/OwnerDashboard/${owner.companyId}` },
      { id: shop.companyId, name: 'Fresh Repairs', to: `/employeesRS/${shop.companyId}` },
    ])
  })
})

describe('the email a registration used, on the login page', () => {
  const loginPage = (cookie: string | null) =>
    login.loader({
      request: new Request('http://localhost/login', { headers: cookie ? { cookie } : {} }),
      params: {},
      context: { cspNonce: '', clientIp: '127.0.0.1' },
    } as never) as Promise<{ email: string }>

  it('is read back from its signed cookie; a forged or forgotten one reads as none', async () => {
    const set = await rememberLoginEmail('  New.Driver@Example.com ')
    expect(set).toMatch(/^operon_login_email=.+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/)
    const cookie = set.split(';')[0]!
    expect((await loginPage(cookie)).email).toBe('new.driver@example.com')
    expect(await readLoginEmail(new Request('http://localhost/login', { headers: { cookie: 'operon_login_email=ImF0dGFja2VyQGV2aWwuZXhhbXBsZSI%3D' } }))).toBe('')
    expect((await forgetLoginEmail())).toMatch(/Max-Age=0/)
    expect((await loginPage(null)).email).toBe('')
  })
})
