import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import QRCode from 'qrcode'
import { ALERT_DIGEST_INTENT, CREATE_CALENDAR_FEED_INTENT, CREATE_COMPANY_INTENT, REVOKE_CALENDAR_FEED_INTENT, DELETE_ACCOUNT_INTENT, JOIN_COMPANY_INTENT, RESET_AUTHENTICATOR_INTENT, SEND_REAUTH_CODE_INTENT, UNLINK_EXTERNAL_INTENT, UPDATE_PROFILE_INTENT } from '#app/components/profile/intents.ts'
import { type CompanyFormResult } from '#app/components/profile/company-forms.tsx'
import { type EditProfileValues } from '#app/components/profile/edit-profile-form.tsx'
import { photoDataUrl } from '#app/components/profile/profile-avatar.tsx'
import type { CompanyView } from '#app/components/profile/profile-sections.tsx'
import { type NewAuthenticator } from '#app/components/profile/security-cards.tsx'
import type { FieldErrors } from '#app/components/profile/types.ts'
import { attempt, userPage, refusal, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { countriesIn, usStatesIn } from '#catalog/places.ts'
import { roleLabelOf } from '#catalog/roles.ts'
import { signInMethodText } from '#catalog/audit-actions.ts'
import { TEXT } from '#catalog/texts.ts'
import { deleteAccount, resetAuthenticator } from '#server/auth/account.server.ts'
import { listExternalIdentities, unlinkExternalIdentity } from '#server/auth/external/external-login.server.ts'
import { configuredProviders } from '#server/auth/external/providers.server.ts'
import { listMyAccountActivity } from '#server/auth/account-activity.server.ts'
import { getAlertDigestSetting, getInspectorQualification, getProfile, setAlertDigest, updateProfile } from '#server/auth/profile.server.ts'
import { env } from '#server/env.server.ts'
import { sendReauthCode } from '#server/auth/reauth.server.ts'
import { totpUri } from '#server/auth/totp.server.ts'
import { createCompany } from '#server/companies/create-company.ts'
import { calendarFeedStatus, createCalendarFeed, revokeCalendarFeed } from '#server/calendar/calendar-feeds.server.ts'
import type { CalendarFeedView } from '#app/components/profile/calendar-feed-card.tsx'
import { timeZoneNames } from '#catalog/company-settings.ts'
import { listMyJoinRequests, requestToJoinCompany } from '#server/companies/join-requests.server.ts'
import { listMyCompanies } from '#server/companies/list-my-companies.ts'
import { clearSessionCookieHeader } from '#server/auth/session-cookie.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { formatInstant } from '#app/utils/dates.ts'
import { INTL_LOCALE } from '#app/utils/dates.ts'
import { msg, type Locale } from '#catalog/i18n.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'
import { formErrorOf, licensesInput, photoInput, profileFieldsInput, qualificationInput, readForm, readLicenseRows, readProfileFields } from './profile-form.server.ts'

/** The profile page (`/profile`): the user's details, companies, security and linked accounts. */

const joinDateFormats = new Map<Locale, Intl.DateTimeFormat>()
function joinDateFormat(locale: Locale): Intl.DateTimeFormat {
  let f = joinDateFormats.get(locale)
  if (!f) joinDateFormats.set(locale, (f = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' })))
  return f
}

export async function profilePageLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const [profile, memberships, joinRequests, externalAccounts, alertDigest, qualification, accountActivity, feed] = await Promise.all([
    getProfile(ctx),
    listMyCompanies(ctx),
    listMyJoinRequests(ctx),
    listExternalIdentities(ctx),
    getAlertDigestSetting(ctx),
    getInspectorQualification(ctx),
    listMyAccountActivity(ctx),
    calendarFeedStatus(ctx),
  ])
  const companies: CompanyView[] = memberships.map((m) => ({
    companyId: m.companyId,
    companyName: m.companyName,
    companyIdentifier: m.companyIdentifier,
    roles: [...new Set(m.userRoles.map((r) => roleLabelOf(r.name)))],
  }))
  const { profilePhoto, ...rest } = profile
  const locale = localeOfRequest(args.request)
  /** Country and state names in the page's language (the codes are the same). */
  const countries = countriesIn(locale)
  const usStates = usStatesIn(locale, translator(locale))
  return {
    title: translator(locale)(msg('My Profile')),
    /** The user's calendar date (UTC) for the expiry warnings. */
    today: new Date().toISOString().slice(0, 10),
    /** /profile?edit=1: the edit form inline (the way in without JavaScript). */
    editInline: new URL(args.request.url).searchParams.get('edit') === '1',
    profile: { ...rest, photo: photoDataUrl(profilePhoto) },
    joinDateLabel: joinDateFormat(locale).format(new Date(profile.joinDate)),
    countryName: countries.find((c) => c.code === profile.countryCode)?.name ?? null,
    stateName: usStates.find((s) => s.code === profile.comesFromState)?.name ?? profile.comesFromState ?? null,
    companies,
    roles: [...new Set(companies.flatMap((c) => c.roles))],
    countries,
    /** "Create a company" asks for its time zone (decision 063). */
    timeZones: timeZoneNames(),
    usStates,
    joinRequests,
    externalAccounts,
    providers: configuredProviders(),
    /** The morning alert digest switch: shown to Owner managers (decision 037). */
    alertDigest: { ...alertDigest, hour: env().ALERT_DIGEST_HOUR },
    /** Shown to Mechanics and Repair shop managers (decision 066): null hides the field. */
    inspectorQualification: qualification.inspector || qualification.inspectorQualification ? (qualification.inspectorQualification ?? '') : null,
    /** The person's own sign-ins and account events (decision 079), in UTC with the zone shown. */
    accountActivity: accountActivity.map((a) => ({
      at: a.at,
      when: formatInstant(a.at, 'UTC', locale),
      label: translator(locale)(a.label),
      method: typeof a.details.method === 'string' ? signInMethodText(a.details.method, translator(locale)) : null,
      ip: a.ip,
    })),
    /** The calendar feed (decision 084): whether a link is live; the link itself only in the answer that made it. */
    calendarFeed: {
      active: feed.active,
      created: feed.createdAt ? formatInstant(feed.createdAt, 'UTC', locale) : null,
      lastFetched: feed.lastFetchedAt ? formatInstant(feed.lastFetchedAt, 'UTC', locale) : null,
    } satisfies CalendarFeedView,
    messages: routeMessages(args.request, 'profile'),
  }
}

export type ProfileActionData =
  | { intent: typeof UPDATE_PROFILE_INTENT; formError: string | null; fieldErrors: FieldErrors; values: EditProfileValues | null }
  | { intent: typeof RESET_AUTHENTICATOR_INTENT; formError: string | null; qr: NewAuthenticator | null; fieldErrors?: Record<string, string> }
  | { intent: typeof DELETE_ACCOUNT_INTENT; formError: string | null; fieldErrors?: Record<string, string> }
  | { intent: typeof SEND_REAUTH_CODE_INTENT; for: string; formError: string | null; message: string | null }
  | { intent: typeof UNLINK_EXTERNAL_INTENT | typeof ALERT_DIGEST_INTENT | typeof REVOKE_CALENDAR_FEED_INTENT | 'unknown'; formError: string }
  | { intent: typeof CREATE_CALENDAR_FEED_INTENT; formError: string | null; url: string | null }
  | CompanyFormResult

const result = (body: ProfileActionData, init?: ResponseInit) => data<ProfileActionData>(body, init)

/** One action for the page's forms, told apart by `intent`. */
export async function profilePageAction(args: ActionFunctionArgs) {
  const { request } = args
  const ctx = await userPage(args)
  const read = await attempt(() => readForm(request))
  if (!read.ok) {
    // Only the edit form posts multipart, the only kind of body that can be too large.
    return result({ intent: UPDATE_PROFILE_INTENT, ...refusal(read.error), values: null }, { status: read.error.status })
  }
  const { form, photoTooLarge } = read.value
  const intent = form.get('intent')

  if (intent === UPDATE_PROFILE_INTENT) {
    const fields = readProfileFields(form)
    const licenses = readLicenseRows(form)
    const inspectorQualification = qualificationInput(form)
    const values: EditProfileValues = { fields, licenses: licenses.rows, removePhoto: form.get('removePhoto') === '1', inspectorQualification: inspectorQualification ?? null }
    const saved = await attempt(async () => {
      const profilePhoto = await photoInput(form, photoTooLarge)
      await updateProfile(ctx, {
        ...profileFieldsInput(fields),
        ...(inspectorQualification === undefined ? {} : { inspectorQualification }),
        ...(profilePhoto === undefined ? {} : { profilePhoto }),
        ...(licenses.submitted ? { userLicenses: licensesInput(licenses.rows) } : {}),
      })
    })
    if (!saved.ok) return result({ intent: UPDATE_PROFILE_INTENT, ...formErrorOf(saved.error), values }, { status: saved.error.status })
    return redirectWithToast('/profile', { type: 'success', message: TEXT.profileUpdated })
  }

  // Re-authentication (decision 021): the password and a current code come with the confirmation.
  const proof = { password: String(form.get('password') ?? ''), code: String(form.get('code') ?? '') }

  if (intent === SEND_REAUTH_CODE_INTENT) {
    const forIntent = String(form.get('for') ?? DELETE_ACCOUNT_INTENT)
    const sent = await attempt(() => sendReauthCode(ctx))
    if (sent.ok) return result({ intent: SEND_REAUTH_CODE_INTENT, for: forIntent, formError: null, message: translateForRequest(sent.value.message) })
    const e = sent.error
    return result({ intent: SEND_REAUTH_CODE_INTENT, for: forIntent, formError: refusalText(e), message: null }, { status: e.status, headers: e.retryAfter ? { 'Retry-After': String(e.retryAfter) } : undefined })
  }

  if (intent === RESET_AUTHENTICATOR_INTENT) {
    const reset = await attempt(async () => {
      const { userEmail, secretKey } = await resetAuthenticator(ctx, proof)
      const qrDataUrl = await QRCode.toDataURL(totpUri(secretKey, userEmail), { margin: 1, width: 400 })
      return { qrDataUrl, secretKey, userEmail }
    })
    if (!reset.ok) return result({ intent: RESET_AUTHENTICATOR_INTENT, ...refusal(reset.error), qr: null }, { status: reset.error.status })
    // The new secret is in this response: never store it in a cache.
    return result({ intent: RESET_AUTHENTICATOR_INTENT, formError: null, qr: reset.value }, { headers: { 'Cache-Control': 'no-store' } })
  }

  if (intent === DELETE_ACCOUNT_INTENT) {
    const deleted = await attempt(() => deleteAccount(ctx, proof))
    if (!deleted.ok) return result({ intent: DELETE_ACCOUNT_INTENT, ...refusal(deleted.error) }, { status: deleted.error.status })
    return redirectWithToast('/login', { type: 'success', message: deleted.value.message }, { headers: { 'Set-Cookie': clearSessionCookieHeader() } })
  }

  if (intent === CREATE_COMPANY_INTENT || intent === JOIN_COMPANY_INTENT) {
    const values: Record<string, string | string[]> =
      intent === CREATE_COMPANY_INTENT
        ? { name: String(form.get('name') ?? ''), types: form.getAll('types').map(String), ...(form.has('timeZone') ? { timeZone: String(form.get('timeZone')) } : {}) }
        : { companyCode: String(form.get('companyCode') ?? ''), role: String(form.get('role') ?? '') }
    const done = await attempt(async () => {
      if (intent === CREATE_COMPANY_INTENT) {
        // The form always sends a zone (decision 063): an empty or unknown one is refused; a post without the field gets the default, as on the API.
        const c = await createCompany(ctx, { name: values.name as string, types: values.types as string[], ...(values.timeZone === undefined ? {} : { timeZone: values.timeZone as string }) })
        return translateForRequest(msg('{name} created. Its company code is {code}.'), { name: c.companyName, code: c.companyIdentifier })
      }
      const r = await requestToJoinCompany(ctx, values)
      return translateForRequest(msg('Join request sent to {company}'), { company: r.companyName })
    })
    if (done.ok) return redirectWithToast('/profile', { type: 'success', message: done.value })
    const fieldErrors = Object.fromEntries(Object.entries(done.error.fieldErrors ?? {}).map(([k, v]) => [k.split('.')[0]!, translateForRequest(v)]))
    return result({ intent, formError: refusalText(done.error), fieldErrors, values }, { status: done.error.status })
  }

  if (intent === ALERT_DIGEST_INTENT) {
    const saved = await attempt(() => setAlertDigest(ctx, { alertDigest: form.get('alertDigest') ?? undefined }))
    if (!saved.ok) return result({ intent: ALERT_DIGEST_INTENT, formError: refusalText(saved.error) }, { status: saved.error.status })
    return redirectWithToast('/profile', {
      type: 'success',
      message: saved.value.alertDigest ? msg('The morning alert digest is on.') : msg('The morning alert digest is off.'),
    })
  }

  // The calendar feed (decision 084): a new link is answered in this response only (never cached), not through a redirect.
  if (intent === CREATE_CALENDAR_FEED_INTENT) {
    const made = await attempt(() => createCalendarFeed(ctx))
    if (!made.ok) return result({ intent: CREATE_CALENDAR_FEED_INTENT, formError: refusalText(made.error), url: null }, { status: made.error.status })
    return result({ intent: CREATE_CALENDAR_FEED_INTENT, formError: null, url: made.value.url }, { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } })
  }

  if (intent === REVOKE_CALENDAR_FEED_INTENT) {
    const revoked = await attempt(() => revokeCalendarFeed(ctx))
    if (!revoked.ok) return result({ intent: REVOKE_CALENDAR_FEED_INTENT, formError: refusalText(revoked.error) }, { status: revoked.error.status })
    return redirectWithToast('/profile', { type: 'success', message: msg('The calendar link is revoked: it no longer opens anything.') })
  }

  if (intent === UNLINK_EXTERNAL_INTENT) {
    const unlinked = await attempt(() => unlinkExternalIdentity(ctx, String(form.get('provider') ?? '')))
    if (!unlinked.ok) return result({ intent: UNLINK_EXTERNAL_INTENT, formError: refusalText(unlinked.error) }, { status: unlinked.error.status })
    return redirectWithToast('/profile', { type: 'success', message: unlinked.value.message })
  }

  return result({ intent: 'unknown', formError: translateForRequest(msg('Unknown action')) }, { status: 400 })
}
