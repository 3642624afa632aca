import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { FieldErrors, ProfileFieldValues } from '#app/components/profile/types.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, userPage } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { countriesIn, DEFAULT_COUNTRY, usStatesIn } from '#catalog/places.ts'
import { DEFAULT_GENDER } from '#catalog/statuses.ts'
import { TEXT } from '#catalog/texts.ts'
import { getUserInfo, saveAdditionalData } from '#server/auth/profile.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { formErrorOf, profileFieldsInput, readProfileFields } from './profile-form.server.ts'

/** Loader of /completeProfile: the signed-in user's details as the form shows them. */
export async function completeProfileLoader(args: LoaderFunctionArgs) {
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const info = await getUserInfo(await userPage(args))
  const values: ProfileFieldValues = {
    firstName: info.firstName,
    lastName: info.lastName,
    dateOfBirth: info.dateOfBirth ?? '',
    gender: String(info.gender ?? DEFAULT_GENDER),
    countryCode: info.countryCode || DEFAULT_COUNTRY,
    comesFromState: info.comesFromState ?? '',
    phoneNumber: info.phoneNumber ?? '',
  }
  return {
    title: t('Complete your profile'),
    values,
    // Country and state names in the page's language (the codes are what is saved).
    countries: countriesIn(locale),
    usStates: usStatesIn(locale, t),
    today: new Date().toISOString().slice(0, 10),
    // The profile fields' texts are the profile page's (namespace `profile`).
    messages: routeMessages(args.request, 'auth', 'profile'),
  }
}

export type CompleteProfileActionData = { formError: string | null; fieldErrors: FieldErrors; values: ProfileFieldValues }

/** Spec: saving goes to /dashboard; a failed save shows each field's error and keeps what was typed. */
export async function completeProfileAction(args: ActionFunctionArgs) {
  const ctx = await userPage(args)
  const values = readProfileFields(await args.request.formData())
  const saved = await attempt(() => saveAdditionalData(ctx, profileFieldsInput(values)))
  if (!saved.ok) return data<CompleteProfileActionData>({ ...formErrorOf(saved.error), values }, { status: saved.error.status })
  return redirectWithToast('/dashboard', { type: 'success', message: TEXT.profileUpdated })
}
