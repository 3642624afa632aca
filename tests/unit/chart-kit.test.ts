/** The chart kit renders on the server: plain SVG with its text equivalent (decision 035). */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BarChart, HorizontalBarChart, niceTicks } from '#app/components/charts/index.ts'

const weeks = Array.from({ length: 12 }, (_, i) => `2026-W${String(i + 1).padStart(2, '0')}`)
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0

describe('niceTicks', () => {
  it('covers the maximum with round steps', () => {
    expect(niceTicks(7, 4, true)).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(940)).toEqual([0, 250, 500, 750, 1000])
    expect(niceTicks(1, 4, true)).toEqual([0, 1])
    expect(niceTicks(0, 4, true)).toEqual([0, 1, 2, 3, 4])
    expect(niceTicks(0)).toEqual([0, 1, 2, 3, 4])
    expect(niceTicks(Number.NaN)).toEqual([0, 1, 2, 3, 4])
    // Below 1 the steps are 0.1, 0.2, 0.5: one decimal prints them exactly.
    expect(niceTicks(0.9)).toEqual([0, 0.5, 1])
    expect(niceTicks(9)).toEqual([0, 2.5, 5, 7.5, 10])
  })
})

describe('BarChart', () => {
  const html = renderToStaticMarkup(
    createElement(BarChart, {
      title: 'Drives per week',
      description: 'The last 12 weeks',
      categories: weeks,
      series: [{ key: 'drives', label: 'Drives', values: [1, 2, 0, 4, -3, Number.NaN, 1, 1, 1, 1, 1, 9] }],
      integer: true,
      formatCategory: (c: string) => `Wk ${c.slice(-2)}`,
      formatCategoryLong: (c: string) => `Week ${c}`,
      categoryHeader: 'Week',
    }),
  )

  it('is a figure with a visible caption, an SVG image with a name, and a data table', () => {
    expect(html).toMatch(/^<figure[^>]*aria-labelledby="[^"]+"/)
    expect(html).toContain('<figcaption')
    expect(html).toContain('Drives per week</span>')
    expect(html).toMatch(/<svg viewBox="0 0 360 \d+(\.\d+)?" role="img" aria-label="Drives per week\. Bar chart\. Drives: 21 in total\./)
    expect(html).toContain('<summary')
    expect(count(html, /<tr class="border-b last:border-0">/g)).toBe(12)
    expect(html).toContain('<th scope="col" class="py-1 pr-3 font-medium">Week</th>')
  })

  it('draws one bar per value with a tooltip; negative or missing values as empty bars', () => {
    expect(count(html, /<rect /g)).toBe(12)
    expect(html).toContain('<title>Week 2026-W12 · Drives: 9</title>')
    expect(html).toContain('<title>Week 2026-W05 · Drives: 0</title>')
    expect(html).toContain('<title>Week 2026-W06 · Drives: 0</title>')
    expect(html).not.toMatch(/height="-/)
    expect(html).not.toContain('NaN')
  })

  it('labels the newest category always and thins the others so they do not overlap', () => {
    expect(html).toContain('>Wk 12</text>')
    const labels = count(html, />Wk \d\d<\/text>/g)
    expect(labels).toBeGreaterThanOrEqual(4)
    expect(labels).toBeLessThan(12)
  })

  it('stacks series with a Total column and a legend; an all-zero chart says so', () => {
    const stacked = renderToStaticMarkup(
      createElement(BarChart, {
        title: 'Inspections per month',
        categories: ['2026-01', '2026-02'],
        series: [
          { key: 'ok', label: 'Satisfactory', values: [2, 0] },
          { key: 'bad', label: 'Unsatisfactory', values: [1, 3] },
        ],
        stacked: true,
      }),
    )
    expect(stacked).toContain('Stacked bar chart')
    expect(stacked).toContain('>Total</th>')
    expect(stacked).toMatch(/<td class="py-1 text-right tabular-nums">3<\/td>/)
    expect(stacked).toContain('var(--chart-1)')
    expect(stacked).toContain('var(--chart-2)')
    expect(count(stacked, /<li /g)).toBe(2)
    const empty = renderToStaticMarkup(createElement(BarChart, { title: 'Nothing', categories: weeks, series: [{ key: 'x', label: 'X', values: weeks.map(() => 0) }], emptyText: 'No drives yet' }))
    expect(empty).toContain('No drives yet')
  })
})

describe('HorizontalBarChart', () => {
  it('writes every category label in full above its bar, with the value', () => {
    const html = renderToStaticMarkup(
      createElement(HorizontalBarChart, {
        title: 'Defects by section',
        categories: ['Interior', 'A very long checklist section name that would not fit beside a bar'],
        series: [{ key: 'defects', label: 'Defects', values: [1, 4] }],
        unit: 'items',
      }),
    )
    expect(html).toContain('Horizontal bar chart')
    expect(html).toContain('>A very long checklist section name that would not fit beside a bar</text>')
    expect(html).toContain('>4 items</text>')
    expect(html).toContain('<title>Interior · Defects: 1 items</title>')
  })
})
