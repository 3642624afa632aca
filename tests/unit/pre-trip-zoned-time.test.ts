import { describe, expect, it } from 'vitest'
import { emptyValues } from '#app/components/pre-trip/payload.ts'
import { payloadOf } from '#app/components/pre-trip/payload-body.ts'
import { instantOfWallTime, wallTimeOf } from '#app/components/pre-trip/zoned-time.ts'

/** The pre-trip's time fields show the operator company's wall time; the API takes instants (decision 031). */
describe('company wall time ↔ instant', () => {
  it('converts both ways in zones with and without daylight saving', () => {
    expect(instantOfWallTime('2026-07-01T06:30', 'America/New_York')).toBe('2026-07-01T10:30:00.000Z')
    expect(instantOfWallTime('2026-01-15T06:30', 'America/New_York')).toBe('2026-01-15T11:30:00.000Z')
    expect(instantOfWallTime('2026-03-29T01:59', 'Europe/Zurich')).toBe('2026-03-29T00:59:00.000Z')
    expect(instantOfWallTime('2026-03-29T03:00', 'Europe/Zurich')).toBe('2026-03-29T01:00:00.000Z')
    expect(instantOfWallTime('2026-05-04T06:30', 'UTC')).toBe('2026-05-04T06:30:00.000Z')
    expect(wallTimeOf('2026-07-01T10:30:00Z', 'America/New_York')).toBe('2026-07-01T06:30')
    expect(wallTimeOf('2026-12-31T23:30:00Z', 'Asia/Tokyo')).toBe('2027-01-01T08:30')
  })

  it('round-trips every hour of a year in a few zones (the repeated autumn hour reads as its first)', () => {
    for (const tz of ['America/Los_Angeles', 'Australia/Sydney']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
        const wall = wallTimeOf(t, tz)
        const back = instantOfWallTime(wall, tz)!
        expect(wallTimeOf(back, tz)).toBe(wall)
        expect(Date.parse(back) === t || Date.parse(back) === t - 3_600_000).toBe(true)
      }
    }
    expect(instantOfWallTime('2026-11-01T01:30', 'America/Los_Angeles')).toBe('2026-11-01T08:30:00.000Z')
    expect(instantOfWallTime('2026-10-25T02:30', 'Europe/Zurich')).toBe('2026-10-25T00:30:00.000Z')
    // The spring gap (02:30 does not exist in Zurich on 29 March): read with the winter offset, i.e. 03:30 summer time.
    expect(instantOfWallTime('2026-03-29T02:30', 'Europe/Zurich')).toBe('2026-03-29T01:30:00.000Z')
  })

  it('passes on what is not a wall time, so the schema names the field; an unknown zone is UTC', () => {
    expect(instantOfWallTime('yesterday', 'UTC')).toBeNull()
    expect(instantOfWallTime('2026-05-04T06:30', 'Not/AZone')).toBe('2026-05-04T06:30:00.000Z')
    const payload = payloadOf({ ...emptyValues('2026-05-04T06:30', 12000), timeOut: 'soon', odometerEnd: '12 100' }, { vehicleIdentifier: 'BUS-1', timeZone: 'UTC', today: '2026-05-04', idempotencyKey: 'k' })
    expect(payload).toMatchObject({ date: '2026-05-04', timeIn: '2026-05-04T06:30:00.000Z', timeOut: 'soon', odometerStart: 12000, odometerEnd: 12100 })
  })
})
