import { z } from 'zod'
import { AppError } from '../errors.ts'
import { readBodyWithin } from '../uploads/bounded-body.server.ts'

/** A problem of a staged CSV upload as the REST imports answer it (the fleet's, decision 076; the fuel card's, decision 085). */
export const csvProblemSchema = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
  messageId: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})

/**
 * A REST import's upload: `text/csv` (the file as it is, optional `?fileName=`) or JSON
 * `{ "csv": "…", "fileName": "…" }`; at most `maxBytes` for the file (413 beyond).
 */
export async function readCsvUpload(request: Request, maxBytes: number): Promise<{ bytes?: Uint8Array; csv?: unknown; fileName?: unknown }> {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes / 1024 / 1024} MB`)
  // JSON escapes may grow the text: twice the file's limit for the body.
  const bytes = await readBodyWithin(request, maxBytes * 2, tooLarge)
  const fileName = new URL(request.url).searchParams.get('fileName') ?? undefined
  if (/^application\/json/i.test(request.headers.get('content-type') ?? '')) {
    let body: unknown
    try {
      body = JSON.parse(bytes.toString('utf8'))
    } catch {
      throw new AppError('BAD_REQUEST', 'The request body is not valid JSON')
    }
    const b = (body ?? {}) as { csv?: unknown; fileName?: unknown }
    if (typeof b.csv !== 'string') throw new AppError('BAD_REQUEST', 'csv: the file as text is required', { fieldErrors: { csv: 'Required' } })
    return { csv: b.csv, fileName: b.fileName ?? fileName }
  }
  return { bytes, fileName }
}
