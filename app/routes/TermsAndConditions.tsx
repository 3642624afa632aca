import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { TermsText } from '#app/components/terms-text.tsx'
import { TermsTextEs } from '#app/components/terms-text-es.tsx'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { useT } from '#app/utils/i18n.tsx'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { Button } from '#app/components/ui/button.tsx'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Terms and Conditions'} · Operon` }]

export function loader({ request }: LoaderFunctionArgs) {
  const t = translator(localeOfRequest(request))
  return { title: t('Terms and Conditions'), messages: routeMessages(request, 'auth') }
}

/** Public; opened in a new tab from the footer and the registration form. */
export default function TermsAndConditions() {
  const { t, locale } = useT()
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      {/* The Spanish text is a translation for convenience; the English one governs (its section 20). */}
      {locale === 'es' ? <TermsTextEs /> : <TermsText />}
      <div className="mt-10">
        <Button asChild>
          <Link to="/dashboard">{t('Back to dashboard')}</Link>
        </Button>
      </div>
    </main>
  )
}
