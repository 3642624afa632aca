/**
 * Demo service programs (issue 35, decision 084), for Summit Bus Leasing (the `owner` login):
 * PM-A copied from its template and applied by a rule to every bus built since 1990 (all of
 * Summit's buses), and the California school-bus inspection (13 CCR 1232) on four school buses
 * picked one by one. Their buses joined on staggered days, so the due list shows some buses
 * overdue, some due soon and the rest OK. Deterministic: no random draw, dates relative to today.
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import * as t from '#db/schema/index.ts'
import { serviceTemplate } from '#catalog/maintenance-templates.ts'
import { recordText } from '#catalog/record-texts.ts'
import { refreshMeterRate } from '../fleet/meter-rate.server.ts'
import { insertServiceRecord } from '../maintenance/service-records.server.ts'
import { repairIdentifierOf } from '../repairs/open-repair-action.server.ts'
import type { SeedVehicle } from './fleet.ts'
import type { SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'

/** The PM-A rule: every bus built since 1990 (the fleet table's year filter). */
export const DEMO_PM_A_RULE = { yearFrom: 1990 }

export async function seedServicePrograms(s: SeedContext, { cid, uid, nameOf }: SeededPeople, vehicles: SeedVehicle[]): Promise<void> {
  const { tx, day, now } = s
  const ownerId = cid('summit')
  // Every bus's miles a day from its own seeded readings: the due list's projected dates.
  for (const v of await tx.select({ id: t.vehicles.id }).from(t.vehicles)) await refreshMeterRate(tx, 'odometer', v.id, now)
  const buses = await tx
    .select({ id: t.vehicles.id, odometer: t.vehicles.odometer, offset: t.vehicles.odometerOffset })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.ownerCompanyId, ownerId), isNull(t.vehicles.archivedAt)))
    .orderBy(asc(t.vehicles.id))
  const school = new Set(vehicles.filter((v) => v.owner === 'summit' && !v.archived && v.kind === 'school').map((v) => v.id))

  const program = async (key: string, rule: typeof DEMO_PM_A_RULE | null) => {
    const tpl = serviceTemplate(key)!
    const [p] = await tx
      .insert(t.servicePrograms)
      .values({ ownerCompanyId: ownerId, name: tpl.name, description: `${tpl.description}\n${tpl.help}`, templateKey: tpl.key, rule, createdAt: now, updatedAt: now })
      .returning({ id: t.servicePrograms.id })
    let position = 0
    for (const task of tpl.tasks) await tx.insert(t.serviceTasks).values({ ...task, programId: p!.id, ownerCompanyId: ownerId, position: position++, createdAt: now, updatedAt: now })
    return p!.id
  }

  // PM-A (45 days / 6,000 miles): every 4th bus joined 50 days ago (overdue), the next 40 days ago (due soon), the rest 5–30 days ago.
  const pmA = await program('pm-a', DEMO_PM_A_RULE)
  for (const [i, b] of buses.entries()) {
    const daysAgo = i % 4 === 0 ? 50 : i % 4 === 1 ? 40 : 5 + ((i * 7) % 26)
    const life = b.odometer === null ? null : b.odometer + b.offset
    await tx.insert(t.serviceProgramVehicles).values({
      programId: pmA,
      vehicleId: b.id,
      ownerCompanyId: ownerId,
      kind: 'rule',
      joinedOn: day(-daysAgo),
      // Miles driven since joining, roughly: a school bus about 40 a day.
      joinLifeMiles: life === null ? null : Math.max(0, life - daysAgo * 40),
    })
  }

  // One bus had PM-A done at an outside garage 12 days ago; the first overdue one is at Keystone (Summit's shop).
  const [pmATask] = await tx.select({ id: t.serviceTasks.id, name: t.serviceTasks.name, checklist: t.serviceTasks.checklist }).from(t.serviceTasks).where(eq(t.serviceTasks.programId, pmA)).orderBy(asc(t.serviceTasks.position)).limit(1)
  const serviced = buses[2]
  if (pmATask && serviced) {
    const odometer = serviced.odometer === null ? null : Math.max(0, serviced.odometer - 12 * 40)
    await insertServiceRecord(tx, {
      ownerCompanyId: ownerId, vehicleId: serviced.id, taskId: pmATask.id, taskName: pmATask.name, programName: serviceTemplate('pm-a')!.name,
      kind: 'done', performedOn: day(-12), odometer, engineHours: null, readingSource: odometer === null ? 'none' : 'entered',
      performedBy: 'Valley Diesel Service', notes: 'PM-A with oil sample; invoice on file.', recordedByUserId: uid('owner'), recordedByName: nameOf('owner'), now,
    })
  }
  const overdue = buses[0]
  const [shop] = await tx.select({ id: t.companies.repairShopCompanyId }).from(t.companies).where(eq(t.companies.id, ownerId))
  if (pmATask && overdue && shop?.id) {
    const createdAt = new Date(now.getTime() - 2 * 3600_000)
    const [action] = await tx
      .insert(t.repairActions)
      .values({
        repairIdentifier: `RA-new-service-${overdue.id}`, vehicleId: overdue.id, ownerCompanyId: ownerId, repairCompanyId: shop.id, openedForService: true, createdAt,
        commentsText: recordText('repairAction.service', { name: nameOf('owner'), date: day(0), odometer: overdue.odometer }),
      })
      .returning({ id: t.repairActions.id })
    await tx.update(t.repairActions).set({ repairIdentifier: repairIdentifierOf(action!.id, createdAt) }).where(eq(t.repairActions.id, action!.id))
    await tx.insert(t.repairTasks).values({ repairActionId: action!.id, sourceKey: `service:${pmATask.id}`, name: pmATask.name, description: pmATask.checklist, serviceTaskId: pmATask.id, status: 'Pending' })
  }

  // California school bus inspection (45 days / 3,000 miles) on four school buses, picked.
  const picked = buses.filter((b) => school.has(b.id)).slice(0, 4)
  if (picked.length === 0) return
  const caSchool = await program('ca-school-bus', null)
  for (const [i, b] of picked.entries()) {
    const daysAgo = [46, 41, 20, 3][i] ?? 10
    const life = b.odometer === null ? null : b.odometer + b.offset
    await tx.insert(t.serviceProgramVehicles).values({
      programId: caSchool,
      vehicleId: b.id,
      ownerCompanyId: ownerId,
      kind: 'pick',
      joinedOn: day(-daysAgo),
      joinLifeMiles: life === null ? null : Math.max(0, life - daysAgo * 40),
    })
  }
}
