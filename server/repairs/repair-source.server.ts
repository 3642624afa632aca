/**
 * The record that opened a repair action (a driver's pre-trip, a mechanic's inspection, a 90-day
 * emergency-exit check: decision 065), as a link from the Repair actions lists. A row links to
 * its source only when the viewer may open it: the source's own read rule (read-forms.server.ts,
 * `getEmergencyExitCheck`), never widened by being allowed to see the repair action, and the
 * print page's guard (decision 006: the page's company, Owner or Operator there, sees the bus),
 * since the link without JavaScript is the print page.
 */
import { isAppError } from '../errors.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { mayReadEmergencyExitCheck } from '../inspections/emergency-exit-checks.server.ts'
import { mayReadForm, requireCompanySeesVehicle } from '../inspections/read-forms.server.ts'
import type { RepairActionRow, RepairSource } from './list-repairs.server.ts'

async function mayRead(ctx: UseCaseContext, source: RepairSource): Promise<boolean> {
  // "Scheduled maintenance" (decision 084): no filed record to open; the page shows its name, no link.
  if (source.kind === 'service') return false
  return source.kind === 'emergency-exit-check' ? mayReadEmergencyExitCheck(ctx, source.id) : mayReadForm(ctx, source.kind, source.id)
}

async function companySees(ctx: UseCaseContext, companyId: number, vehicle: { id: number; ownerCompanyId: number }): Promise<boolean> {
  return requireCompanySeesVehicle(ctx, companyId, vehicle).then(
    () => true,
    (error: unknown) => {
      if (isAppError(error) && error.code === 'NOT_FOUND') return false
      throw error
    },
  )
}

/**
 * Each row's source when the viewer may open it from the page of `companyId`, else null (no
 * link). Checked once per bus and per source; the source only when the page's company sees the bus.
 */
export async function openableRepairSources(
  ctx: UseCaseContext,
  companyId: number,
  rows: Pick<RepairActionRow, 'id' | 'source' | 'vehicleId' | 'ownerCompanyId'>[],
): Promise<Map<number, RepairSource | null>> {
  const sees = new Map<number, Promise<boolean>>()
  const reads = new Map<string, Promise<boolean>>()
  const result = new Map<number, RepairSource | null>()
  await Promise.all(
    rows.map(async (r) => {
      const source = r.source
      if (!source) return void result.set(r.id, null)
      // Nothing to open: every viewer of the repair action reads "Scheduled maintenance".
      if (source.kind === 'service') return void result.set(r.id, source)
      let seen = sees.get(r.vehicleId)
      if (!seen) sees.set(r.vehicleId, (seen = companySees(ctx, companyId, { id: r.vehicleId, ownerCompanyId: r.ownerCompanyId })))
      if (!(await seen)) return void result.set(r.id, null)
      const key = `${source.kind}:${source.id}`
      let read = reads.get(key)
      if (!read) reads.set(key, (read = mayRead(ctx, source)))
      result.set(r.id, (await read) ? source : null)
    }),
  )
  return result
}
