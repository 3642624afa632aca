/**
 * A small iCalendar writer (RFC 5545) for the personal calendar feed (issue 35, decision 084):
 * all-day events only. Text values are escaped (backslash, semicolon, comma, line breaks),
 * content lines are folded at 75 octets without cutting a UTF-8 character in two, and every
 * line ends with CRLF. No dependency: the format needed here is a page of rules.
 */

/** One all-day event. */
export interface IcalEvent {
  /** Stable across fetches (the calendar application updates the event in place). */
  uid: string
  /** 'YYYY-MM-DD': the day of the event. */
  date: string
  summary: string
  description?: string
  url?: string
  categories?: readonly string[]
}

export interface IcalCalendar {
  /** PRODID: who wrote the calendar. */
  prodId: string
  /** X-WR-CALNAME: the name calendar applications show. */
  name: string
  /** DTSTAMP of every event: when this calendar was written. */
  stamp: Date
  events: readonly IcalEvent[]
}

const CRLF = '\r\n'
const MAX_OCTETS = 75

/** RFC 5545 3.3.11: `\` `;` `,` escaped, line breaks as `\n`; other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '') // eslint-disable-line no-control-regex
}

/**
 * RFC 5545 3.1: a content line longer than 75 octets is split, each continuation starting with
 * one space (which counts in its 75). Splits fall between characters, never inside one.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line
  const parts: string[] = []
  let current = ''
  let octets = 0
  let limit = MAX_OCTETS
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8')
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = MAX_OCTETS - 1 // the leading space of a continuation line
    }
    current += ch
    octets += size
  }
  parts.push(current)
  return parts.join(`${CRLF} `)
}

/** 'YYYY-MM-DD' → 'YYYYMMDD' (a DATE value). */
export function icalDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Not a date: ${day}`)
  return day.replaceAll('-', '')
}

/** The day after 'YYYY-MM-DD' (an all-day event's DTEND is exclusive). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/** A DATE-TIME in UTC: 'YYYYMMDDTHHMMSSZ'. */
export function icalInstant(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
}

/** The whole calendar: VCALENDAR with one VEVENT per event, folded, CRLF line ends. */
export function writeCalendar(cal: IcalCalendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(cal.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
  ]
  const stamp = icalInstant(cal.stamp)
  for (const e of cal.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icalDate(e.date)}`,
      `DTEND;VALUE=DATE:${icalDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
    )
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`)
    if (e.categories?.length) lines.push(`CATEGORIES:${e.categories.map(escapeText).join(',')}`)
    if (e.url) lines.push(`URL:${e.url}`)
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join(CRLF) + CRLF
}
