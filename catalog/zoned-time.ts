/**
 * Wall-clock time in an IANA time zone ↔ instants, on Intl alone (browser and server): the
 * pre-trip's `datetime-local` fields, the exports' date ranges and CSV times, the demo seed.
 * One offset computation; an unknown or empty zone reads as UTC.
 *
 * DST edges, everywhere the same: a wall time the zone repeats (the autumn fall-back hour) reads
 * as its first occurrence; one the zone skips (the spring gap) is read with the offset before the
 * change, i.e. moved forward by the gap (02:30 in a 1-hour gap is 03:30). So a day whose midnight
 * falls in a gap starts at the first instant that exists.
 */

const DAY_MS = 86_400_000
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone; an unknown zone gets UTC's. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone)
  if (!f) {
    const make = (tz: string) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    try {
      f = make(timeZone || 'UTC')
    } catch {
      f = make('UTC')
    }
    formats.set(timeZone, f)
  }
  return f
}

/** The zone's wall clock at `instant` (ms since the epoch). */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const out: Record<string, number> = {}
  for (const p of formatIn(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') out[p.type] = Number(p.value)
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! }
}

/** The zone's offset at `instant`: its wall time minus UTC, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000
}

/**
 * The instant of a wall time, given as the ms the same date and time would be in UTC. The offsets
 * a day before and after cover any transition: the earliest candidate whose wall time gives it
 * back (the first occurrence of a repeated time), else, in a gap, the one with the offset before.
 */
function instantOfWallMs(wall: number, timeZone: string): number {
  const before = wall - zoneOffsetMs(wall - DAY_MS, timeZone)
  const after = wall - zoneOffsetMs(wall + DAY_MS, timeZone)
  const fits = [before, after].filter((c) => c + zoneOffsetMs(c, timeZone) === wall)
  return fits.length ? Math.min(...fits) : before
}

/** The instant of `minutesOfDay` minutes after midnight of `date` (YYYY-MM-DD) on the zone's clock. */
export function instantOfLocalTime(date: string, minutesOfDay: number, timeZone: string): Date {
  return new Date(instantOfWallMs(Date.parse(`${date}T00:00:00Z`) + minutesOfDay * 60_000, timeZone))
}

/** The instant a calendar day (YYYY-MM-DD) starts in the zone: its midnight, or the first instant after a gap. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return instantOfLocalTime(date, 0, timeZone)
}

/** [start of `from`, start of the day after `to`) in the zone: the instants of an inclusive date range. */
export function instantRangeOfDays(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
  return { start: startOfLocalDay(from, timeZone), end: startOfLocalDay(dayAfter, timeZone) }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function dateText(w: WallClock): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`
}

/** An instant as the zone's wall time, `YYYY-MM-DDTHH:mm` (a `datetime-local` value); '' for an invalid instant. */
export function wallTimeOf(instant: Date | number | string, timeZone: string): string {
  const t = new Date(instant).getTime()
  if (Number.isNaN(t)) return ''
  const w = wallClockAt(t, timeZone)
  return `${dateText(w)}T${pad(w.hour)}:${pad(w.minute)}`
}

/** An instant as the zone's `YYYY-MM-DD HH:mm` (what CSVs and the activity log show). */
export function localDateTimeText(instant: Date | number, timeZone: string): string {
  const w = wallClockAt(typeof instant === 'number' ? instant : instant.getTime(), timeZone)
  return `${dateText(w)} ${pad(w.hour)}:${pad(w.minute)}`
}

/** The zone's wall time `YYYY-MM-DDTHH:mm` as an ISO instant; null when it is not such a time. */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const m = WALL_TIME.exec(wall.trim())
  if (!m) return null
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  if (Number.isNaN(asUtc)) return null
  return new Date(instantOfWallMs(asUtc, timeZone)).toISOString()
}

/** The calendar date of a wall time `YYYY-MM-DDTHH:mm` (`YYYY-MM-DD`), or ''. */
export function dateOfWallTime(wall: string): string {
  return WALL_TIME.test(wall.trim()) ? wall.trim().slice(0, 10) : ''
}
