/**
 * CSV that spreadsheet programs open safely (issue 23 point 6, decision 068): RFC 4180 quoting,
 * CRLF line ends, and formula injection neutralised. A text cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return would be read by Excel, LibreOffice or Google Sheets as a
 * formula (or shift to one); it gets a leading apostrophe, which those programs show as text.
 * Numbers are written as numbers (a negative number is not a formula).
 */

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

export type CsvValue = string | number | boolean | null | undefined

/** One cell: neutralised, then quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  let text = value
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One line, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + '\r\n'
}

/** The byte-order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF'

/**
 * A streamed CSV download: the header, then each line as the iterator yields it (pulled, so the
 * next rows are read from the database only when the socket has taken the previous ones).
 */
export function csvResponse(fileName: string, header: readonly string[], lines: AsyncIterable<readonly CsvValue[]>): Response {
  const it = lines[Symbol.asyncIterator]()
  let started = false
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)))
          return
        }
        const next = await it.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(csvRow(next.value)))
      },
      async cancel() {
        await it.return?.()
      },
    },
    { highWaterMark: 0 },
  )
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_')
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${safeName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
