import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { isLocale } from '#catalog/i18n.ts'
import { setMyLanguage } from '#server/auth/profile.server.ts'
import { safeRedirect } from '#server/access/safe-redirect.ts'
import { callerContext } from '../utils/page.server.ts'
import { languageCookieHeader } from '../utils/language.server.ts'

/**
 * The language switchers (decision 074): the public pages' and the profile's. Sets this
 * browser's language cookie and, for someone signed in, the language kept on the account (their
 * emails and PDFs). A plain form post: works without JavaScript.
 */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const locale = form.get('locale')
  const back = safeRedirect(form.get('redirectTo'), '/')
  if (!isLocale(locale)) return redirect(back)
  const ctx = await callerContext(args)
  if (ctx.actor.kind === 'user') await setMyLanguage(ctx, { locale })
  return redirect(back, { headers: { 'Set-Cookie': languageCookieHeader(locale) } })
}

export const loader = () => redirect('/')
