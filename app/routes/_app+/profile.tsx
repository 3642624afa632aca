import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PencilIcon } from 'lucide-react'
import QRCode from 'qrcode'
import * as React from 'react'
import { toast } from 'sonner'
import {
  EditProfileForm,
  UPDATE_PROFILE_INTENT,
  type EditProfileValues,
} from '#app/components/profile/edit-profile-form.tsx'
import { ProfileAvatar, initialsOf, photoDataUrl } from '#app/components/profile/profile-avatar.tsx'
import {
  formErrorOf,
  licensesInput,
  photoInput,
  profileFieldsInput,
  readForm,
  readLicenseRows,
  readProfileFields,
} from '#app/routes/_app+/profile-form.server.ts'
import { CompaniesCard, LicensesCard, type CompanyView } from '#app/components/profile/profile-sections.tsx'
import {
  DELETE_ACCOUNT_INTENT,
  DeleteAccountCard,
  RESET_AUTHENTICATOR_INTENT,
  ResetAuthenticatorCard,
  SEND_REAUTH_CODE_INTENT,
  type NewAuthenticator,
} from '#app/components/profile/security-cards.tsx'
import type { FieldErrors } from '#app/components/profile/types.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#app/components/ui/dialog.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteAccount, resetAuthenticator } from '#server/auth/account.server.ts'
import { sendReauthCode } from '#server/auth/reauth.server.ts'
import { getProfile, updateProfile } from '#server/auth/profile.server.ts'
import { totpUri } from '#server/auth/totp.server.ts'
import { COUNTRIES, US_STATES } from '#catalog/places.ts'
import { roleLabelOf } from '#catalog/roles.ts'
import { TWO_FACTOR_TYPE } from '#catalog/statuses.ts'
import { TEXT } from '#catalog/texts.ts'
import { listMyCompanies } from '#server/companies/list-my-companies.ts'
import { createCompany } from '#server/companies/create-company.ts'
import { listMyJoinRequests, requestToJoinCompany } from '#server/companies/join-requests.server.ts'
import { configuredProviders } from '#server/auth/external/providers.server.ts'
import { listExternalIdentities, unlinkExternalIdentity } from '#server/auth/external/external-login.server.ts'
import {
  CompanyForms,
  CREATE_COMPANY_INTENT,
  JOIN_COMPANY_INTENT,
  MyJoinRequests,
  type CompanyFormResult,
} from '#app/components/profile/company-forms.tsx'
import { ExternalAccountsCard, UNLINK_EXTERNAL_INTENT } from '#app/components/profile/external-accounts-card.tsx'
import type { UseCaseContext } from '#server/context.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { clearSessionCookieHeader } from '#server/http/session-cookie.server.ts'

const joinDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  const ctx: UseCaseContext = { db: getDb(), actor, ip: context.clientIp }
  const [profile, memberships, joinRequests, externalAccounts] = await Promise.all([
    getProfile(ctx),
    listMyCompanies(ctx),
    listMyJoinRequests(ctx),
    listExternalIdentities(ctx),
  ])
  const companies: CompanyView[] = memberships.map((m) => ({
    companyId: m.companyId,
    companyName: m.companyName,
    companyIdentifier: m.companyIdentifier,
    roles: [...new Set(m.userRoles.map((r) => roleLabelOf(r.name)))],
  }))
  const { profilePhoto, ...rest } = profile
  return {
    title: 'My Profile',
    /** The user's calendar date (UTC) for the expiry warnings. */
    today: new Date().toISOString().slice(0, 10),
    /** /profile?edit=1: the edit form inline (the way in without JavaScript). */
    editInline: new URL(request.url).searchParams.get('edit') === '1',
    profile: { ...rest, photo: photoDataUrl(profilePhoto) },
    joinDateLabel: joinDateFormat.format(new Date(profile.joinDate)),
    countryName: COUNTRIES.find((c) => c.code === profile.countryCode)?.name ?? null,
    companies,
    roles: [...new Set(companies.flatMap((c) => c.roles))],
    countries: COUNTRIES,
    usStates: US_STATES,
    joinRequests,
    externalAccounts,
    providers: configuredProviders(),
  }
}

