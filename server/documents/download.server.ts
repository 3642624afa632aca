/**
 * The HTTP answer of a document download, shared by the REST path
 * (`GET /api/fleet/{vehicleId}/documents/{documentId}`) and the browser route
 * (`/vehicles/{vehicleId}/documents/{documentId}`), so both send the same headers.
 */

/** `Content-Disposition` for a stored name: an ASCII fallback, plus RFC 5987 `filename*` when the name is not plain ASCII. */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const needsExtended = ascii !== fileName
  const extended = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${disposition}; filename="${ascii}"${needsExtended ? `; filename*=UTF-8''${extended}` : ''}`
}

/** What a browser shows itself (its PDF and image viewers); anything else is downloaded. */
const SHOWN_INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg'])

/**
 * The bytes (streamed from the database, decision 070) with the stored (detected) content type
 * and length, never sniffed, never cached by shared caches. PDFs and pictures open in the tab
 * ("opened in a new tab") inside a CSP sandbox: an opaque origin with no scripts, forms or
 * same-origin access, so a file can never act as a page of the app (decision 020). Word and
 * Excel files, which no browser shows, are downloads.
 */
export function documentResponse(
  file: { fileName: string; contentType: string } & ({ content: Uint8Array } | { body: ReadableStream<Uint8Array>; sizeBytes: number }),
): Response {
  const inline = SHOWN_INLINE.has(file.contentType.toLowerCase())
  // A stored document comes as a stream read chunk by chunk (decision 070), with its stored length.
  const [body, length] = 'body' in file ? [file.body, file.sizeBytes] : [new Uint8Array(file.content), file.content.byteLength]
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(length),
      'Content-Disposition': contentDisposition(file.fileName, inline ? 'inline' : 'attachment'),
      'Content-Security-Policy': 'sandbox',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}
