import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { dutyPeriods } from '#db/schema/index.ts'

/** A pre-trip without a time out counts as this long on duty (not driving). */
export const PRE_TRIP_DEFAULT_MINUTES = 15

/**
 * A pre-trip's times as an on-duty (not driving) period of the driver at the operator (issue 37,
 * decision 086; 395.2: inspecting a bus is on-duty time). Called by the pre-trip submission inside
 * its transaction, only for operator companies and their drivers. time_in..time_out, or
 * time_in + 15 minutes when there is no time out. Skipped (returns null) when it would overlap any
 * period of the driver at the company, open or closed: the phone's record wins.
 */
export async function recordPreTripDuty(
  tx: Tx,
  input: { companyId: number; driverUserId: number; startedAt: Date; endedAt: Date | null },
): Promise<{ id: number } | null> {
  const startedAt = input.startedAt
  let endedAt = input.endedAt ?? new Date(startedAt.getTime() + PRE_TRIP_DEFAULT_MINUTES * 60_000)
  if (endedAt.getTime() <= startedAt.getTime()) endedAt = new Date(startedAt.getTime() + PRE_TRIP_DEFAULT_MINUTES * 60_000)
  const [clash] = await tx
    .select({ id: dutyPeriods.id })
    .from(dutyPeriods)
    .where(
      and(
        eq(dutyPeriods.companyId, input.companyId),
        eq(dutyPeriods.driverUserId, input.driverUserId),
        lt(dutyPeriods.startedAt, endedAt),
        or(isNull(dutyPeriods.endedAt), gt(dutyPeriods.endedAt, startedAt)),
      ),
    )
    .limit(1)
  if (clash) return null
  const [row] = await tx
    .insert(dutyPeriods)
    .values({
      companyId: input.companyId,
      driverUserId: input.driverUserId,
      status: 'onDuty',
      startedAt,
      endedAt,
      source: 'preTrip',
      createdByUserId: input.driverUserId,
    })
    .returning({ id: dutyPeriods.id })
  return row ?? null
}
