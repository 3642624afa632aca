/**
 * Issue 23 point A (decision 065): a mechanic's inspection with Unsatisfactory items opens a
 * repair action at the owner's repair shop, in the inspection's transaction, one task per item
 * named by its label, out of service when an item is safety-critical; an inspection filed
 * Pending (decision 062) opens it only when the owner accepts it. REST keeps API.md's shape.
 */
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAFETY_CRITICAL_INSPECTION_KEYS, isSafetyCritical } from '#catalog/checklists.ts'
import { INSPECTION_ITEM_KEYS, INSPECTION_ITEMS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { companies, inspections, repairActions, repairTasks } from '#db/schema/index.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { reviewInspection } from '#server/inspections/review-inspection.server.ts'
import { submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { readRecordText } from '#server/i18n/record-texts.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(400000 + vinSeq++).slice(-6)}`)
const today = () => todayIn('UTC')

function filing(vehicleIdentifier: string, bad: Record<string, string> = {}, over: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { vehicleIdentifier, inspectionDate: today(), signatureName: 'Mia Mechanic', odometer: 61_250 }
  for (const k of INSPECTION_ITEM_KEYS) body[k] = k in bad ? { status: 1, comments: bad[k] } : { status: 0, comments: '' }
  return { ...body, ...over }
}

interface World {
  db: Database
  owner: number
  mechanic: number
  outsider: number
  shop: number
  newBus(): Promise<{ id: number; vehicleIdentifier: string }>
}

async function makeWorld(db: Database): Promise<World> {
  const ownerCo = await createCompany(db, 'Repair Leasing', ['Owner'])
  const shop = await createCompany(db, 'Repair Ace', ['RepairShop'])
  const far = await createCompany(db, 'Roadside Far', ['RepairShop'])
  const u = async (first: string, last: string) => (await createUser(db, { firstName: first, lastName: last })).id
  const w: World = {
    db,
    owner: await u('Olive', 'Owner'),
    mechanic: await u('Mia', 'Mechanic'),
    outsider: await u('Otto', 'Outsider'),
    shop: shop.id,
    async newBus() {
      return addVehicle(await ctxFor(db, w.owner), { ownerId: ownerCo.id, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: 'RA-1', odometer: 60_000 })
    },
  }
  await grantRole(db, w.owner, ownerCo.id, 'Owner')
  await grantRole(db, w.mechanic, shop.id, 'Mechanic')
  await grantRole(db, w.outsider, far.id, 'Mechanic')
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id)))
  return w
}

const actionsOf = (db: Database, vehicleId: number) => db.read.select().from(repairActions).where(eq(repairActions.vehicleId, vehicleId))
const tasksOf = (db: Database, actionId: number) =>
  db.read.select({ name: repairTasks.name, description: repairTasks.description, descriptionText: repairTasks.descriptionText, sourceKey: repairTasks.sourceKey }).from(repairTasks).where(eq(repairTasks.repairActionId, actionId))
/** The comments as REST reads them: Operon's sentence in English (decision 082). */
const commentsOf = (a: typeof repairActions.$inferSelect) => readRecordText(a.commentsText, a.comments, undefined)

describe('the safety-critical inspection items (catalog)', () => {
  it('are inspection keys, cover brakes, steering, tires, lights and emergency exits, and leave comfort items out', () => {
    for (const k of SAFETY_CRITICAL_INSPECTION_KEYS) expect(INSPECTION_ITEM_KEYS).toContain(k)
    for (const k of ['brakeFluidConditionLevel', 'steeringGearboxPumpHosesConditionLeaking', 'tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear', 'headTailTurnSignalClearanceMarkerLightsMountingFunction', 'emergencyExitsHandlesLabels']) {
      expect(isSafetyCritical(k)).toBe(true)
    }
    for (const k of ['domeInteriorReadingLightsFunction', 'acDefrosterAirRegisterFilterFansFrontRear', 'highIdleSystemFunction']) expect(isSafetyCritical(k)).toBe(false)
    // The pre-trip's and the exit check's lists still hold.
    expect(isSafetyCritical('serviceBrakes')).toBe(true)
    expect(isSafetyCritical('emergencyDoorMarkingLights')).toBe(true)
  })
})

