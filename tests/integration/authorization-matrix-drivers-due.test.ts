/**
 * The authorization matrix of what comes due in drivers' files and the operator's driver settings
 * (issue 37 points 1, 4 and 5, decision 086): the due list (REST, tRPC), the operator dashboard
 * that shows it, the employees page that shows expired licenses and medical certificates, and the
 * company settings' expired-driver pre-trip rule and hours-of-service cycle, as each person around
 * the operator's drivers (tests/helpers/driver-records-matrix.ts).
 */
import { describe, expect, it } from 'vitest'
import { driverFileItems } from '#db/schema/index.ts'
import { driverFileIdOf } from '#server/drivers/driver-access.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { describeDriversMatrix, dw, managerOnly, page, type DriversRow } from '#tests/helpers/driver-records-matrix.ts'

const O = () => dw.ids.operator

const ROWS: DriversRow[] = [
  {
    name: 'the due items of the drivers’ files',
    call: () => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDueItems?companyId=${O()}` },
      trpc: { path: 'driverDue.list', type: 'query', input: { companyId: O() } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'the due items through one’s own company',
    call: (p) => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDueItems?companyId=${dw.companyOf(p)}` },
      trpc: { path: 'driverDue.list', type: 'query', input: { companyId: dw.companyOf(p) } },
    }),
    // The unrelated operator's manager sees their own company's (none of the operator's drivers).
    expect: { ...managerOnly(), unrelated: 'ok' },
  },
  {
    // One's own license and medical certificate at each operator (the driver's dashboard): oneself only.
    name: 'one’s own expiries (driverDue.mine)',
    call: () => ({ trpc: { path: 'driverDue.mine', type: 'query' } }),
    expect: { manager: 'ok', driver: 'ok', otherDriver: 'ok', owner: 'ok', shop: 'ok', mechanic: 'ok', unrelated: 'ok', anonymous: 401 },
  },
  {
    name: 'the operator dashboard (its Driver files card)',
    call: async () => ({ page: await page('OperatorDashboard/$', `/OperatorDashboard/${O()}`) }),
    expect: managerOnly(),
  },
  {
    name: 'the employees page (expired licenses and medical certificates)',
    call: async () => ({ page: await page('employees/$', `/employees/${O()}`) }),
    expect: managerOnly(),
  },
  {
    name: 'the drivers’ settings (expired-driver pre-trip rule, hours-of-service cycle)',
    call: async () => ({
      rest: { method: 'PUT', path: '/api/Company/settings', body: { companyId: O(), expiredDriverPreTrip: 'refuse', hosCycle: '70/8' } },
      trpc: { path: 'company.settings', type: 'mutation', input: { companyId: O(), expiredDriverPreTrip: 'refuse', hosCycle: '70/8' } },
      page: await page('company/$/settings', `/company/${O()}/settings`, {
        form: { name: 'Matrix Drivers Operator', timeZone: 'UTC', expiredDriverPreTrip: 'refuse', hosCycle: '70/8' },
      }),
    }),
    expect: managerOnly(),
  },
]

describeDriversMatrix('authorization matrix: due items and drivers’ settings', ROWS)

describe('expired means visible, to the operator’s managers only (issue 37 point 4)', () => {
  it('the employees list flags an expired medical certificate for the Operator manager, not for the same company’s other managers', async () => {
    const db = dw.db
    const company = (await createCompany(db, 'Matrix Three Hats', ['Owner', 'Operator', 'RepairShop'])).id
    const people = {} as Record<'operatorManager' | 'ownerManager' | 'shopManager' | 'driver', number>
    for (const k of ['operatorManager', 'ownerManager', 'shopManager', 'driver'] as const) people[k] = (await createUser(db, { firstName: k })).id
    await grantRole(db, people.operatorManager, company, 'Operator')
    await grantRole(db, people.ownerManager, company, 'Owner')
    await grantRole(db, people.shopManager, company, 'RepairShop')
    await grantRole(db, people.driver, company, 'Driver')
    await db.transaction(async (tx) => {
      const driverFileId = await driverFileIdOf(tx, company, people.driver, new Date())
      await tx.insert(driverFileItems).values({ driverFileId, companyId: company, kind: 'medicalCertificate', itemDate: '2023-01-10', expiryDate: '2025-01-10' })
    })
    const seen = async (who: number) => {
      // tRPC (the page's data): the legacy REST list keeps its documented fields only.
      const input = encodeURIComponent(JSON.stringify({ companyId: company, page: 1, pageSize: 30 }))
      const res = await handleTrpcRequest(
        new Request(`http://localhost/trpc/employees.list?input=${input}`, { headers: { cookie: `operon_session=${await webSessionFor(db, who)}` } }),
        db,
        '127.0.0.1',
      )
      expect(res.status).toBe(200)
      return res.text()
    }
    expect(await seen(people.operatorManager)).toMatch(/"medicalExpired":true/)
    for (const who of [people.ownerManager, people.shopManager]) {
      const text = await seen(who)
      expect(text).not.toMatch(/medicalExpired|licenseExpired|driverExpiry/)
    }
  })
})

/**
 * Every door of the driver records has its rows in the four matrix files: the REST operations of
 * the OpenAPI document and the tRPC procedures. A new door without a row fails here.
 */
const COVERED_REST = [
  'get /api/DriverFiles/getDriverFiles',
  'get /api/DriverFiles/getDriverFile',
  'put /api/DriverFiles/updateDriverFile',
  'post /api/DriverFiles/addFileItem',
  'put /api/DriverFiles/updateFileItem',
  'delete /api/DriverFiles/deleteFileItem',
  'get /api/DriverFiles/getDocument',
  'get /api/DriverFiles/getDueItems',
  'get /api/DriverTests/getTests',
  'post /api/DriverTests/addTest',
  'put /api/DriverTests/updateTest',
  'delete /api/DriverTests/deleteTest',
  'post /api/Hours/changeDutyStatus',
  'get /api/Hours/getDutyStatus',
  'get /api/Hours/getDrivers',
  'get /api/Hours/getMonth',
  'post /api/Hours/addDutyPeriod',
  'put /api/Hours/updateDutyPeriod',
  'delete /api/Hours/deleteDutyPeriod',
]
const COVERED_TRPC = [
  'driverFiles.list',
  'driverFiles.get',
  'driverFiles.update',
  'driverFiles.addItem',
  'driverFiles.updateItem',
  'driverFiles.deleteItem',
  'driverTests.list',
  'driverTests.add',
  'driverTests.update',
  'driverTests.delete',
  'hours.changeDutyStatus',
  'hours.dutyStatus',
  'hours.drivers',
  'hours.month',
  'hours.addPeriod',
  'hours.updatePeriod',
  'hours.deletePeriod',
  'driverDue.list',
  'driverDue.mine',
]

describe('every door of the driver records is in the matrix', () => {
  it('the OpenAPI document’s operations', async () => {
    const res = await handleRestRequest(new Request('http://localhost/api/openapi.json'), dw.db, '127.0.0.1')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> }
    const ops = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/(DriverFiles|DriverTests|Hours)\//i.test(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toLowerCase()} ${path}`))
    expect(ops.sort()).toEqual([...COVERED_REST].sort())
  })

  it('the tRPC procedures', () => {
    const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures).filter((k) => /^(driverFiles|driverTests|hours|driverDue)\./.test(k))
    expect(procedures.sort()).toEqual([...COVERED_TRPC].sort())
  })
})
