/**
 * A JSON array written element by element (decision 050): the REST door's answer for the lists
 * that are too big to hold whole (GET /api/Fleet/getAllVehicles, ≈ 40 MB with pictures). The
 * bytes are those of `JSON.stringify(array)`; the stream is pulled, so the next element is
 * read from the database only when the socket has taken the previous ones
 * (server/http/stream-body.server.ts writes it with backpressure).
 */
export const STREAMED_JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'private, no-store',
  // No length is known: the body goes out in chunks (and is not buffered to learn its length).
  'Transfer-Encoding': 'chunked',
} as const

export async function jsonArrayResponse(items: AsyncIterable<unknown>, status = 200): Promise<Response> {
  const it = items[Symbol.asyncIterator]()
  // The first element is read before answering: a failure there is an ordinary error answer.
  let pending: IteratorResult<unknown> | null = await it.next()
  let opened = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = pending ?? (await it.next())
        pending = null
        const prefix = opened ? ',' : '['
        opened = true
        if (next.done) {
          controller.enqueue(Buffer.from(prefix === '[' ? '[]' : ']'))
          controller.close()
        } else {
          controller.enqueue(Buffer.from(prefix + JSON.stringify(next.value)))
        }
      },
      async cancel() {
        await it.return?.()
      },
    },
    { highWaterMark: 0 },
  )
  return new Response(body, { status, headers: STREAMED_JSON_HEADERS })
}
