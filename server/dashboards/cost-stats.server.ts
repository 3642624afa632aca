/**
 * The dashboards' running costs (issue 36 point 3, decision 085): the summary of
 * server/costs/cost-per-mile.server.ts (cost per mile and fuel efficiency per month over 12
 * months, the ten costliest buses), read for the owner and operator dashboards. A caller
 * without the company's Owner or Operator role gets no section (null) rather than a refusal:
 * the dashboards' own guard decides who opens them.
 */
import type { UseCaseContext } from '../context/use-case-context.ts'
import { companyCostSummary, type CostSummary } from '../costs/cost-per-mile.server.ts'
import { isAppError } from '../errors.ts'

export async function getCompanyCostSummary(ctx: UseCaseContext, input: { companyId: number }): Promise<CostSummary | null> {
  try {
    return await companyCostSummary(ctx, { companyId: input.companyId, months: 12 })
  } catch (error) {
    if (isAppError(error) && (error.status === 403 || error.status === 404)) return null
    throw error
  }
}
