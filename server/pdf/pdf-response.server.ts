import { isAppError } from '../errors.ts'

/**
 * A rendered PDF as an HTTP answer (the REST door and the page routes of decision 066): the
 * headers of the print PDFs; a full render queue is 503 with Retry-After (decision 020), never a 500.
 */
export async function pdfFileResponse(render: () => Promise<Buffer>, fileName: string): Promise<Response> {
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
  return pdfBytesResponse(bytes, fileName)
}

/** PDF bytes as a download (REST lets a render's AppError reach its own JSON error answer). */
export function pdfBytesResponse(bytes: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
