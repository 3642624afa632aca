/**
 * The hours-of-service arithmetic (issue 37 point 3, decision 086): pure functions over a driver's
 * duty periods at one operator, as instants (ms), in the company's time zone. A time record, not an
 * ELD: it counts what the operator knows.
 *
 * - Reset: the latest stretch of ≥ 8 consecutive hours with no driving / on-duty period (off-duty
 *   periods and gaps are off). The duty day starts at the first on-duty start after it.
 * - Daily limits since the reset (395.5(a)): 10 hours driving; 15 hours on duty (driving included).
 * - Cycle (395.5(b)): on-duty hours in the last 7 (or 8) company-local days including today vs 60 (70).
 * - State: 'reached' when used ≥ limit; 'warning' when limit − used ≤ the warning time (1 hour daily,
 *   5 hours for the cycle); else 'ok'.
 * - Short-haul record (395.1(e)(1)): per duty day the time on, the time released, the total, and a
 *   flag when released more than 14 hours after coming on duty.
 */
import { HOS_CYCLES, HOS_LIMITS, type DutyStatus, type HosCycle, type HosLimitState } from '#catalog/drivers.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import { startOfLocalDay, wallClockAt } from '#catalog/zoned-time.ts'

const MINUTE = 60_000
const DAY_MS = 86_400_000

export interface HosPeriod {
  status: DutyStatus
  /** ms since the epoch */
  startedAt: number
  /** ms since the epoch; null: still open (counts until now) */
  endedAt: number | null
}

export const HOS_TEXT = {
  drivingWarning: msg('Less than an hour of driving left before the 10-hour limit'),
  drivingReached: msg('10 hours of driving reached: no more driving until 8 consecutive hours off duty'),
  onDutyWarning: msg('Less than an hour left before 15 hours on duty'),
  onDutyReached: msg('15 hours on duty reached: no more driving until 8 consecutive hours off duty'),
  cycleWarning: msg('Less than 5 hours left of the {hours} hours in {days} days'),
  cycleReached: msg('{hours} hours on duty in {days} days reached: no more driving'),
  shortHaul: msg('Released more than 14 hours after coming on duty'),
  drivingExceeded: msg('More than 10 hours of driving'),
  drovePast15: msg('Drove after 15 hours on duty'),
} as const

const isWork = (s: DutyStatus) => s === 'driving' || s === 'onDuty'

/** The work periods (driving / on duty) cut at `now`, sorted, with open ones ending at `now`. */
function workPeriods(periods: readonly HosPeriod[], now: number): { status: DutyStatus; start: number; end: number }[] {
  return periods
    .filter((p) => isWork(p.status) && p.startedAt < now)
    .map((p) => ({ status: p.status, start: p.startedAt, end: Math.min(p.endedAt ?? now, now) }))
    .filter((p) => p.end > p.start)
    .sort((a, b) => a.start - b.start)
}

/** Minutes of `[start, end)` that fall in `[from, to)`. */
function overlapMs(start: number, end: number, from: number, to: number): number {
  return Math.max(0, Math.min(end, to) - Math.max(start, from))
}

export interface DutyDay {
  /** The first on-duty start after a reset (time on). */
  start: number
  /** The last on-duty end before the next reset (time released; `now` while still on duty). */
  end: number
  onDutyMinutes: number
  drivingMinutes: number
  /** The span from time on to release exceeds 14 hours (short-haul, 395.1(e)(1)). */
  over14: boolean
  /** More than 10 hours of driving in the duty day. */
  drivingOver10: boolean
  /** Driving after 15 hours on duty. */
  drovePast15: boolean
  /** Still going: the last period is open or the 8 hours off have not passed yet at `now`. */
  open: boolean
}

/**
 * The duty days: work periods grouped between resets (≥ 8 consecutive hours without work).
 * A duty day is open while fewer than 8 hours have passed since its last work ended.
 */
