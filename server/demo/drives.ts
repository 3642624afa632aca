/**
 * A year of demo drives: pre-trip inspections filed by the drivers, their odometer readings,
 * and the repair actions (with tasks, some done) that their defects send to the owner's repair
 * shop. As the app files them (decision 024): a repair holding a safety-critical defect is out
 * of service; the first pre-trip of a bus after a repair was certified acknowledges it. The
 * last drive of bus 0 (Jamal Carter's usual bus at Evergreen) found a light out that the shop
 * has since certified: its next pre-trip asks the driver to acknowledge it. Bus 6 is out of
 * service (soft brakes, repair open). No drive is today.
 */
import { eq } from 'drizzle-orm'
import * as t from '#db/schema/index.ts'
import { DAMAGE_SIDES, isSafetyCritical, PRE_INSPECTION_ITEMS, type DamageSideKey, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { recordText } from '#catalog/record-texts.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { preTripFindings, repairIdentifierOf, taskColumnsOf } from '../repairs/open-repair-action.server.ts'
import { photoPng } from './assets.ts'
import { DRIVING, STAFF, companySpec, mechanicsOf, type CompanyKey } from './cast.ts'
import { DAMAGE_NOTES, PRE_INSPECTION_COMMENTS } from './data.ts'
import type { SeedVehicle } from './fleet.ts'
import { DAY, get, HOUR, insertMany, MINUTE, zoned, type SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'
import type { LiveAssignment } from './requests.ts'

export async function seedDrivesAndRepairs(
  s: SeedContext,
  { uid, nameOf, cid, signatureOf }: SeededPeople,
  vehicles: SeedVehicle[],
  live: LiveAssignment[],
): Promise<void> {
  const { tx, rnd, now, nowMs, todayMs, day, weekday } = s
  const vehicleAt = (index: number) => vehicles[index]!
  interface Drive {
    vehicle: SeedVehicle
    operator: CompanyKey
    driver: string
    date: string
    timeIn: Date
    timeOut: Date
    odometerStart: number
    odometerEnd: number
    defects: PreInspectionItemKey[]
    damage: Partial<Record<DamageSideKey, string>>
    comments: string | null
    /** Scripted: the shop has certified its repair (no drive since acknowledged it), or it is still open. */
    repair?: 'certified' | 'open'
  }
  const drives: Drive[] = []
  const odometer = new Map<number, number>(vehicles.map((v) => [v.index, v.odometer]))
  const activeVehicles = (operator: CompanyKey, offset: number) =>
    live.filter((a) => a.operator === operator && a.start <= offset && offset <= a.last).map((a) => a.vehicle)
  const deactivated = new Map(STAFF.filter((m) => m.deactivatedDaysAgo !== undefined).map((m) => [`${m.person}@${m.company}`, -m.deactivatedDaysAgo!]))

  for (let offset = -365; offset <= -1; offset++) {
    const date = day(offset)
    const month = Number(date.slice(5, 7))
    const dom = Number(date.slice(8, 10))
    const wd = weekday(offset)
    const weekend = wd === 0 || wd === 6
    const summer = (month === 6 && dom > 18) || month === 7 || (month === 8 && dom < 26)
    const winterBreak = (month === 12 && dom > 20) || (month === 1 && dom < 3)
    const used = new Set<number>()
    for (const d of DRIVING) {
      const until = deactivated.get(`${d.person}@${d.company}`)
      if (until !== undefined && offset >= until) continue
      let p: number
      switch (d.rhythm) {
        case 'school':
          p = weekend || winterBreak ? 0 : summer ? 0.06 : 0.86
          break
        case 'charter':
          p = wd === 6 ? 0.7 : wd === 0 ? 0.5 : wd === 5 ? 0.55 : 0.35
          break
        case 'weekendCharter':
          p = weekend ? 0.35 : 0
          break
        case 'transit':
          p = wd === 0 ? 0 : wd === 6 ? 0.3 : 0.85
          break
        case 'occasional':
          p = weekend ? 0.05 : 0.15
          break
      }
      if (!rnd.chance(p)) continue
      const available = activeVehicles(d.company, offset).filter((i) => !used.has(i))
      if (available.length === 0) continue
      const index = available.includes(d.preferred) && rnd.chance(0.7) ? d.preferred : rnd.pick(available)
      used.add(index)
      const v = vehicleAt(index)
      const miles =
        v.kind === 'school' ? rnd.int(38, 96) : v.kind === 'coach' ? rnd.int(90, 430) : rnd.int(110, 215)
      const startMinutes =
        v.kind === 'school' ? rnd.int(5 * 60 + 50, 6 * 60 + 40) : v.kind === 'coach' ? rnd.int(6 * 60 + 30, 9 * 60) : rnd.int(4 * 60 + 50, 6 * 60 + 30)
      const durationMinutes =
        v.kind === 'school'
          ? Math.round(150 + miles * 1.6 + rnd.int(0, 40))
          : v.kind === 'coach'
            ? Math.round((miles / 48) * 60 + rnd.int(45, 180))
            : rnd.int(8 * 60, 9 * 60 + 40)
      const timeIn = zoned(date, startMinutes, companySpec(d.company).timeZone)
      const timeOut = new Date(timeIn.getTime() + durationMinutes * MINUTE)
      if (timeOut.getTime() > nowMs - 30 * MINUTE) continue
      // Today (in the operator's time zone) is left for the demo's drivers to file.
      if (date >= todayIn(companySpec(d.company).timeZone, now)) continue
      const odometerStart = get(odometer, index) + rnd.int(0, 12)
      const odometerEnd = odometerStart + miles
      odometer.set(index, odometerEnd)

      const defects: PreInspectionItemKey[] = []
      const damage: Partial<Record<DamageSideKey, string>> = {}
      // Defects are rare; a few more in the last fortnight so that repair shops have open work.
      if (rnd.chance(offset >= -14 ? 0.15 : 0.045)) {
        defects.push(...rnd.sample(PRE_INSPECTION_ITEMS.map((i) => i.key), rnd.chance(0.8) ? 1 : 2))
        if (rnd.chance(0.35)) {
          const side = rnd.pick(DAMAGE_SIDES).key
          damage[side] = rnd.pick(DAMAGE_NOTES[side])
        }
      }
      drives.push({
        vehicle: v,
        operator: d.company,
        driver: d.person,
        date,
        timeIn,
        timeOut,
        odometerStart,
        odometerEnd,
        defects,
        damage,
        comments: defects.length > 0 ? 'Reported to dispatch before departure.' : rnd.chance(0.25) ? rnd.pick(PRE_INSPECTION_COMMENTS) : null,
      })
    }
  }

  // The defect loop on show: the last drive of bus 0 found a light out; the shop certified the repair since.
  const lastOfBus0 = drives.findLast((d) => d.vehicle.index === 0)
  if (lastOfBus0) Object.assign(lastOfBus0, { defects: ['lightsAndSignals'], damage: {}, comments: 'Right rear turn signal out. Reported to dispatch.', repair: 'certified' })
  // And bus 6 waits at the yard, out of service: its last pre-trip found soft brakes.
  const lastOfBus6 = drives.findLast((d) => d.vehicle.index === 6)
  if (lastOfBus6) Object.assign(lastOfBus6, { defects: ['serviceBrakes'], damage: {}, comments: 'Brake pedal soft, bus parked. Reported to dispatch.', repair: 'open' })

  let photoBudget = 2
  const answerRows: (typeof t.preInspectionAnswers.$inferInsert)[] = []
  const imageRows: (typeof t.preInspectionImages.$inferInsert)[] = []
  const taskRows: (typeof t.repairTasks.$inferInsert)[] = []
  const readingRows: (typeof t.odometerReadings.$inferInsert)[] = []
  const acknowledgementRows: (typeof t.repairAcknowledgements.$inferInsert)[] = []
  /** Certified repairs per bus that no pre-trip has acknowledged yet. */
  const toAcknowledge = new Map<number, { id: number; repairedAt: Date }[]>()

  // Where each bus's odometer history starts: the owner's entry when the bus was added.
  for (const v of vehicles) {
    const manager = companySpec(v.owner).manager
    readingRows.push({ vehicleId: v.id, reading: v.odometer, source: 'owner', recordedAt: v.createdAt, recordedByUserId: uid(manager), recordedByName: nameOf(manager) })
  }

  for (const d of drives) {
    const filedAt = new Date(d.timeOut.getTime() + rnd.int(2, 25) * MINUTE)
    // The first pre-trip after a certification acknowledges it (the driver reviewed it).
    const certifiedBefore = (toAcknowledge.get(d.vehicle.index) ?? []).filter((a) => a.repairedAt < d.timeIn)
    toAcknowledge.set(d.vehicle.index, (toAcknowledge.get(d.vehicle.index) ?? []).filter((a) => a.repairedAt >= d.timeIn))
    const [pre] = await tx
      .insert(t.preInspections)
      .values({
        vehicleId: d.vehicle.id,
        operatorCompanyId: cid(d.operator),
        driverUserId: uid(d.driver),
        driverName: nameOf(d.driver),
        date: d.date,
        timeIn: d.timeIn,
        timeOut: d.timeOut,
        odometerStart: d.odometerStart,
        odometerEnd: d.odometerEnd,
        comments: d.comments,
        isSatisfactory: d.defects.length === 0,
        defectsCorrected: certifiedBefore.length > 0,
        defectsNeedCorrection: d.defects.length > 0,
        damageFront: d.damage.front ?? null,
        damageRear: d.damage.rear ?? null,
        damageRightSide: d.damage.rightSide ?? null,
        damageLeftSide: d.damage.leftSide ?? null,
        createdAt: filedAt > now ? now : filedAt,
      })
      .returning({ id: t.preInspections.id })
    const preId = pre!.id
    for (const a of certifiedBefore) acknowledgementRows.push({ repairActionId: a.id, preInspectionId: preId, acknowledgedAt: filedAt > now ? now : filedAt })
    const driver = { recordedByUserId: uid(d.driver), recordedByName: nameOf(d.driver), preInspectionId: preId }
    readingRows.push({ vehicleId: d.vehicle.id, reading: d.odometerStart, source: 'preTripStart', recordedAt: d.timeIn, ...driver })
    readingRows.push({ vehicleId: d.vehicle.id, reading: d.odometerEnd, source: 'preTripEnd', recordedAt: d.timeOut, ...driver })
    for (const item of PRE_INSPECTION_ITEMS)
      answerRows.push({ preInspectionId: preId, itemKey: item.key, defective: d.defects.includes(item.key) })
    imageRows.push({ preInspectionId: preId, kind: 'signature', blobId: (await writeBlob(tx, signatureOf(d.driver))).blobId, contentType: 'image/png' })

    if (d.defects.length === 0) continue

    // A photo of the damaged side on the first couple of damage reports.
    const damagedSides = DAMAGE_SIDES.filter((s) => d.damage[s.key])
    if (damagedSides.length > 0 && photoBudget > 0) {
      photoBudget--
      for (const s of damagedSides)
        imageRows.push({ preInspectionId: preId, kind: s.imageKind, blobId: (await writeBlob(tx, photoPng(preId))).blobId, contentType: 'image/png' })
      await tx.insert(t.preInspectionPhotos).values({
        preInspectionId: preId,
        name: 'damage-closeup.png',
        blobId: (await writeBlob(tx, photoPng(preId + 1))).blobId,
        contentType: 'image/png',
      })
    }

    // The repair action, sent to the owner's repair shop.
    const shop = companySpec(d.vehicle.owner).repairShop!
    const createdAt = filedAt
    const ageDays = (nowMs - createdAt.getTime()) / DAY
    const offset = Math.round((Date.parse(d.date) - todayMs) / DAY)
    // Older repairs are done; recent ones (and the odd one waiting for parts) are pending.
    const repaired = d.repair ? d.repair === 'certified' : ageDays > 21 ? !rnd.chance(0.04) : ageDays > 4 && rnd.chance(0.4)
    const mechanics = mechanicsOf(shop, offset)
    const mechanic = d.repair === 'certified' && mechanics.includes('mechanic') ? 'mechanic' : rnd.pick(mechanics)
    const repairedAt = d.repair === 'certified'
      ? new Date(createdAt.getTime() + Math.min(20 * HOUR, (nowMs - createdAt.getTime()) / 2))
      : repaired
        ? new Date(createdAt.getTime() + rnd.int(20, 96) * HOUR)
        : null
    const [action] = await tx
      .insert(t.repairActions)
      .values({
        // A placeholder until the row id gives the code (as openRepairAction does): `RA-YYYY-NNNNNN`.
        repairIdentifier: `RA-new-${preId}`,
        preInspectionId: preId,
        vehicleId: d.vehicle.id,
        ownerCompanyId: cid(d.vehicle.owner),
        repairCompanyId: cid(shop),
        // Operon's sentence as a key and its values, as the app writes it (decision 082).
        commentsText: recordText('repairAction.preTrip', { name: nameOf(d.driver), date: d.date, odometer: d.odometerStart }),
        createdAt,
        repairedAt: repairedAt && repairedAt < now ? repairedAt : null,
        repairedByUserId: repairedAt && repairedAt < now ? uid(mechanic) : null,
        repairedByName: repairedAt && repairedAt < now ? nameOf(mechanic) : null,
        // A safety-critical defect keeps the bus out of service while the repair is open.
        outOfService: d.defects.some((key) => isSafetyCritical(key)),
      })
      .returning({ id: t.repairActions.id })
    await tx.update(t.repairActions).set({ repairIdentifier: repairIdentifierOf(action!.id, createdAt) }).where(eq(t.repairActions.id, action!.id))
    const isRepaired = repairedAt !== null && repairedAt < now
    if (isRepaired) toAcknowledge.set(d.vehicle.index, [...(toAcknowledge.get(d.vehicle.index) ?? []), { id: action!.id, repairedAt: repairedAt! }])
    const tasks = preTripFindings(d.defects, d.damage).map(taskColumnsOf)
    tasks.forEach((task, i) => {
      const done = isRepaired || (i === 0 && tasks.length > 1 && rnd.chance(0.5))
      const completedAt = isRepaired
        ? new Date(createdAt.getTime() + ((repairedAt!.getTime() - createdAt.getTime()) * (i + 1)) / tasks.length)
        : done
          ? new Date(Math.min(nowMs, createdAt.getTime() + 6 * HOUR))
          : null
      taskRows.push({
        repairActionId: action!.id,
        ...task,
        status: done ? 'Completed' : 'Pending',
        completedAt,
        completedByUserId: done ? uid(mechanic) : null,
      })
    })
  }
  await insertMany(tx, t.preInspectionAnswers, answerRows, 500)
  await insertMany(tx, t.preInspectionImages, imageRows, 200)
  await insertMany(tx, t.repairTasks, taskRows)
  await insertMany(tx, t.repairAcknowledgements, acknowledgementRows)
  await insertMany(tx, t.odometerReadings, readingRows, 500)

  // Each bus's odometer is its latest reading (the odometer never rolls back).
  for (const v of vehicles) {
    await tx.update(t.vehicles).set({ odometer: get(odometer, v.index), updatedAt: v.createdAt }).where(eq(t.vehicles.id, v.id))
  }
}
