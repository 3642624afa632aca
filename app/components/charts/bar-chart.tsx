import { ChartFrame } from './chart-figure.tsx'
import {
  type ChartSeries,
  clean,
  formatNumber,
  labelStep,
  niceTicks,
  seriesColor,
  withUnit,
} from './chart-utils.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'

export type BarChartProps = {
  /** Visible caption; also the start of the SVG's accessible name. */
  title: string
  description?: string
  /** One label per bar (group); values of every series follow this order. */
  categories: string[]
  series: ChartSeries[]
  /** Stack the series in one bar per category instead of side by side. */
  stacked?: boolean
  /** Unit appended to values in tooltips and the data table ("mi", "h"). */
  unit?: string
  /** Axis label (short) and data-table label of a category. */
  formatCategory?: (category: string, index: number) => string
  /** Tooltip / data-table label of a category (defaults to `formatCategory`). */
  formatCategoryLong?: (category: string, index: number) => string
  formatValue?: (value: number) => string
  /** Values are counts: axis ticks are whole numbers. */
  integer?: boolean
  /** Header of the data table's first column (defaults to "Category"). */
  categoryHeader?: string
  /** Text drawn over an all-zero chart. */
  emptyText?: string
  /** SVG user units of the plot height (the width is 360 units; it scales). */
  height?: number
  className?: string
}

const WIDTH = 360
const FONT = 11
const CHAR = 6.3 // average glyph width at FONT in the system sans fonts

function accessibleName(
  t: Translate,
  title: string,
  kind: string,
  series: ChartSeries[],
  unit: string | undefined,
  formatValue: (v: number) => string,
): string {
  const totals = series
    .map((s) => t('{series}: {total} in total', { series: s.label, total: withUnit(formatValue(s.values.reduce((a, v) => a + clean(v), 0)), unit) }))
    .join('; ')
  return t('{title}. {kind}. {totals}. The figures are in the "Show data" table.', { title, kind, totals })
}

/**
 * A vertical bar chart (grouped or stacked) drawn as plain SVG on the server:
 * no chart library, no client-side layout. Responsive through its `viewBox`
 * (it scales to the container's width; fits 360 px screens), theme colours
 * from `--chart-1…5`, each bar has a `<title>` tooltip, and the figure carries
 * a "Show data" table as its text equivalent.
 */
