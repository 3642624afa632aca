/** Demo inspections: yearly ones per bus, some failed, by the repair shop's mechanics. */
import { eq } from 'drizzle-orm'
import * as t from '#db/schema/index.ts'
import { INSPECTION_ITEMS, INSPECTION_ITEM_STATUS, type InspectionItemKey, type InspectionItemStatus } from '#catalog/inspection-checklist.ts'
import { isAnnualRequiredItem } from '#catalog/annual-inspection.ts'
import { nextAnnualInspectionDue } from '#catalog/compliance.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import { photoPng } from './assets.ts'
import { LAST_INSPECTION, RECENT_FAILED_INSPECTION, companySpec, mechanicsOf } from './cast.ts'
import { INSPECTION_DEFECT_COMMENTS } from './data.ts'
import type { SeedVehicle } from './fleet.ts'
import { insertMany, zoned, type SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'
import type { LiveAssignment } from './requests.ts'

const LA = 'America/Los_Angeles'
/** The demo mechanic's inspector qualification (decision 066). */
const DEMO_QUALIFICATION = 'ASE Master Certified (School Bus S1–S7), 9 years; Oregon DOT certified brake inspector'

export async function seedInspections(s: SeedContext, { uid, nameOf, signatureOf }: SeededPeople, vehicles: SeedVehicle[], live: LiveAssignment[]): Promise<void> {
  const { tx, rnd, now, day } = s
  interface InspectionPlan {
    vehicle: SeedVehicle
    offset: number
    satisfactory: boolean
    /** The bus's latest passed inspection (it sets nextInspection). */
    main?: boolean
  }
  const plans: InspectionPlan[] = []
  for (const v of vehicles) {
    if (v.archived) {
      plans.push({ vehicle: v, offset: -400, satisfactory: true })
      plans.push({ vehicle: v, offset: -75, satisfactory: false })
      continue
    }
    const main = LAST_INSPECTION[v.index] ?? rnd.int(-300, -25)
    plans.push({ vehicle: v, offset: main, satisfactory: true, main: true })
    if (rnd.chance(0.35)) plans.push({ vehicle: v, offset: main - rnd.int(2, 6), satisfactory: false })
    if (main > -200 && rnd.chance(0.6)) plans.push({ vehicle: v, offset: main - rnd.int(150, 180), satisfactory: true })
    if (RECENT_FAILED_INSPECTION.has(v.index)) plans.push({ vehicle: v, offset: rnd.int(-14, -3), satisfactory: false })
    const last = day(main + 365)
    await tx.update(t.vehicles).set({ nextInspection: last, updatedAt: v.createdAt }).where(eq(t.vehicles.id, v.id))
  }
  plans.sort((a, b) => a.offset - b.offset)

  // Decision 066: the demo mechanic's qualification (49 CFR 396.19), and one of their inspections is the annual one.
  await tx.update(t.users).set({ inspectorQualification: DEMO_QUALIFICATION }).where(eq(t.users.id, uid('mechanic')))
  let annualMarked = false
  const itemRows: (typeof t.inspectionItems.$inferInsert)[] = []
  let inspectionPhotoBudget = 2
  for (const plan of plans) {
    const v = plan.vehicle
    const shop = companySpec(v.owner).repairShop!
    const operatorNow = live.find((a) => a.vehicle === v.index && a.start <= plan.offset && plan.offset <= a.last)?.operator
    const inHouse = operatorNow === 'evergreen' && plan.offset >= -500 && rnd.chance(0.25)
    const candidates = inHouse ? ['nina'] : mechanicsOf(shop, plan.offset)
    const inspector = candidates.includes('mechanic') && rnd.chance(0.65) ? 'mechanic' : rnd.pick(candidates)
    const date = day(plan.offset)
    const createdAt = zoned(date, rnd.int(9 * 60, 16 * 60), LA)
    // The first bus's latest passed inspection by the demo mechanic is its annual one (no Appendix G item is Not applicable below).
    const isAnnual = !annualMarked && !!plan.main && !v.archived && inspector === 'mechanic'
    if (isAnnual) {
      annualMarked = true
      await tx.update(t.vehicles).set({ nextInspection: nextAnnualInspectionDue(date) }).where(eq(t.vehicles.id, v.id))
    }
    const [row] = await tx
      .insert(t.inspections)
      .values({
        vehicleId: v.id,
        inspectorUserId: uid(inspector),
        inspectorName: nameOf(inspector),
        inspectionDate: date,
        isSatisfactory: plan.satisfactory,
        createdAt: createdAt > now ? now : createdAt,
        ...(isAnnual ? { isAnnual: true, inspectorQualification: DEMO_QUALIFICATION } : {}),
      })
      .returning({ id: t.inspections.id })
    const inspectionId = row!.id
    const notApplicable = (key: InspectionItemKey): boolean =>
      !(isAnnual && isAnnualRequiredItem(key)) &&
      ((key === 'wheelchairLiftSafetySwitchFunctionCondition' && !v.ada) ||
      (key === 'luggageCompartmentWallDoorLockShockFunctionCondition' && v.kind !== 'coach') ||
      (key === 'acCompressorClutchCondenserLinesHosesConditionLeaking' && !v.model.airConditioning) ||
      (key === 'highIdleSystemFunction' && v.kind === 'transit'))
    const applicable = INSPECTION_ITEMS.map((i) => i.key).filter((k) => !notApplicable(k))
    const failed = plan.satisfactory ? [] : rnd.sample(applicable, v.archived ? 3 : rnd.int(1, 3))
    if (v.archived) failed[0] = 'chassisFrameCrossMembersCracksCondition'
    for (const item of INSPECTION_ITEMS) {
      const status: InspectionItemStatus = failed.includes(item.key)
        ? INSPECTION_ITEM_STATUS.Unsatisfactory
        : notApplicable(item.key)
          ? INSPECTION_ITEM_STATUS.NotApplicable
          : INSPECTION_ITEM_STATUS.Satisfactory
      itemRows.push({
        inspectionId,
        itemKey: item.key,
        status,
        comments:
          status === INSPECTION_ITEM_STATUS.Unsatisfactory
            ? v.archived && item.key === 'chassisFrameCrossMembersCracksCondition'
              ? 'Cracks in the rear cross member; not economical to repair. Vehicle retired.'
              : rnd.pick(INSPECTION_DEFECT_COMMENTS)
            : null,
      })
    }
    await tx.insert(t.inspectionSignatures).values({ inspectionId, blobId: (await writeBlob(tx, signatureOf(inspector))).blobId, contentType: 'image/png' })
    if (!plan.satisfactory && inspectionPhotoBudget > 0) {
      inspectionPhotoBudget--
      await tx.insert(t.inspectionPhotos).values({
        inspectionId,
        name: 'finding-1.png',
        blobId: (await writeBlob(tx, photoPng(inspectionId * 13))).blobId,
        contentType: 'image/png',
      })
    }
  }
  await insertMany(tx, t.inspectionItems, itemRows, 500)
  await seedInspectionAwaitingReview(s, { uid, nameOf, signatureOf }, vehicles)
}

/**
 * Decision 062 in the demo: Keystone's mechanic inspected a Cascade bus at the roadside. Keystone
 * is not Cascade's shop, so the inspection waits, Pending, for Cascade's manager to accept or
 * reject it (the bus's Inspections tab); it has changed nothing on the bus.
 */
async function seedInspectionAwaitingReview(s: SeedContext, { uid, nameOf, signatureOf }: Pick<SeededPeople, 'uid' | 'nameOf' | 'signatureOf'>, vehicles: SeedVehicle[]) {
  const bus = vehicles.find((v) => v.owner === 'cascade' && !v.archived)
  if (!bus) return
  const date = s.day(-1)
  // Above the bus's latest reading (the drives moved it), so accepting it passes the odometer rule.
  const [current] = await s.tx.select({ odometer: t.vehicles.odometer }).from(t.vehicles).where(eq(t.vehicles.id, bus.id))
  const [row] = await s.tx
    .insert(t.inspections)
    .values({
      vehicleId: bus.id,
      inspectorUserId: uid('mechanic'),
      inspectorName: nameOf('mechanic'),
      inspectionDate: date,
      isSatisfactory: true,
      odometer: (current?.odometer ?? bus.odometer) + 180,
      reviewStatus: 'Pending',
      createdAt: zoned(date, 14 * 60, LA),
    })
    .returning({ id: t.inspections.id })
  await s.tx.insert(t.inspectionItems).values(
    INSPECTION_ITEMS.map((item) => ({ inspectionId: row!.id, itemKey: item.key, status: INSPECTION_ITEM_STATUS.Satisfactory, comments: null })),
  )
  await s.tx.insert(t.inspectionSignatures).values({ inspectionId: row!.id, blobId: (await writeBlob(s.tx, signatureOf('mechanic'))).blobId, contentType: 'image/png' })
}
