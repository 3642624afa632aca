/**
 * Pure helpers for the chart kit (no React): nice axis ticks, colours,
 * number formatting. Everything here runs on the server as well as in the
 * browser, so the charts render identically without JavaScript.
 */

/** A series of a chart: one value per category, in the categories' order. */
export type ChartSeries = {
  /** Stable identifier (used for keys and `data-series`). */
  key: string
  /** Human label shown in the legend, the tooltips and the data table. */
  label: string
  values: number[]
  /** Any CSS colour; defaults to `var(--chart-N)` by the series' position. */
  color?: string
}

/** The theme colour for the series at `index` (cycles through --chart-1…5). */
export function seriesColor(series: Pick<ChartSeries, 'color'>, index: number): string {
  return series.color ?? `var(--chart-${(index % 5) + 1})`
}

/**
 * The smallest "nice" step (1, 2, 2.5 or 5 × 10^n) not below `raw`. Below 1 the
 * 2.5 step is skipped: labels carry one decimal, and 0.25 would print as "0.3".
 */
function niceStep(raw: number): number {
  if (!(raw > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(raw))
  for (const factor of power < 1 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10]) {
    if (factor * power >= raw) return factor * power
  }
  return 10 * power
}

/**
 * Axis ticks from 0 to a nice maximum at or above `max`, about `count`
 * intervals. An empty chart (max 0) still gets an axis 0…count in whole
 * numbers, so the grid is drawn without fractional labels.
 */
export function niceTicks(max: number, count = 4, integer = false): number[] {
  const safeMax = Number.isFinite(max) && max > 0 ? max : count
  let step = niceStep(safeMax / count)
  if (integer) step = Math.max(1, Math.ceil(step))
  const top = Math.ceil(safeMax / step - 1e-9) * step
  const ticks: number[] = []
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(round(value))
  return ticks
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

const numberFormats = new Map<number, Intl.NumberFormat>()

/** `1234.5` → `"1,234.5"` (en-US, at most `digits` decimals); one formatter per precision. */
export function formatNumber(value: number, digits = 1): string {
  let format = numberFormats.get(digits)
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits })
    numberFormats.set(digits, format)
  }
  return format.format(value)
}

/** A value with its unit: `"12 mi"`, `"3 drives"` (unit appended after a space). */
export function withUnit(text: string, unit: string | undefined): string {
  return unit ? `${text} ${unit}` : text
}

/** Every value finite and at least 0 (negative or NaN values are drawn as 0). */
export function clean(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0
}

/** Show every `step`-th category label so labels of ~`chars` characters don't overlap. */
export function labelStep(count: number, plotWidth: number, chars: number, charWidth: number): number {
  if (count <= 1) return 1
  const needed = chars * charWidth + 6
  return Math.max(1, Math.ceil((needed * count) / plotWidth))
}
