import { Check, X } from 'lucide-react'
import { passwordChecks } from '#server/auth/password-rules.ts'
import { cn } from '#app/utils/cn.ts'

/** The live password checklist (length, uppercase, and match when a confirmation is given). */
export function PasswordChecklist({ password, confirm, id }: { password: string; confirm?: string; id?: string }) {
  return (
    <ul id={id} className="space-y-1 text-sm" aria-live="polite">
      {passwordChecks(password, confirm).map((c) => (
        <li key={c.id} data-ok={c.ok} className={cn('flex items-center gap-2', c.ok ? 'text-success' : 'text-muted-foreground')}>
          {c.ok ? <Check className="size-4" aria-label="met" /> : <X className="size-4" aria-label="not met" />}
          {c.label}
        </li>
      ))}
    </ul>
  )
}
