import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { TermsText } from '#app/components/terms-text.tsx'
import { Button } from '#app/components/ui/button.tsx'

export const meta: MetaFunction = () => [{ title: 'Terms and Conditions · Operon' }]

/** Public; opened in a new tab from the footer and the registration form. */
export default function TermsAndConditions() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <TermsText />
      <div className="mt-10">
        <Button asChild>
          <Link to="/dashboard">Back to dashboard</Link>
        </Button>
      </div>
    </main>
  )
}
