import { unstable_parseMultipartFormData } from '@remix-run/node'
import { collectWithin } from '#server/uploads/bounded-body.server.ts'

/**
 * The CSV file of an import page's multipart form (fleet and fuel card imports), held in memory up
 * to `maxBytes` (one byte more says "too large"). Not multipart: no file.
 */
export async function readCsvFormUpload(request: Request, maxBytes: number): Promise<{ bytes: Uint8Array | null; fileName: string | null; tooLarge: boolean }> {
  let bytes: Uint8Array | null = null
  let fileName: string | null = null
  let tooLarge = false
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return { bytes, fileName, tooLarge }
  await unstable_parseMultipartFormData(request, async (part) => {
    const { kept, size } = await collectWithin(part.data, maxBytes)
    if (part.name === 'file' && part.filename !== undefined && size > 0) {
      if (size > maxBytes) tooLarge = true
      else {
        bytes = kept
        fileName = part.filename
      }
    }
    return undefined
  })
  return { bytes, fileName, tooLarge }
}
