import type { LoaderFunctionArgs } from '@remix-run/node'
import { vehicleLink } from '#app/components/fleet/fleet.server.ts'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { vehicleAccess } from '#server/fleet/access.server.ts'
import { getVehicle } from '#server/fleet/vehicles.server.ts'
import { escapeHtml, renderPdf } from '#server/pdf/render.server.ts'

/** The printable sheet: a large QR of the vehicle's link, its identifier, and what it is. */
function vehicleQrHtml(v: { vehicleIdentifier: string; make: string; model: string; licensePlate: string }, qr: string): string {
  const id = escapeHtml(v.vehicleIdentifier)
  const what = escapeHtml(`${v.make} ${v.model}`.trim())
  const plate = escapeHtml(v.licensePlate)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${id}</title>
<style>
  @page { size: A4; margin: 0; }
  html, body { margin: 0; padding: 0; }
  body { font-family: system-ui, "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #111; }
  .sheet { height: 297mm; box-sizing: border-box; padding: 28mm 20mm; display: flex; flex-direction: column; align-items: center; text-align: center; }
  .brand { font-size: 11pt; letter-spacing: 0.2em; text-transform: uppercase; color: #555; }
  h1 { font-size: 24pt; margin: 8mm 0 2mm; word-break: break-word; }
  .plate { font-size: 13pt; color: #444; margin: 0 0 12mm; }
  img { width: 130mm; height: 130mm; }
  .code { margin-top: 10mm; font-family: "DejaVu Sans Mono", "Liberation Mono", ui-monospace, monospace; font-size: 34pt; font-weight: 700; letter-spacing: 0.12em; }
  .hint { margin-top: 4mm; font-size: 11pt; color: #555; }
</style>
</head>
<body>
<main class="sheet">
  <div class="brand">Operon</div>
  <h1>${what}</h1>
  <p class="plate">License plate ${plate}</p>
  <img src="${qr}" alt="QR code of ${id}">
  <div class="code">${id}</div>
  <p class="hint">Scan to open this vehicle.</p>
</main>
</body>
</html>`
}

/** A safe file name from the identifier (identifiers are letters, digits and dashes). */
function fileNameOf(identifier: string) {
  return `${identifier.replace(/[^A-Za-z0-9._-]/g, '_') || 'vehicle'}.pdf`
}

/**
 * GET /vehicles/{vehicleId}/qr.pdf: the "Print QR" of the fleet page, a
 * one-page PDF named after the vehicle identifier (spec section 2 and 9).
 * The owner company's managers or the Operator managers of an active
 * assignment; anyone else gets 404 (no session: /login).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  const ctx = { db: getDb(), actor, ip: context.clientIp }
  const vehicleId = Number(params.vehicleId)
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) return new Response('Not found', { status: 404 })
  let vehicle: Awaited<ReturnType<typeof getVehicle>>
  try {
    await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] })
    vehicle = await getVehicle(ctx, vehicleId)
  } catch (error) {
    if (!isAppError(error)) throw error
    return new Response(error.message, { status: error.status, headers: { 'Cache-Control': 'no-store' } })
  }
  const html = vehicleQrHtml(vehicle, await qrDataUrl(vehicleLink(vehicleId), 600))
  const pdf = await renderPdf(html)
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileNameOf(vehicle.vehicleIdentifier)}"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
