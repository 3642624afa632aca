import { msg } from '#catalog/i18n.ts'
import type { TEXT } from '#catalog/texts.ts'

type SpecText = (typeof TEXT)[keyof typeof TEXT]

/**
 * The spec's texts (catalog/texts.ts) that the public pages show from the browser, as
 * `t(TEXT.completeCaptcha)`: marked here for the Spanish catalog (decision 074); the type
 * checks that each one is exactly a text of TEXT.
 */
export const AUTH_BROWSER_TEXTS = [
  msg('Something went wrong'),
  msg('Registration successful'),
  msg('Please complete CAPTCHA'),
  msg('Please ensure all password requirements are met'),
  msg('Please read the terms first'),
  msg('Please enter a valid email address'),
  msg('Problem sending email'),
  msg('Issue with password reset'),
] as const satisfies readonly SpecText[]
