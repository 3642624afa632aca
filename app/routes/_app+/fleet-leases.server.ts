/**
 * The Operator history tab's assignments with their lease agreements (decision 064): each
 * assignment to another company shows its lease's state (Signed by both / Awaiting owner /
 * Awaiting operator) and links to it. The owner's managers only (as the tab).
 */
import type { OperatorAssignmentView } from '#app/components/fleet/view-types.ts'
import type { PageContext } from '#app/utils/page.server.ts'
import { getVehicleOperatorAssignments } from '#server/fleet/vehicle-requests.server.ts'
import { listLeasesByVehicle } from '#server/leases/lease-agreements.server.ts'

export async function operatorAssignmentsWithLeases(ctx: PageContext, vehicleId: number): Promise<OperatorAssignmentView[]> {
  const [assignments, leases] = await Promise.all([getVehicleOperatorAssignments(ctx, vehicleId), listLeasesByVehicle(ctx, vehicleId)])
  return assignments.map((a) => {
    const lease = leases.find((l) => l.assignmentId === a.id)
    return { ...a, lease: lease ? { id: lease.id, state: lease.state } : null }
  })
}
