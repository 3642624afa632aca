/**
 * Loader and action of one bus's maintenance (`/maintenance/{companyId}/vehicles/{vehicleId}`,
 * issue 35 point 4, decision 084): its programs, its due items, "Send to repair shop", "Record
 * service done outside Operon" (with an invoice through the document store), "Skip this
 * occurrence" and the service history. The owner company's managers write; the operator company
 * of an active assignment reads (no forms). Every form is a plain post: it works without JavaScript.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { SERVICE_INTENT, SERVICE_FORM_FIELDS } from '#app/components/maintenance/service-intents.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { formatMoney } from '#catalog/money.ts'
import { attempt, companyPage, formFailure, type PageArgs } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readFormWithDocuments, UPLOAD_REJECTED_FIELD } from '#app/routes/_app+/fleet-documents.server.ts'
import { msg, sayStored } from '#catalog/i18n.ts'
import { hasRole } from '#server/access/policy.ts'
import { assignedOperatorCompany } from '#server/access/vehicle-access.server.ts'
import { deleteVehicleDocument, uploadVehicleDocumentFiles } from '#server/documents/documents.server.ts'
import { AppError } from '#server/errors.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { getVehicleMaintenance, recordOutsideService, skipServiceOccurrence } from '#server/maintenance/service-records.server.ts'
import { sendToRepairShop } from '#server/repairs/send-to-repair-shop.server.ts'

export const VEHICLE_MAINTENANCE_TITLE = msg('Bus maintenance')
export const SERVICE_TOAST = {
  recorded: msg('Service recorded; its interval restarts from it'),
  skipped: msg('Occurrence skipped'),
  sent: msg('Sent to the repair shop as {code}'),
  invoiceTooLarge: msg('The invoice could not be stored: {reason}'),
} as const


/** The page's company must be the bus's owner (as its manager) or the operator of its active assignment. */
async function loadFor(args: PageArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner', 'Operator'])
  const vehicleId = positiveInt(args.params.vehicleId)
  if (!vehicleId) throw redirect('/')
  const got = await attempt(() => getVehicleMaintenance(ctx, vehicleId))
  if (!got.ok) throw redirect('/')
  const m = got.value
  const asOwner = !m.readOnly && m.ownerCompanyId === companyId
  const asOperator =
    !asOwner && hasRole(ctx.actor, companyId, ['Operator']) && (await assignedOperatorCompany(ctx.db.read, vehicleId, [companyId], ctx.now)) === companyId
  if (!asOwner && !asOperator) throw redirect('/')
  return { ctx, companyId, vehicleId, m: { ...m, readOnly: !asOwner } }
}

export async function vehicleMaintenancePageLoader(args: LoaderFunctionArgs) {
  const { companyId, m } = await loadFor(args)
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const dateText = (d: string | null) => (d ? formatDateOnly(d, locale) : null)
  return {
    title: t(VEHICLE_MAINTENANCE_TITLE),
    companyId,
    vehicleId: m.vehicleId,
    vehicleIdentifier: m.vehicleIdentifier,
    today: m.today,
    readOnly: m.readOnly,
    // Names copied from a template, unchanged: in the reader's language (decision 084).
    programs: m.programs.map((p) => ({ ...p, name: sayStored(t, p.name), tasks: p.tasks.map((task) => ({ ...task, name: sayStored(t, task.name), checklist: sayStored(t, task.checklist) })) })),
    due: m.due.map((d) => ({
      ...d,
      taskName: d.kind === 'task' ? sayStored(t, d.taskName) : d.taskName,
      programName: sayStored(t, d.programName),
      lastServiceOnLabel: dateText(d.lastServiceOn),
      nextDueDateLabel: dateText(d.nextDueDate),
      projectedDueDateLabel: dateText(d.projectedDueDate),
    })),
    history: m.history.map(({ costCents, ...h }) => ({
      ...h,
      taskName: sayStored(t, h.taskName),
      programName: sayStored(t, h.programName),
      performedOnLabel: dateText(h.performedOn)!,
      // The cost is the owner's (decision 085): never sent to an operator's page.
      costLabel: !m.readOnly && costCents !== null ? formatMoney(costCents, m.currency, locale) : null,
    })),
    currency: m.currency,
    openServiceActions: m.openServiceActions,
    messages: routeMessages(args.request, 'maintenance', 'costs'),
  }
}
export type VehicleMaintenanceLoaderData = Awaited<ReturnType<typeof vehicleMaintenancePageLoader>>

