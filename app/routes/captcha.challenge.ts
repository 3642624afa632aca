import type { LoaderFunctionArgs } from '@remix-run/node'
import { createCaptchaChallenge } from '#server/captcha/captcha.server.ts'
import { isAppError } from '#server/errors.ts'
import { consumeRateLimit } from '#server/http/rate-limit.server.ts'

/** GET /captcha/challenge: a fresh signed proof-of-work challenge for the altcha widget. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    await consumeRateLimit('captcha', context.clientIp)
  } catch (e) {
    if (!isAppError(e)) throw e
    return new Response(JSON.stringify(e.toJSON()), {
      status: e.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': String(e.retryAfter ?? 60) },
    })
  }
  const challenge = await createCaptchaChallenge()
  return new Response(JSON.stringify(challenge), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
