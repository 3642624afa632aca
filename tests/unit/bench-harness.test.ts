import { describe, expect, it } from 'vitest'
import { serverTimingTotal, stats } from '../../scripts/bench/harness.ts'

describe('the benchmark harness', () => {
  it('reads the total of a Server-Timing header, and nothing else', () => {
    expect(serverTimingTotal('total;dur=12.5')).toBe(12.5)
    expect(serverTimingTotal('db;dur=3, total;desc="all";dur=7')).toBe(7)
    expect(serverTimingTotal(['app;dur=1', 'Total; dur = "4.25"'])).toBe(4.25)
    expect(serverTimingTotal('db;dur=3, render;dur=9')).toBeUndefined()
    expect(serverTimingTotal('total')).toBeUndefined()
    expect(serverTimingTotal(undefined)).toBeUndefined()
  })
  it('takes the median and p95 of sorted samples', () => {
    const s = stats(Array.from({ length: 100 }, (_, i) => 100 - i))
    expect(s).toEqual({ median: 51, p95: 96, n: 100 })
  })
})
