import type { LoaderFunctionArgs } from '@remix-run/node'
import { attempt } from '#app/utils/page.server.ts'
import { createCaptchaChallenge } from '#server/captcha/captcha.server.ts'
import { consumeRateLimit } from '#server/limits/rate-limit.server.ts'

/** GET /captcha/challenge: a fresh signed proof-of-work challenge for the altcha widget. */
export async function loader({ context }: LoaderFunctionArgs) {
  const allowed = await attempt(() => consumeRateLimit('captcha', context.clientIp))
  if (!allowed.ok) {
    const e = allowed.error
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