export function dutyDays(periods: readonly HosPeriod[], now: number): DutyDay[] {
  const work = workPeriods(periods, now)
  const reset = HOS_LIMITS.resetOffMinutes * MINUTE
  const days: DutyDay[] = []
  let current: (DutyDay & { onDutyMs: number; drivingMs: number }) | null = null
  for (const p of work) {
    if (!current || p.start - current.end >= reset) {
      current = { start: p.start, end: p.end, onDutyMs: 0, drivingMs: 0, onDutyMinutes: 0, drivingMinutes: 0, over14: false, drivingOver10: false, drovePast15: false, open: false }
      days.push(current)
    }
    const length = p.end - p.start
    if (p.status === 'driving') {
      // Driving in the part of this period after the 15th hour on duty.
      const limit = HOS_LIMITS.onDutyMinutes * MINUTE
      if (current.onDutyMs + length > limit) current.drovePast15 = true
      current.drivingMs += length
    }
    current.onDutyMs += length
    current.end = Math.max(current.end, p.end)
  }
  for (const d of days as (DutyDay & { onDutyMs: number; drivingMs: number })[]) {
    d.onDutyMinutes = Math.floor(d.onDutyMs / MINUTE)
    d.drivingMinutes = Math.floor(d.drivingMs / MINUTE)
    d.over14 = d.end - d.start > HOS_LIMITS.shortHaulMinutes * MINUTE
    d.drivingOver10 = d.drivingMs > HOS_LIMITS.drivingMinutes * MINUTE
    d.open = now - d.end < reset
    delete (d as Partial<typeof d>).onDutyMs
    delete (d as Partial<typeof d>).drivingMs
  }
  return days
}

/** The limit's state for `usedMinutes` of `limitMinutes`, warning `warnMinutes` before. */
export function limitState(usedMinutes: number, limitMinutes: number, warnMinutes: number): HosLimitState {
  if (usedMinutes >= limitMinutes) return 'reached'
  if (limitMinutes - usedMinutes <= warnMinutes) return 'warning'
  return 'ok'
}

