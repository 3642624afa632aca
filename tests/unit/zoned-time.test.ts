import { describe, expect, it } from 'vitest'
import {
  dateOfWallTime,
  instantOfLocalTime,
  instantOfWallTime,
  instantRangeOfDays,
  localDateTimeText,
  startOfLocalDay,
  wallTimeOf,
  zoneOffsetMs,
} from '#catalog/zoned-time.ts'
import { emptyValues } from '#app/components/pre-trip/payload.ts'
import { payloadOf } from '#app/components/pre-trip/payload-body.ts'
import { queuedAtText } from '#app/components/pre-trip/outbox.tsx'
import { formatInstant } from '#app/utils/dates.ts'
import { zoned } from '#server/demo/helpers.ts'
import { instantRange, localDateTime } from '#server/exports/common.server.ts'

const HOUR = 3_600_000
const iso = (d: Date) => d.toISOString()

describe('a zone’s offset', () => {
  it('is wall time minus UTC, whole and fractional hours, with and without daylight saving', () => {
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'UTC')).toBe(0)
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR)
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR)
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Madrid')).toBe(HOUR)
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'Europe/Madrid')).toBe(2 * HOUR)
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'Asia/Kathmandu')).toBe(5.75 * HOUR)
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'Australia/Lord_Howe')).toBe(10.5 * HOUR)
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * HOUR)
  })
  it('reads an unknown or empty zone as UTC', () => {
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'Not/AZone')).toBe(0)
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), '')).toBe(0)
  })
})

