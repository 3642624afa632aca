/**
 * Every page of app/routes with the demo data's ids, by the demo role that opens it: the fit
 * check (tests/e2e/fit.spec.ts) and the Spanish render check (tests/integration/i18n-pages.test.ts).
 */
import { and, asc, desc, eq, isNull, lte } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { companies, emergencyExitChecks, users, inspections, leaseAgreements, operatorAssignments, preInspections, repairActions, repairCostLines, servicePrograms, serviceProgramVehicles, vehicles } from '#db/schema/index.ts'
import type { DEMO_LOGINS } from '#server/demo/logins.ts'

export type Role = (typeof DEMO_LOGINS)[number]['key']

/** The demo data's ids the pages need (the demo seed: server/demo). */
export async function demoIds(database: Database) {
  const db = database.read
  const company = async (name: string) => {
    const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name))
    if (!c) throw new Error(`demo data missing: ${name}`)
    return c.id
  }
  const cascade = await company('Cascade Coach Lines')
  const summit = await company('Summit Bus Leasing')
  const evergreen = await company('Evergreen Student Transportation')
  const keystone = await company('Keystone Fleet Repair')
  const [cascadeBus] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.ownerCompanyId, cascade)).limit(1)
  const today = new Date().toISOString().slice(0, 10)
  const [driven] = await db
    .select({ id: operatorAssignments.vehicleId })
    .from(operatorAssignments)
    .where(and(eq(operatorAssignments.operatorCompanyId, evergreen), isNull(operatorAssignments.endedAt), lte(operatorAssignments.startDate, today)))
    .limit(1)
  if (!cascadeBus || !driven) throw new Error('demo data missing: vehicles')
  // The compliance pack's records (issue 23): a lease between Summit and Evergreen, an annual inspection.
  const [lease] = await db
    .select({ id: leaseAgreements.id })
    .from(leaseAgreements)
    .where(and(eq(leaseAgreements.ownerCompanyId, summit), eq(leaseAgreements.operatorCompanyId, evergreen)))
    .limit(1)
  const [annual] = await db.select({ id: inspections.id, vehicleId: inspections.vehicleId }).from(inspections).where(eq(inspections.isAnnual, true)).limit(1)
  const [cascadeLease] = await db.select({ id: leaseAgreements.id }).from(leaseAgreements).where(eq(leaseAgreements.ownerCompanyId, cascade)).limit(1)
  if (!lease || !cascadeLease || !annual) throw new Error('demo data missing: leases or annual inspection')
  // Issue 35: Summit's PM-A program, a bus in it, and the scheduled maintenance sent to Keystone.
  const [program] = await db.select({ id: servicePrograms.id }).from(servicePrograms).where(eq(servicePrograms.ownerCompanyId, summit)).orderBy(asc(servicePrograms.id)).limit(1)
  const [programBus] = program ? await db.select({ id: serviceProgramVehicles.vehicleId }).from(serviceProgramVehicles).where(eq(serviceProgramVehicles.programId, program.id)).orderBy(asc(serviceProgramVehicles.vehicleId)).limit(1) : []
  const [workOrder] = await db.select({ id: repairActions.id }).from(repairActions).where(and(eq(repairActions.ownerCompanyId, summit), eq(repairActions.openedForService, true))).limit(1)
  if (!program || !programBus || !workOrder) throw new Error('demo data missing: service programs or the scheduled maintenance at the shop')
  // Issue 36: a Summit repair at Keystone with a line charged to Evergreen (owner, shop and operator each see it), a Cascade repair with costs, the electric bus.
  const [charged] = await db
    .select({ id: repairCostLines.repairActionId })
    .from(repairCostLines)
    .where(and(eq(repairCostLines.ownerCompanyId, summit), eq(repairCostLines.payerCompanyId, evergreen), eq(repairCostLines.shopCompanyId, keystone)))
    .orderBy(desc(repairCostLines.id))
    .limit(1)
  const [cascadeCosted] = await db.select({ id: repairCostLines.repairActionId }).from(repairCostLines).where(eq(repairCostLines.ownerCompanyId, cascade)).orderBy(desc(repairCostLines.id)).limit(1)
  const [electric] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.fuelUnit, 'kWh')).orderBy(asc(vehicles.id)).limit(1)
  if (!charged || !cascadeCosted || !electric) throw new Error('demo data missing: repair costs or the electric bus')
  // Issue 37: a driver of each operator with a file and hours (Ethan at Cascade, Maria at Evergreen), and the demo driver.
  const userId = async (where: ReturnType<typeof eq>) => {
    const [u] = await db.select({ id: users.id }).from(users).where(where).limit(1)
    if (!u) throw new Error('demo data missing: a driver')
    return u.id
  }
  const cascadeDriver = await userId(and(eq(users.firstName, 'Ethan'), eq(users.lastName, 'Walker'))!)
  const evergreenDriver = await userId(and(eq(users.firstName, 'Maria'), eq(users.lastName, 'Gonzalez'))!)
  const demoDriver = await userId(eq(users.email, 'driver@demo.operon.app'))
  return {
    cascadeDriver,
    evergreenDriver,
    demoDriver,
    cascade,
    summit,
    evergreen,
    keystone,
    cascadeBus: cascadeBus.id,
    evergreenBus: driven.id,
    lease: lease.id,
    cascadeLease: cascadeLease.id,
    annual: annual.id,
    annualBus: annual.vehicleId,
    program: program.id,
    programBus: programBus.id,
    workOrder: workOrder.id,
    chargedRepair: charged.id,
    cascadeCostedRepair: cascadeCosted.id,
    electricBus: electric.id,
  }
}

