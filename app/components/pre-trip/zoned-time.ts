/**
 * Wall-clock times of the operator company's time zone (browser-safe): the pre-trip's
 * `datetime-local` fields show and take the company's time, the API takes ISO instants.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone (an unknown zone reads as UTC). */
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

function partsIn(instant: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const p of formatIn(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') out[p.type] = Number(p.value)
  return out
}

/** The zone's offset from UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone)
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!)
  return asUtc - Math.floor(instant / 1000) * 1000
}

/** An instant as the zone's wall time, `YYYY-MM-DDTHH:mm` (a `datetime-local` value). */
export function wallTimeOf(instant: Date | number | string, timeZone: string): string {
  const t = new Date(instant).getTime()
  if (Number.isNaN(t)) return ''
  const p = partsIn(t, timeZone)
  const pad = (n: number | undefined, w = 2) => String(n ?? 0).padStart(w, '0')
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`
}

/** The zone's wall time `YYYY-MM-DDTHH:mm` as an ISO instant; null when it is not such a time. */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const m = WALL.exec(wall.trim())
  if (!m) return null
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  const guess = Date.UTC(y, mo - 1, d, h, mi)
  if (Number.isNaN(guess)) return null
  // The offsets a day before and after cover any transition: a wall time that exists is read with
  // the offset that gives it back (the repeated autumn hour as its first occurrence); one that
  // does not (the spring gap) with the offset before the change, i.e. moved forward.
  const before = guess - offsetAt(guess - 86_400_000, timeZone)
  const after = guess - offsetAt(guess + 86_400_000, timeZone)
  const wallOf = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`
  const fits = [before, after].filter((c) => wallTimeOf(c, timeZone) === wallOf)
  const t = fits.length ? Math.min(...fits) : before
  return new Date(t).toISOString()
}

/** The calendar date of a wall time (`YYYY-MM-DD`), or '' */
export function dateOfWallTime(wall: string): string {
  return WALL.test(wall.trim()) ? wall.trim().slice(0, 10) : ''
}
