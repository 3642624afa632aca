/**
 * Loader of "Activity log" (`/company/{companyId}/activity`, decision 079): the company's
 * managers. The filters (person, record type, from, to) and the page live in the URL (a GET form,
 * no JavaScript needed); the CSV link carries the same filters. The page also holds the record
 * exports' form (decision 077): a GET form whose buttons name the records; this loader checks the
 * range and sends the browser on to the CSV (a download), or shows the form's errors.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { formatInstant } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, companyPage, translateFieldErrors } from '#app/utils/page.server.ts'
import { AUDIT_RECORD_TYPES, auditDetailText, type AuditRecordType } from '#catalog/audit-actions.ts'
import { msg } from '#catalog/i18n.ts'
import { ACTIVITY_PAGE_SIZE, ACTIVITY_ROLES, listActivityPeople, listCompanyActivity, type ActivityPage } from '#server/activity/list-activity.server.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { exportRangeInput } from '#server/exports/common.server.ts'
import { FUEL_EXPORT_ROLES } from '#server/exports/fuel-records.server.ts'
import { INSPECTION_EXPORT_ROLES } from '#server/exports/inspections.server.ts'
import { PRE_TRIP_EXPORT_ROLES } from '#server/exports/pre-trips.server.ts'
import { REPAIR_EXPORT_ROLES } from '#server/exports/repair-actions.server.ts'
import { membershipIn } from '#server/access/policy.ts'
import { fieldErrorsOf } from '#server/validation.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export const EXPORT_KINDS = [
  { kind: 'pre-trips', label: msg('Pre-trip inspections'), roles: PRE_TRIP_EXPORT_ROLES },
  { kind: 'inspections', label: msg('Inspections'), roles: INSPECTION_EXPORT_ROLES },
  { kind: 'repair-actions', label: msg('Repair actions'), roles: REPAIR_EXPORT_ROLES },
  { kind: 'fuel-records', label: msg('Fuel and energy records'), roles: FUEL_EXPORT_ROLES },
] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]['kind']

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The activity filters of a URL, read leniently (a hand-edited value is dropped). */
export function activityFiltersOf(url: URL) {
  const p = url.searchParams
  const recordType = p.get('recordType') ?? ''
  const from = p.get('from') ?? ''
  const to = p.get('to') ?? ''
  return {
    userId: positiveInt(p.get('userId')) ?? undefined,
    recordType: Object.hasOwn(AUDIT_RECORD_TYPES, recordType) ? (recordType as AuditRecordType) : undefined,
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
  }
}

const firstOfMonth = (today: string) => `${today.slice(0, 8)}01`

export async function activityPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ACTIVITY_ROLES)
  const url = new URL(args.request.url)
  const t = translator(localeOfRequest(args.request))
  const held = membershipIn(ctx.actor, companyId)?.roles.map((r) => r.name) ?? []
  const kinds = EXPORT_KINDS.filter((k) => k.roles.some((r) => held.includes(r))).map(({ kind, label }) => ({ kind, label }))

  // The export form (GET ?export=<kind>&exportFrom=&exportTo=): valid → on to the CSV; else its errors below.
  const exportKind = url.searchParams.get('export')
  const exportValues = { from: url.searchParams.get('exportFrom') ?? '', to: url.searchParams.get('exportTo') ?? '' }
  let exportErrors: Record<string, string> = {}
  if (exportKind !== null) {
    const chosen = kinds.find((k) => k.kind === exportKind)
    const checked = exportRangeInput.safeParse({ companyId, ...exportValues })
    if (!chosen) exportErrors = { export: t('Choose which records to export') }
    else if (!checked.success) exportErrors = translateFieldErrors(fieldErrorsOf(checked.error))
    else throw redirect(`/company/${companyId}/export/${chosen.kind}.csv?${new URLSearchParams(exportValues)}`)
  }

  const filters = activityFiltersOf(url)
  const company = await getCompany(ctx, companyId)
  const [listed, people] = await Promise.all([
    attempt(() => listCompanyActivity(ctx, { companyId, filters, page: positiveInt(url.searchParams.get('page')) ?? 1 })),
    listActivityPeople(ctx, companyId),
  ])
  let view: ActivityPage
  let error: string | null = null
  let filterErrors: Record<string, string> = {}
  if (listed.ok) view = listed.value
  else {
    error = listed.error.messageIn(t)
    filterErrors = translateFieldErrors(listed.error.fieldErrors)
    view = { companyId, timeZone: company.timeZone, filters, items: [], total: 0, page: 1, pageSize: ACTIVITY_PAGE_SIZE, pageCount: 1 }
  }
  const locale = localeOfRequest(args.request)
  const csv = new URLSearchParams()
  for (const [k, v] of Object.entries(filters)) if (v !== undefined) csv.set(k, String(v))
  const today = new Date().toLocaleDateString('en-CA', { timeZone: view.timeZone || 'UTC' })
  return {
    title: t('Activity log'),
    companyId,
    companyName: company.companyName,
    view: {
      ...view,
      items: view.items.map((i) => ({
        ...i,
        whenLabel: formatInstant(i.at, view.timeZone, locale),
        // Roles, yes/no and the details' names in the page's language (the REST answer keeps the keys).
        detailRows: Object.entries(i.details).map(([key, value]) => ({ key, ...auditDetailText(key, value, t) })),
      })),
    },
    error,
    filterErrors,
    people,
    recordTypes: Object.entries(AUDIT_RECORD_TYPES).map(([value, label]) => ({ value, label })),
    csvHref: `/company/${companyId}/activity.csv${csv.size ? `?${csv}` : ''}`,
    exportForm: {
      kinds,
      values: { from: exportValues.from || firstOfMonth(today), to: exportValues.to || today },
      errors: exportErrors,
    },
    messages: routeMessages(args.request, 'activity'),
  }
}
export type ActivityLoaderData = Awaited<ReturnType<typeof activityPageLoader>>
