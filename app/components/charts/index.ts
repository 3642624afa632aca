/**
 * The chart kit: hand-written, server-rendered SVG charts in the shadcn chart
 * style (theme colours --chart-1…5), no chart library (decision 035).
 *
 * Stable API — add props, don't rename:
 * - `BarChart` vertical bars, grouped or `stacked`
 * - `HorizontalBarChart` one row per category, label above the bar
 * - `ChartFrame` the shared figure (caption, legend, "Show data" table)
 * - helpers `niceTicks`, `seriesColor`, `formatNumber`, type `ChartSeries`
 */
export { BarChart, HorizontalBarChart, type BarChartProps, type HorizontalBarChartProps } from './bar-chart.tsx'
export { ChartFrame, type ChartFrameProps } from './chart-figure.tsx'
export { type ChartSeries, formatNumber, niceTicks, seriesColor, withUnit } from './chart-utils.ts'
