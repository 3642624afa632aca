import type { LucideIcon } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/cn.ts'
import { formatNumber } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'

/**
 * A dashboard's figures as a description list: each card is a term (the spec's card title,
 * verbatim) and its value. Two columns on phones, up to three (or `columns`) on wide screens.
 */
export function StatGrid({ className, columns = 3, ...props }: React.ComponentProps<'dl'> & { columns?: 3 | 4 | 6 }) {
  return (
    <dl
      data-slot="stat-grid"
      className={cn(
        'grid grid-cols-2 gap-3 sm:gap-4',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
        columns === 6 && 'md:grid-cols-3 xl:grid-cols-6',
        className,
      )}
      {...props}
    />
  )
}

type StatCardProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The card's title, as the spec writes it. */
  label: string
  value: number | string
  /** A lucide icon component (decorative). */
  icon?: LucideIcon
  /** A short note under the value (e.g. the period). */
  hint?: React.ReactNode
  /** Unit after the value ("mi"). */
  unit?: string
}

/** One figure of a dashboard: a card with the title, the value large, and an optional hint. */
export function StatCard({ label, value, icon: Icon, hint, unit, className, ...props }: StatCardProps) {
  const { locale } = useT()
  return (
    <div
      data-slot="stat-card"
      className={cn('flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 text-card-foreground shadow-sm sm:p-4', className)}
      {...props}
    >
      <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
        <span className="min-w-0 break-words">{label}</span>
        {Icon ? <Icon className="size-4 shrink-0" aria-hidden /> : null}
      </dt>
      <dd className="text-2xl font-semibold tracking-tight tabular-nums break-words">
        {typeof value === 'number' ? formatNumber(value, locale) : value}
        {unit ? <span className="ml-1 text-base font-normal text-muted-foreground">{unit}</span> : null}
      </dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  )
}
