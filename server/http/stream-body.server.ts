import type { Writable } from 'node:stream'

/**
 * Whether a door's answer is a stream of unknown length to write as it comes (decision 050):
 * server/rest/stream.server.ts marks it `Transfer-Encoding: chunked`. The header is the mark
 * because the doors live in the server build, a different bundle than this adapter.
 */
export function isStreamedAnswer(response: Response): boolean {
  return response.headers.get('transfer-encoding') === 'chunked' && !response.headers.has('content-length')
}

/**
 * Writes a web stream to the response with backpressure: the next chunk is read only once the
 * socket (or the compression stream in front of it) has room, so a slow client holds a few
 * chunks in memory, not the whole answer. A client that goes away cancels the stream (which
 * stops the database reads behind it); a stream that fails midway cuts the connection, so the
 * client sees a truncated answer, never a complete-looking one.
 */
export async function writeWithBackpressure(body: ReadableStream<Uint8Array>, res: Writable & { flush?: () => void }): Promise<void> {
  const reader = body.getReader()
  let closed = false
  let wake: (() => void) | null = null
  const resume = () => {
    const w = wake
    wake = null
    w?.()
  }
  // One listener each for the whole answer (the compression middleware moves 'drain'
  // listeners to its own stream, where they could not be removed one by one).
  res.on('drain', resume)
  res.once('close', () => {
    closed = true
    reader.cancel().catch(() => undefined)
    resume()
  })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || closed) break
      if (!res.write(value)) await new Promise<void>((resolve) => (wake = resolve))
    }
    if (!closed) {
      res.flush?.()
      res.end()
    }
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)))
    throw error
  }
}