/** The date `n` days before `date` (YYYY-MM-DD; calendar arithmetic, no time zone). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** The company-local date of an instant. */
export function localDateOf(instant: number, timeZone: string): string {
  const w = wallClockAt(instant, timeZone)
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`
}

/** How many minutes the company-local day has (1380 / 1440 / 1500 around clock changes). */
export function localDayLengthMinutes(date: string, timeZone: string): number {
  return Math.round((startOfLocalDay(addDays(date, 1), timeZone).getTime() - startOfLocalDay(date, timeZone).getTime()) / MINUTE)
}

export interface HosLimit {
  usedMinutes: number
  limitMinutes: number
  remainingMinutes: number
  state: HosLimitState
}

export interface HosSummary {
  /** When the current duty day started (null: reset, nothing counted). */
  dutyDayStart: number | null
  driving: HosLimit
  onDuty: HosLimit
  cycle: HosLimit & { hours: number; days: number }
  /** Today's (company-local calendar day) totals. */
  today: { date: string; drivingMinutes: number; onDutyMinutes: number }
  /** Texts (English ids; say them with sayText) of the warnings and reached limits. */
  warnings: string[]
}

const limitOf = (usedMinutes: number, limitMinutes: number, warn: number): HosLimit => ({
  usedMinutes,
  limitMinutes,
  remainingMinutes: Math.max(0, limitMinutes - usedMinutes),
  state: limitState(usedMinutes, limitMinutes, warn),
})

/** Driving / on-duty minutes in `[from, to)`. */
export function workMinutesBetween(periods: readonly HosPeriod[], from: number, to: number, now: number): { drivingMinutes: number; onDutyMinutes: number } {
  let driving = 0
  let onDuty = 0
  for (const p of workPeriods(periods, now)) {
    const ms = overlapMs(p.start, p.end, from, to)
    onDuty += ms
    if (p.status === 'driving') driving += ms
  }
  return { drivingMinutes: Math.floor(driving / MINUTE), onDutyMinutes: Math.floor(onDuty / MINUTE) }
}

/** The three limits now, today's totals and the warnings' texts. */
export function hosSummary(periods: readonly HosPeriod[], now: number, timeZone: string, cycle: HosCycle): HosSummary {
  const days = dutyDays(periods, now)
  const last = days.at(-1)
  const current = last && last.open ? last : null
  const drivingUsed = current?.drivingMinutes ?? 0
  const onDutyUsed = current?.onDutyMinutes ?? 0
  const c = HOS_CYCLES.find((x) => x.value === cycle) ?? HOS_CYCLES[0]
  const today = localDateOf(now, timeZone)
  const cycleFrom = startOfLocalDay(addDays(today, -(c.days - 1)), timeZone).getTime()
  const cycleUsed = workMinutesBetween(periods, cycleFrom, now, now).onDutyMinutes
  const todayTotals = workMinutesBetween(periods, startOfLocalDay(today, timeZone).getTime(), now, now)
  const driving = limitOf(drivingUsed, HOS_LIMITS.drivingMinutes, HOS_LIMITS.warnDailyMinutes)
  const onDuty = limitOf(onDutyUsed, HOS_LIMITS.onDutyMinutes, HOS_LIMITS.warnDailyMinutes)
  const cycleLimit = limitOf(cycleUsed, c.hours * 60, HOS_LIMITS.warnCycleMinutes)
  const warnings: string[] = []
  if (driving.state === 'reached') warnings.push(HOS_TEXT.drivingReached)
  else if (driving.state === 'warning') warnings.push(HOS_TEXT.drivingWarning)
  if (onDuty.state === 'reached') warnings.push(HOS_TEXT.onDutyReached)
  else if (onDuty.state === 'warning') warnings.push(HOS_TEXT.onDutyWarning)
  if (cycleLimit.state === 'reached') warnings.push(withValues(HOS_TEXT.cycleReached, { hours: c.hours, days: c.days }))
  else if (cycleLimit.state === 'warning') warnings.push(withValues(HOS_TEXT.cycleWarning, { hours: c.hours, days: c.days }))
  return {
    dutyDayStart: current?.start ?? null,
    driving,
    onDuty,
    cycle: { ...cycleLimit, hours: c.hours, days: c.days },
    today: { date: today, ...todayTotals },
    warnings,
  }
}

export interface MonthDayRow {
  date: string
  /** Minutes the local day has (1380 / 1440 / 1500 on DST days). */
  dayMinutes: number
  /** Work on this calendar day (local midnight to midnight). */
  drivingMinutes: number
  onDutyMinutes: number
  /** The duty day(s) that began this day: time on (first), time released (last), their totals. */
  timeOn: number | null
  timeReleased: number | null
  dutyDayOnDutyMinutes: number
  dutyDayDrivingMinutes: number
  /** Released more than 14 hours after coming on duty (or on duty that long already). */
  over14: boolean
  /** The day's last duty day is still going on (a period open now): not released yet. */
  onDutyNow: boolean
  /** Warnings' texts (English ids) for the duty day(s) that began this day. */
  warnings: string[]
}

/** One row per local day of `month` (YYYY-MM): the short-haul time record and the day's totals. */
export function monthRows(periods: readonly HosPeriod[], month: string, now: number, timeZone: string): MonthDayRow[] {
  const days = dutyDays(periods, now)
  const [y, m] = month.split('-').map(Number) as [number, number]
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const rows: MonthDayRow[] = []
  for (let d = 1; d <= count; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`
    const from = startOfLocalDay(date, timeZone).getTime()
    const to = startOfLocalDay(addDays(date, 1), timeZone).getTime()
    const started = days.filter((x) => x.start >= from && x.start < to)
    const totals = workMinutesBetween(periods, from, to, now)
    const warnings: string[] = []
    if (started.some((x) => x.over14)) warnings.push(HOS_TEXT.shortHaul)
    if (started.some((x) => x.drivingOver10)) warnings.push(HOS_TEXT.drivingExceeded)
    if (started.some((x) => x.drovePast15)) warnings.push(HOS_TEXT.drovePast15)
    const last = started.at(-1)
    const onDutyNow = last !== undefined && periods.some((p) => p.endedAt === null) && last.end >= now
    rows.push({
      date,
      dayMinutes: Math.round((to - from) / MINUTE),
      ...totals,
      timeOn: started[0]?.start ?? null,
      timeReleased: onDutyNow ? null : (last?.end ?? null),
      onDutyNow,
      dutyDayOnDutyMinutes: started.reduce((s, x) => s + x.onDutyMinutes, 0),
      dutyDayDrivingMinutes: started.reduce((s, x) => s + x.drivingMinutes, 0),
      over14: started.some((x) => x.over14),
      warnings,
    })
  }
  return rows
}

/** Two periods overlap (half-open intervals; an open one runs to the end of time). */
export function periodsOverlap(a: { startedAt: number; endedAt: number | null }, b: { startedAt: number; endedAt: number | null }): boolean {
  const aEnd = a.endedAt ?? Number.POSITIVE_INFINITY
  const bEnd = b.endedAt ?? Number.POSITIVE_INFINITY
  return a.startedAt < bEnd && b.startedAt < aEnd
}

/** `minutes` as 'H:MM'. */
export function hoursText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes))
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`
}