/** Every page route of app/routes with real demo ids, by the role that opens it. */
export type DemoIds = Awaited<ReturnType<typeof demoIds>>
export function pagesOf(ids: DemoIds): Record<Role | 'public', [name: string, path: string][]> {
  const { cascade: c, summit: s, evergreen: e, keystone: k } = ids
  return {
    public: [
      ['login', '/login'],
      ['register', '/register'],
      ['send-reset-link', '/SendResetLink'],
      ['terms', '/TermsAndConditions'],
      ['reset-password', '/reset-password?token=not-a-token'],
      ['dev-mailbox', '/dev/mailbox'],
    ],
    cascade: [
      ['dashboard', '/dashboard'],
      ['profile', '/profile'],
      ['complete-profile', '/completeProfile'],
      ['owner-dashboard', `/OwnerDashboard/${c}`],
      ['operator-dashboard', `/OperatorDashboard/${c}`],
      ['fleet', `/fleet/${c}`],
      ['fleet-open', `/fleet/${c}?open=${ids.cascadeBus}`],
      ['fleet-documents', `/fleet/${c}?open=${ids.cascadeBus}&tab=documents`],
      ['fleet-operator', `/fleetOperator/${c}`],
      ['owner-requests', `/ownerRequestPage/${c}`],
      ['operator-requests', `/operatorRequestPage/${c}`],
      ['employees', `/employees/${c}`],
      ['employees-rs', `/employeesRS/${c}`],
      ['join-requests', `/joinRequests/${c}`],
      ['join-requests-rs', `/joinRequestsRS/${c}`],
      ['repair-actions', `/repairActions/${c}`],
      ['company-settings', `/company/${c}/settings`],
      // Issue 26: webhooks, the activity log (with the record exports) and the fleet import.
      ['webhooks', `/company/${c}/webhooks`],
      ['activity', `/company/${c}/activity`],
      ['fleet-import', `/fleet/${c}/import`],
      ['vehicle-link', `/vehicles/${ids.cascadeBus}`],
      ['compliance', `/compliance/${c}`],
      ['retention', `/retention/${c}`],
      ['lease', `/leases/${ids.cascadeLease}`],
      // Issue 35: the due list and the fleet panel's Maintenance tab.
      ['maintenance', `/maintenance/${c}`],
      ['maintenance-overdue', `/maintenance/${c}?state=Overdue&sort=vehicle`],
      ['maintenance-programs', `/maintenance/${c}/programs`],
      ['fleet-maintenance', `/fleet/${c}?open=${ids.cascadeBus}&tab=maintenance`],
      // Issue 36: cost per mile, the fuel log and its import, a repair's costs (Cascade is owner, operator and shop at once).
      ['costs', `/costs/${c}`],
      ['fuel', `/fuel/${c}`],
      ['fuel-import', `/fuel/${c}/import`],
      ['repair-costs', `/repairActions/${c}/costs/${ids.cascadeCostedRepair}`],
      ['repairs-charged', `/repairActions/${c}/charged`],
      ['fleet-costs', `/fleet/${c}?open=${ids.cascadeBus}&tab=costs`],
      // Issue 37: the drivers' files, one file with its tests, the hours and one driver's month.
      ['driver-files', `/driverFiles/${c}`],
      ['driver-files-former', `/driverFiles/${c}?status=former`],
      ['driver-file', `/driverFiles/${c}/${ids.cascadeDriver}`],
      ['driver-tests', `/driverFiles/${c}/${ids.cascadeDriver}/tests`],
      ['hours', `/hours/${c}`],
      ['hours-month', `/hours/${c}/${ids.cascadeDriver}`],
    ],
    owner: [
      ['owner-fleet-summit', `/fleet/${s}`],
      ['owner-requests-summit', `/ownerRequestPage/${s}`],
      ['owner-dashboard-summit', `/OwnerDashboard/${s}`],
      ['compliance-summit', `/compliance/${s}`],
      ['lease-summit', `/leases/${ids.lease}`],
      // Issue 35: Summit's maintenance (the demo's programs are Summit's).
      ['maintenance-summit', `/maintenance/${s}`],
      ['programs-summit', `/maintenance/${s}/programs`],
      ['program-summit', `/maintenance/${s}/programs/${ids.program}`],
      ['maintenance-bus-summit', `/maintenance/${s}/vehicles/${ids.programBus}`],
      ['fleet-maintenance-summit', `/fleet/${s}?open=${ids.programBus}&tab=maintenance`],
      // Issue 36: Summit's costs (every payer's), its fuel log, a repair's lines with their payers.
      ['costs-summit', `/costs/${s}`],
      ['fuel-summit', `/fuel/${s}`],
      ['fuel-import-summit', `/fuel/${s}/import`],
      ['repair-costs-summit', `/repairActions/${s}/costs/${ids.chargedRepair}`],
    ],
    operator: [
      ['operator-requests-evergreen', `/operatorRequestPage/${e}`],
      ['employees-evergreen', `/employees/${e}`],
      ['join-requests-evergreen', `/joinRequests/${e}`],
      ['fleet-operator-evergreen', `/fleetOperator/${e}`],
      ['lease-evergreen', `/leases/${ids.lease}`],
      ['maintenance-evergreen', `/maintenance/${e}`],
      // Issue 36: Evergreen's own costs and fuel, the repairs charged to it.
      ['costs-evergreen', `/costs/${e}`],
      ['fuel-evergreen', `/fuel/${e}`],
      ['repairs-charged-evergreen', `/repairActions/${e}/charged`],
      ['repair-costs-evergreen', `/repairActions/${e}/costs/${ids.chargedRepair}`],
      // Issue 37: Evergreen's driver files (a former driver among them) and Maria's long day.
      ['driver-files-evergreen', `/driverFiles/${e}`],
      ['driver-file-evergreen', `/driverFiles/${e}/${ids.evergreenDriver}`],
      ['hours-evergreen', `/hours/${e}`],
      ['hours-month-evergreen', `/hours/${e}/${ids.evergreenDriver}`],
    ],
    charter: [],
    repairshop: [
      ['repair-actions-keystone', `/repairActions/${k}`],
      ['work-order-keystone', `/maintenance/${k}/work-order/${ids.workOrder}`],
      ['employees-rs-keystone', `/employeesRS/${k}`],
      ['join-requests-rs-keystone', `/joinRequestsRS/${k}`],
      // Issue 36: the shop's cost lines on a Summit repair.
      ['repair-costs-keystone', `/repairActions/${k}/costs/${ids.chargedRepair}`],
    ],
    driver: [
      ['driver-dashboard', '/dashboard'],
      ['pre-trip', `/preTrip/${ids.evergreenBus}`],
      ['emergency-exit-check-driver', `/emergencyExitCheck/${ids.evergreenBus}`],
      // Issue 36: a fill-up, and a charge on the electric bus.
      ['fuel-up', `/fuelUp/${ids.evergreenBus}`],
      ['fuel-up-electric', `/fuelUp/${ids.electricBus}`],
      // Issue 37: the duty screen, the driver's own file, tests and month (read-only).
      ['duty', `/duty/${e}`],
      ['my-driver-file', `/driverFiles/${e}/${ids.demoDriver}`],
      ['my-driver-tests', `/driverFiles/${e}/${ids.demoDriver}/tests`],
      ['my-hours', `/hours/${e}/${ids.demoDriver}`],
    ],
    mechanic: [
      ['mechanic-dashboard', '/dashboard'],
      ['inspection-page', '/InspectionPage'],
      ['emergency-exit-check', `/emergencyExitCheck/${ids.annualBus}`],
      ['annual-inspection-report', `/annualInspection/${ids.annual}`],
    ],
  }
}


