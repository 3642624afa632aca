/**
 * Loader and action of a repair action's costs (`/repairActions/{companyId}/costs/{repairActionId}`,
 * issue 36 point 1, decision 085) and of an operator's charged repairs
 * (`/repairActions/{companyId}/charged`). The use cases decide who sees which lines; every change
 * is a plain form post (`intent=…`), so the page works without JavaScript.
 */
import { COST_INTENT } from '#app/components/costs/cost-intents.ts'
import { randomUUID } from 'node:crypto'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, companyPage, formFailure, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readFormWithDocuments, UPLOAD_REJECTED_FIELD } from '#app/routes/_app+/fleet-documents.server.ts'
import { costLineKindLabel, costPayerLabel } from '#catalog/costs.ts'
import { msg, type Locale } from '#catalog/i18n.ts'
import { centsToDecimal, formatMoney, hundredthsToDecimal, milliToDecimal } from '#catalog/money.ts'
import type { RoleName } from '#catalog/roles.ts'
import {
  addRepairCostLine,
  deleteRepairCostLine,
  listChargedRepairCosts,
  listRepairCosts,
  REPAIR_COST_TEXT,
  setRepairCostLinePayer,
  updateRepairCostLine,
  uploadRepairInvoice,
  type RepairCostLineView,
} from '#server/costs/repair-costs.server.ts'
import { AppError } from '#server/errors.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export const REPAIR_COSTS_TITLE = msg('Repair costs')
export const CHARGED_REPAIRS_TITLE = msg('Repairs charged to you')
const INVOICE_TOO_LARGE = msg('The invoice could not be uploaded: {reason}')

/** Who opens the page: the shop, the owner, an operator; the use case decides what each sees. */
const COST_PAGE_ROLES: readonly RoleName[] = ['Owner', 'Operator', 'RepairShop', 'Mechanic']


/** The line fields of the forms (the use case reads only its kind's). */
export const COST_LINE_FIELDS = ['kind', 'description', 'partNumber', 'quantity', 'unitCost', 'hours', 'rate', 'mechanic', 'vendor', 'amount'] as const

function lineRow(l: RepairCostLineView, currency: string, locale: Locale) {
  const money = (c: number | null) => (c === null ? null : formatMoney(c, currency, locale))
  return {
    id: l.id,
    kind: l.kind,
    kindLabel: costLineKindLabel(l.kind),
    description: l.description,
    partNumber: l.partNumber,
    vendor: l.vendor,
    mechanicName: l.mechanicName,
    quantity: l.quantityMilli === null ? null : milliToDecimal(l.quantityMilli),
    unitCost: money(l.unitCostCents),
    hours: l.hoursHundredths === null ? null : hundredthsToDecimal(l.hoursHundredths),
    rate: money(l.rateCents),
    amount: money(l.amountCents)!,
    payer: l.payer,
    payerLabel: costPayerLabel(l.payer),
    payerCompanyName: l.payerCompanyName,
    editable: l.editable,
    /** The values an edit form starts from (plain decimals, exact). */
    form: {
      kind: l.kind,
      description: l.description,
      partNumber: l.partNumber ?? '',
      quantity: l.quantityMilli === null ? '' : milliToDecimal(l.quantityMilli),
      unitCost: l.unitCostCents === null ? '' : centsToDecimal(l.unitCostCents),
      hours: l.hoursHundredths === null ? '' : hundredthsToDecimal(l.hoursHundredths),
      rate: l.rateCents === null ? '' : centsToDecimal(l.rateCents),
      mechanic: l.mechanicName ?? '',
      vendor: l.vendor ?? '',
      amount: l.kind === 'outside' || l.kind === 'tax' ? centsToDecimal(l.amountCents) : '',
    },
  }
}
export type CostLineRow = ReturnType<typeof lineRow>

function repairActionIdOf(params: LoaderFunctionArgs['params']): number {
  const id = positiveInt(params.repairActionId ?? null)
  if (!id) throw redirect('/dashboard')
  return id
}

export async function repairCostsPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, COST_PAGE_ROLES)
  const repairActionId = repairActionIdOf(args.params)
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const url = new URL(args.request.url)
  const got = await attempt(() => listRepairCosts(ctx, { repairActionId }))
  if (!got.ok) {
    // As a company page the caller may not open: home, with the reason.
    if (got.error.code === 'NOT_FOUND' || got.error.code === 'FORBIDDEN') throw await redirectWithToast('/', { type: 'warning', message: REPAIR_COST_TEXT.notFound })
    throw got.error
  }
  const c = got.value
  const money = (cents: number) => formatMoney(cents, c.currency, locale)
  return {
    title: t(REPAIR_COSTS_TITLE),
    companyId,
    repairActionId: c.repairActionId,
    repairIdentifier: c.repairIdentifier,
    vehicleIdentifier: c.vehicleIdentifier,
    currency: c.currency,
    chargedOnLabel: formatDateOnly(c.chargedOn, locale),
    repaired: c.repaired,
    lines: c.lines.map((l) => lineRow(l, c.currency, locale)),
    total: money(c.totalCents),
    totalOwner: money(c.totalsByPayer.ownerCents),
    totalOperator: money(c.totalsByPayer.operatorCents),
    byKind: (['part', 'labour', 'outside', 'tax'] as const).map((k) => ({ kind: k, label: costLineKindLabel(k), amount: money(c.totalsByKind[k]) })),
    invoice: c.invoice ? { fileName: c.invoice.fileName, href: `/repairActions/${companyId}/costs/${c.repairActionId}/invoice` } : null,
    canAdd: c.canAdd,
    canSetPayer: c.canSetPayer,
    canUploadInvoice: c.canUploadInvoice,
    defaultPayerLabel: c.defaultPayer ? costPayerLabel(c.defaultPayer) : null,
    operatorCompanyName: c.operatorCompanyName,
    hasOperator: c.operatorCompanyId !== null,
    editId: positiveInt(url.searchParams.get('edit')),
    /** One key per form shown: a double submit adds the line once. */
    idempotencyKey: randomUUID(),
    messages: routeMessages(args.request, 'costs'),
  }
}

