/**
 * Decision 079: a person's own sign-ins and account events are shown to that person on /profile
 * (and tRPC `profile.accountActivity`), newest first, with where they came from; a company's
 * activity log never shows them, not even to the person's own managers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { LOCALE_COOKIE } from '#catalog/i18n.ts'
import { auditLog } from '#db/schema/index.ts'
import { listCompanyActivity } from '#server/activity/list-activity.server.ts'
import { listMyAccountActivity } from '#server/auth/account-activity.server.ts'
import { hashPassword } from '#server/auth/password.server.ts'
import { startLogin } from '#server/auth/login.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import * as profile from '#app/routes/_app+/profile.tsx'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

describe.each(DRIVERS)('my sign-ins and account activity (%s)', (driver) => {
  let db: Database
  let me: { id: number; email: string | null }
  let manager: { id: number }
  let companyId: number

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    const company = await createCompany(db, `Own Sign-ins ${driver}`, ['Owner'])
    companyId = company.id
    me = await createUser(db, { passwordHash: await hashPassword('Right-Password-9') })
    manager = await createUser(db)
    await grantRole(db, me.id, companyId, 'Driver')
    await grantRole(db, manager.id, companyId, 'Owner')
    // A real failed sign-in, from an address the person may recognise.
    await expect(startLogin({ ...anon(db), ip: '203.0.113.7' }, { username: me.email!, password: 'Wrong-Password-1' })).rejects.toThrow()
  })
  afterAll(() => db.close())

  it('the person sees their failed sign-in with its address; another person sees none of it', async () => {
    const mine = await listMyAccountActivity(await ctxFor(db, me.id))
    expect(mine[0]).toMatchObject({ action: 'auth.signIn.passwordFailed', label: 'Wrong password at sign-in', ip: '203.0.113.7' })
    expect(JSON.stringify(mine)).not.toContain(me.email!)
    expect(await listMyAccountActivity(await ctxFor(db, manager.id))).toEqual([])
    await expect(listMyAccountActivity(anon(db))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('the profile page shows it in the page language; tRPC answers the same list', async () => {
    const cookie = await webSessionFor(db, me.id)
    const request = new Request('http://localhost/profile', { headers: { cookie: `operon_session=${cookie}; ${LOCALE_COOKIE}=es` } })
    const page = (await profile.loader({ request, params: {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })) as Awaited<ReturnType<typeof profile.loader>>
    expect(page.accountActivity[0]).toMatchObject({ label: 'Contraseña incorrecta al iniciar sesión', ip: '203.0.113.7' })
    expect(page.accountActivity[0]!.when).toMatch(/UTC/)
    // How a sign-in was confirmed, in the page's language too (the row login.server.ts writes).
    await db.transaction((tx) => tx.insert(auditLog).values({ actorUserId: null, companyId: null, action: 'auth.signIn', entityType: 'user', entityId: String(me.id), details: { method: 'Email', ip: '203.0.113.7' } }))
    const again = (await profile.loader({ request, params: {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })) as Awaited<ReturnType<typeof profile.loader>>
    expect(again.accountActivity[0]).toMatchObject({ label: 'Inició sesión', method: 'Correo electrónico' })

    const token = await apiTokenFor(db, me.id)
    const res = await handleTrpcRequest(new Request('http://localhost/trpc/profile.accountActivity', { headers: { authorization: `Bearer ${token}` } }), db, '127.0.0.1')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { result: { data: { action: string; ip: string | null }[] } }
    expect(body.result.data[0]).toMatchObject({ action: 'auth.signIn', ip: '203.0.113.7' })
    const anonymous = await handleTrpcRequest(new Request('http://localhost/trpc/profile.accountActivity'), db, '127.0.0.1')
    expect(anonymous.status).toBe(401)
  })

  it("the person's managers do not see it in the company's activity log", async () => {
    const log = await listCompanyActivity(await ctxFor(db, manager.id), { companyId })
    expect(log.items.map((i) => i.action).filter((a) => a.startsWith('auth.'))).toEqual([])
  })
})
