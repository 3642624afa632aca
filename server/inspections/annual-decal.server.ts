/**
 * The annual inspection decal (49 CFR 396.17(c)(2), decision 066): one 4 × 3 in label per page,
 * carrying what the rule asks of documentation kept on the vehicle — the date of inspection, the
 * name and address of the repair shop, what identifies the vehicle, a certification that it
 * passed — plus the motor carrier (the operator on that date and the owner, 396.21(a)), the next
 * due date and a QR code that opens the report (396.21). Plain HTML for the shared renderer (no
 * script, pictures as data: URLs), in the reader's language (the page route); REST's is English
 * (decision 074). The regulation's citations stay as written.
 */
import QRCode from 'qrcode'
import { ANNUAL_DECAL_PAGE, ANNUAL_TEXT } from '#catalog/annual-inspection.ts'
import { DEFAULT_LOCALE, type Locale } from '#catalog/i18n.ts'
import { translator } from '../i18n/messages.server.ts'
import { escapeHtml, renderPdf } from '../pdf/render.server.ts'
import type { AnnualInspectionReport } from './annual-inspections.server.ts'

/** The decal's QR: an SVG data URL of the report's link (exported: the tests draw the same one). */
export async function decalQrDataUrl(link: string): Promise<string> {
  const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** `2027-03-14` as `Mar 14, 2027` / `14 mar 2027` (UTC: a calendar date, the same everywhere). */
export function decalDate(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** The decal's HTML document in `locale`. */
export async function annualDecalHtml(d: AnnualInspectionReport & { nextInspectionDue: string }, locale: Locale): Promise<string> {
  const e = escapeHtml
  const t = translator(locale)
  const qr = await decalQrDataUrl(d.reportUrl)
  const address = (d.shop?.address ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<div>${e(l)}</div>`)
    .join('')
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<title>${e(t('Annual inspection decal, {label}', { label: `${d.vehicle.vehicleIdentifier} ${decalDate(d.inspectionDate, locale)}` }))}</title>
<style>
  @page { size: ${ANNUAL_DECAL_PAGE.width} ${ANNUAL_DECAL_PAGE.height}; margin: 0; }
  html, body { margin: 0; padding: 0; background: #fff; }
  body { font-family: system-ui, "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #111; }
  .decal { box-sizing: border-box; width: ${ANNUAL_DECAL_PAGE.width}; height: ${ANNUAL_DECAL_PAGE.height}; padding: 0.12in; overflow: hidden; display: flex; flex-direction: column; border: 0.04in solid #111; }
  .band { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 1.5pt solid #111; padding-bottom: 2pt; }
  .band h1 { margin: 0; font-size: 13pt; letter-spacing: 0.04em; text-transform: uppercase; }
  .band .cfr { font-size: 7.5pt; font-weight: 600; }
  .main { display: flex; gap: 0.1in; flex: 1; min-height: 0; padding-top: 4pt; }
  .facts { flex: 1; min-width: 0; font-size: 7.5pt; line-height: 1.25; }
  .id { font-family: "DejaVu Sans Mono", "Liberation Mono", ui-monospace, monospace; font-size: 14pt; font-weight: 700; overflow-wrap: anywhere; line-height: 1.1; }
  .row { margin-top: 2.5pt; }
  .k { color: #444; font-size: 6.5pt; text-transform: uppercase; letter-spacing: 0.03em; }
  .v { font-weight: 600; overflow-wrap: anywhere; }
  .qr { width: 1.2in; flex: none; text-align: center; font-size: 6pt; color: #444; }
  .qr img { width: 1.2in; height: 1.2in; display: block; }
  .due { margin-top: 4pt; color: #111; }
  .due .date { font-size: 10pt; font-weight: 700; white-space: nowrap; }
  .cert { border-top: 1pt solid #111; padding-top: 2pt; font-size: 7pt; font-weight: 600; }
</style>
</head>
<body>
<main class="decal">
  <div class="band"><h1>${e(t('Annual inspection'))}</h1><span class="cfr">49 CFR 396.17</span></div>
  <div class="main">
    <div class="facts">
      <div class="k">${e(t('Vehicle'))}</div>
      <div class="id">${e(d.vehicle.vehicleIdentifier)}</div>
      <div class="v">${e(t('VIN {vin} · Plate {plate}', { vin: d.vehicle.vin, plate: d.vehicle.licensePlate }))}</div>
      <div class="row"><span class="k">${e(t('Inspected'))}</span> <span class="v">${e(decalDate(d.inspectionDate, locale))}</span></div>
      <div class="row"><span class="k">${e(t('Inspector'))}</span> <span class="v">${e(d.inspectorName)}</span></div>
      <div class="row"><span class="k">${e(t(ANNUAL_TEXT.motorCarrier))}</span> <span class="v">${e(d.operatorCompany?.name ?? t('None on this date'))}</span></div>
      <div class="row"><span class="k">${e(t('Owner'))}</span> <span class="v">${e(d.ownerCompany.name)}</span></div>
      <div class="row"><div class="k">${e(t('Repair shop (report kept by)'))}</div><div class="v">${e(d.shop?.name ?? '—')}</div>${address}</div>
    </div>
    <div class="qr">
      <img src="${qr}" alt="${e(t('QR code of the inspection report'))}">${e(t('Scan for the report'))}
      <div class="due"><div class="k">${e(t('Next inspection due'))}</div><div class="date">${e(decalDate(d.nextInspectionDue, locale))}</div></div>
    </div>
  </div>
  <div class="cert">${e(t(ANNUAL_TEXT.decalCertification))}</div>
</main>
</body>
</html>`
}

/** The decal as a one-page PDF (4 × 3 in, no margins): in the reader's language, English by default (REST). */
export async function annualDecalPdf(d: AnnualInspectionReport & { nextInspectionDue: string }, locale: Locale = DEFAULT_LOCALE): Promise<Buffer> {
  return renderPdf(await annualDecalHtml(d, locale), { size: { width: ANNUAL_DECAL_PAGE.width, height: ANNUAL_DECAL_PAGE.height }, margin: { top: '0', right: '0', bottom: '0', left: '0' } })
}

/** A safe file name: `annual-inspection-decal-{identifier}-{date}.pdf`. */
export function decalFileName(d: { vehicle: { vehicleIdentifier: string }; inspectionDate: string }): string {
  const part = (t: string) => t.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'vehicle'
  return `annual-inspection-decal-${part(d.vehicle.vehicleIdentifier)}-${part(d.inspectionDate)}.pdf`
}
