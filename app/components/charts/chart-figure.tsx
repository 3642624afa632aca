import * as React from 'react'
import { cn } from '#app/utils/cn.ts'
import { type ChartSeries, clean, formatNumber, seriesColor, withUnit } from './chart-utils.ts'
import { useT } from '#app/utils/i18n.tsx'

export type ChartFrameProps = {
  title: string
  description?: string
  categories: string[]
  series: ChartSeries[]
  unit?: string
  formatCategory?: (category: string, index: number) => string
  formatValue?: (value: number) => string
  /** Header of the data table's first column (defaults to "Category"). */
  categoryHeader?: string
  /** Show a Total column in the data table (stacked charts default to it). */
  totalColumn?: boolean
  className?: string
  children: React.ReactNode
}

/**
 * The frame every chart shares: a `<figure>` with a visible caption (title and
 * description), the SVG (passed as children), an HTML legend that wraps on
 * small screens, and a "Show data" table — the text equivalent for screen
 * readers and for anyone who prefers numbers. Pure markup: works without JS.
 * Values are shown as drawn: negative or non-finite values count as 0.
 */
export function ChartFrame({
  title,
  description,
  categories,
  series,
  unit,
  formatCategory,
  formatValue = (v) => formatNumber(v),
  categoryHeader,
  totalColumn = false,
  className,
  children,
}: ChartFrameProps) {
  const captionId = React.useId()
  const { t } = useT()
  return (
    <figure
      data-slot="chart"
      className={cn('flex min-w-0 flex-col gap-3', className)}
      aria-labelledby={captionId}
    >
      <figcaption id={captionId} className="flex flex-col gap-1">
        <span className="leading-none font-semibold">{title}</span>
        {description ? <span className="text-sm text-muted-foreground">{description}</span> : null}
      </figcaption>
      <div className="w-full min-w-0">{children}</div>
      {series.length > 1 ? (
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
          {series.map((s, i) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="inline-block size-2.5 shrink-0 rounded-[2px]" style={{ background: seriesColor(s, i) }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="text-sm">
        <summary className="w-fit cursor-pointer text-muted-foreground underline-offset-4 hover:underline">
          {t('Show data')}
        </summary>
        <div className="mt-2 w-full overflow-x-auto" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {categoryHeader ?? t('Category')}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 pr-3 text-right font-medium">
                    {s.label}
                  </th>
                ))}
                {totalColumn ? (
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('Total')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {categories.map((category, ci) => (
                <tr key={`${category}-${ci}`} className="border-b last:border-0">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {formatCategory ? formatCategory(category, ci) : category}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="py-1 pr-3 text-right tabular-nums">
                      {withUnit(formatValue(clean(s.values[ci] ?? 0)), unit)}
                    </td>
                  ))}
                  {totalColumn ? (
                    <td className="py-1 text-right tabular-nums">
                      {withUnit(
                        formatValue(series.reduce((sum, s) => sum + clean(s.values[ci] ?? 0), 0)),
                        unit,
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
