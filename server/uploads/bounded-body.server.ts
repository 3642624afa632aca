/**
 * The one way a door reads a body or a posted part within a limit (decision 020): never more than
 * the limit held in memory, and one copy of what was read (the chunks joined once). Each door keeps its own limit (API.md's body and document sizes, the
 * fleet import's file size, the pre-trip's photo size) and its own answer to "too large".
 */

/**
 * Collects a stream, keeping its chunks up to `limit` bytes. Past the limit the rest is read and
 * dropped (a multipart parser must reach the next part): `size > limit` says so, and the caller
 * decides (a file is too large; a text field is cut to what was kept).
 */
export async function collectWithin(data: AsyncIterable<Uint8Array>, limit: number): Promise<{ kept: Buffer; size: number }> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size <= limit) chunks.push(chunk)
  }
  return { kept: Buffer.concat(chunks), size }
}

/**
 * A request's whole body, at most `limit` bytes: a declared length over it is refused before a
 * byte is read, and a body that grows past it is cancelled there. `tooLarge` makes the door's error.
 */
export async function readBodyWithin(request: Request, limit: number, tooLarge: () => Error): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw tooLarge()
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}
