import type { Request as ExpressRequest } from 'express'

/**
 * Reads and drops what the client is still sending after its body passed the limit (a bounded
 * amount, for a bounded time), so that it gets to read the 413 instead of a broken pipe; the
 * connection is closed behind the answer either way.
 */
export function drain(req: ExpressRequest, maxBytes = 16 * 1024 * 1024, maxMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve()
    let seen = 0
    const finish = () => {
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', finish)
      req.off('error', finish)
      req.off('close', finish)
      resolve()
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.byteLength
      if (seen > maxBytes) finish()
    }
    const timer = setTimeout(finish, maxMs)
    req.unpipe()
    req.on('data', onData)
    req.once('end', finish)
    req.once('error', finish)
    req.once('close', finish)
    req.resume()
  })
}
