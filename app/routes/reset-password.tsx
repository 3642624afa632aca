import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { AuthShell, BackToLogin, FormMessage } from '#app/components/auth/auth-shell.tsx'
import { PasswordChecklist } from '#app/components/auth/password-checklist.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { resetPassword } from '#server/auth/password-reset.server.ts'
import { passwordChecks } from '#server/auth/password-rules.ts'
import { TEXT } from '#catalog/texts.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { useT } from '#app/utils/i18n.tsx'
import { anonymousPage, attempt } from '#app/utils/page.server.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Reset password'} · Operon` }]

/** Spec: needs a token query parameter, otherwise redirects to /. */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  if (!token) throw redirect('/')
  const t = translator(localeOfRequest(request))
  return { token, title: t('Reset password'), messages: routeMessages(request, 'auth') }
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const input = { token: String(form.get('token') ?? ''), newPassword: String(form.get('newPassword') ?? '') }
  const reset = await attempt(() => resetPassword(anonymousPage(args), input))
  // Spec: success redirects to /login and shows the server's message.
  if (reset.ok) return redirectWithToast('/login', { type: 'success', message: reset.value.message })
  // In the page's language (decision 074): the use case's English is the message id.
  return data({ error: `${translateForRequest(TEXT.passwordResetIssue)}: ${translateForRequest(reset.error.message)}` }, { status: reset.error.status })
}

export default function ResetPassword() {
  const { token, title } = useLoaderData<typeof loader>()
  const { t } = useT()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const [password, setPassword] = useState('')
  const hydrated = useHydrated()
  useEffect(() => {
    if (result?.error) toast.error(t(TEXT.passwordResetIssue), { duration: 3200 })
  }, [result]) // eslint-disable-line react-hooks/exhaustive-deps -- a new result only
  const ok = passwordChecks(password).every((c) => c.ok)
  return (
    <AuthShell title={title}>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <div className="space-y-2">
          <Label htmlFor="newPassword">{t('New password')}</Label>
          <Input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="new-password-rules" />
        </div>
        <PasswordChecklist id="new-password-rules" password={password} />
        <FormMessage message={result?.error} />
        <Button type="submit" className="w-full" disabled={busy || (hydrated && !ok)}>
          {t('Send')}
        </Button>
      </Form>
      <BackToLogin />
    </AuthShell>
  )
}
