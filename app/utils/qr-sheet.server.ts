import { pdfFileResponse } from '#server/pdf/pdf-response.server.ts'
import { escapeHtml, renderPdf } from '#server/pdf/render.server.ts'
import { qrDataUrl } from './qr.server.ts'
import { DEFAULT_LOCALE, type Locale } from '#catalog/i18n.ts'
import { translator } from '#server/i18n/messages.server.ts'

/**
 * A one-page A4 PDF with a large QR and its code as text, named after the
 * code (spec section 9: "QR PDFs use the company or vehicle identifier
 * text"). Company codes and vehicle identifiers print the same way.
 */
export async function qrSheetResponse(sheet: {
  /** The big heading: the company name, or the vehicle's make and model. */
  title: string
  /** A line under the heading. */
  subtitle: string
  /** What the QR encodes (a code, or a link). */
  qrText: string
  /** The code printed under the QR and used as the file name. */
  code: string
  /** A line under the code. */
  hint?: string
  /** The sheet's language (the request's): the texts above come translated, this sets the rest. */
  locale?: Locale
}): Promise<Response> {
  const qr = await qrDataUrl(sheet.qrText, 600)
  const locale = sheet.locale ?? DEFAULT_LOCALE
  const t = translator(locale)
  const [title, subtitle, code, hint] = [sheet.title, sheet.subtitle, sheet.code, sheet.hint ?? ''].map(escapeHtml)
  const alt = escapeHtml(t('QR code of {code}', { code: sheet.code }))
  const html = `<!doctype html>
<html lang="${locale}">
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
  .sub { font-size: 12pt; color: #444; margin: 0 0 12mm; }
  img { width: 125mm; height: 125mm; }
  .code { margin-top: 10mm; font-family: "DejaVu Sans Mono", "Liberation Mono", ui-monospace, monospace; font-size: 34pt; font-weight: 700; letter-spacing: 0.12em; }
  .hint { margin-top: 4mm; font-size: 11pt; color: #555; }
</style>
</head>
<body>
<main class="sheet">
  <div class="brand">Operon</div>
  <h1>${title}</h1>
  <p class="sub">${subtitle}</p>
  <img src="${qr}" alt="${alt}">
  <div class="code">${code}</div>
  ${hint ? `<p class="hint">${hint}</p>` : ''}
</main>
</body>
</html>`
  const fileName = `${sheet.code.replace(/[^A-Za-z0-9._-]/g, '_') || 'qr'}.pdf`
  return pdfFileResponse(() => renderPdf(html, { margin: { top: '0', right: '0', bottom: '0', left: '0' } }), fileName)
}
