/**
 * The lease agreement's print page and PDF (decision 064), like the inspections' (decision 032):
 * the same component as the lease page, the record's fingerprint with a link that checks a
 * printed copy (the lease page compares `?f=` with the record). Readers as `getLeaseAgreement`:
 * the managers of both companies and the operator's drivers while the assignment is active.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { createElement } from 'react'
import type { FingerprintView } from '#app/components/inspections/form-print.tsx'
import { LeaseDocument, type LeaseView } from '#app/components/leases/lease-document.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, callerContext, userPage } from '#app/utils/page.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { env } from '#server/env.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { getLeaseAgreement } from '#server/leases/lease-agreements.server.ts'
import { warmPdfBrowser } from '#server/pdf/render.server.ts'
import { pdfResponse, printDocumentHtml } from './print-page.server.ts'

/** Where a printed lease is checked: its page, with the printed fingerprint (an absolute link). */
export function leaseVerifyUrl(id: number, fingerprint: string): string {
  return `${env().APP_URL}/leases/${id}?f=${fingerprint}`
}

export async function leaseFingerprintView(lease: LeaseView): Promise<FingerprintView> {
  const url = leaseVerifyUrl(lease.id, lease.fingerprint)
  return { fingerprint: lease.fingerprint, verifyUrl: url, verifyQr: await qrDataUrl(url, 240) }
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/** GET /PrintLease/{id}: the printable lease, without the standard layout; 404 for whoever may not read it. */
export async function leasePrintLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const id = positiveInt(args.params.leaseId)
  if (!id) throw notFound()
  const found = await attempt(() => getLeaseAgreement(ctx, id))
  if (!found.ok) {
    if (found.error.code === 'NOT_FOUND' || found.error.code === 'BAD_REQUEST') throw notFound()
    throw found.error
  }
  warmPdfBrowser()
  const t = translator(localeOfRequest(args.request))
  return {
    title: t('Lease {vehicle}', { vehicle: found.value.vehicle.vehicleIdentifier }),
    lease: found.value,
    fingerprint: await leaseFingerprintView(found.value),
    // `inspections` has the print frame's and the fingerprint box's words (shared with the forms' print pages).
    messages: routeMessages(args.request, 'fleet', 'inspections'),
  }
}

/** A safe file name part (letters, digits, dot, dash, underscore). */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'vehicle'

/**
 * GET /PrintLease/{id}/pdf: the lease as a PDF with its fingerprint. From the browser (a session
 * cookie) it behaves as the lease page: no session → /login, a lease the caller may not read → /
 * with the reason. With a bearer token (an API client) it answers 401 / 404 instead.
 */
export async function leasePdfLoader(args: LoaderFunctionArgs): Promise<Response> {
  const api = /^Bearer\s/i.test(args.request.headers.get('authorization') ?? '')
  const ctx = api ? await callerContext(args) : await userPage(args)
  const id = positiveInt(args.params.leaseId)
  if (!id) return notFound()
  if (ctx.actor.kind !== 'user') return new Response('Authentication required', { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  warmPdfBrowser()
  const started = performance.now()
  // The PDF in the requester's language (decision 074): the lease's text of its version in that language, the English governing (decision 081).
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const found = await attempt(async () => {
    const lease = await getLeaseAgreement(ctx, id)
    const fingerprint = await leaseFingerprintView(lease)
    const title = `${t('Lease {vehicle}', { vehicle: lease.vehicle.vehicleIdentifier })} ${formatDateOnly(lease.startDate, locale)} · ${lease.fingerprint}`
    return {
      html: printDocumentHtml(title, createElement(LeaseDocument, { lease, fingerprint }), locale, ['common', 'fleet', 'inspections']),
      name: `lease-${fileNamePart(lease.vehicle.vehicleIdentifier)}-${fileNamePart(lease.startDate)}-${id}.pdf`,
    }
  })
  if (!found.ok) {
    if (found.error.code === 'NOT_FOUND' || found.error.code === 'BAD_REQUEST') {
      return api ? notFound() : redirectWithToast('/', { type: 'error', message: found.error.message })
    }
    return new Response(found.error.message, { status: found.error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  return pdfResponse(found.value.html, found.value.name, performance.now() - started)
}
