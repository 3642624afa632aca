import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { toast } from 'sonner'
import { AuthShell, BackToLogin, FormMessage } from '#app/components/auth/auth-shell.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { sendPasswordResetLink } from '#server/auth/password-reset.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { useT } from '#app/utils/i18n.tsx'
import { anonymousPage, attempt, translateFieldErrors } from '#app/utils/page.server.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Forgot password'} · Operon` }]

export function loader({ request }: LoaderFunctionArgs) {
  const t = translator(localeOfRequest(request))
  return { title: t('Forgot password'), messages: routeMessages(request, 'auth') }
}

type Result = { message?: string; error?: string; fieldErrors?: Record<string, string>; email?: string }

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const email = String(form.get('email') ?? '')
  const sent = await attempt(() => sendPasswordResetLink(anonymousPage(args), { email }))
  // In the page's language (decision 074): the use case's English is the message id.
  if (sent.ok) return data<Result>({ message: translateForRequest(sent.value.message) })
  const { code, message, fieldErrors, status } = sent.error
  return data<Result>(
    { error: translateForRequest(code === 'BAD_REQUEST' ? message : TEXT.problemSendingEmail), fieldErrors: translateFieldErrors(fieldErrors), email },
    { status },
  )
}

export default function SendResetLink() {
  const { title } = useLoaderData<typeof loader>()
  const { t } = useT()
  const result = useActionData<typeof action>() as Result | undefined
  const busy = useNavigation().state !== 'idle'
  useEffect(() => {
    if (result?.message) toast.success(result.message)
    if (result?.error) toast.error(t(TEXT.problemSendingEmail), { duration: 3200 })
  }, [result]) // eslint-disable-line react-hooks/exhaustive-deps -- a new result only
  return (
    <AuthShell title={title}>
      <p className="mb-4 text-sm text-muted-foreground">
        {t('Enter the email of your account and press Send. A link to reset your password arrives shortly; it works once, for one hour.')}
      </p>
      <Form method="post" className="space-y-4">
        <Field id="email" name="email" label={t('Email')} errors={result?.fieldErrors}>
          {(control) => <Input {...control} type="email" autoComplete="email" required defaultValue={result?.email} />}
        </Field>
        <FormMessage message={result?.message} tone="success" />
        <Button type="submit" className="w-full" disabled={busy}>
          {t('Send')}
        </Button>
      </Form>
      <BackToLogin />
    </AuthShell>
  )
}
