/**
 * Follow-ups of issue 23 (decision 065):
 * - a repair action opened by an inspection or a 90-day emergency-exit check links to that
 *   record from the Repair actions lists (the shop's page, the owner's tab), without JavaScript
 *   too, only for a viewer whom the source's own read rule and its print page allow; REST keeps
 *   API.md's shape;
 * - the exit check's print carries a verify link and QR, and `/verify/emergency-exit-check/{id}`
 *   checks it;
 * - the driver's pre-trip confirmation says the repair waits for the owner when no shop is chosen;
 * - the exit check page shows its dates formatted, in `<time dateTime>`.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { companies, operatorAssignments, repairActions } from '#db/schema/index.ts'
import { FILED_TEXT } from '#app/components/pre-trip/types.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { Raster } from '#server/demo/assets.ts'
import { companyToday } from '#server/access/vehicle-access.server.ts'
import { submitEmergencyExitCheck } from '#server/inspections/emergency-exit-checks.server.ts'
import { submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

const PNG = new Raster(40, 20, [20, 20, 20, 255]).toPng().toString('base64')
let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(700000 + vinSeq++).slice(-6)}`)
const ok = { status: 0, comments: '' }
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/<!-- -->/g, '')
/** One table row of a page, by its test id (what the row itself links to). */
function rowOf(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`)
  expect(start, testId).toBeGreaterThan(-1)
  return html.slice(start, html.indexOf('</tr>', start))
}

interface Bus {
  id: number
  vehicleIdentifier: string
  inspectionId: number
  inspectionRepair: number
  exitCheckId: number
  exitRepair: number
}

describe('repair actions link to the record that opened them; the exit check verifies', () => {
  let db: Database
  let app: RunningApp
  const ids = {} as Record<'ownerCo' | 'shopCo' | 'loneOwnerCo' | 'operatorCo' | 'owner' | 'mechanic' | 'shopManager' | 'stranger' | 'driver' | 'loneOwner', number>
  let assigned: Bus
  let unassigned: Bus

  async function busWithRepairs(operatorCompanyId: number): Promise<Bus> {
    const v = await insertVehicle(db, ids.ownerCo, { vin: nextVin(), odometer: 61_000 })
    await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: v.id, operatorCompanyId, startDate: '2020-01-01' }))
    const mechanic = await ctxFor(db, ids.mechanic)
    const inspectionDate = await companyToday(mechanic, ids.shopCo)
    const filing: Record<string, unknown> = { vehicleIdentifier: v.vehicleIdentifier, inspectionDate, signatureName: 'Mia Mechanic', odometer: 61_250 }
    for (const k of INSPECTION_ITEM_KEYS) filing[k] = k === 'dashboardLightsGaugesHornSwitchesFunction' || k === 'domeInteriorReadingLightsFunction' ? { status: 1, comments: 'Does not work' } : ok
    const inspection = await submitInspection(mechanic, filing)
    const exit = await submitEmergencyExitCheck(mechanic, {
      vehicleId: v.id,
      inspectorSignature: `data:image/png;base64,${PNG}`,
      pushOutWindows: { status: 1, comments: 'Latch stuck' },
      emergencyDoors: ok,
      emergencyDoorMarkingLights: ok,
    })
    const [byInspection] = await db.read.select({ id: repairActions.id }).from(repairActions).where(eq(repairActions.inspectionId, inspection.id))
    expect(byInspection).toBeDefined()
    expect(exit.repairActionId).toEqual(expect.any(Number))
    return { id: v.id, vehicleIdentifier: v.vehicleIdentifier, inspectionId: inspection.id, inspectionRepair: byInspection!.id, exitCheckId: exit.id, exitRepair: exit.repairActionId! }
  }

  const cookie = async (userId: number) => `operon_session=${await webSessionFor(db, userId)}`
  const page = async (path: string, userId: number) => raw(app.base, 'GET', path, { headers: { cookie: await cookie(userId) } })

  beforeAll(async () => {
    db = createTestDb()
    const ownerCo = await createCompany(db, 'Source Leasing', ['Owner'])
    // The shop also operates buses: its manager (RepairShop and Operator there) may print what it operates.
    const shopCo = await createCompany(db, 'Source Repairs', ['RepairShop', 'Operator'])
    const loneOwnerCo = await createCompany(db, 'Lonely Leasing', ['Owner'])
    const operatorCo = await createCompany(db, 'Source Coaches', ['Operator'])
    const stranger = await createCompany(db, 'Far Away Garage', ['RepairShop'])
    Object.assign(ids, { ownerCo: ownerCo.id, shopCo: shopCo.id, loneOwnerCo: loneOwnerCo.id, operatorCo: operatorCo.id })
    for (const [key, first] of [
      ['owner', 'Olive'],
      ['mechanic', 'Mia'],
      ['shopManager', 'Sam'],
      ['stranger', 'Stan'],
      ['driver', 'Dan'],
      ['loneOwner', 'Lou'],
    ] as const) {
      ids[key] = (await createUser(db, { firstName: first, lastName: 'Tester' })).id
    }
    await grantRole(db, ids.owner, ownerCo.id, 'Owner')
    await grantRole(db, ids.mechanic, shopCo.id, 'Mechanic')
    await grantRole(db, ids.shopManager, shopCo.id, 'RepairShop')
    await grantRole(db, ids.shopManager, shopCo.id, 'Operator')
    await grantRole(db, ids.stranger, stranger.id, 'Mechanic')
    await grantRole(db, ids.driver, operatorCo.id, 'Driver')
    await grantRole(db, ids.loneOwner, loneOwnerCo.id, 'Owner')
    await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shopCo.id }).where(eq(companies.id, ownerCo.id)))
    assigned = await busWithRepairs(shopCo.id)
    unassigned = await busWithRepairs(operatorCo.id)
    app = await startApp(db)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    db?.close()
  })

  it('the list queries carry the source kind and id (tRPC); REST keeps the legacy shape', async () => {
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.owner) })
    const rows = await caller.fleet.repairs({ vehicleId: assigned.id })
    expect(rows.find((r) => r.id === assigned.inspectionRepair)?.source).toEqual({ kind: 'inspection', id: assigned.inspectionId })
    expect(rows.find((r) => r.id === assigned.exitRepair)?.source).toEqual({ kind: 'emergency-exit-check', id: assigned.exitCheckId })
    const shop = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.mechanic) })
    const paged = await shop.repairs.byCompany({ repairCompanyId: ids.shopCo, status: 'all', page: 1, pageSize: 30 })
    expect(paged.items.find((r) => r.id === unassigned.exitRepair)?.source).toEqual({ kind: 'emergency-exit-check', id: unassigned.exitCheckId })

    const token = await apiTokenFor(db, ids.owner)
    const rest = await raw(app.base, 'GET', `/api/RepairAction/getRepairsByVehicle?vehicleId=${assigned.id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(rest.status).toBe(200)
    for (const r of JSON.parse(rest.body) as Record<string, unknown>[]) {
      expect(Object.keys(r).sort()).toEqual(
        ['comments', 'createdAt', 'id', 'outOfService', 'preInspectionFormId', 'repairCompanyName', 'repairIdentifier', 'repairedAt', 'repairedByName', 'tasks', 'vehicleInfo'].sort(),
      )
    }
  })

  it("the owner's Repair actions tab links each row to its inspection or exit check, a plain link without JavaScript", async () => {
    const res = await page(`/fleet/${ids.ownerCo}?open=${assigned.id}&tab=repairs`, ids.owner)
    expect(res.status).toBe(200)
    const html = decode(res.body)
    expect(rowOf(html, `repair-${assigned.inspectionRepair}`)).toContain(`href="/PrintInspection/${ids.ownerCo}?id=${assigned.inspectionId}"`)
    expect(rowOf(html, `repair-${assigned.exitRepair}`)).toContain(`href="/PrintEmergencyExitCheck/${ids.ownerCo}?id=${assigned.exitCheckId}"`)
    // Both links open.
    expect((await page(`/PrintInspection/${ids.ownerCo}?id=${assigned.inspectionId}`, ids.owner)).status).toBe(200)
    expect((await page(`/PrintEmergencyExitCheck/${ids.ownerCo}?id=${assigned.exitCheckId}`, ids.owner)).status).toBe(200)
  })

  it("the shop's page links a row only when the viewer may open its source", async () => {
    // The manager operates the assigned bus (reads its inspections, prints as Operator): links, and they open.
    const manager = decode((await page(`/repairActions/${ids.shopCo}?status=all&pageSize=30`, ids.shopManager)).body)
    expect(rowOf(manager, `repair-row-${assigned.inspectionRepair}`)).toContain(`href="/PrintInspection/${ids.shopCo}?id=${assigned.inspectionId}"`)
    expect(rowOf(manager, `repair-row-${assigned.exitRepair}`)).toContain(`href="/PrintEmergencyExitCheck/${ids.shopCo}?id=${assigned.exitCheckId}"`)
    expect((await page(`/PrintInspection/${ids.shopCo}?id=${assigned.inspectionId}`, ids.shopManager)).status).toBe(200)
    expect((await page(`/PrintEmergencyExitCheck/${ids.shopCo}?id=${assigned.exitCheckId}`, ids.shopManager)).status).toBe(200)
    // The other bus is not theirs to read (the inspection's rule) nor to print: no link, and the page would refuse.
    expect(manager).not.toContain(`?id=${unassigned.inspectionId}"`)
    expect(manager).not.toContain(`/PrintEmergencyExitCheck/${ids.shopCo}?id=${unassigned.exitCheckId}"`)
    expect((await page(`/PrintInspection/${ids.shopCo}?id=${unassigned.inspectionId}`, ids.shopManager)).status).toBe(404)
    // A mechanic sees the repair actions but may print nothing: no links at all.
    const mechanic = decode((await page(`/repairActions/${ids.shopCo}?status=all&pageSize=30`, ids.mechanic)).body)
    expect(mechanic).toContain(`repair-row-${assigned.exitRepair}`)
    expect(mechanic).not.toContain('/PrintInspection/')
    expect(mechanic).not.toContain('/PrintEmergencyExitCheck/')
  })

  it("what an inspection's and an exit check's repair say reads in Spanish on the shop's Spanish page, in English on REST (decision 082)", async () => {
    const spanish = decode((await raw(app.base, 'GET', `/repairActions/${ids.shopCo}?status=all&pageSize=30&open=${assigned.exitRepair}`, { headers: { cookie: `${await cookie(ids.mechanic)}; operon_lng=es` } })).body)
    expect(spanish).toContain('Elementos insatisfactorios encontrados por Mia Tester en la inspección del ')
    expect(spanish).toContain('Salidas de emergencia insatisfactorias encontradas por Mia Tester (Mecánico) en la revisión de salidas de emergencia de 90 días del ')
    expect(spanish).not.toContain('Unsatisfactory items found by')
    expect(spanish).not.toContain('Unsatisfactory emergency exits found by')

    const token = await apiTokenFor(db, ids.mechanic)
    const rest = JSON.parse((await raw(app.base, 'GET', `/api/RepairAction/getRepairsByCompany?repairCompanyId=${ids.shopCo}`, { headers: { authorization: `Bearer ${token}`, cookie: 'operon_lng=es' } })).body) as {
      id: number
      comments: string
    }[]
    const inspectionDate = await companyToday(await ctxFor(db, ids.mechanic), ids.shopCo)
    expect(rest.find((r) => r.id === assigned.inspectionRepair)?.comments).toBe(`Unsatisfactory items found by Mia Tester on the inspection of ${inspectionDate} (odometer 61,250 mi).`)
    expect(rest.find((r) => r.id === assigned.exitRepair)?.comments).toMatch(
      new RegExp(`^Unsatisfactory emergency exits found by Mia Tester \\(Mechanic\\) on the 90-day emergency-exit check of \\d{4}-\\d{2}-\\d{2} \\(odometer [\\d,]+ mi\\)\\.$`),
    )
  })

  it('the exit check print carries a verify link and QR; /verify/emergency-exit-check/{id} checks it', async () => {
    const print = decode((await page(`/PrintEmergencyExitCheck/${ids.ownerCo}?id=${assigned.exitCheckId}`, ids.owner)).body)
    const fp = /data-fingerprint="([0-9a-f]{12})"/.exec(print)?.[1]
    expect(fp).toBeDefined()
    expect(print).toContain(`${APP_ORIGIN}/verify/emergency-exit-check/${assigned.exitCheckId}?f=${fp}`)
    expect(print).toMatch(/<img src="data:image\/[a-z+]+;base64,[^"]+" alt="QR code of the link that checks this copy"/)

    const matched = await page(`/verify/emergency-exit-check/${assigned.exitCheckId}?f=${fp}`, ids.owner)
    expect(matched.status).toBe(200)
    expect(decode(matched.body)).toContain('This copy matches the record.')
    expect(decode(matched.body)).toContain(`Emergency-exit check #${assigned.exitCheckId}`)
    // The filing shop's people and the operator may check it too; a stranger may not.
    expect((await page(`/verify/emergency-exit-check/${assigned.exitCheckId}?f=${fp}`, ids.mechanic)).body).toContain('This copy matches the record.')
    expect((await page(`/verify/emergency-exit-check/${unassigned.exitCheckId}?f=${fp}`, ids.driver)).status).toBe(200)
    expect((await page(`/verify/emergency-exit-check/${assigned.exitCheckId}?f=${fp}`, ids.stranger)).status).toBe(404)
    const wrong = await page(`/verify/emergency-exit-check/${assigned.exitCheckId}?f=000000000000`, ids.owner)
    expect(wrong.body).toContain('This copy does not match the record.')
    expect((await page(`/verify/emergency-exit-check/999999?f=${fp}`, ids.owner)).status).toBe(404)
    expect((await page(`/verify/lease/${assigned.exitCheckId}?f=${fp}`, ids.owner)).status).toBe(404)
  })

  it("the driver's confirmation says the repair waits for the owner when no shop is chosen", async () => {
    const driver = await ctxFor(db, ids.driver)
    const today = await companyToday(driver, ids.operatorCo)
    const file = async (ownerCompanyId: number) => {
      const v = await insertVehicle(db, ownerCompanyId, { vin: nextVin(), odometer: 1000 })
      await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: v.id, operatorCompanyId: ids.operatorCo, startDate: '2020-01-01' }))
      const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.driver) })
      const now = Date.now()
      return caller.inspections.submitPreInspection({
        vehicleIdentifier: v.vehicleIdentifier,
        date: today,
        timeIn: new Date(now - 90 * 60_000).toISOString(),
        timeOut: new Date(now - 10 * 60_000).toISOString(),
        odometerStart: 1000,
        odometerEnd: 1042,
        driverSignature: `data:image/png;base64,${PNG}`,
        horn: true,
      } as never)
    }
    const waiting = await file(ids.loneOwnerCo)
    expect(waiting).toMatchObject({ isSatisfactory: false, sentToRepairShop: false })
    expect(FILED_TEXT.repairJob(waiting)).toBe(`A repair job was created (${waiting.repairIdentifier}). It waits for the owner to choose a repair shop.`)
    const sent = await file(ids.ownerCo)
    expect(sent).toMatchObject({ isSatisfactory: false, sentToRepairShop: true })
    expect(FILED_TEXT.repairJob(sent)).toBe(`A repair job was created (${sent.repairIdentifier}) and sent to the repair shop.`)
  })

  it('the exit check page shows its dates formatted, keeping <time dateTime>', async () => {
    const res = await page(`/emergencyExitCheck/${assigned.id}`, ids.mechanic)
    expect(res.status).toBe(200)
    // The check was filed on the shop's today (its default check date).
    const checkDate = await companyToday(await ctxFor(db, ids.mechanic), ids.shopCo)
    expect(res.body).toMatch(new RegExp(`<time dateTime="${checkDate}">${formatDateOnly(checkDate).replace(/\s/g, '\\s')}</time>`))
    expect(res.body).not.toMatch(/<time dateTime="(\d{4}-\d{2}-\d{2})">\1<\/time>/)
  })
})
