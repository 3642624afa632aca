/**
 * The hours-of-service arithmetic at its exact edges (issue 37 point 3, decision 086): 10 hours
 * driving, 15 hours on duty, the 8-hour reset, the 60/7 and 70/8 cycles, the 14-hour short-haul
 * record, periods across midnight and the clock changes of America/New_York (2026-03-08: a 23-hour
 * day; 2026-11-01: a 25-hour day).
 */
import { describe, expect, it } from 'vitest'
import { dutyDays, HOS_TEXT, hosSummary, limitState, localDayLengthMinutes, monthRows, periodsOverlap, type HosPeriod } from '#server/hours/hos-rules.ts'
import { instantOfWallTime } from '#catalog/zoned-time.ts'

const H = 3_600_000
const M = 60_000
const UTC = 'UTC'
const NY = 'America/New_York'
const at = (iso: string) => Date.parse(iso)
const wall = (w: string, tz = NY) => Date.parse(instantOfWallTime(w, tz)!)
const p = (status: HosPeriod['status'], start: number, end: number | null): HosPeriod => ({ status, startedAt: start, endedAt: end })

describe('limit states', () => {
  it('reached at the limit, warning within the warning time, ok before', () => {
    expect(limitState(600, 600, 60)).toBe('reached')
    expect(limitState(540, 600, 60)).toBe('warning')
    expect(limitState(539, 600, 60)).toBe('ok')
    expect(limitState(601, 600, 60)).toBe('reached')
  })
})

describe('10 hours driving after 8 hours off', () => {
  const start = at('2026-06-01T06:00:00Z')
  it('exactly 10 h driving = reached; 9 h = warning; 8 h 59 = ok', () => {
    const ten = hosSummary([p('driving', start, start + 10 * H)], start + 10 * H, UTC, '60/7')
    expect(ten.driving).toMatchObject({ usedMinutes: 600, remainingMinutes: 0, state: 'reached' })
    expect(ten.warnings).toContain(HOS_TEXT.drivingReached)
    const nine = hosSummary([p('driving', start, start + 9 * H)], start + 9 * H, UTC, '60/7')
    expect(nine.driving).toMatchObject({ usedMinutes: 540, remainingMinutes: 60, state: 'warning' })
    expect(nine.warnings).toContain(HOS_TEXT.drivingWarning)
    const under = hosSummary([p('driving', start, start + 9 * H - M)], start + 9 * H - M, UTC, '60/7')
    expect(under.driving.state).toBe('ok')
    expect(under.warnings).toEqual([])
  })

  it('an open driving period counts until now', () => {
    const s = hosSummary([p('driving', start, null)], start + 10 * H, UTC, '60/7')
    expect(s.driving.state).toBe('reached')
  })

  it('7 h 59 min off does not reset; exactly 8 h does (≥ 8 consecutive hours)', () => {
    const first = p('driving', start, start + 5 * H)
    const almost = start + 5 * H + 7 * H + 59 * M
    const notReset = hosSummary([first, p('driving', almost, almost + 5 * H)], almost + 5 * H, UTC, '70/8')
    expect(notReset.driving).toMatchObject({ usedMinutes: 600, state: 'reached' })
    const exactly = start + 5 * H + 8 * H
    const reset = hosSummary([first, p('driving', exactly, exactly + 5 * H)], exactly + 5 * H, UTC, '70/8')
    expect(reset.driving).toMatchObject({ usedMinutes: 300, state: 'ok' })
    expect(reset.dutyDayStart).toBe(exactly)
  })

  it('off-duty periods count as off; 8 hours off now means nothing is used', () => {
    const periods = [p('driving', start, start + 6 * H), p('offDuty', start + 6 * H, start + 14 * H)]
    expect(hosSummary(periods, start + 14 * H, UTC, '60/7').driving.usedMinutes).toBe(0)
    expect(hosSummary(periods, start + 14 * H - M, UTC, '60/7').driving.usedMinutes).toBe(360)
  })
})