/** The pre-trip's time fields show the operator company's wall time; the API takes instants (decision 031). */
describe('company wall time ↔ instant', () => {
  it('converts both ways in zones with and without daylight saving', () => {
    expect(instantOfWallTime('2026-07-01T06:30', 'America/New_York')).toBe('2026-07-01T10:30:00.000Z')
    expect(instantOfWallTime('2026-01-15T06:30', 'America/New_York')).toBe('2026-01-15T11:30:00.000Z')
    expect(instantOfWallTime('2026-07-01T06:30', 'Europe/Madrid')).toBe('2026-07-01T04:30:00.000Z')
    expect(instantOfWallTime('2026-03-29T01:59', 'Europe/Zurich')).toBe('2026-03-29T00:59:00.000Z')
    expect(instantOfWallTime('2026-03-29T03:00', 'Europe/Zurich')).toBe('2026-03-29T01:00:00.000Z')
    expect(instantOfWallTime('2026-05-04T06:30', 'UTC')).toBe('2026-05-04T06:30:00.000Z')
    expect(instantOfWallTime('2026-05-04T06:30', 'Asia/Kathmandu')).toBe('2026-05-04T00:45:00.000Z')
    expect(wallTimeOf('2026-07-01T10:30:00Z', 'America/New_York')).toBe('2026-07-01T06:30')
    expect(wallTimeOf('2026-12-31T23:30:00Z', 'Asia/Tokyo')).toBe('2027-01-01T08:30')
    expect(wallTimeOf('not a time', 'UTC')).toBe('')
    expect(localDateTimeText(Date.parse('2026-12-31T23:30:00Z'), 'Asia/Kathmandu')).toBe('2027-01-01 05:15')
    expect(dateOfWallTime(' 2026-05-04T06:30 ')).toBe('2026-05-04')
    expect(dateOfWallTime('2026-05-04')).toBe('')
  })

  it('round-trips wall → instant → wall (the repeated autumn hour reads as its first)', () => {
    const wrong: string[] = []
    let checked = 0
    const roundTrip = (tz: string, from: number, to: number, step: number) => {
      for (let t = from; t < to; t += step) {
        const wall = wallTimeOf(t, tz)
        const back = instantOfWallTime(wall, tz)
        // Lord Howe repeats half an hour, the others an hour.
        const ok = back !== null && wallTimeOf(back, tz) === wall && [t, t - HOUR / 2, t - HOUR].includes(Date.parse(back))
        if (!ok) wrong.push(`${tz} ${new Date(t).toISOString()} → ${wall} → ${back}`)
        checked++
      }
    }
    // Every hour of a year …
    for (const tz of ['America/Los_Angeles', 'Australia/Sydney']) roundTrip(tz, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1), HOUR)
    // … and every quarter hour of the two days around each 2026 change (and a day in Kathmandu, which has none).
    const around = (tz: string, day: string) => roundTrip(tz, Date.parse(`${day}T00:00:00Z`) - 24 * HOUR, Date.parse(`${day}T00:00:00Z`) + 24 * HOUR, HOUR / 4)
    for (const day of ['2026-03-08', '2026-11-01']) around('America/New_York', day)
    for (const day of ['2026-03-29', '2026-10-25']) around('Europe/Madrid', day)
    for (const day of ['2026-04-05', '2026-10-04']) around('Australia/Lord_Howe', day)
    around('Asia/Kathmandu', '2026-05-04')
    expect(wrong).toEqual([])
    expect(checked).toBe(2 * 365 * 24 + 7 * 2 * 96)
  })

  it('reads the autumn overlap as its first occurrence', () => {
    expect(instantOfWallTime('2026-11-01T01:30', 'America/Los_Angeles')).toBe('2026-11-01T08:30:00.000Z')
    expect(instantOfWallTime('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z')
    expect(instantOfWallTime('2026-10-25T02:30', 'Europe/Madrid')).toBe('2026-10-25T00:30:00.000Z')
    expect(instantOfWallTime('2026-10-25T02:30', 'Europe/Zurich')).toBe('2026-10-25T00:30:00.000Z')
    // Lord Howe goes back half an hour at 02:00 on 5 April 2026: 01:45 happens at +11 and again at +10:30.
    expect(instantOfWallTime('2026-04-05T01:45', 'Australia/Lord_Howe')).toBe('2026-04-04T14:45:00.000Z')
    expect(wallTimeOf('2026-04-04T15:15:00Z', 'Australia/Lord_Howe')).toBe('2026-04-05T01:45')
  })

  it('reads a time in the spring gap with the offset before the change, i.e. moved forward', () => {
    // 02:30 does not exist in New York on 8 March 2026: read at -5, i.e. 03:30 summer time.
    expect(instantOfWallTime('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z')
    expect(wallTimeOf('2026-03-08T07:30:00Z', 'America/New_York')).toBe('2026-03-08T03:30')
    expect(instantOfWallTime('2026-03-29T02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z')
    expect(instantOfWallTime('2026-03-29T02:30', 'Europe/Zurich')).toBe('2026-03-29T01:30:00.000Z')
    // Lord Howe jumps from 02:00 to 02:30 on 4 October 2026: 02:15 reads as 02:45.
    expect(wallTimeOf(instantOfWallTime('2026-10-04T02:15', 'Australia/Lord_Howe')!, 'Australia/Lord_Howe')).toBe('2026-10-04T02:45')
    // The demo seed's minutes-of-day form follows the same rule.
    expect(iso(instantOfLocalTime('2026-03-08', 150, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z')
    expect(iso(instantOfLocalTime('2026-11-01', 90, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z')
  })

  it('passes on what is not a wall time, so the schema names the field; an unknown zone is UTC', () => {
    expect(instantOfWallTime('yesterday', 'UTC')).toBeNull()
    expect(instantOfWallTime('2026-05-04T06:30', 'Not/AZone')).toBe('2026-05-04T06:30:00.000Z')
    const payload = payloadOf({ ...emptyValues('2026-05-04T06:30', 12000), timeOut: 'soon', odometerEnd: '12 100' }, { vehicleIdentifier: 'BUS-1', timeZone: 'UTC', today: '2026-05-04', idempotencyKey: 'k' })
    expect(payload).toMatchObject({ date: '2026-05-04', timeIn: '2026-05-04T06:30:00.000Z', timeOut: 'soon', odometerStart: 12000, odometerEnd: 12100 })
  })
})

describe('days in a zone', () => {
  it('a day starts at its local midnight; a DST day lasts 23 or 25 hours', () => {
    expect(iso(startOfLocalDay('2026-05-04', 'UTC'))).toBe('2026-05-04T00:00:00.000Z')
    expect(iso(startOfLocalDay('2026-05-04', 'Asia/Kathmandu'))).toBe('2026-05-03T18:15:00.000Z')
    expect(iso(startOfLocalDay('2026-01-15', 'Australia/Lord_Howe'))).toBe('2026-01-14T13:00:00.000Z')
    const spring = instantRangeOfDays('2026-03-08', '2026-03-08', 'America/New_York')
    expect([iso(spring.start), iso(spring.end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'])
    const autumn = instantRangeOfDays('2026-10-25', '2026-10-25', 'Europe/Madrid')
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR)
    const year = instantRangeOfDays('2026-01-01', '2026-12-31', 'Europe/Madrid')
    expect([iso(year.start), iso(year.end)]).toEqual(['2025-12-31T23:00:00.000Z', '2026-12-31T23:00:00.000Z'])
  })

  it('a day whose midnight the zone skips starts at the first instant that exists', () => {
    // Chile moves 00:00 to 01:00 on 6 September 2026: the day starts at 01:00 (-03), not in the day before.
    const start = startOfLocalDay('2026-09-06', 'America/Santiago')
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z')
    expect(wallTimeOf(start, 'America/Santiago')).toBe('2026-09-06T01:00')
    expect(wallTimeOf(start.getTime() - 1, 'America/Santiago')).toBe('2026-09-05T23:59')
  })

  it('the exports and the demo seed use these functions, not their own', () => {
    expect(instantRange).toBe(instantRangeOfDays)
    expect(zoned).toBe(instantOfLocalTime)
    expect(localDateTime(Date.parse('2026-07-01T10:30:00Z'), 'America/New_York')).toBe('2026-07-01 06:30')
    expect(localDateTime(null, 'UTC')).toBeNull()
  })
})

/** Issue 39: the pre-trips saved on the phone show when they were saved as the form said its times, in the company's zone, named. */
describe('the outbox of saved pre-trips', () => {
  const queuedAt = Date.parse('2026-01-15T17:05:00Z')
  it('shows the time in the company zone the form used, with its abbreviation, in the page language', () => {
    expect(queuedAtText({ queuedAt, timeZone: 'America/Los_Angeles' }, 'en')).toBe('Jan 15, 2026, 9:05 AM PST')
    expect(queuedAtText({ queuedAt, timeZone: 'America/Los_Angeles' }, 'es')).toBe(formatInstant('2026-01-15T17:05:00.000Z', 'America/Los_Angeles', 'es'))
    expect(queuedAtText({ queuedAt, timeZone: 'America/Los_Angeles' }, 'es')).toMatch(/9:05.*PST/)
    // The form and the outbox agree: the same instant, the same zone.
    expect(wallTimeOf(queuedAt, 'America/Los_Angeles')).toBe('2026-01-15T09:05')
  })
  it('an entry saved before the zone was kept shows the phone zone (UTC here), still named', () => {
    expect(queuedAtText({ queuedAt }, 'en')).toBe('Jan 15, 2026, 5:05 PM UTC')
  })
})
