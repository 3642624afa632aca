/**
 * The 90-day emergency-exit check's print page and PDF (decision 065), as the inspection's
 * (decisions 013, 032): the route's company (Owner or Operator) must see the bus, the record is
 * read with the use case's rules, and the PDF is the same component rendered server-side.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { createElement } from 'react'
import type { EmergencyExitCheckPrintView } from '#app/components/inspections/emergency-exit-print.tsx'
import { EmergencyExitCheckDocument } from '#app/components/inspections/emergency-exit-print.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { msg } from '#catalog/i18n.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { attempt, companyPage, type PageContext } from '#app/utils/page.server.ts'
import { getEmergencyExitCheck } from '#server/inspections/emergency-exit-checks.server.ts'
import type { FingerprintView } from '#app/components/inspections/form-print.tsx'
import { emergencyExitCheckPrintable } from '#server/inspections/fingerprint.server.ts'
import { requireCompanySeesVehicle } from '#server/inspections/read-forms.server.ts'
import { fingerprintView, pdfResponse, printDocumentHtml } from './print-page.server.ts'

const PRINT_ROLES = ['Owner', 'Operator'] as const

export interface ExitCheckPrintRecord {
  check: EmergencyExitCheckPrintView
  /** The fingerprint, with the link and QR of `/verify/emergency-exit-check/{id}` (decision 032). */
  fingerprint: FingerprintView
}

export async function loadEmergencyExitCheckPrint(ctx: PageContext, companyId: number, id: number): Promise<ExitCheckPrintRecord> {
  const detail = await getEmergencyExitCheck(ctx, id)
  await requireCompanySeesVehicle(ctx, companyId, { id: detail.vehicleId, ownerCompanyId: detail.ownerCompanyId })
  const { check, fingerprint } = emergencyExitCheckPrintable(detail)
  return { check, fingerprint: await fingerprintView('emergency-exit-check', check.id, fingerprint) }
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function emergencyExitPrintLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, PRINT_ROLES)
  const id = positiveInt(new URL(args.request.url).searchParams.get('id'))
  if (!id) throw notFound()
  const found = await attempt(() => loadEmergencyExitCheckPrint(ctx, companyId, id))
  if (!found.ok) {
    if (found.error.code === 'NOT_FOUND' || found.error.code === 'BAD_REQUEST') throw notFound()
    throw found.error
  }
  const t = translator(localeOfRequest(args.request))
  return { title: t(msg('Emergency-exit check')), companyId, record: found.value, messages: routeMessages(args.request, 'inspections') }
}

const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'vehicle'

export async function emergencyExitPdfLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { ctx, companyId } = await companyPage(args, PRINT_ROLES)
  const id = positiveInt(new URL(args.request.url).searchParams.get('id'))
  if (!id) return notFound()
  const started = performance.now()
  const found = await attempt(() => loadEmergencyExitCheckPrint(ctx, companyId, id))
  if (!found.ok) return notFound()
  const { check, fingerprint } = found.value
  const locale = localeOfRequest(args.request)
  const title = `${translator(locale)('Emergency-exit check')} ${check.vehicleIdentifier} ${formatDateOnly(check.checkDate, locale)} · ${fingerprint.fingerprint}`
  const html = printDocumentHtml(title, createElement(EmergencyExitCheckDocument, { check, fingerprint }), locale)
  return pdfResponse(html, `emergency-exit-check-${fileNamePart(check.vehicleIdentifier)}-${fileNamePart(check.checkDate)}-${id}.pdf`, performance.now() - started)
}