/**
 * The demo data's printed records (issue 39's check of every PDF): a pre-trip, an inspection and
 * an emergency-exit check with defects where there are (their documents say the most), each with
 * the company that owns its bus (the company in the print page's path).
 */
export async function demoRecords(database: Database) {
  const db = database.read
  const owner = async (vehicleId: number) => (await db.select({ id: vehicles.ownerCompanyId }).from(vehicles).where(eq(vehicles.id, vehicleId)))[0]!.id
  const [pre] = await db
    .select({ id: preInspections.id, vehicleId: preInspections.vehicleId })
    .from(preInspections)
    .innerJoin(repairActions, eq(repairActions.preInspectionId, preInspections.id))
    .orderBy(desc(preInspections.id))
    .limit(1)
  const [inspection] = await db
    .select({ id: inspections.id, vehicleId: inspections.vehicleId })
    .from(inspections)
    .where(eq(inspections.isAnnual, false))
    .orderBy(asc(inspections.isSatisfactory), desc(inspections.id))
    .limit(1)
  const [exitCheck] = await db
    .select({ id: emergencyExitChecks.id, vehicleId: emergencyExitChecks.vehicleId })
    .from(emergencyExitChecks)
    .orderBy(asc(emergencyExitChecks.isSatisfactory), desc(emergencyExitChecks.id))
    .limit(1)
  if (!pre || !inspection || !exitCheck) throw new Error('demo data missing: a pre-trip with a repair action, an inspection or an emergency-exit check')
  return {
    preTrip: { id: pre.id, companyId: await owner(pre.vehicleId) },
    inspection: { id: inspection.id, companyId: await owner(inspection.vehicleId) },
    exitCheck: { id: exitCheck.id, companyId: await owner(exitCheck.vehicleId) },
  }
}
export type DemoRecords = Awaited<ReturnType<typeof demoRecords>>

