import type { LoaderFunctionArgs } from '@remix-run/node'
import { anonymousPage } from '#app/utils/page.server.ts'
import { calendarFeedText, calendarTokenHash } from '#server/calendar/calendar-feeds.server.ts'
import { isAppError } from '#server/errors.ts'
import { consumeRateLimit } from '#server/limits/rate-limit.server.ts'

/**
 * GET /calendar.ics?token=… (issue 35, decision 084): a person's calendar feed, read by calendar
 * applications without a session. An unknown or revoked token: 404 with no detail. The token is
 * in the query string, which is never logged (decision 042), and the answer goes with
 * `Referrer-Policy: no-referrer` (server/http/app.server.ts also lists this path) and is never
 * stored by a cache.
 */
const HEADERS = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }

const notFound = () => new Response('Not found', { status: 404, headers: { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })

export async function loader(args: LoaderFunctionArgs) {
  const token = new URL(args.request.url).searchParams.get('token')
  if (!token || token.length > 200) return notFound()
  try {
    // Lightly, per feed (its hash: the token itself is no key anywhere).
    await consumeRateLimit('calendar', calendarTokenHash(token))
  } catch (e) {
    if (isAppError(e) && e.status === 429) {
      return new Response('Too many requests', { status: 429, headers: { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(e.retryAfter ?? 60) } })
    }
    throw e
  }
  const text = await calendarFeedText(anonymousPage(args).db, token)
  if (text === null) return notFound()
  return new Response(text, {
    status: 200,
    headers: { ...HEADERS, 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="operon.ics"' },
  })
}
