import { Form, useLocation } from '@remix-run/react'
import { LOCALE_NAMES, LOCALES } from '#catalog/i18n.ts'
import { useT } from '../utils/i18n.tsx'
import { cn } from '../utils/cn.ts'

/** English | Español, on the public pages (login, registration, reset): a form, so it works without JavaScript. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, locale } = useT()
  const location = useLocation()
  return (
    <Form method="post" action="/language" className={cn('flex items-center justify-center gap-1 text-sm', className)} aria-label={t('Language')}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {LOCALES.map((l) => (
        <button
          key={l}
          type="submit"
          name="locale"
          value={l}
          lang={l}
          aria-current={l === locale ? 'true' : undefined}
          className={cn('rounded px-2 py-1 underline-offset-4 hover:underline', l === locale ? 'font-semibold text-foreground' : 'text-muted-foreground')}
        >
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </Form>
  )
}
