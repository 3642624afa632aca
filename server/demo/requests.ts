/** Demo vehicle requests in every status, and the operator assignments of the approved ones. */
import * as t from '#db/schema/index.ts'
import { VEHICLE_REQUEST_RESPONSE_MESSAGES, type VehicleRequestStatus } from '#catalog/statuses.ts'
import { ASSIGNMENTS, OTHER_REQUESTS, companySpec, type AssignmentPlan, type CompanyKey, type RequestPlan } from './cast.ts'
import type { SeedVehicle } from './fleet.ts'
import type { SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'
import type { LeaseSide } from '#catalog/compliance.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import { draftLeaseAgreement } from '../leases/lease-agreements.server.ts'

/** The demo's lease awaiting the operator's signature: Cascade's coach chartered to Pacific Crest. */
export const AWAITING_OPERATOR_SIGNATURE = { vehicle: 34, operator: 'pacific' } as const

/** An approved assignment, in day offsets from today. */
export interface LiveAssignment {
  vehicle: number
  operator: CompanyKey
  start: number
  /** Last day (inclusive) it is active. */
  last: number
}

export async function seedVehicleRequests(s: SeedContext, { uid, cid, nameOf, signatureOf }: SeededPeople, vehicles: SeedVehicle[]): Promise<LiveAssignment[]> {
  const { tx, rnd, day, ago } = s
  const vehicleAt = (index: number) => vehicles[index]!
  const live: LiveAssignment[] = []
  const requestRows: { plan: RequestPlan | AssignmentPlan; status: VehicleRequestStatus; requestedDaysAgo: number }[] = []
  for (const a of ASSIGNMENTS) requestRows.push({ plan: a, status: 'Approved', requestedDaysAgo: -a.start + rnd.int(3, 12) })
  for (const r of OTHER_REQUESTS) requestRows.push({ plan: r, status: r.status, requestedDaysAgo: r.requestedDaysAgo })
  requestRows.sort((a, b) => b.requestedDaysAgo - a.requestedDaysAgo)

  for (const { plan, status, requestedDaysAgo } of requestRows) {
    const v = vehicleAt(plan.vehicle)
    const ownerManager = companySpec(v.owner).manager
    const operatorManager = companySpec(plan.operator).manager
    const requestedAt = ago(requestedDaysAgo - rnd.next() * 0.3)
    const answered = status === 'Pending' ? null : ago(Math.max(0.01, requestedDaysAgo - 0.6 - rnd.next()))
    const endedEarly = 'endedEarly' in plan ? plan.endedEarly : undefined
    const endOffset = plan.end ?? endedEarly
    const [req] = await tx
      .insert(t.vehicleRequests)
      .values({
        vehicleId: v.id,
        ownerCompanyId: cid(v.owner),
        operatorCompanyId: cid(plan.operator),
        requestedByUserId: uid(operatorManager),
        status,
        startDate: day(plan.start),
        endDate: plan.end === undefined ? null : day(plan.end),
        message:
          status === 'Approved'
            ? VEHICLE_REQUEST_RESPONSE_MESSAGES.approved
            : status === 'Rejected'
              ? VEHICLE_REQUEST_RESPONSE_MESSAGES.rejected
              : null,
        requestedAt,
        respondedAt: answered,
        respondedByUserId: status === 'Approved' || status === 'Rejected' ? uid(ownerManager) : status === 'Cancelled' ? uid(operatorManager) : null,
      })
      .returning({ id: t.vehicleRequests.id })
    if (status === 'Approved') {
      const [assignment] = await tx
        .insert(t.operatorAssignments)
        .values({
          vehicleId: v.id,
          operatorCompanyId: cid(plan.operator),
          requestId: req!.id,
          startDate: day(plan.start),
          endDate: endOffset === undefined ? null : day(endOffset),
          endedAt: endedEarly === undefined ? null : ago(-endedEarly),
          createdAt: answered ?? requestedAt,
        })
        .returning({ id: t.operatorAssignments.id })
      // The written lease (decision 064), as the approval drafts it; then the managers' signatures.
      const leaseId = await draftLeaseAgreement(tx, {
        assignmentId: assignment!.id,
        requestId: req!.id,
        vehicleId: v.id,
        operatorCompanyId: cid(plan.operator),
        startDate: day(plan.start),
        endDate: endOffset === undefined ? null : day(endOffset),
        now: answered ?? requestedAt,
      })
      if (leaseId !== null) {
        const drafted = (answered ?? requestedAt).getTime()
        const sign = async (side: LeaseSide, person: string, hoursAfter: number) =>
          tx.insert(t.leaseSignatures).values({
            leaseId,
            side,
            signerUserId: uid(person),
            signerName: nameOf(person),
            signedAt: new Date(Math.min(drafted + hoursAfter * 3_600_000, s.nowMs - 60_000)),
            blobId: (await writeBlob(tx, signatureOf(person))).blobId,
            contentType: 'image/png',
          })
        await sign('Owner', ownerManager, 1 + (plan.vehicle % 3))
        // One lease waits for the operator's signature (the charter of a Cascade coach); the others are signed by both.
        if (!(plan.vehicle === AWAITING_OPERATOR_SIGNATURE.vehicle && plan.operator === AWAITING_OPERATOR_SIGNATURE.operator)) {
          await sign('Operator', operatorManager, 5 + (plan.vehicle % 7) * 2)
        }
      }
      live.push({ vehicle: plan.vehicle, operator: plan.operator, start: plan.start, last: endOffset ?? 100_000 })
    }
  }
  return live
}
