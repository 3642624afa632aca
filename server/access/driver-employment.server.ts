import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { driverFiles } from '#db/schema/index.ts'

/**
 * A driver's employment at an operator ends or resumes (issue 37, decision 086): the day it ends
 * starts the file's three years of retention (49 CFR 391.51(c)). Called inside the caller's
 * transaction by the employees page (the Driver role deactivated or reactivated), the join
 * request's approval (a returning driver) and the deletion of an account (every company). Here,
 * in a shared room, so that companies and auth need not import the drivers' area.
 */
export async function endDriverEmployment(tx: Pick<Tx, 'update'>, userId: number, companyId: number | null, now = new Date()): Promise<void> {
  const where = and(eq(driverFiles.driverUserId, userId), isNull(driverFiles.employmentEndedAt))
  await tx
    .update(driverFiles)
    .set({ employmentEndedAt: now, updatedAt: now })
    .where(companyId === null ? where : and(where, eq(driverFiles.companyId, companyId)))
}

/** The driver works for the company again: the file is a current driver's file once more. */
export async function resumeDriverEmployment(tx: Pick<Tx, 'update'>, userId: number, companyId: number, now = new Date()): Promise<void> {
  await tx
    .update(driverFiles)
    .set({ employmentEndedAt: null, updatedAt: now })
    .where(and(eq(driverFiles.driverUserId, userId), eq(driverFiles.companyId, companyId), isNotNull(driverFiles.employmentEndedAt)))
}
