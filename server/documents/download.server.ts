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

/**
 * The bytes with the stored (detected) content type, shown inline ("opened in
 * a new tab"), never cached by shared caches. Never sniffed: the server's
 * security headers (helmet, server/http/main.ts) send `X-Content-Type-Options:
 * nosniff` on every response, so the route does not repeat it (API.md: once,
 * not `nosniff, nosniff`).
 */
export function documentResponse(file: { fileName: string; contentType: string; content: Uint8Array }): Response {
  return new Response(new Uint8Array(file.content), {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.content.byteLength),
      'Content-Disposition': contentDisposition(file.fileName),
      'Cache-Control': 'private, no-store',
    },
  })
}