export type ProfileActionData =
  | { intent: typeof UPDATE_PROFILE_INTENT; formError: string | null; fieldErrors: FieldErrors; values: EditProfileValues | null }
  | { intent: typeof RESET_AUTHENTICATOR_INTENT; formError: string | null; qr: NewAuthenticator | null; fieldErrors?: Record<string, string> }
  | { intent: typeof DELETE_ACCOUNT_INTENT; formError: string; fieldErrors?: Record<string, string> }
  | { intent: typeof SEND_REAUTH_CODE_INTENT; for: string; formError: string | null; message: string | null }
  | { intent: typeof UNLINK_EXTERNAL_INTENT | 'unknown'; formError: string }
  | CompanyFormResult

const result = (body: ProfileActionData, init?: ResponseInit) => data<ProfileActionData>(body, init)

/** One action for the page's forms, told apart by `intent`. */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request)
  const ctx: UseCaseContext = { db: getDb(), actor, ip: context.clientIp }
  let read: Awaited<ReturnType<typeof readForm>>
  try {
    read = await readForm(request)
  } catch (e) {
    if (!isAppError(e)) throw e
    // Only the edit form posts multipart, the only kind of body that can be too large.
    return result({ intent: UPDATE_PROFILE_INTENT, formError: e.message, fieldErrors: {}, values: null }, { status: e.status })
  }
  const { form, photoTooLarge } = read
  const intent = form.get('intent')

  if (intent === UPDATE_PROFILE_INTENT) {
    const fields = readProfileFields(form)
    const licenses = readLicenseRows(form)
    const values: EditProfileValues = { fields, licenses: licenses.rows, removePhoto: form.get('removePhoto') === '1' }
    try {
      const profilePhoto = await photoInput(form, photoTooLarge)
      await updateProfile(ctx, {
        ...profileFieldsInput(fields),
        ...(profilePhoto === undefined ? {} : { profilePhoto }),
        ...(licenses.submitted ? { userLicenses: licensesInput(licenses.rows) } : {}),
      })
    } catch (e) {
      if (!isAppError(e)) throw e
      return result({ intent: UPDATE_PROFILE_INTENT, ...formErrorOf(e), values }, { status: e.status })
    }
    return redirectWithToast('/profile', { type: 'success', message: TEXT.profileUpdated })
  }

  // Re-authentication (decision 021): the password and a current code come with the confirmation.
  const proof = { password: String(form.get('password') ?? ''), code: String(form.get('code') ?? '') }

  if (intent === SEND_REAUTH_CODE_INTENT) {
    const forIntent = String(form.get('for') ?? DELETE_ACCOUNT_INTENT)
    try {
      const { message } = await sendReauthCode(ctx)
      return result({ intent: SEND_REAUTH_CODE_INTENT, for: forIntent, formError: null, message })
    } catch (e) {
      if (!isAppError(e)) throw e
      return result({ intent: SEND_REAUTH_CODE_INTENT, for: forIntent, formError: e.message, message: null }, { status: e.status, headers: e.retryAfter ? { 'Retry-After': String(e.retryAfter) } : undefined })
    }
  }

  if (intent === RESET_AUTHENTICATOR_INTENT) {
    try {
      const { userEmail, secretKey } = await resetAuthenticator(ctx, proof)
      const qrDataUrl = await QRCode.toDataURL(totpUri(secretKey, userEmail), { margin: 1, width: 400 })
      // The new secret is in this response: never store it in a cache.
      return result(
        { intent: RESET_AUTHENTICATOR_INTENT, formError: null, qr: { qrDataUrl, secretKey, userEmail } },
        { headers: { 'Cache-Control': 'no-store' } },
      )
    } catch (e) {
      if (!isAppError(e)) throw e
      return result({ intent: RESET_AUTHENTICATOR_INTENT, formError: e.message, qr: null, fieldErrors: e.fieldErrors }, { status: e.status })
    }
  }

  if (intent === DELETE_ACCOUNT_INTENT) {
    try {
      const { message } = await deleteAccount(ctx, proof)
      return redirectWithToast(
        '/login',
        { type: 'success', message },
        { headers: { 'Set-Cookie': clearSessionCookieHeader() } },
      )
    } catch (e) {
      if (!isAppError(e)) throw e
      return result({ intent: DELETE_ACCOUNT_INTENT, formError: e.message, fieldErrors: e.fieldErrors }, { status: e.status })
    }
  }

  if (intent === CREATE_COMPANY_INTENT || intent === JOIN_COMPANY_INTENT) {
    const values: Record<string, string | string[]> =
      intent === CREATE_COMPANY_INTENT
        ? { name: String(form.get('name') ?? ''), types: form.getAll('types').map(String) }
        : { companyCode: String(form.get('companyCode') ?? ''), role: String(form.get('role') ?? '') }
    try {
      if (intent === CREATE_COMPANY_INTENT) {
        const c = await createCompany(ctx, { name: values.name as string, types: values.types as string[] })
        return redirectWithToast('/profile', { type: 'success', message: `${c.companyName} created. Its company code is ${c.companyIdentifier}.` })
      }
      const r = await requestToJoinCompany(ctx, values)
      return redirectWithToast('/profile', { type: 'success', message: `Join request sent to ${r.companyName}` })
    } catch (e) {
      if (!isAppError(e)) throw e
      const fieldErrors = Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k.split('.')[0]!, v]))
      return result({ intent, formError: e.message, fieldErrors, values }, { status: e.status })
    }
  }

  if (intent === UNLINK_EXTERNAL_INTENT) {
    try {
      const { message } = await unlinkExternalIdentity(ctx, String(form.get('provider') ?? ''))
      return redirectWithToast('/profile', { type: 'success', message })
    } catch (e) {
      if (!isAppError(e)) throw e
      return result({ intent: UNLINK_EXTERNAL_INTENT, formError: e.message }, { status: e.status })
    }
  }

  return result({ intent: 'unknown', formError: 'Unknown action' }, { status: 400 })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Profile() {
  const { title, today, editInline, profile, joinDateLabel, countryName, companies, roles, countries, usStates, joinRequests, externalAccounts, providers } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [editOpen, setEditOpen] = React.useState(false)

  const fullName = `${profile.firstName} ${profile.lastName}`.trim()
  const initials = initialsOf(profile.firstName, profile.lastName, profile.username)
  const editResult = actionData?.intent === UPDATE_PROFILE_INTENT ? actionData : null
  const resetResult = actionData?.intent === RESET_AUTHENTICATOR_INTENT ? actionData : null
  const deleteResult = actionData?.intent === DELETE_ACCOUNT_INTENT ? actionData : null
  const deleteError = deleteResult?.formError ?? null
  const codeResult = actionData?.intent === SEND_REAUTH_CODE_INTENT ? actionData : null
  const usesEmailCode = profile.twoFactorType === TWO_FACTOR_TYPE.Email

  // Close the dialog once a save has gone through (the action redirected: no edit errors came back).
  const savingEdit = navigation.state !== 'idle' && navigation.formData?.get('intent') === UPDATE_PROFILE_INTENT
  const wasSaving = React.useRef(false)
  React.useEffect(() => {
    if (savingEdit) wasSaving.current = true
    else if (wasSaving.current && navigation.state === 'idle') {
      wasSaving.current = false
      if (!editResult) setEditOpen(false)
    }
  }, [savingEdit, navigation.state, editResult])

  React.useEffect(() => {
    if (deleteError) toast.error(deleteError, { duration: 3200 })
  }, [deleteError, actionData])

  const editValues: EditProfileValues = editResult?.values ?? {
    fields: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      dateOfBirth: profile.dateOfBirth ?? '',
      gender: String(profile.gender),
      countryCode: profile.countryCode,
      comesFromState: profile.comesFromState ?? '',
      phoneNumber: profile.phoneNumber ?? '',
    },
    licenses: profile.userLicenses.map((l) => ({
      licenseTypeId: String(l.licenseTypeId),
      licenseNumber: l.licenseNumber,
      state: l.state ?? '',
      expiryDate: l.expiryDate ?? '',
    })),
    removePhoto: false,
  }
  const formProps = {
    values: editValues,
    errors: editResult?.fieldErrors,
    formError: editResult?.formError,
    submission: editResult,
    currentPhoto: profile.photo,
    initials,
    countries,
    usStates,
    today,
  }
  const cancelButton = (
    <Button type="button" variant="outline" className="h-10 sm:h-9">
      Cancel
    </Button>
  )

  let editAction: React.ReactNode = null
  if (!editInline && hydrated) {
    editAction = (
      <Dialog open={editOpen} onOpenChange={setEditOpen}>
        <DialogTrigger asChild>
          <Button>
            <PencilIcon />
            Edit profile
          </Button>
        </DialogTrigger>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Edit profile</DialogTitle>
            <DialogDescription>All fields are required; the state only for the United States.</DialogDescription>
          </DialogHeader>
          <EditProfileForm idPrefix="edit-dialog" {...formProps} cancel={<DialogClose asChild>{cancelButton}</DialogClose>} />
        </DialogContent>
      </Dialog>
    )
  } else if (!editInline) {
    editAction = (
      <Button asChild>
        <Link to="/profile?edit=1">
          <PencilIcon />
          Edit profile
        </Link>
      </Button>
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <PageHeader title={title} actions={editAction} className="mb-0" />

      {editInline ? (
        <Card className="gap-4" data-testid="edit-profile-inline">
          <CardHeader>
            <CardTitle asChild>
              <h2>Edit profile</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <EditProfileForm
              idPrefix="edit-inline"
              {...formProps}
              cancel={
                <Button asChild variant="outline" className="h-10 sm:h-9">
                  <Link to="/profile">Cancel</Link>
                </Button>
              }
            />
          </CardContent>
        </Card>
      ) : null}

      <Card className="gap-4" data-testid="profile-summary">
        <CardContent className="grid grid-cols-1 gap-6">
          <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
            <ProfileAvatar photo={profile.photo} initials={initials} alt="" />
            <div className="grid min-w-0 gap-1.5">
              <h2 className="text-xl font-semibold break-words">{fullName || profile.username}</h2>
              {companies.length ? (
                <p className="text-sm text-muted-foreground">{companies.map((c) => c.companyName).join(' · ')}</p>
              ) : null}
              {roles.length ? (
                <div className="flex flex-wrap justify-center gap-1.5 sm:justify-start" aria-label="Roles">
                  {roles.map((r) => (
                    <Badge key={r}>{r}</Badge>
                  ))}
                </div>
              ) : null}
            </div>
          </div>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail label="Email">
              <span className="break-all">{profile.username}</span>
            </Detail>
            <Detail label="Phone">{profile.phoneNumber || '—'}</Detail>
            <Detail label="Country">
              {profile.countryCode}
              {countryName ? <span className="text-muted-foreground"> · {countryName}</span> : null}
            </Detail>
            <Detail label="State">{profile.comesFromState || '—'}</Detail>
          </dl>
          <p className="text-sm text-muted-foreground">
            On Operon since <time dateTime={profile.joinDate}>{joinDateLabel}</time>
          </p>
        </CardContent>
      </Card>

      <LicensesCard licenses={profile.userLicenses} today={today} />
      <CompaniesCard companies={companies}>
        <MyJoinRequests requests={joinRequests} />
        <CompanyForms
          result={actionData?.intent === CREATE_COMPANY_INTENT || actionData?.intent === JOIN_COMPANY_INTENT ? (actionData as CompanyFormResult) : null}
          busy={navigation.state !== 'idle'}
        />
      </CompaniesCard>
      <ExternalAccountsCard
        providers={providers}
        linked={externalAccounts}
        error={actionData?.intent === UNLINK_EXTERNAL_INTENT ? actionData.formError : null}
      />

      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <ResetAuthenticatorCard
          usesAuthenticator={profile.twoFactorType === TWO_FACTOR_TYPE.Authenticator}
          result={resetResult?.qr}
          error={resetResult?.formError}
          reauth={{ usesEmailCode, fieldErrors: resetResult?.fieldErrors }}
        />
        <DeleteAccountCard
          error={deleteError ?? codeResult?.formError}
          reauth={{ usesEmailCode, codeSent: codeResult?.message, fieldErrors: deleteResult?.fieldErrors }}
        />
      </div>
    </div>
  )
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground uppercase">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
