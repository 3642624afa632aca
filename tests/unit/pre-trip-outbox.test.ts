/**
 * The driver's queued pre-trip (decisions 030, 071): what one attempt makes of the server's
 * answer. A refusal (4xx) goes back to the driver; every answer that says "not now" (no
 * connection, 401, 408, 429, any 5xx: the 503 of an unavailable database, a proxy's 502 or 504)
 * keeps the filing queued, to be sent again, no sooner than the server's Retry-After.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextAttemptDelay, retryAfterMs, sendPreTrip } from '#app/utils/offline-queue.ts'

const DB_MESSAGE = 'The database is unavailable right now, so nothing was saved. Please try again in a moment.'

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  vi.stubGlobal('fetch', vi.fn(async () => new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } })))
}

const trpcError = (httpStatus: number, message: string, code = 'X', fieldErrors: Record<string, string> | null = null) => ({
  error: { message, code: -32603, data: { code, httpStatus, fieldErrors } },
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sendPreTrip', () => {
  it('a 503 from an unavailable database stays queued, with the message and the Retry-After', async () => {
    answer(503, trpcError(503, DB_MESSAGE, 'SERVICE_UNAVAILABLE'), { 'retry-after': '5' })
    expect(await sendPreTrip({})).toEqual({ kind: 'retry', reason: DB_MESSAGE, retryAfterMs: 5000 })
  })

  it.each([
    [429, trpcError(429, 'Too many requests, please try again later', 'TOO_MANY_REQUESTS')],
    [502, '<html><body>Bad Gateway</body></html>'],
    [504, '<html><body>Gateway Timeout</body></html>'],
    [500, trpcError(500, 'An unexpected error occurred', 'INTERNAL_SERVER_ERROR')],
    [408, ''],
    [401, trpcError(401, 'Authentication required', 'UNAUTHORIZED')],
  ])('a %i stays queued (never dropped, never marked refused)', async (status, body) => {
    answer(status, body)
    const result = await sendPreTrip({})
    expect(result.kind).toBe('retry')
  })

  it('a proxy page without JSON is named by its status', async () => {
    answer(502, '<html>Bad Gateway</html>', { 'content-type': 'text/html' })
    expect(await sendPreTrip({})).toEqual({ kind: 'retry', reason: 'The server answered 502' })
  })

  it('no connection stays queued', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    expect(await sendPreTrip({})).toEqual({ kind: 'retry', reason: 'No connection' })
  })

  it('a refusal (400, 403, 409, 413) goes back to the driver with its field errors', async () => {
    answer(400, trpcError(400, 'Fix the fields', 'BAD_REQUEST', { odometer: 'Required' }))
    expect(await sendPreTrip({})).toEqual({ kind: 'refused', status: 400, formError: 'Fix the fields', fieldErrors: { odometer: 'Required' } })
    for (const status of [403, 409, 413]) {
      answer(status, trpcError(status, 'No'))
      expect((await sendPreTrip({})).kind).toBe('refused')
    }
  })

  it('goes through the browser\'s one tRPC client (its batched wire format), the idempotency key in the body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify([{ result: { data: { id: 1, isSatisfactory: true } } }]), { status: 200, headers: { 'content-type': 'application/json' } }))
    vi.stubGlobal('fetch', fetchMock)
    expect((await sendPreTrip({ idempotencyKey: 'k-1' })).kind).toBe('filed')
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/trpc/inspections.submitPreInspection?batch=1')
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({ 0: { idempotencyKey: 'k-1' } })
  })

  it('a filing the server took is filed', async () => {
    const filed = { id: 7, isSatisfactory: true }
    answer(200, { result: { data: filed } })
    expect(await sendPreTrip({})).toEqual({ kind: 'filed', filed })
  })
})

describe('when a queued filing is tried again', () => {
  it('Retry-After in seconds or as a date; anything else is ignored', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('5', now)).toBe(5000)
    expect(retryAfterMs(' 60 ', now)).toBe(60_000)
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs(null, now)).toBeUndefined()
  })

  it('the backoff, or the server’s Retry-After when longer, never more than 5 minutes', () => {
    expect(nextAttemptDelay(1)).toBe(10_000)
    expect(nextAttemptDelay(1, 5_000)).toBe(10_000)
    expect(nextAttemptDelay(1, 60_000)).toBe(60_000)
    expect(nextAttemptDelay(3)).toBe(40_000)
    expect(nextAttemptDelay(20)).toBe(300_000)
    expect(nextAttemptDelay(1, 3_600_000)).toBe(300_000)
  })
})
