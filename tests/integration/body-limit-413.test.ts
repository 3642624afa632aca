/**
 * Issue 38 point 5: a client sending a declared body over the 32 MiB limit reads the 413. The
 * guard answers before the door reads anything; without reading the rest first, it closed the
 * connection while a Node client was still writing its 40 MB, and the client got a broken pipe
 * (EPIPE / ECONNRESET) instead of the answer about half the time. Now a declared body up to
 * DRAIN_DECLARED_BYTES is read and dropped before the answer: every try below, on tRPC and on
 * REST, writes its whole body and reads the 413, and any socket error fails the test.
 */
import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { DRAIN_DECLARED_BYTES, MAX_BODY_BYTES } from '#server/http/guards.server.ts'
import { APP_ORIGIN, databaseDigest } from '#tests/helpers/http-app.ts'
import { managerApp } from '#tests/helpers/manager-app.ts'

const MiB = 1024 * 1024
const DECLARED = 40 * 1000 * 1000
const TRIES = 10
const ctx = managerApp({ company: 'Body Limit Co', types: ['Owner'] })

interface Outcome {
  status: number
  /** The socket error the client saw, if any (a broken pipe instead of the answer). */
  error: string | null
  /** Bytes of the body the client managed to write. */
  written: number
}

/**
 * Posts a declared `DECLARED`-byte body in 1 MiB chunks, as a Node client does: writes all of it
 * (waiting on backpressure) unless the socket fails, then reads the answer. Never rejects.
 */
async function postDeclared(path: string, headers: Record<string, string>): Promise<Outcome> {
  const url = new URL(path, ctx.app.base)
  const req = httpRequest({
    method: 'POST',
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    headers: { host: 'operon.test', ...headers, 'content-length': String(DECLARED) },
  })
  let error: string | null = null
  const failed = new Promise<void>((resolve) =>
    req.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message
      resolve()
    }),
  )
  const answered = new Promise<number>((resolve) =>
    req.on('response', (res) => {
      res.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message))
      res.resume()
      res.on('close', () => resolve(res.statusCode ?? 0))
    }),
  )
  const chunk = Buffer.alloc(MiB, 0x61)
  let written = 0
  while (written < DECLARED && error === null && !req.destroyed) {
    const part = Math.min(chunk.length, DECLARED - written)
    const flushed = req.write(part === chunk.length ? chunk : chunk.subarray(0, part))
    written += part
    if (!flushed) {
      await new Promise<void>((resolve) => {
        const go = () => {
          req.off('drain', go).off('close', go).off('error', go)
          resolve()
        }
        req.on('drain', go).on('close', go).on('error', go)
      })
    }
  }
  if (error === null && !req.destroyed) req.end()
  const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(-1), 20_000).unref())
  const status = await Promise.race([answered, failed.then(() => 0), timeout])
  // A socket error after the answer is still a broken pipe for the client: give it a moment to show.
  await new Promise((r) => setTimeout(r, 20))
  req.destroy()
  return { status, error, written }
}

const same = { origin: APP_ORIGIN }

describe('a declared body over the limit: the client reads the 413 (issue 38)', () => {
  it('the declared size is over the limit and within what is drained', () => {
    expect(DECLARED).toBeGreaterThan(MAX_BODY_BYTES)
    expect(DECLARED).toBeLessThanOrEqual(DRAIN_DECLARED_BYTES)
  })

  it(`tRPC and REST, ${TRIES} tries each: a 413 every time, never EPIPE or ECONNRESET, nothing stored`, async () => {
    const before = await databaseDigest(ctx.db)
    const doors: { door: string; path: string; headers: Record<string, string> }[] = [
      { door: 'tRPC', path: '/trpc/company.create', headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/json' } },
      { door: 'REST', path: '/api/Company/create', headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' } },
    ]
    const outcomes: string[] = []
    for (const d of doors) {
      for (let i = 0; i < TRIES; i++) {
        const o = await postDeclared(d.path, d.headers)
        outcomes.push(`${d.door} #${i + 1}: ${o.status} ${o.error ?? 'no error'} (${Math.round(o.written / MiB)} MiB written)`)
      }
    }
    expect(outcomes.filter((o) => !/: 413 no error /.test(o))).toEqual([])
    expect(await databaseDigest(ctx.db)).toBe(before)
  }, 120_000)
})
