import { Check, Dot, X } from 'lucide-react'
import { PASSWORD_MIN, passwordChecks, type PasswordCheck } from '#server/auth/password-rules.ts'
import { cn } from '#app/utils/cn.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/**
 * The live password checklist (length, uppercase, and match when a confirmation is given).
 * Without JavaScript nothing can be checked as it is typed: the rules are listed as rules,
 * neither met nor failing (decision 060), and the server checks them on submit.
 */
export function PasswordChecklist({ password, confirm, id }: { password: string; confirm?: string; id?: string }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const checks = passwordChecks(password, confirm)
  if (!hydrated) {
    return (
      <ul id={id} className="space-y-1 text-sm text-muted-foreground" data-live="false">
        {checks.map((c) => (
          <li key={c.id} data-rule={c.id} className="flex items-center gap-2">
            <Dot className="size-4" aria-hidden="true" />
            {ruleLabel(t, c)}
          </li>
        ))}
      </ul>
    )
  }
  return (
    <ul id={id} className="space-y-1 text-sm" aria-live="polite" data-live="true">
      {checks.map((c) => (
        <li key={c.id} data-ok={c.ok} className={cn('flex items-center gap-2', c.ok ? 'text-success' : 'text-muted-foreground')}>
          {c.ok ? <Check className="size-4" aria-label={t('met')} /> : <X className="size-4" aria-label={t('not met')} />}
          {ruleLabel(t, c)}
        </li>
      ))}
    </ul>
  )
}

/** A rule's text in the page's language (its English is `c.label`, from the password rules). */
function ruleLabel(t: Translate, c: PasswordCheck): string {
  if (c.id === 'length') return t('At least {count} characters', { count: PASSWORD_MIN })
  if (c.id === 'uppercase') return t('At least one uppercase letter')
  return t('Passwords match')
}