export function BarChart({
  title,
  description,
  categories,
  series,
  stacked = false,
  unit,
  formatCategory,
  formatCategoryLong,
  formatValue = (v) => formatNumber(v),
  integer = false,
  categoryHeader,
  emptyText,
  height = 180,
  className,
}: BarChartProps) {
  const { t } = useT()
  emptyText ??= t('No data yet')
  const n = Math.max(categories.length, 1)
  const short = (c: string, i: number) => (formatCategory ? formatCategory(c, i) : c)
  const long = (c: string, i: number) => (formatCategoryLong ? formatCategoryLong(c, i) : short(c, i))
  const totals = categories.map((_, ci) => series.reduce((sum, s) => sum + clean(s.values[ci] ?? 0), 0))
  const max = stacked
    ? Math.max(0, ...totals)
    : Math.max(0, ...series.flatMap((s) => s.values.map(clean)))
  const ticks = niceTicks(max, 4, integer)
  const top = ticks[ticks.length - 1] || 1
  const tickLabels = ticks.map((t) => formatValue(t))
  const left = Math.max(...tickLabels.map((l) => l.length)) * CHAR + 8
  const right = 4
  const topPad = 8
  const bottom = FONT + 10
  const plotW = WIDTH - left - right
  const plotH = height
  const totalH = topPad + plotH + bottom
  const band = plotW / n
  const groupW = Math.min(band * 0.72, 48)
  const maxChars = Math.max(1, ...categories.map((c, i) => short(c, i).length))
  const step = labelStep(n, plotW, maxChars, CHAR)
  const y = (v: number) => topPad + plotH - (clean(v) / top) * plotH
  const empty = max === 0

  return (
    <ChartFrame
      title={title}
      description={description}
      categories={categories}
      series={series}
      unit={unit}
      formatCategory={long}
      formatValue={formatValue}
      categoryHeader={categoryHeader}
      totalColumn={stacked && series.length > 1}
      className={className}
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${totalH}`}
        role="img"
        aria-label={accessibleName(t, title, stacked ? t('Stacked bar chart') : t('Bar chart'), series, unit, formatValue)}
        className="h-auto w-full overflow-visible text-muted-foreground"
        fontSize={FONT}
      >
        <g aria-hidden="true">
          {ticks.map((t, i) => (
            <g key={t}>
              <line
                x1={left}
                x2={WIDTH - right}
                y1={y(t)}
                y2={y(t)}
                stroke="var(--border)"
                strokeDasharray={i === 0 ? undefined : '3 3'}
              />
              <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" fill="currentColor">
                {tickLabels[i]}
              </text>
            </g>
          ))}
          {categories.map((c, ci) =>
            // Counted from the last category, so the newest one is always labelled.
            (n - 1 - ci) % step === 0 ? (
              <text
                key={`${c}-${ci}`}
                x={left + band * ci + band / 2}
                y={topPad + plotH + FONT + 4}
                textAnchor="middle"
                fill="currentColor"
              >
                {short(c, ci)}
              </text>
            ) : null,
          )}
        </g>
        {categories.map((c, ci) => {
          const x0 = left + band * ci + (band - groupW) / 2
          if (stacked) {
            let base = 0
            return (
              <g key={`${c}-${ci}`} data-category={c}>
                {series.map((s, si) => {
                  const v = clean(s.values[ci] ?? 0)
                  const y1 = y(base + v)
                  const y0 = y(base)
                  base += v
                  return (
                    <rect
                      key={s.key}
                      data-series={s.key}
                      x={x0}
                      y={y1}
                      width={groupW}
                      height={Math.max(0, y0 - y1)}
                      fill={seriesColor(s, si)}
                      rx={v > 0 && si === series.length - 1 ? 2 : 0}
                    >
                      <title>{`${long(c, ci)} · ${s.label}: ${withUnit(formatValue(v), unit)}`}</title>
                    </rect>
                  )
                })}
              </g>
            )
          }
          const barW = groupW / Math.max(series.length, 1)
          return (
            <g key={`${c}-${ci}`} data-category={c}>
              {series.map((s, si) => {
                const v = clean(s.values[ci] ?? 0)
                return (
                  <rect
                    key={s.key}
                    data-series={s.key}
                    x={x0 + barW * si + (series.length > 1 ? 0.5 : 0)}
                    y={y(v)}
                    width={Math.max(1, barW - (series.length > 1 ? 1 : 0))}
                    height={Math.max(0, y(0) - y(v))}
                    fill={seriesColor(s, si)}
                    rx={v > 0 ? 2 : 0}
                  >
                    <title>{`${long(c, ci)} · ${s.label}: ${withUnit(formatValue(v), unit)}`}</title>
                  </rect>
                )
              })}
            </g>
          )
        })}
        {empty ? (
          <text
            x={left + plotW / 2}
            y={topPad + plotH / 2}
            textAnchor="middle"
            dy="0.32em"
            fill="currentColor"
            fontSize={FONT + 2}
            aria-hidden="true"
          >
            {emptyText}
          </text>
        ) : null}
      </svg>
    </ChartFrame>
  )
}

export type HorizontalBarChartProps = Omit<BarChartProps, 'height' | 'integer'> & {
  /** Draw a faint full-width track behind each bar. */
  track?: boolean
}

/**
 * The horizontal variant: one row per category with its label ABOVE the bar
 * (so long labels such as checklist section names never get truncated on a
 * phone) and the value at the row's right end. Grouped or stacked series.
 */
export function HorizontalBarChart({
  title,
  description,
  categories,
  series,
  stacked = false,
  unit,
  formatCategory,
  formatCategoryLong,
  formatValue = (v) => formatNumber(v),
  categoryHeader,
  emptyText,
  track = true,
  className,
}: HorizontalBarChartProps) {
  const { t } = useT()
  emptyText ??= t('No data yet')
  const label = (c: string, i: number) => (formatCategory ? formatCategory(c, i) : c)
  const long = (c: string, i: number) => (formatCategoryLong ? formatCategoryLong(c, i) : label(c, i))
  const totals = categories.map((_, ci) => series.reduce((sum, s) => sum + clean(s.values[ci] ?? 0), 0))
  const max = stacked
    ? Math.max(0, ...totals)
    : Math.max(0, ...series.flatMap((s) => s.values.map(clean)))
  const scale = max > 0 ? max : 1
  const barH = stacked || series.length <= 1 ? 10 : Math.max(5, 14 / series.length)
  const barsH = stacked || series.length <= 1 ? barH : barH * series.length + (series.length - 1)
  const rowH = FONT + 6 + barsH + 10
  const totalH = Math.max(rowH * categories.length, 40)
  const empty = max === 0

  return (
    <ChartFrame
      title={title}
      description={description}
      categories={categories}
      series={series}
      unit={unit}
      formatCategory={long}
      formatValue={formatValue}
      categoryHeader={categoryHeader}
      totalColumn={stacked && series.length > 1}
      className={className}
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${totalH}`}
        role="img"
        aria-label={accessibleName(
          t,
          title,
          stacked ? t('Stacked horizontal bar chart') : t('Horizontal bar chart'),
          series,
          unit,
          formatValue,
        )}
        className="h-auto w-full overflow-visible text-muted-foreground"
        fontSize={FONT + 1}
      >
        {categories.map((c, ci) => {
          const top = ci * rowH
          const barTop = top + FONT + 6
          const valueText = stacked || series.length === 1
            ? withUnit(formatValue(totals[ci] ?? 0), unit)
            : series.map((s) => formatValue(clean(s.values[ci] ?? 0))).join(' / ')
          let base = 0
          return (
            <g key={`${c}-${ci}`} data-category={c}>
              <text x={0} y={top + FONT + 1} fill="var(--foreground)" aria-hidden="true">
                {label(c, ci)}
              </text>
              <text x={WIDTH} y={top + FONT + 1} textAnchor="end" fill="currentColor" aria-hidden="true" className="tabular-nums">
                {valueText}
              </text>
              {track ? (
                <rect x={0} y={barTop} width={WIDTH} height={barsH} rx={2} fill="var(--muted)" aria-hidden="true" />
              ) : null}
              {series.map((s, si) => {
                const v = clean(s.values[ci] ?? 0)
                const w = (v / scale) * WIDTH
                const x = stacked ? (base / scale) * WIDTH : 0
                if (stacked) base += v
                const yBar = stacked || series.length <= 1 ? barTop : barTop + si * (barH + 1)
                return (
                  <rect key={s.key} data-series={s.key} x={x} y={yBar} width={w} height={barH} rx={v > 0 ? 2 : 0} fill={seriesColor(s, si)}>
                    <title>{`${long(c, ci)} · ${s.label}: ${withUnit(formatValue(v), unit)}`}</title>
                  </rect>
                )
              })}
            </g>
          )
        })}
        {empty ? (
          <text
            x={WIDTH / 2}
            y={categories.length === 0 ? 20 : totalH / 2}
            textAnchor="middle"
            dy="0.32em"
            fill="currentColor"
            aria-hidden="true"
          >
            {categories.length === 0 ? emptyText : null}
          </text>
        ) : null}
      </svg>
    </ChartFrame>
  )
}
