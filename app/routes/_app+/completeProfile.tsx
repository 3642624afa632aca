import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormError } from '#app/components/forms/field.tsx'
import { ProfileFields } from '#app/components/profile/profile-fields.tsx'
import { completeProfileAction, completeProfileLoader } from '#app/routes/_app+/complete-profile.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'

/** /completeProfile: the profile details asked for after registration (may be skipped). */
export const loader = (args: LoaderFunctionArgs) => completeProfileLoader(args)
export const action = (args: ActionFunctionArgs) => completeProfileAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function CompleteProfile() {
  const { title, values, countries, usStates, today } = useLoaderData<typeof loader>()
  const { t } = useT()
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const shown = actionData?.values ?? values

  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        title={title}
        description={t('Tell us a little about yourself. You can change these details later in My Profile.')}
      />
      <Card>
        <CardContent>
          <Form method="post" className="grid grid-cols-1 gap-6" aria-label={t('Profile details')}>
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
                <Link to="/dashboard">{t('Skip')}</Link>
              </Button>
              <Button type="submit" className="h-10 sm:h-9" disabled={saving}>
                {saving ? t('Saving…') : t('Save')}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
