/**
 * The fuel and energy log of a company (`/fuel/{companyId}`, issue 36 point 2, decision 085):
 * filters (bus, month) and the page are GET parameters (a plain form); each record's efficiency
 * and flags; managers record a fill-up by hand (a plain POST, the same use case as every door).
 * Owner managers see every record of their buses, operator managers their company's records, a
 * driver the records they filed.
 */
import { randomUUID } from 'node:crypto'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { attempt, companyPage, formFailure, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { wallTimeOf } from '#catalog/zoned-time.ts'
import { companies } from '#db/schema/index.ts'
import { fuelLogVehicles, listFuelEntries, recordFuelEntry, type FuelEntryPage } from '#server/costs/fuel.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { eq } from 'drizzle-orm'
import { FUEL_FORM_FIELDS, fuelInputOf, fuelValuesOf } from './fuel-up-page.server.ts'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

export async function fuelLogLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner', 'Operator', 'Driver'])
  const url = new URL(args.request.url)
  const vehicleId = positiveInt(url.searchParams.get('vehicleId'))
  const monthParam = url.searchParams.get('month') ?? ''
  const month = MONTH.test(monthParam) ? monthParam : null
  const page = positiveInt(url.searchParams.get('page')) ?? 1
  const pageSize = [10, 25, 50, 100].includes(Number(url.searchParams.get('pageSize'))) ? Number(url.searchParams.get('pageSize')) : 25
  const t = translator(localeOfRequest(args.request))
  const [company] = await ctx.db.read.select({ name: companies.name, timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  const listed = await attempt(() => listFuelEntries(ctx, { companyId, vehicleId: vehicleId ?? undefined, month: month ?? undefined, page, pageSize }))
  const buses = await attempt(() => fuelLogVehicles(ctx, companyId))
  const list: FuelEntryPage | null = listed.ok ? listed.value : null
  return {
    title: t('Fuel and energy'),
    companyId,
    companyName: company?.name ?? '',
    filters: { vehicleId, month },
    list,
    error: listed.ok ? null : refusalText(listed.error),
    buses: buses.ok ? buses.value : [],
    idempotencyKey: randomUUID(),
    nowWall: wallTimeOf(ctx.now ?? new Date(), company?.timeZone ?? 'UTC'),
    messages: routeMessages(args.request, 'costs'),
  }
}

export async function fuelLogAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner', 'Operator'])
  const form = await args.request.formData()
  const values = fuelValuesOf(form)
  const vehicleId = text(form, 'vehicleId')
  const idempotencyKey = text(form, 'idempotencyKey').trim() || randomUUID()
  const recorded = await attempt(() => recordFuelEntry(ctx, fuelInputOf(values, { vehicleId, companyId, idempotencyKey })))
  if (!recorded.ok) {
    return formFailure(recorded.error, { ok: false as const, values: { ...values, vehicleId }, idempotencyKey }, { fields: [...FUEL_FORM_FIELDS, 'vehicleId'] })
  }
  const t = translator(localeOfRequest(args.request))
  const url = new URL(args.request.url)
  return redirectWithToast(url.pathname + url.search, { type: 'success', message: t('Fill-up recorded') })
}
