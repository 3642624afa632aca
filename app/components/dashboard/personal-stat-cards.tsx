import type { LucideIcon } from 'lucide-react'
import { cn } from '#app/utils/cn.ts'
import { formatNumber } from '#app/components/charts/chart-utils.ts'

export type StatCardItem = {
  /** Stable id (the API's field name), used as `data-stat`. */
  key: string
  label: string
  value: number
  /** Shown after the number, e.g. "mi", "h", "days". */
  unit?: string
  icon: LucideIcon
  digits?: number
}

/** A grid of stat cards: two columns on phones, three from `sm`. */
export function StatCards({ items, label, className }: { items: StatCardItem[]; label: string; className?: string }) {
  return (
    <ul aria-label={label} className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', className)}>
      {items.map(({ key, label: itemLabel, value, unit, icon: Icon, digits = 1 }) => (
        <li key={key} data-stat={key} className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 text-card-foreground shadow-sm sm:p-4">
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{itemLabel}</span>
          </span>
          <span className="text-2xl font-semibold tabular-nums" data-stat-value>
            {formatNumber(value, digits)}
            {unit ? <span className="ml-1 text-sm font-normal text-muted-foreground">{unit}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  )
}
