import { msg } from '#catalog/i18n.ts'
/**
 * Captcha form field names and the spec's message. Kept out of
 * captcha.server.ts so the browser component can use them too (a `.server`
 * module never reaches the client bundle).
 */

/** The altcha widget's hidden input: base64 JSON `{ challenge, solution }`. */
export const CAPTCHA_FIELD = 'altcha'
/** No-JavaScript fallback: the signed question token (hidden input). */
export const CAPTCHA_FALLBACK_TOKEN_FIELD = 'captchaToken'
/** No-JavaScript fallback: the visitor's answer to the question (text input). */
export const CAPTCHA_FALLBACK_ANSWER_FIELD = 'captchaAnswer'

/** The no-JavaScript question, "What is {a} plus {b}?", as numbers: the page asks it in its own language. */
export interface FallbackQuestion {
  a: number
  b: number
  /** Signed; posted back as CAPTCHA_FALLBACK_TOKEN_FIELD. */
  token: string
}

/** URL of the challenge resource route (app/routes/captcha.challenge.ts). */
export const CAPTCHA_CHALLENGE_URL = '/captcha/challenge'

/** Spec section 5. */
export const CAPTCHA_REQUIRED_MESSAGE = msg('Please complete CAPTCHA')
