/**
 * Every page of app/routes with the demo data's ids, by the demo role that opens it: the fit
 * check (tests/e2e/fit.spec.ts) and the Spanish render check (tests/integration/i18n-pages.test.ts).
 */
import { and, eq, isNull, lte } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { companies, inspections, leaseAgreements, operatorAssignments, vehicles } from '#db/schema/index.ts'
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
  return {
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
    ],
    owner: [
      ['owner-fleet-summit', `/fleet/${s}`],
      ['owner-requests-summit', `/ownerRequestPage/${s}`],
      ['owner-dashboard-summit', `/OwnerDashboard/${s}`],
      ['compliance-summit', `/compliance/${s}`],
      ['lease-summit', `/leases/${ids.lease}`],
    ],
    operator: [
      ['operator-requests-evergreen', `/operatorRequestPage/${e}`],
      ['employees-evergreen', `/employees/${e}`],
      ['join-requests-evergreen', `/joinRequests/${e}`],
      ['fleet-operator-evergreen', `/fleetOperator/${e}`],
      ['lease-evergreen', `/leases/${ids.lease}`],
    ],
    charter: [],
    repairshop: [
      ['repair-actions-keystone', `/repairActions/${k}`],
      ['employees-rs-keystone', `/employeesRS/${k}`],
      ['join-requests-rs-keystone', `/joinRequestsRS/${k}`],
    ],
    driver: [
      ['driver-dashboard', '/dashboard'],
      ['pre-trip', `/preTrip/${ids.evergreenBus}`],
      ['emergency-exit-check-driver', `/emergencyExitCheck/${ids.evergreenBus}`],
    ],
    mechanic: [
      ['mechanic-dashboard', '/dashboard'],
      ['inspection-page', '/InspectionPage'],
      ['emergency-exit-check', `/emergencyExitCheck/${ids.annualBus}`],
      ['annual-inspection-report', `/annualInspection/${ids.annual}`],
    ],
  }
}