describe.each(DRIVERS)('inspection repair actions on %s', (driver) => {
  let w: World
  beforeAll(async () => {
    w = await makeWorld(createTestDb(driver))
  })
  afterAll(() => w.db.close())

  it('a related mechanic: one action at the owner shop, one task per Unsatisfactory item by its label, out of service for a safety item', async () => {
    const v = await w.newBus()
    const filed = await submitInspection(
      await ctxFor(w.db, w.mechanic),
      filing(v.vehicleIdentifier, { brakeFluidConditionLevel: 'Fluid dark and low', domeInteriorReadingLightsFunction: 'Two reading lights out' }),
    )
    expect(filed).toMatchObject({ isSatisfactory: false, pendingReview: false })
    const [action, ...more] = await actionsOf(w.db, v.id)
    expect(more).toHaveLength(0)
    expect(action).toMatchObject({ inspectionId: filed.id, preInspectionId: null, emergencyExitCheckId: null, repairCompanyId: w.shop, outOfService: true, repairedAt: null })
    expect(action!.repairIdentifier).toMatch(/^RA-\d{4}-\d{6}$/)
    // Kept as a key and its values (decision 082), read as the sentence REST has always answered.
    expect(action).toMatchObject({ comments: null, commentsText: { key: 'repairAction.inspection', values: { name: 'Mia Mechanic', date: today(), odometer: 61_250 } } })
    expect(commentsOf(action!)).toBe(`Unsatisfactory items found by Mia Mechanic on the inspection of ${today()} (odometer 61,250 mi).`)
    const label = (k: string) => INSPECTION_ITEMS.find((i) => i.key === k)!.label
    // In the checklist's order (Interior before Brakes).
    expect(await tasksOf(w.db, action!.id)).toEqual([
      { name: label('domeInteriorReadingLightsFunction'), description: 'Two reading lights out', descriptionText: null, sourceKey: 'domeInteriorReadingLightsFunction' },
      { name: label('brakeFluidConditionLevel'), description: 'Fluid dark and low', descriptionText: null, sourceKey: 'brakeFluidConditionLevel' },
    ])
  })

  it('no safety item: an open repair, not out of service; a satisfactory inspection opens nothing', async () => {
    const v = await w.newBus()
    const ctx = await ctxFor(w.db, w.mechanic)
    await submitInspection(ctx, filing(v.vehicleIdentifier, { highIdleSystemFunction: 'Does not engage' }, { odometer: undefined }))
    const [action] = await actionsOf(w.db, v.id)
    expect(action).toMatchObject({ outOfService: false })
    expect(commentsOf(action!)).toContain('(odometer not recorded).')
    const clean = await w.newBus()
    await submitInspection(ctx, filing(clean.vehicleIdentifier))
    expect(await actionsOf(w.db, clean.id)).toHaveLength(0)
  })

  it('atomic: a failure while opening the repair leaves no inspection behind', async () => {
    const v = await w.newBus()
    await w.db.transaction((tx) => tx.run(`CREATE TRIGGER fail_inspection_repair BEFORE INSERT ON repair_tasks BEGIN SELECT RAISE(ABORT, 'forced failure'); END`))
    try {
      await expect(submitInspection(await ctxFor(w.db, w.mechanic), filing(v.vehicleIdentifier, { tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear: 'Tread 1/32' }))).rejects.toThrow()
    } finally {
      await w.db.transaction((tx) => tx.run(`DROP TRIGGER fail_inspection_repair`))
    }
    expect((await w.db.read.select({ n: count() }).from(inspections).where(eq(inspections.vehicleId, v.id)))[0]!.n).toBe(0)
    expect(await actionsOf(w.db, v.id)).toHaveLength(0)
  })

  it('filed Pending by an unrelated shop: nothing until the owner accepts (then opened once); a rejected one never opens', async () => {
    const v = await w.newBus()
    const pending = await submitInspection(await ctxFor(w.db, w.outsider), filing(v.vehicleIdentifier, { steeringGearboxPumpHosesConditionLeaking: 'Pump leaking' }, { odometer: 60_100 }))
    expect(pending.pendingReview).toBe(true)
    expect(await actionsOf(w.db, v.id)).toHaveLength(0)
    const owner = await ctxFor(w.db, w.owner)
    await reviewInspection(owner, { inspectionId: pending.id, decision: 'Accept' })
    await reviewInspection(owner, { inspectionId: pending.id, decision: 'Accept' })
    const actions = await actionsOf(w.db, v.id)
    expect(actions).toHaveLength(1)
    expect(actions[0]).toMatchObject({ inspectionId: pending.id, outOfService: true, repairCompanyId: w.shop })
    expect(commentsOf(actions[0]!)).toContain('Otto Outsider')

    const other = await w.newBus()
    const rejected = await submitInspection(await ctxFor(w.db, w.outsider), filing(other.vehicleIdentifier, { brakeFluidConditionLevel: 'Low' }, { odometer: 60_100 }))
    await reviewInspection(owner, { inspectionId: rejected.id, decision: 'Reject' })
    expect(await actionsOf(w.db, other.id)).toHaveLength(0)
  })
})

describe('REST submitInspection keeps API.md shape', () => {
  let w: World
  beforeAll(async () => {
    w = await makeWorld(createTestDb())
    useAsAppDb(w.db)
  })
  afterAll(() => w.db.close())

  it('201 {id, isSatisfactory} only, while the repair action is opened', async () => {
    const v = await w.newBus()
    const res = await handleRestRequest(
      new Request('http://localhost/api/Maintenance/submitInspection', {
        method: 'POST',
        headers: { authorization: `Bearer ${await apiTokenFor(w.db, w.mechanic)}`, 'content-type': 'application/json' },
        body: JSON.stringify(filing(v.vehicleIdentifier, { emergencyExitsHandlesLabels: 'Label missing on rear exit' })),
      }),
      w.db,
      '127.0.0.1',
    )
    expect(res.status).toBe(201)
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['id', 'isSatisfactory'])
    expect(body.isSatisfactory).toBe(false)
    const [action] = await actionsOf(w.db, v.id)
    expect(action).toMatchObject({ inspectionId: body.id, outOfService: true })
  })
})
