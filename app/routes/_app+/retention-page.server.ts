/**
 * Loader and action of "Record retention" (`/retention/{companyId}`, decision 067): the managers
 * of the governing role (Operator for pre-trips, Owner for the rest). The form is a plain post,
 * so it works without JavaScript; a period below the legal minimum comes back with its message.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { attempt, companyPage, formFailure } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { RETENTION_RECORD_TYPES } from '#catalog/compliance.ts'
import { RETENTION_TEXT } from '#catalog/texts.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { getRetentionOverview, updateRetentionSettings } from '#server/compliance/retention.server.ts'

/** Who reaches the page; the use case narrows it to the types each role governs. */
const RETENTION_PAGE_ROLES = ['Owner', 'Operator'] as const

export async function retentionPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, RETENTION_PAGE_ROLES)
  const company = await getCompany(ctx, companyId)
  const overview = await getRetentionOverview(ctx, companyId)
  return {
    title: translator(localeOfRequest(args.request))(RETENTION_TEXT.title),
    companyId,
    companyName: company.companyName,
    timeZone: company.timeZone,
    overview,
    messages: routeMessages(args.request, 'compliance'),
  }
}
export type RetentionLoaderData = Awaited<ReturnType<typeof retentionPageLoader>>

export async function retentionPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, RETENTION_PAGE_ROLES)
  const form = await args.request.formData()
  const periods: Record<string, string> = {}
  for (const type of RETENTION_RECORD_TYPES) {
    const value = form.get(type)
    if (typeof value === 'string') periods[type] = value.trim()
  }
  const saved = await attempt(() => updateRetentionSettings(ctx, { companyId, periods }), { log: 'retention settings update failed' })
  if (!saved.ok) {
    // In the page's language (decision 074); REST keeps the English.
    return formFailure(saved.error, { values: periods })
  }
  const url = new URL(args.request.url)
  return redirectWithToast(url.pathname, { type: 'success', message: RETENTION_TEXT.saved })
}