describe('15 hours on duty', () => {
  const start = at('2026-06-01T04:00:00Z')
  it('counts driving and on-duty time; warns an hour before', () => {
    const periods = [p('onDuty', start, start + 8 * H), p('driving', start + 8 * H, start + 14 * H)]
    const s = hosSummary(periods, start + 14 * H, UTC, '60/7')
    expect(s.onDuty).toMatchObject({ usedMinutes: 840, remainingMinutes: 60, state: 'warning' })
    expect(s.warnings).toContain(HOS_TEXT.onDutyWarning)
    const r = hosSummary([...periods, p('onDuty', start + 14 * H, start + 15 * H)], start + 15 * H, UTC, '60/7')
    expect(r.onDuty.state).toBe('reached')
    expect(r.warnings).toContain(HOS_TEXT.onDutyReached)
  })

  it('flags driving after the 15th hour on duty, not driving that ends at it', () => {
    const base = [p('onDuty', start, start + 10 * H)]
    expect(dutyDays([...base, p('driving', start + 10 * H, start + 15 * H)], start + 20 * H)[0]!.drovePast15).toBe(false)
    expect(dutyDays([...base, p('driving', start + 10 * H, start + 15 * H + M)], start + 20 * H)[0]!.drovePast15).toBe(true)
  })
})

describe('cycle', () => {
  // 8 h 30 min on duty every day from 06:00 UTC
  const daysOfWork = (from: string, n: number, minutes: number) =>
    Array.from({ length: n }, (_, i) => {
      const s = at(`${from}T06:00:00Z`) + i * 24 * H
      return p('onDuty', s, s + minutes * M)
    })

  it('60/7: the last 7 local days including today', () => {
    // 7 days × 8 h 34 min = 59 h 58 min ⇒ warning; one more 2-minute period ⇒ reached
    const periods = daysOfWork('2026-06-01', 7, 514)
    const now = at('2026-06-07T23:00:00Z')
    const s = hosSummary(periods, now, UTC, '60/7')
    expect(s.cycle).toMatchObject({ usedMinutes: 3598, limitMinutes: 3600, state: 'warning', hours: 60, days: 7 })
    const more = [...periods, p('onDuty', at('2026-06-07T22:00:00Z'), at('2026-06-07T22:02:00Z'))]
    expect(hosSummary(more, now, UTC, '60/7').cycle.state).toBe('reached')
    // The next day the first day falls out of the window
    expect(hosSummary(periods, at('2026-06-08T01:00:00Z'), UTC, '60/7').cycle.usedMinutes).toBe(6 * 514)
  })

  it('70/8: 8 days, 70 hours; 5 hours warning', () => {
    const periods = daysOfWork('2026-06-01', 8, 525) // 8 × 8 h 45 = 70 h
    const now = at('2026-06-08T23:00:00Z')
    expect(hosSummary(periods, now, UTC, '70/8').cycle).toMatchObject({ usedMinutes: 4200, state: 'reached', hours: 70, days: 8 })
    expect(hosSummary(periods, now, UTC, '60/7').cycle).toMatchObject({ usedMinutes: 7 * 525, state: 'reached' })
    const less = daysOfWork('2026-06-01', 8, 487) // 64 h 56 min: 5 h 4 min left ⇒ ok
    expect(hosSummary(less, now, UTC, '70/8').cycle.state).toBe('ok')
    const edge = daysOfWork('2026-06-01', 8, 487.5) // 65 h: exactly 5 h left ⇒ warning
    expect(hosSummary(edge, now, UTC, '70/8').cycle.state).toBe('warning')
  })

  it('cycle days are the company’s local days', () => {
    // 2026-06-01 02:00 UTC is 2026-05-31 22:00 in New York: outside a window starting 2026-06-01 local
    const periods = [p('onDuty', at('2026-06-01T02:00:00Z'), at('2026-06-01T03:00:00Z'))]
    expect(hosSummary(periods, at('2026-06-07T20:00:00Z'), UTC, '60/7').cycle.usedMinutes).toBe(60)
    expect(hosSummary(periods, at('2026-06-07T20:00:00Z'), NY, '60/7').cycle.usedMinutes).toBe(0)
  })
})