export async function repairCostsPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, COST_PAGE_ROLES)
  const repairActionId = repairActionIdOf(args.params)
  const back = `/repairActions/${companyId}/costs/${repairActionId}`
  const form = await readFormWithDocuments(args.request)
  const rejected = form.get(UPLOAD_REJECTED_FIELD)
  const intent = typeof rejected === 'string' && rejected ? COST_INTENT.uploadInvoice : text(form, 'intent')
  const values: Record<string, string> = {}
  for (const name of COST_LINE_FIELDS) values[name] = text(form, name)
  const lineId = positiveInt(form.get('lineId'))
  const fields = [...COST_LINE_FIELDS]

  if (intent === COST_INTENT.addLine) {
    const added = await attempt(() => addRepairCostLine(ctx, { repairActionId, ...values, idempotencyKey: text(form, 'idempotencyKey') }))
    if (!added.ok) return formFailure(added.error, { intent, kind: values.kind, lineId: null, values }, { fields })
    return redirectWithToast(back, { type: 'success', message: REPAIR_COST_TEXT.added })
  }
  if (intent === COST_INTENT.updateLine) {
    const updated = await attempt(() => updateRepairCostLine(ctx, { lineId, ...values }))
    if (!updated.ok) return formFailure(updated.error, { intent, kind: values.kind, lineId, values }, { fields })
    return redirectWithToast(back, { type: 'success', message: REPAIR_COST_TEXT.updated })
  }
  if (intent === COST_INTENT.deleteLine) {
    const deleted = await attempt(() => deleteRepairCostLine(ctx, { lineId }))
    if (!deleted.ok) return formFailure(deleted.error, { intent, kind: null, lineId, values: {} })
    return redirectWithToast(back, { type: 'success', message: REPAIR_COST_TEXT.deleted })
  }
  if (intent === COST_INTENT.setPayer) {
    const set = await attempt(() => setRepairCostLinePayer(ctx, { lineId, payer: text(form, 'payer') }))
    if (!set.ok) return formFailure(set.error, { intent, kind: null, lineId, values: {} })
    return redirectWithToast(back, { type: 'success', message: REPAIR_COST_TEXT.payerChanged })
  }
  if (intent === COST_INTENT.uploadInvoice) {
    if (typeof rejected === 'string' && rejected) {
      const error = new AppError('PAYLOAD_TOO_LARGE', INVOICE_TOO_LARGE, { localized: (t) => t(INVOICE_TOO_LARGE, { reason: t(rejected) }) })
      return formFailure(error, { intent, kind: null, lineId: null, values: {} })
    }
    const file = form.get('invoice')
    if (!file || typeof file === 'string' || file.name === '' || file.size === 0) {
      return formFailure(new AppError('BAD_REQUEST', msg('Choose the invoice file')), { intent, kind: null, lineId: null, values: {} })
    }
    const uploaded = await attempt(async () => uploadRepairInvoice(ctx, { repairActionId, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }))
    if (!uploaded.ok) return formFailure(uploaded.error, { intent, kind: null, lineId: null, values: {} })
    return redirectWithToast(back, { type: 'success', message: REPAIR_COST_TEXT.invoiceUploaded })
  }
  return redirect(back)
}

/** /repairActions/{companyId}/charged: an operator's repairs charged to it, those lines only. */
export async function chargedRepairsPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator'])
  const locale = localeOfRequest(args.request)
  const url = new URL(args.request.url)
  const page = positiveInt(url.searchParams.get('page')) ?? 1
  const got = await attempt(() => listChargedRepairCosts(ctx, { companyId, page }))
  const base = {
    title: translator(locale)(CHARGED_REPAIRS_TITLE),
    companyId,
    messages: routeMessages(args.request, 'costs'),
  }
  if (!got.ok) return { ...base, items: [], page: 1, pageCount: 1, error: refusalText(got.error) }
  const r = got.value
  if (r.page > r.pageCount) throw redirect(`${url.pathname}?page=${r.pageCount}`)
  return {
    ...base,
    page: r.page,
    pageCount: r.pageCount,
    error: null,
    items: r.items.map((i) => ({
      repairActionId: i.repairActionId,
      repairIdentifier: i.repairIdentifier,
      vehicleIdentifier: i.vehicleIdentifier,
      ownerCompanyName: i.ownerCompanyName,
      chargedOnLabel: formatDateOnly(i.chargedOn, locale),
      total: formatMoney(i.totalCents, i.currency, locale),
      lines: i.lines.map((l) => lineRow(l, i.currency, locale)),
    })),
  }
}
