/**
 * The printable work checklist of a "Send to repair shop" action and its PDF
 * (`/maintenance/{companyId}/work-order/{repairActionId}` and `…/pdf`, issue 35 point 4), like
 * the other print pages (decision 006, no standard layout): the page's company is the bus's
 * owner (its Owner managers) or the repair shop the action was sent to (its managers and
 * mechanics). Anyone else: the home page (the PDF with a bearer token: 404).
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { createElement } from 'react'
import { WorkOrderDocument } from '#app/components/maintenance/work-order-document.tsx'
import { positiveInt } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, companyPage } from '#app/utils/page.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { sayStored } from '#catalog/i18n.ts'
import { warmPdfBrowser } from '#server/pdf/render.server.ts'
import { getWorkOrder } from '#server/repairs/work-order.server.ts'
import { pdfResponse, printDocumentHtml } from './print-page.server.ts'

const WORK_ORDER_ROLES = ['Owner', 'RepairShop', 'Mechanic'] as const
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'bus'

async function load(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, WORK_ORDER_ROLES)
  const repairActionId = positiveInt(args.params.repairActionId)
  if (!repairActionId) throw redirect('/')
  const found = await attempt(() => getWorkOrder(ctx, { companyId, repairActionId }))
  if (!found.ok) {
    if (found.error.code === 'NOT_FOUND' || found.error.code === 'BAD_REQUEST') throw redirect('/')
    throw found.error
  }
  // Task names and checklists copied from a template: in the reader's language (decision 084).
  const t = translator(localeOfRequest(args.request))
  const order = { ...found.value, tasks: found.value.tasks.map((task) => ({ ...task, name: sayStored(t, task.name), checklist: sayStored(t, task.checklist) })) }
  return { companyId, order }
}

export async function workOrderPrintLoader(args: LoaderFunctionArgs) {
  const { companyId, order } = await load(args)
  warmPdfBrowser()
  const t = translator(localeOfRequest(args.request))
  return {
    title: t('Work checklist {code}', { code: order.repairIdentifier }),
    companyId,
    order,
    messages: routeMessages(args.request, 'maintenance', 'inspections'),
  }
}

export async function workOrderPdfLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { order } = await load(args)
  warmPdfBrowser()
  const started = performance.now()
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const title = `${t('Work checklist {code}', { code: order.repairIdentifier })} · ${order.vehicle.vehicleIdentifier}`
  const html = printDocumentHtml(title, createElement(WorkOrderDocument, { order }), locale, ['common', 'maintenance', 'inspections'])
  return pdfResponse(html, `work-checklist-${fileNamePart(order.vehicle.vehicleIdentifier)}-${order.id}.pdf`, performance.now() - started)
}
