import { isAppError } from '../errors.ts'

/**
 * A rendered PDF as an HTTP answer, for every PDF route (print pages, QR sheets, the annual decal):
 * a full render queue is 503 with Retry-After (decision 020), never a 500. With `timing`, the
 * answer says where the time went (`Server-Timing`: reading the record and building the HTML vs.
 * queue and Chromium): bench:pdf reads it.
 */
export async function pdfFileResponse(render: () => Promise<Buffer>, fileName: string, opts: { timing?: { loadMs?: number } } = {}): Promise<Response> {
  const renderStart = performance.now()
  let bytes: Buffer
  try {
    bytes = await render()
  } catch (error) {
    if (!isAppError(error) || error.code !== 'SERVICE_UNAVAILABLE') throw error
    return new Response(error.message, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(error.retryAfter ?? 5), 'Cache-Control': 'no-store' },
    })
  }
  if (!opts.timing) return pdfBytesResponse(bytes, fileName)
  const { loadMs } = opts.timing
  const renderMs = performance.now() - renderStart
  return pdfBytesResponse(bytes, fileName, {
    'Server-Timing': `${loadMs === undefined ? '' : `record;dur=${loadMs.toFixed(1)}, `}pdf;dur=${renderMs.toFixed(1)}`,
  })
}

/** PDF bytes as a download: the one place its headers are written (REST lets a render's AppError reach its own JSON error answer). */
export function pdfBytesResponse(bytes: Buffer, fileName: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      ...extraHeaders,
    },
  })
}