/** The print pages of the demo records (the pages each PDF is printed from). */
export function printPagesOf(ids: DemoIds, r: DemoRecords): [name: string, path: string][] {
  return [
    ['print-pre-trip', `/PrintPreInspection/${r.preTrip.companyId}?id=${r.preTrip.id}`],
    ['print-inspection', `/PrintInspection/${r.inspection.companyId}?id=${r.inspection.id}`],
    ['print-emergency-exit-check', `/PrintEmergencyExitCheck/${r.exitCheck.companyId}?id=${r.exitCheck.id}`],
    ['print-lease', `/PrintLease/${ids.lease}`],
    ['print-lease-cascade', `/PrintLease/${ids.cascadeLease}`],
    ['print-work-order', `/maintenance/${ids.summit}/work-order/${ids.workOrder}`],
  ]
}

/** Every PDF route of app/routes (*.pdf.ts) with the demo data's records. */
export function pdfsOf(ids: DemoIds, r: DemoRecords): [name: string, path: string][] {
  return [
    ['pre-trip', `/PrintPreInspection/${r.preTrip.companyId}/pdf?id=${r.preTrip.id}`],
    ['inspection', `/PrintInspection/${r.inspection.companyId}/pdf?id=${r.inspection.id}`],
    ['emergency-exit-check', `/PrintEmergencyExitCheck/${r.exitCheck.companyId}/pdf?id=${r.exitCheck.id}`],
    ['lease', `/PrintLease/${ids.lease}/pdf`],
    ['annual-inspection-report', `/annualInspection/${ids.annual}/pdf`],
    ['annual-inspection-decal', `/annualInspection/${ids.annual}/decal.pdf`],
    ['vehicle-qr', `/vehicles/${ids.cascadeBus}/qr.pdf`],
    ['company-qr', `/company/${ids.cascade}/qr.pdf`],
    ['work-order', `/maintenance/${ids.summit}/work-order/${ids.workOrder}/pdf`],
    // Issue 37: a driver's month of hours (Cascade's manager prints Ethan's).
    ['hours-month', `/hours/${ids.cascade}/${ids.cascadeDriver}/month.pdf`],
  ]
}
