import type { LoaderFunctionArgs } from '@remix-run/node'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  InspectionDocument,
  PreInspectionDocument,
  type FingerprintView,
  type FormPhotoView,
  type FormVehicleView,
  type InspectionFormView,
  type PreInspectionFormView,
} from '#app/components/inspections/form-print.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { StaticI18nProvider } from '#app/utils/i18n.tsx'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { DEFAULT_LOCALE, type Locale } from '#catalog/i18n.ts'
import { localeOfRequest, messagesFor, translator, type Namespace } from '#server/i18n/messages.server.ts'
import { attempt, companyPage, type PageContext } from '#app/utils/page.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { env } from '#server/env.server.ts'
import { fingerprintOf, type FormKind, type VerifyKind } from '#server/inspections/fingerprint.server.ts'
import {
  getInspectionDetail,
  getInspectionPhotos,
  getPreInspectionDetail,
  getPreInspectionPhotos,
  requireCompanySeesVehicle,
  type FormRecordContext,
} from '#server/inspections/read-forms.server.ts'
import { pdfFileResponse } from '#server/pdf/pdf-response.server.ts'
import { escapeHtml, renderPdf, warmPdfBrowser } from '#server/pdf/render.server.ts'

/** The print routes (decision 006): Owner or Operator in the route's company, no standard layout. */
const PRINT_ROLES = ['Owner', 'Operator'] as const

export interface PrintRecord<F> {
  form: F
  vehicle: FormVehicleView
  photos: FormPhotoView[]
  fingerprint: FingerprintView
  /** The vehicle code's QR (data: URL); inspections only. */
  vehicleQr: string | null
  /** Whose record it is: the companies the document names and the zone of its times (decision 063). */
  recordContext: FormRecordContext
}

/** Where a printed copy is checked (decision 032): an absolute link from the configured public URL. */
export function verifyUrl(kind: VerifyKind, id: number, fingerprint: string): string {
  return `${env().APP_URL}/verify/${kind}/${id}?f=${fingerprint}`
}

/** The fingerprint a printed record carries, with the link and QR that check it (decision 032). */
export async function fingerprintView(kind: VerifyKind, id: number, fingerprint: string): Promise<FingerprintView> {
  const url = verifyUrl(kind, id, fingerprint)
  return { fingerprint, verifyUrl: url, verifyQr: await qrDataUrl(url, 240) }
}

/** A pre-inspection for a print page or PDF: the read rules, then the route company must see its vehicle; else 404. */
export async function loadPreInspectionPrint(ctx: PageContext, companyId: number, id: number): Promise<PrintRecord<PreInspectionFormView>> {
  const { form, vehicle, recordContext } = await getPreInspectionDetail(ctx, id)
  await requireCompanySeesVehicle(ctx, companyId, vehicle)
  const photos = await getPreInspectionPhotos(ctx, id)
  return { form, vehicle, photos, fingerprint: await fingerprintView('pre-inspection', id, fingerprintOf('pre-inspection', form, photos)), vehicleQr: null, recordContext }
}

