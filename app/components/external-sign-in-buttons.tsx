import type { ComponentType } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import { LINK_EXTERNAL_INTENT } from '#app/components/auth/intents.ts'

export type ExternalProviderId = 'google' | 'apple'

const LABELS: Record<ExternalProviderId, string> = { google: 'Google', apple: 'Apple' }

/** Google's "G" mark (four colours), inline so the page loads nothing from outside. */
function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-4">
      <path
        fill="#4285F4"
        d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.78-2.11-6.73-4.95H1.26v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.27 14.29A7.2 7.2 0 0 1 4.89 12c0-.8.14-1.57.38-2.29v-3.1H1.26A12 12 0 0 0 0 12c0 1.94.46 3.77 1.26 5.39l4.01-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.35.61 4.59 1.8l3.44-3.44C17.95 1.19 15.24 0 12 0A12 12 0 0 0 1.26 6.61l4.01 3.1C6.22 6.88 8.87 4.77 12 4.77z"
      />
    </svg>
  )
}

/** The Apple mark, in the current text colour. */
function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-4" fill="currentColor">
      <path d="M16.37 12.75c-.03-2.7 2.2-4 2.3-4.06-1.25-1.83-3.2-2.08-3.9-2.11-1.66-.17-3.24.98-4.08.98-.84 0-2.14-.96-3.52-.93-1.81.03-3.48 1.05-4.41 2.67-1.88 3.26-.48 8.09 1.35 10.74.9 1.29 1.96 2.75 3.36 2.7 1.35-.05 1.86-.87 3.49-.87 1.63 0 2.09.87 3.52.84 1.45-.03 2.37-1.32 3.26-2.62 1.03-1.5 1.45-2.95 1.47-3.03-.03-.01-2.82-1.08-2.84-4.31zM13.7 4.83c.74-.9 1.25-2.15 1.11-3.4-1.07.04-2.37.72-3.14 1.61-.69.8-1.29 2.07-1.13 3.3 1.2.09 2.42-.61 3.16-1.51z" />
    </svg>
  )
}

const ICONS: Record<ExternalProviderId, ComponentType> = { google: GoogleIcon, apple: AppleIcon }

/**
 * "Or continue with" and a button per configured provider (spec: Login screen). Each
 * button is a plain form posting to /auth/{provider}, so it works without JavaScript.
 * Pass `intent="link"` on the profile page to link the provider to the signed-in account.
 * Renders nothing when no provider is configured.
 */
export function ExternalSignInButtons({
  providers,
  intent = 'login',
  divider: dividerProp,
  className,
}: {
  providers: readonly ExternalProviderId[]
  intent?: 'login' | 'link'
  /** The divider's text (already translated); null for none. Default "Or continue with", in the page's language. */
  divider?: string | null
  className?: string
}) {
  const { t } = useT()
  const divider = dividerProp === undefined ? t('Or continue with') : dividerProp
  const shown = providers.filter((p): p is ExternalProviderId => p in LABELS)
  if (shown.length === 0) return null
  return (
    <div className={cn('space-y-4', className)}>
      {divider ? (
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          <span>{divider}</span>
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      <div className={cn('grid gap-2', shown.length > 1 && 'sm:grid-cols-2')}>
        {shown.map((provider) => {
          const Icon = ICONS[provider]
          return (
            <form key={provider} method="post" action={`/auth/${provider}`}>
              {intent === LINK_EXTERNAL_INTENT ? <input type="hidden" name="intent" value={LINK_EXTERNAL_INTENT} /> : null}
              <Button type="submit" variant="outline" className="w-full">
                <Icon />
                {LABELS[provider]}
              </Button>
            </form>
          )
        })}
      </div>
    </div>
  )
}