/** The outside-service form's fields, kept for the answer when it is refused. */
function valuesOf(form: FormData) {
  const values: Record<string, string> = {}
  for (const name of SERVICE_FORM_FIELDS) values[name] = text(form, name)
  return values
}

export async function vehicleMaintenancePageAction(args: ActionFunctionArgs) {
  const { ctx, companyId, vehicleId, m } = await loadFor(args)
  // The operator reads only: the page has no form for it.
  if (m.readOnly) throw redirect('/')
  const back = `/maintenance/${companyId}/vehicles/${vehicleId}`
  const form = await readFormWithDocuments(args.request)
  const rejected = form.get(UPLOAD_REJECTED_FIELD)
  const intent = typeof rejected === 'string' && rejected ? SERVICE_INTENT.recordService : text(form, 'intent')
  const taskIds = form.getAll('taskIds').map(String)

  if (intent === SERVICE_INTENT.sendToShop) {
    const sent = await attempt(() => sendToRepairShop(ctx, { vehicleId, taskIds }))
    if (!sent.ok) return formFailure(sent.error, { intent, taskIds })
    return redirectWithToast(back, { type: 'success', message: translator(localeOfRequest(args.request))(SERVICE_TOAST.sent, { code: sent.value.repairIdentifier }) })
  }

  if (intent === SERVICE_INTENT.skip) {
    const taskId = text(form, 'taskId')
    const skipped = await attempt(() => skipServiceOccurrence(ctx, { vehicleId, taskId, reason: text(form, 'reason') }))
    if (!skipped.ok) return formFailure(skipped.error, { intent, taskId: positiveInt(taskId), values: { reason: text(form, 'reason') } }, { fields: ['reason'] })
    return redirectWithToast(back, { type: 'success', message: SERVICE_TOAST.skipped })
  }

  if (intent === SERVICE_INTENT.recordService) {
    const values = valuesOf(form)
    if (typeof rejected === 'string' && rejected) {
      const error = new AppError('PAYLOAD_TOO_LARGE', SERVICE_TOAST.invoiceTooLarge, { localized: (t) => t(SERVICE_TOAST.invoiceTooLarge, { reason: t(rejected) }) })
      return formFailure(error, { intent, taskIds, values })
    }
    // The invoice goes to the bus's documents first; if the record is then refused, it is removed again.
    const file = form.get('invoice')
    let documentId: number | undefined
    if (file && typeof file !== 'string' && file.name !== '' && file.size > 0) {
      const uploaded = await attempt(async () =>
        uploadVehicleDocumentFiles(ctx, [{ vehicleId, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }]),
      )
      if (!uploaded.ok) return formFailure(uploaded.error, { intent, taskIds, values })
      documentId = uploaded.value[0]!.id
    }
    const recorded = await attempt(() => recordOutsideService(ctx, { vehicleId, taskIds, ...values, documentId }))
    if (!recorded.ok) {
      if (documentId !== undefined) await attempt(() => deleteVehicleDocument(ctx, documentId))
      return formFailure(recorded.error, { intent, taskIds, values }, { fields: ['taskIds', ...SERVICE_FORM_FIELDS] })
    }
    return redirectWithToast(back, { type: 'success', message: SERVICE_TOAST.recorded })
  }
  return redirect(back)
}