/** An inspection for a print page or PDF: the read rules, then the route company must see its vehicle; else 404. */
export async function loadInspectionPrint(ctx: PageContext, companyId: number, id: number): Promise<PrintRecord<InspectionFormView>> {
  const { form, vehicle, recordContext } = await getInspectionDetail(ctx, id)
  await requireCompanySeesVehicle(ctx, companyId, vehicle)
  const photos = await getInspectionPhotos(ctx, id)
  return {
    form,
    vehicle,
    recordContext,
    photos,
    fingerprint: await fingerprintView('inspection', id, fingerprintOf('inspection', form, photos)),
    vehicleQr: await qrDataUrl(vehicle.vehicleIdentifier, 200),
  }
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/**
 * The print page's loader: the guard of decision 006, then the record by `?id=` (so a reload
 * or a shared link works). Without `?id=` the page shows what navigation state brought.
 */
export async function printPageLoader<F>(args: LoaderFunctionArgs, title: string, load: (ctx: PageContext, companyId: number, id: number) => Promise<PrintRecord<F>>) {
  const { ctx, companyId } = await companyPage(args, PRINT_ROLES)
  // The title is a msg()-marked English text: shown (and in <title>) in the reader's language.
  const page = { title: translator(localeOfRequest(args.request))(title), companyId, messages: routeMessages(args.request, 'inspections') }
  const rawId = new URL(args.request.url).searchParams.get('id')
  if (rawId === null) return { ...page, record: null }
  const id = positiveInt(rawId)
  if (!id) throw notFound()
  const found = await attempt(() => load(ctx, companyId, id))
  if (!found.ok) {
    if (found.error.code === 'NOT_FOUND' || found.error.code === 'BAD_REQUEST') throw notFound()
    throw found.error
  }
  // The page offers "Download PDF": the browser starts now, so that download is a warm one.
  warmPdfBrowser()
  return { ...page, record: found.value }
}

/**
 * The A4 HTML document handed to the renderer: the same component as the page, inline CSS,
 * pictures as data: URLs, in `locale` (the requester's: `localeOfRequest`, decision 074) with
 * the messages of `namespaces` (`common` and `inspections` unless told).
 */
export function printDocumentHtml(title: string, element: ReactElement, locale: Locale = DEFAULT_LOCALE, namespaces: readonly Namespace[] = ['common', 'inspections']): string {
  const body = renderToStaticMarkup(createElement(StaticI18nProvider, { locale, messages: messagesFor(locale, namespaces), children: element }))
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>@page{size:A4}html,body{margin:0;padding:0;background:#fff}</style></head><body>${body}</body></html>`
}

/** A safe file name part (letters, digits, dot, dash, underscore). */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'vehicle'

/** GET /Print…/{companyId}/pdf?id=: the PDF of one record, from the print component (decision 032). */
export async function printPdfLoader(args: LoaderFunctionArgs, kind: FormKind): Promise<Response> {
  const { ctx, companyId } = await companyPage(args, PRINT_ROLES)
  const id = positiveInt(new URL(args.request.url).searchParams.get('id'))
  if (!id) return notFound()
  // The browser launches while the record is read and the HTML built (a signed-in caller only).
  warmPdfBrowser()
  const started = performance.now()
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const found = await attempt(async () => {
    if (kind === 'pre-inspection') {
      const r = await loadPreInspectionPrint(ctx, companyId, id)
      // The title (the viewer's title bar) dates the record as the document does; the file name keeps YYYY-MM-DD.
      const title = `${t('Pre-inspection')} ${r.vehicle.vehicleIdentifier} ${formatDateOnly(r.form.date, locale)} · ${r.fingerprint.fingerprint}`
      const element = createElement(PreInspectionDocument, { form: r.form, vehicle: r.vehicle, photos: r.photos, fingerprint: r.fingerprint, recordContext: r.recordContext })
      return { html: printDocumentHtml(title, element, locale), name: `pre-inspection-${fileNamePart(r.vehicle.vehicleIdentifier)}-${fileNamePart(r.form.date)}-${id}.pdf` }
    }
    const r = await loadInspectionPrint(ctx, companyId, id)
    const title = `${t('Inspection')} ${r.vehicle.vehicleIdentifier} ${formatDateOnly(r.form.inspectionDate, locale)} · ${r.fingerprint.fingerprint}`
    const element = createElement(InspectionDocument, { form: r.form, vehicle: r.vehicle, vehicleQr: r.vehicleQr!, photos: r.photos, fingerprint: r.fingerprint, recordContext: r.recordContext })
    return { html: printDocumentHtml(title, element, locale), name: `inspection-${fileNamePart(r.vehicle.vehicleIdentifier)}-${fileNamePart(r.form.inspectionDate)}-${id}.pdf` }
  })
  if (!found.ok) return found.error.code === 'NOT_FOUND' || found.error.code === 'BAD_REQUEST' ? notFound() : errorResponse(found.error.message, found.error.status)
  return pdfResponse(found.value.html, found.value.name, performance.now() - started)
}

function errorResponse(message: string, status: number, headers: Record<string, string> = {}) {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}

/** Renders and answers a print page's PDF (server/pdf/pdf-response.server.ts), saying where the time went. */
export function pdfResponse(html: string, fileName: string, loadMs?: number): Promise<Response> {
  return pdfFileResponse(() => renderPdf(html), fileName, { timing: { loadMs } })
}
