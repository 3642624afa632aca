import { useT } from '#app/utils/i18n.tsx'
import { cn } from '#app/utils/cn.ts'
import type { StatusForPage } from '#app/routes/_app+/hours-pages.server.ts'

/** The three limits (10 h driving, 15 h on duty, the cycle): used, remaining, and the state. */
export function LimitsList({ limits }: { limits: StatusForPage['limits'] }) {
  const { t } = useT()
  return (
    <dl className="grid gap-2 sm:grid-cols-3" data-testid="hours-limits">
      {limits.map((l) => (
        <div
          key={l.key}
          data-state={l.state}
          className={cn('rounded-md border p-3 text-sm', l.state === 'reached' && 'border-destructive bg-destructive/10', l.state === 'warning' && 'border-warning bg-warning/10')}
        >
          <dt className="font-medium">{l.label}</dt>
          <dd>{t('{used} used, {remaining} left', { used: l.used, remaining: l.remaining })}</dd>
        </div>
      ))}
    </dl>
  )
}
