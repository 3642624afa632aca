import type { LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import * as fleet from '#app/routes/_app+/fleet.$companyId.tsx'
import * as ownerDashboard from '#app/routes/_app+/OwnerDashboard.$companyId.tsx'
import * as joinRequestsRS from '#app/routes/_app+/joinRequestsRS.$companyId.tsx'
import * as employees from '#app/routes/_app+/employees.$companyId.tsx'
import * as inspectionPage from '#app/routes/_app+/InspectionPage.tsx'
import * as printInspection from '#app/routes/PrintInspection.$companyId.tsx'
import * as layout from '#app/routes/_app+/_layout.tsx'
import * as resetPassword from '#app/routes/reset-password.tsx'

let db: Database
let ownerCo: number
let otherOwnerCo: number
let ownerCookie: string
let driverCookie: string
let inactiveCookie: string

type Loader = (args: LoaderFunctionArgs) => unknown

async function run(loader: Loader, path: string, cookie?: string, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie: `operon_session=${cookie}` } : {} })
  try {
    const result = await loader({ request, params, context: { cspNonce: '', clientIp: '127.0.0.1' } })
    return { ok: true as const, result }
  } catch (thrown) {
    if (thrown instanceof Response) return { ok: false as const, status: thrown.status, location: thrown.headers.get('location') }
    throw thrown
  }
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ownerCo = (await createCompany(db, 'Guarded Owner Co', ['Owner'])).id
  otherOwnerCo = (await createCompany(db, 'Another Owner Co', ['Owner'])).id
  const operatorCo = (await createCompany(db, 'Guarded Operator Co', ['Operator'])).id
  const owner = await createUser(db)
  await grantRole(db, owner.id, ownerCo, 'Owner')
  ownerCookie = await webSessionFor(db, owner.id)
  const driver = await createUser(db)
  await grantRole(db, driver.id, operatorCo, 'Driver')
  driverCookie = await webSessionFor(db, driver.id)
  const inactive = await createUser(db)
  await grantRole(db, inactive.id, ownerCo, 'Owner', false)
  await grantRole(db, inactive.id, operatorCo, 'Mechanic', false)
  inactiveCookie = await webSessionFor(db, inactive.id)
})
afterAll(() => db.close())

describe('route guards (spec section 6)', () => {
  it('sends a visitor without a session to /login, remembering the page', async () => {
    const r = await run(fleet.loader, `/fleet/${ownerCo}`, undefined, { companyId: String(ownerCo) })
    expect(r).toEqual({ ok: false, status: 302, location: `/login?redirectTo=${encodeURIComponent(`/fleet/${ownerCo}`)}` })
    expect(await run(layout.loader, '/dashboard')).toMatchObject({ ok: false, location: '/login?redirectTo=%2Fdashboard' })
  })

  it('lets an Owner manager into the owner pages of their company', async () => {
    const r = await run(fleet.loader, `/fleet/${ownerCo}`, ownerCookie, { companyId: String(ownerCo) })
    expect(r).toMatchObject({ ok: true })
    const d = await run(ownerDashboard.loader, `/OwnerDashboard/${ownerCo}`, ownerCookie, { companyId: String(ownerCo) })
    expect(d).toMatchObject({ ok: true, result: { title: 'Guarded Owner Co - Owner dashboard', card: expect.objectContaining({ code: expect.any(String) }) } })
  })

  it("sends a user without the role in the route's company to /", async () => {
    const cases: [Loader, string, string, string][] = [
      [fleet.loader, `/fleet/${otherOwnerCo}`, ownerCookie, String(otherOwnerCo)], // owner, but of another company
      [employees.loader, `/employees/${ownerCo}`, ownerCookie, String(ownerCo)], // right company, wrong role
      [joinRequestsRS.loader, `/joinRequestsRS/${ownerCo}`, driverCookie, String(ownerCo)],
      [fleet.loader, `/fleet/${ownerCo}`, inactiveCookie, String(ownerCo)], // role held but inactive
      [fleet.loader, '/fleet/abc', ownerCookie, 'abc'],
    ]
    for (const [loader, path, cookie, companyId] of cases) {
      expect(await run(loader, path, cookie, { companyId }), path).toEqual({ ok: false, status: 302, location: '/' })
    }
  })

  it('guards /InspectionPage by role in any company and the print pages by Owner or Operator', async () => {
    expect(await run(inspectionPage.loader, '/InspectionPage', driverCookie)).toMatchObject({ ok: false, location: '/' })
    expect(await run(inspectionPage.loader, '/InspectionPage', inactiveCookie)).toMatchObject({ ok: false, location: '/' })
    expect(
      await run(printInspection.loader, `/PrintInspection/${ownerCo}`, ownerCookie, { companyId: String(ownerCo) }),
    ).toMatchObject({ ok: true })
  })

  it('builds the side menu from active roles only', async () => {
    const r = await run(layout.loader, '/dashboard', ownerCookie)
    const menu = (r as { result: { menu: { id: string }[] } }).result.menu
    expect(menu.map((g) => g.id)).toEqual(['personal', `owner-${ownerCo}`])
    const inactive = await run(layout.loader, '/dashboard', inactiveCookie)
    expect((inactive as { result: { menu: { id: string }[] } }).result.menu.map((g) => g.id)).toEqual(['personal'])
  })

  it('sends /reset-password without a token to /', async () => {
    expect(await run(resetPassword.loader as Loader, '/reset-password')).toMatchObject({ ok: false, location: '/' })
    expect(await run(resetPassword.loader as Loader, '/reset-password?token=abc')).toMatchObject({ ok: true })
  })
})
