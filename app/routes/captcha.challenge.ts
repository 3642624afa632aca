import { createCaptchaChallenge } from '#server/captcha/captcha.server.ts'

/** GET /captcha/challenge: a fresh signed proof-of-work challenge for the altcha widget. */
export async function loader() {
  const challenge = await createCaptchaChallenge()
  return new Response(JSON.stringify(challenge), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
