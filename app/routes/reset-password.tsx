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
import { anonymousPage, attempt } from '#app/utils/page.server.ts'

export const meta: MetaFunction = () => [{ title: 'Reset password · Operon' }]

/** Spec: needs a token query parameter, otherwise redirects to /. */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  if (!token) throw redirect('/')
  return { token }
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  const input = { token: String(form.get('token') ?? ''), newPassword: String(form.get('newPassword') ?? '') }
  const reset = await attempt(() => resetPassword(anonymousPage(args), input))
  // Spec: success redirects to /login and shows the server's message.
  if (reset.ok) return redirectWithToast('/login', { type: 'success', message: reset.value.message })
  return data({ error: `${TEXT.passwordResetIssue}: ${reset.error.message}` }, { status: reset.error.status })
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const [password, setPassword] = useState('')
  const hydrated = useHydrated()
  useEffect(() => {
    if (result?.error) toast.error(TEXT.passwordResetIssue, { duration: 3200 })
  }, [result])
  const ok = passwordChecks(password).every((c) => c.ok)
  return (
    <AuthShell title="Reset password">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <div className="space-y-2">
          <Label htmlFor="newPassword">New password</Label>
          <Input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="new-password-rules" />
        </div>
        <PasswordChecklist id="new-password-rules" password={password} />
        <FormMessage message={result?.error} />
        <Button type="submit" className="w-full" disabled={busy || (hydrated && !ok)}>
          Send
        </Button>
      </Form>
      <BackToLogin />
    </AuthShell>
  )
}
