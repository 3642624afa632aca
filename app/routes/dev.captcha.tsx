import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { Captcha } from '#app/components/captcha.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { createFallbackQuestion, verifyCaptchaForm } from '#server/captcha/captcha.server.ts'
import { env } from '#server/env.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { useT } from '#app/utils/i18n.tsx'

/**
 * Local-only check page for the captcha (tests/e2e/captcha.spec.ts): the widget
 * under the real CSP, the no-JavaScript fallback, and the server's verdict.
 * Production redirects to /.
 */
export const meta: MetaFunction = () => [{ title: 'Captcha check · Operon' }]

export function loader({ request }: LoaderFunctionArgs) {
  if (!env().isLocal) throw redirect('/')
  return { fallback: createFallbackQuestion(), messages: routeMessages(request, 'auth') }
}

export async function action({ request }: ActionFunctionArgs) {
  if (!env().isLocal) throw redirect('/')
  const verified = await verifyCaptchaForm(await request.formData())
  return { verified }
}

export default function DevCaptcha() {
  const { fallback } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useT()
  const [solved, setSolved] = useState(false)
  // Without JavaScript the button stays enabled (the server decides).
  const hydrated = useHydrated()
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">{t('Captcha check')}</h1>
      <Form method="post" className="space-y-4">
        <Captcha fallback={fallback} onVerifiedChange={setSolved} resetKey={result} />
        <Button type="submit" disabled={hydrated && !solved}>
          {t('Submit')}
        </Button>
      </Form>
      {result ? <p role="status">{result.verified ? t('Captcha verified') : t('Captcha not verified')}</p> : null}
    </main>
  )
}
