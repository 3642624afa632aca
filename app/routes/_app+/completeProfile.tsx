import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormError } from '#app/components/profile/field.tsx'
import { ProfileFields } from '#app/components/profile/profile-fields.tsx'
import { formErrorOf, profileFieldsInput, readProfileFields } from '#app/routes/_app+/profile-form.server.ts'
import type { FieldErrors, ProfileFieldValues } from '#app/components/profile/types.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getUserInfo, saveAdditionalData } from '#server/auth/profile.server.ts'
import { COUNTRIES, DEFAULT_COUNTRY, US_STATES } from '#catalog/places.ts'
import { DEFAULT_GENDER } from '#catalog/statuses.ts'
import { TEXT } from '#catalog/texts.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  const info = await getUserInfo({ db: getDb(), actor, ip: context.clientIp })
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
    title: 'Complete your profile',
    values,
    countries: COUNTRIES,
    usStates: US_STATES,
    today: new Date().toISOString().slice(0, 10),
  }
}

export type CompleteProfileActionData = { formError: string | null; fieldErrors: FieldErrors; values: ProfileFieldValues }

/** Spec: saving goes to /dashboard; a failed save shows each field's error and keeps what was typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request)
  const values = readProfileFields(await request.formData())
  try {
    await saveAdditionalData({ db: getDb(), actor, ip: context.clientIp }, profileFieldsInput(values))
  } catch (e) {
    if (!isAppError(e)) throw e
    return data<CompleteProfileActionData>({ ...formErrorOf(e), values }, { status: e.status })
  }
  return redirectWithToast('/dashboard', { type: 'success', message: TEXT.profileUpdated })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function CompleteProfile() {
  const { title, values, countries, usStates, today } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const shown = actionData?.values ?? values

  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        title={title}
        description="Tell us a little about yourself. You can change these details later in My Profile."
      />
      <Card>
        <CardContent>
          <Form method="post" className="grid grid-cols-1 gap-6" aria-label="Profile details">
            <FormError message={actionData?.formError} />
            <ProfileFields
              idPrefix="complete"
              values={shown}
              errors={actionData?.fieldErrors}
              countries={countries}
              usStates={usStates}
              today={today}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
              <Button asChild variant="ghost" className="h-10 sm:h-9">
                <Link to="/dashboard">Skip</Link>
              </Button>
              <Button type="submit" className="h-10 sm:h-9" disabled={saving}>
                {saving ? 'Saving…' : 'Save'}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
