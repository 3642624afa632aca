import { LOCALE_COOKIE, type Locale } from '#catalog/i18n.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { languageOfUser } from '#server/auth/profile.server.ts'

const YEAR = 365 * 24 * 60 * 60

/** The language cookie (decision 074): not secret, read by the server for every page. */
export function languageCookieHeader(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR}; SameSite=Lax`
}

/** At sign-in: the language kept on the account becomes this browser's. */
export async function signedInLanguageCookie(ctx: UseCaseContext, userId: number): Promise<string> {
  return languageCookieHeader(await languageOfUser(ctx, userId))
}
