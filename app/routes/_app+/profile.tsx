import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PencilIcon } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { EditProfileForm, type EditProfileValues } from '#app/components/profile/edit-profile-form.tsx'
import { ALERT_DIGEST_INTENT, CREATE_CALENDAR_FEED_INTENT, CREATE_COMPANY_INTENT, REVOKE_CALENDAR_FEED_INTENT, DELETE_ACCOUNT_INTENT, JOIN_COMPANY_INTENT, RESET_AUTHENTICATOR_INTENT, SEND_REAUTH_CODE_INTENT, UNLINK_EXTERNAL_INTENT, UPDATE_PROFILE_INTENT } from '#app/components/profile/intents.ts'
import { AlertDigestCard } from '#app/components/profile/alert-digest-card.tsx'
import { CalendarFeedCard } from '#app/components/profile/calendar-feed-card.tsx'
import { AccountActivityCard } from '#app/components/profile/account-activity-card.tsx'
import { ProfileAvatar, initialsOf } from '#app/components/profile/profile-avatar.tsx'
import { CompaniesCard, LicensesCard } from '#app/components/profile/profile-sections.tsx'
import { DeleteAccountCard, ResetAuthenticatorCard } from '#app/components/profile/security-cards.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { profilePageAction, profilePageLoader } from '#app/routes/_app+/profile-page.server.ts'
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
import { TWO_FACTOR_TYPE } from '#catalog/statuses.ts'
import { CompanyForms, MyJoinRequests, type CompanyFormResult } from '#app/components/profile/company-forms.tsx'
import { ExternalAccountsCard } from '#app/components/profile/external-accounts-card.tsx'
import { LanguageCard } from '#app/components/profile/language-card.tsx'
import { useT } from '#app/utils/i18n.tsx'

export const loader = (args: LoaderFunctionArgs) => profilePageLoader(args)
export const action = (args: ActionFunctionArgs) => profilePageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Profile() {
  const { title, today, editInline, profile, joinDateLabel, countryName, stateName, companies, roles, countries, usStates, joinRequests, externalAccounts, providers, alertDigest, timeZones, inspectorQualification, accountActivity, calendarFeed } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const { t } = useT()
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
    inspectorQualification,
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
      {t('Cancel')}
    </Button>
  )

  let editAction: React.ReactNode = null
  if (!editInline && hydrated) {
    editAction = (
      <Dialog open={editOpen} onOpenChange={setEditOpen}>
        <DialogTrigger asChild>
          <Button>
            <PencilIcon />
            {t('Edit profile')}
          </Button>
        </DialogTrigger>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t('Edit profile')}</DialogTitle>
            <DialogDescription>{t('All fields are required; the state only for the United States.')}</DialogDescription>
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
          {t('Edit profile')}
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
              <h2>{t('Edit profile')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <EditProfileForm
              idPrefix="edit-inline"
              {...formProps}
              cancel={
                <Button asChild variant="outline" className="h-10 sm:h-9">
                  <Link to="/profile">{t('Cancel')}</Link>
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
                <div className="flex flex-wrap justify-center gap-1.5 sm:justify-start" aria-label={t('Roles')}>
                  {roles.map((r) => (
                    <Badge key={r}>{t(r)}</Badge>
                  ))}
                </div>
              ) : null}
            </div>
          </div>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail label={t('Email')}>
              <span className="break-all">{profile.username}</span>
            </Detail>
            <Detail label={t('Phone')}>{profile.phoneNumber || '—'}</Detail>
            <Detail label={t('Country')}>
              {profile.countryCode}
              {countryName ? <span className="text-muted-foreground"> · {countryName}</span> : null}
            </Detail>
            <Detail label={t('State')}>
              {profile.comesFromState || '—'}
              {stateName && stateName !== profile.comesFromState ? <span className="text-muted-foreground"> · {stateName}</span> : null}
            </Detail>
            {inspectorQualification !== null ? <Detail label={t('Inspector qualification (49 CFR 396.19)')}>{inspectorQualification || '—'}</Detail> : null}
          </dl>
          <p className="text-sm text-muted-foreground">
            <time dateTime={profile.joinDate}>{t('On Operon since {date}', { date: joinDateLabel })}</time>
          </p>
        </CardContent>
      </Card>

      <LicensesCard licenses={profile.userLicenses} today={today} />
      <CompaniesCard companies={companies}>
        <MyJoinRequests requests={joinRequests} />
        <CompanyForms
          result={actionData?.intent === CREATE_COMPANY_INTENT || actionData?.intent === JOIN_COMPANY_INTENT ? (actionData as CompanyFormResult) : null}
          busy={navigation.state !== 'idle'}
          timeZones={timeZones}
        />
      </CompaniesCard>
      {alertDigest.ownerManager ? (
        <AlertDigestCard
          on={alertDigest.alertDigest}
          hour={alertDigest.hour}
          error={actionData?.intent === ALERT_DIGEST_INTENT ? actionData.formError : null}
        />
      ) : null}
      <CalendarFeedCard
        feed={actionData?.intent === CREATE_CALENDAR_FEED_INTENT && actionData.url ? { ...calendarFeed, active: true } : calendarFeed}
        url={actionData?.intent === CREATE_CALENDAR_FEED_INTENT ? actionData.url : null}
        error={actionData?.intent === CREATE_CALENDAR_FEED_INTENT || actionData?.intent === REVOKE_CALENDAR_FEED_INTENT ? actionData.formError : null}
      />
      <LanguageCard />
      <AccountActivityCard rows={accountActivity} />
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
