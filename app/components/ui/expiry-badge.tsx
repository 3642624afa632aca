import { OctagonXIcon, TriangleAlertIcon } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/cn.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import { daysUntil, expiryState, type ExpiryState } from '#catalog/expiry.ts'

export { EXPIRY_WARNING_DAYS, daysUntil, expiryState, type ExpiryState } from '#catalog/expiry.ts'

function describe(t: Translate, state: ExpiryState, days: number) {
  if (state === 'expired') return t('Expired')
  if (state === 'expiring') return t('{days, plural, one {Expires in # day} other {Expires in # days}}', { days })
  return t('Valid')
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
  const { t, locale } = useT()
  const state = date ? expiryState(date, today) : null
  if (!date || state === null) {
    return (
      <span data-slot="expiry-badge" className={cn('text-muted-foreground', className)} {...props}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('No date')}</span>
      </span>
    )
  }
  const days = daysUntil(date, today) ?? 0
  const text = describe(t, state, days)
  const shown = formatDateOnly(date, locale)
  const Icon = state === 'expired' ? OctagonXIcon : state === 'expiring' ? TriangleAlertIcon : null
  const iconA11y = showLabel ? { 'aria-hidden': true } : { role: 'img', 'aria-label': text }
  return (
    <span
      data-slot="expiry-badge"
      data-state={state}
      title={state === 'valid' ? undefined : `${text} (${shown})`}
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
      <time dateTime={date.slice(0, 10)}>{shown}</time>
      {showLabel && state !== 'valid' ? <span>· {text}</span> : null}
    </span>
  )
}

export { ExpiryBadge }
