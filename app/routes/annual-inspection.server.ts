/**
 * The annual inspection's routes (decision 066): the report's page (`/annualInspection/{id}`,
 * the decal's QR opens it), the report's PDF and the decal's PDF. Whoever may read the annual
 * inspection (the use cases decide: owner, operator, the filer, the shop named on it); anyone
 * else gets 404, as for a record that does not exist; a Pending one says it awaits the owner.
 * The page and both PDFs are in the reader's language.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { createElement } from 'react'
import { AnnualReportDocument, type AnnualReportView } from '#app/components/inspections/annual-report.tsx'
import type { FingerprintView, FormPhotoView, FormVehicleView, InspectionFormView } from '#app/components/inspections/form-print.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, userPage } from '#app/utils/page.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { ANNUAL_TEXT } from '#catalog/annual-inspection.ts'
import type { AppError } from '#server/errors.ts'
import { vehicleAccessOrNull } from '#server/access/vehicle-access.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { annualDecalPdf, decalFileName } from '#server/inspections/annual-decal.server.ts'
import { getAnnualInspectionDecal, getAnnualInspectionRecord } from '#server/inspections/annual-inspections.server.ts'
import { pdfFileResponse } from '#server/pdf/pdf-response.server.ts'
import { warmPdfBrowser } from '#server/pdf/render.server.ts'
import { pdfResponse, printDocumentHtml, verifyUrl } from './print-page.server.ts'

export interface AnnualReportRecord {
  report: AnnualReportView
  form: InspectionFormView
  vehicle: FormVehicleView
  photos: FormPhotoView[]
  fingerprint: FingerprintView
  vehicleQr: string
}

const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
/** Plain-text answers (the PDFs' refusals) in the requester's language. */
const notFound = (request: Request) => text(translator(localeOfRequest(request))(ANNUAL_TEXT.notFound), 404)
const refused = (request: Request, e: AppError) => text(translator(localeOfRequest(request))(e.message), e.status)
const hidden = (e: AppError) => e.code === 'NOT_FOUND' || e.code === 'BAD_REQUEST'

async function loadRecord(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const id = positiveInt(args.params.inspectionId)
  if (!id) throw notFound(args.request)
  return {
    ctx,
    id,
    found: await attempt(async (): Promise<AnnualReportRecord> => {
      const { report, form, photos, fingerprint } = await getAnnualInspectionRecord(ctx, { inspectionId: id })
      const url = verifyUrl('inspection', id, fingerprint)
      return {
        report,
        form,
        vehicle: report.vehicle,
        photos,
        fingerprint: { fingerprint, verifyUrl: url, verifyQr: await qrDataUrl(url, 240) },
        vehicleQr: await qrDataUrl(report.vehicle.vehicleIdentifier, 200),
      }
    }),
  }
}

/**
 * Where the page's Back leads: the vehicle's link (its row on the fleet page) for its owner's and
 * operator's managers, who list its annual inspections there; the dashboard for anyone else (the
 * inspector, the shop, a driver), whose pages have no list of them.
 */
async function backHrefOf(ctx: Awaited<ReturnType<typeof userPage>>, vehicleId: number | null): Promise<string> {
  const manages = vehicleId !== null && (await vehicleAccessOrNull(ctx, vehicleId, { operatorRoles: ['Operator'] }))
  return manages ? `/vehicles/${vehicleId}` : '/dashboard'
}

/** The report's page: the record, or (409) why it is not an annual inspection yet. */
export async function annualReportPageLoader(args: LoaderFunctionArgs) {
  const { ctx, found } = await loadRecord(args)
  const t = translator(localeOfRequest(args.request))
  const page = {
    title: t(ANNUAL_TEXT.reportTitle),
    backHref: await backHrefOf(ctx, found.ok ? found.value.report.vehicle.id : null),
    messages: routeMessages(args.request, 'inspections'),
  }
  if (!found.ok) {
    if (hidden(found.error)) throw notFound(args.request)
    return data({ ...page, record: null as AnnualReportRecord | null, message: t(found.error.message) as string | null }, { status: found.error.status })
  }
  warmPdfBrowser()
  return { ...page, record: found.value as AnnualReportRecord | null, message: null as string | null }
}

const fileNamePart = (t: string) => t.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'vehicle'

/** GET /annualInspection/{id}/pdf: the report as an A4 PDF with the inspection's fingerprint. */
export async function annualReportPdfLoader(args: LoaderFunctionArgs): Promise<Response> {
  warmPdfBrowser()
  const { found } = await loadRecord(args)
  if (!found.ok) return hidden(found.error) ? notFound(args.request) : refused(args.request, found.error)
  const r = found.value
  const locale = localeOfRequest(args.request)
  const title = `${translator(locale)('Annual inspection report')} ${r.report.vehicle.vehicleIdentifier} ${formatDateOnly(r.report.inspectionDate, locale)} · ${r.fingerprint.fingerprint}`
  const element = createElement(AnnualReportDocument, { report: r.report, form: r.form, vehicle: r.vehicle, vehicleQr: r.vehicleQr, photos: r.photos, fingerprint: r.fingerprint })
  return pdfResponse(printDocumentHtml(title, element, locale), `annual-inspection-report-${fileNamePart(r.report.vehicle.vehicleIdentifier)}-${fileNamePart(r.report.inspectionDate)}.pdf`)
}

/** GET /annualInspection/{id}/decal.pdf: the decal, one 4 × 3 in label (409 when failed or awaiting review). */
export async function annualDecalLoader(args: LoaderFunctionArgs): Promise<Response> {
  const ctx = await userPage(args)
  const id = positiveInt(args.params.inspectionId)
  if (!id) return notFound(args.request)
  warmPdfBrowser()
  const found = await attempt(() => getAnnualInspectionDecal(ctx, { inspectionId: id }))
  if (!found.ok) return hidden(found.error) ? notFound(args.request) : refused(args.request, found.error)
  return pdfFileResponse(() => annualDecalPdf(found.value, localeOfRequest(args.request)), decalFileName(found.value))
}
