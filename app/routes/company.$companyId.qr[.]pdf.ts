import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePageRole } from '#app/utils/auth.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { MANAGER_ROLE_NAMES } from '#server/catalog/roles.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { getDb } from '#server/db.server.ts'
import { escapeHtml, renderPdf } from '#server/pdf/render.server.ts'

/** The printable page: company name, a large QR of the code, and the code as text. */
function companyQrHtml(company: { name: string; code: string }, qr: string): string {
  const name = escapeHtml(company.name)
  const code = escapeHtml(company.code)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${code}</title>
<style>
  @page { size: A4; margin: 0; }
  html, body { margin: 0; padding: 0; }
  body { font-family: system-ui, "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #111; }
  .sheet { box-sizing: border-box; padding: 28mm 20mm 0; display: flex; flex-direction: column; align-items: center; text-align: center; }
  .brand { font-size: 11pt; letter-spacing: 0.2em; text-transform: uppercase; color: #555; }
  h1 { font-size: 26pt; margin: 8mm 0 4mm; word-break: break-word; }
  .hint { font-size: 12pt; color: #444; margin: 0 0 12mm; }
  img { width: 120mm; height: 120mm; }
  .code { margin-top: 10mm; font-family: "DejaVu Sans Mono", "Liberation Mono", ui-monospace, monospace; font-size: 34pt; font-weight: 700; letter-spacing: 0.12em; }
</style>
</head>
<body>
<main class="sheet">
  <div class="brand">Operon</div>
  <h1>${name}</h1>
  <p class="hint">Scan this code, or type it, to ask to join ${name}.</p>
  <img src="${qr}" alt="QR code of ${code}">
  <div class="code">${code}</div>
</main>
</body>
</html>`
}

/** A safe file name from the company code (codes are letters, digits and dashes). */
function fileNameOf(code: string) {
  return `${code.replace(/[^A-Za-z0-9._-]/g, '_') || 'company'}.pdf`
}

/**
 * GET /company/{companyId}/qr.pdf: the company code as a one-page PDF, named
 * after the code (spec section 9). Any manager of the company; others are
 * sent to / (no session: to /login).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, companyId } = await requirePageRole(request, params, MANAGER_ROLE_NAMES)
  const company = await getCompany({ db: getDb(), actor, ip: context.clientIp }, companyId)
  const code = company.companyIdentifier
  const html = companyQrHtml({ name: company.companyName, code }, await qrDataUrl(code, 600))
  const pdf = await renderPdf(html, { margin: { top: '0', right: '0', bottom: '0', left: '0' } })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileNameOf(code)}"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
