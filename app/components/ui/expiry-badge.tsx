import { OctagonXIcon, TriangleAlertIcon } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/cn.ts'

/** Days below which a date is "about to expire" (spec: within 30 days). */
export const EXPIRY_WARNING_DAYS = 30

export type ExpiryState = 'expired' | 'expiring' | 'valid'

function parseDay(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!m) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(ms) ? null : ms / 86_400_000
}

/** Whole days from `today` to `date` (both 'YYYY-MM-DD'); null if either is not a date. */
export function daysUntil(date: string, today: string): number | null {
  const d = parseDay(date)
  const t = parseDay(today)
  return d === null || t === null ? null : Math.round(d - t)
}

/** ≤ 0 days: expired; < 30 days: expiring; otherwise valid. */
export function expiryState(date: string, today: string): ExpiryState | null {
  const days = daysUntil(date, today)
  if (days === null) return null
  if (days <= 0) return 'expired'
  if (days < EXPIRY_WARNING_DAYS) return 'expiring'
  return 'valid'
}

function describe(state: ExpiryState, days: number) {
  if (state === 'expired') return 'Expired'
  if (state === 'expiring') return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`
  return 'Valid'
}

type ExpiryBadgeProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** The expiry date, 'YYYY-MM-DD'. Empty/invalid renders a dash ("No date"). */
  date: string | null | undefined
  /** Today in the company's time zone, 'YYYY-MM-DD' (passed in so server and client agree). */
  today: string
  /** Also show the state in words next to the date ("Expired", "Expires in 12 days"). */
  showLabel?: boolean
}

/**
 * A date with its expiry warning: expired → red octagon icon and red text,
 * about to expire → amber triangle icon, otherwise the plain date.
 * The icon shape plus its accessible name (aria-label and title) carry the
 * meaning, so colour is never the only signal.
 */
function ExpiryBadge({ date, today, showLabel = false, className, ...props }: ExpiryBadgeProps) {
  const state = date ? expiryState(date, today) : null
  if (!date || state === null) {
    return (
      <span data-slot="expiry-badge" className={cn('text-muted-foreground', className)} {...props}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No date</span>
      </span>
    )
  }
  const days = daysUntil(date, today) ?? 0
  const text = describe(state, days)
  const Icon = state === 'expired' ? OctagonXIcon : state === 'expiring' ? TriangleAlertIcon : null
  const iconA11y = showLabel ? { 'aria-hidden': true } : { role: 'img', 'aria-label': text }
  return (
    <span
      data-slot="expiry-badge"
      data-state={state}
      title={state === 'valid' ? undefined : `${text} (${date})`}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap',
        state === 'expired' && 'font-medium text-danger',
        state === 'expiring' && 'font-medium text-warning-foreground dark:text-warning',
        className,
      )}
      {...props}
    >
      {Icon ? (
        <Icon
          className={cn(
            'size-4 shrink-0',
            state === 'expiring' && 'fill-warning text-warning-foreground',
          )}
          {...iconA11y}
        >
          {showLabel ? null : <title>{text}</title>}
        </Icon>
      ) : null}
      <time dateTime={date.slice(0, 10)}>{date.slice(0, 10)}</time>
      {showLabel && state !== 'valid' ? <span>· {text}</span> : null}
    </span>
  )
}

export { ExpiryBadge }
