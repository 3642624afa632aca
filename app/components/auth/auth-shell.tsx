import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { FormError } from '#app/components/forms/field.tsx'
import { LanguageSwitcher } from '#app/components/language-switcher.tsx'
import { Logo } from '#app/components/logo.tsx'
import { useT } from '#app/utils/i18n.tsx'

/**
 * The public pages' frame: logo, a card-width column, room for notes below, and the language
 * switcher under the card (a form: it works without JavaScript). `title` comes translated.
 */
export function AuthShell({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted/30 px-4 py-10">
      <div className={wide ? 'w-full max-w-xl' : 'w-full max-w-md'}>
        <div className="mb-6 flex justify-center">
          <Logo className="text-2xl" />
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <h1 className="mb-5 text-2xl font-semibold tracking-tight">{title}</h1>
          {children}
        </div>
        <LanguageSwitcher className="mt-4" />
      </div>
    </main>
  )
}

/** A form-level message (errors are announced to screen readers, through the field kit's FormError). */
export function FormMessage({ message, tone = 'error' }: { message?: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null
  if (tone === 'error') return <FormError message={message} />
  return (
    <p role="status" className="rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm">
      {message}
    </p>
  )
}

/** The link under a public page's form that goes back to /login. */
export function BackToLogin() {
  const { t } = useT()
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/login" className="text-primary underline underline-offset-4">
        {t('Back to login')}
      </Link>
    </p>
  )
}