describe('days, midnight and clock changes', () => {
  it('a period across midnight splits between the calendar days; the duty day stays on its first day', () => {
    const periods = [p('driving', wall('2026-06-10T20:00'), wall('2026-06-11T02:00'))]
    const rows = monthRows(periods, '2026-06', wall('2026-06-30T12:00'), NY)
    const d10 = rows.find((r) => r.date === '2026-06-10')!
    const d11 = rows.find((r) => r.date === '2026-06-11')!
    expect(d10).toMatchObject({ drivingMinutes: 240, onDutyMinutes: 240, dutyDayOnDutyMinutes: 360, timeOn: wall('2026-06-10T20:00'), timeReleased: wall('2026-06-11T02:00') })
    expect(d11).toMatchObject({ drivingMinutes: 120, timeOn: null, dutyDayOnDutyMinutes: 0 })
    expect(rows).toHaveLength(30)
  })

  it('a duty day still going on is not released: no time released, not yet flagged before its 14th hour', () => {
    const now = wall('2026-06-10T15:00')
    const periods = [p('driving', wall('2026-06-10T06:00'), wall('2026-06-10T10:00')), { status: 'onDuty' as const, startedAt: wall('2026-06-10T10:00'), endedAt: null }]
    const row = monthRows(periods, '2026-06', now, NY).find((r) => r.date === '2026-06-10')!
    expect(row).toMatchObject({ onDutyNow: true, timeReleased: null, over14: false, dutyDayOnDutyMinutes: 9 * 60 })
    // Once the period is closed, the day is released at its end.
    const closed = monthRows([periods[0]!, p('onDuty', wall('2026-06-10T10:00'), wall('2026-06-10T15:00'))], '2026-06', now, NY).find((r) => r.date === '2026-06-10')!
    expect(closed).toMatchObject({ onDutyNow: false, timeReleased: wall('2026-06-10T15:00') })
  })

  it('2026-03-08 in New York has 23 hours; 2026-11-01 has 25', () => {
    expect(localDayLengthMinutes('2026-03-08', NY)).toBe(23 * 60)
    expect(localDayLengthMinutes('2026-11-01', NY)).toBe(25 * 60)
    expect(localDayLengthMinutes('2026-03-09', NY)).toBe(24 * 60)
    const march = monthRows([], '2026-03', wall('2026-03-31T12:00'), NY)
    expect(march.find((r) => r.date === '2026-03-08')!.dayMinutes).toBe(1380)
  })

  it('the spring change: 00:00 to 08:00 on the clock is 7 hours of work', () => {
    const periods = [p('onDuty', wall('2026-03-08T00:00'), wall('2026-03-08T08:00'))]
    const row = monthRows(periods, '2026-03', wall('2026-03-20T12:00'), NY).find((r) => r.date === '2026-03-08')!
    expect(row.onDutyMinutes).toBe(7 * 60)
    expect(row.dutyDayOnDutyMinutes).toBe(7 * 60)
  })

  it('the autumn change: on duty a whole local day is 25 hours; 00:30–14:00 on the clock is over 14 hours', () => {
    const whole = [p('onDuty', wall('2026-11-01T00:00'), wall('2026-11-02T00:00'))]
    const row = monthRows(whole, '2026-11', wall('2026-11-20T12:00'), NY).find((r) => r.date === '2026-11-01')!
    expect(row.onDutyMinutes).toBe(25 * 60)
    // 00:30 → 14:00 on the clock = 14 h 30 min (the repeated hour): flagged; 00:30 → 13:30 = 14 h: not flagged
    const over = monthRows([p('onDuty', wall('2026-11-01T00:30'), wall('2026-11-01T14:00'))], '2026-11', wall('2026-11-20T12:00'), NY)
    expect(over.find((r) => r.date === '2026-11-01')).toMatchObject({ over14: true, warnings: [HOS_TEXT.shortHaul] })
    const edge = monthRows([p('onDuty', wall('2026-11-01T00:30'), wall('2026-11-01T13:30'))], '2026-11', wall('2026-11-20T12:00'), NY)
    expect(edge.find((r) => r.date === '2026-11-01')).toMatchObject({ over14: false, dutyDayOnDutyMinutes: 14 * 60 })
  })

  it('short-haul: released exactly 14 h after coming on duty is fine; a minute more is flagged (breaks included)', () => {
    const s = wall('2026-06-02T05:00')
    const within = [p('onDuty', s, s + 6 * H), p('offDuty', s + 6 * H, s + 8 * H), p('driving', s + 8 * H, s + 14 * H)]
    expect(dutyDays(within, s + 30 * H)[0]).toMatchObject({ over14: false, onDutyMinutes: 720 })
    const past = [...within.slice(0, 2), p('driving', s + 8 * H, s + 14 * H + M)]
    expect(dutyDays(past, s + 30 * H)[0]!.over14).toBe(true)
  })
})

describe('overlap', () => {
  it('half-open intervals; an open period runs on', () => {
    expect(periodsOverlap({ startedAt: 0, endedAt: 10 }, { startedAt: 10, endedAt: 20 })).toBe(false)
    expect(periodsOverlap({ startedAt: 0, endedAt: 11 }, { startedAt: 10, endedAt: 20 })).toBe(true)
    expect(periodsOverlap({ startedAt: 0, endedAt: null }, { startedAt: 100, endedAt: 200 })).toBe(true)
  })
})
