/**
 * The iCalendar writer of the calendar feed (issue 35, decision 084): RFC 5545's escaping, the
 * 75-octet folding that never cuts a UTF-8 character, CRLF line ends, all-day events — and what
 * it writes is read back by a real parser (ical.js) as the same text and days.
 */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { escapeText, foldLine, icalInstant, nextDay, writeCalendar } from '#server/calendar/ical.ts'

describe('the iCalendar writer', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('folds at 75 octets, continuation lines start with one space, a multi-byte character is never split', () => {
    const line = `SUMMARY:${'ñ'.repeat(100)}`
    const folded = foldLine(line)
    const parts = folded.split('\r\n')
    expect(parts.length).toBeGreaterThan(1)
    for (const [i, p] of parts.entries()) {
      expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75)
      if (i > 0) expect(p.startsWith(' ')).toBe(true)
      expect(Buffer.from(p, 'utf8').toString('utf8')).not.toContain('\uFFFD')
    }
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line)
    expect(foldLine('SHORT:x')).toBe('SHORT:x')
  })

  it('writes CRLF lines, all-day events with an exclusive end, and a real parser reads them back', () => {
    const summary = 'BUS-7: Oil, filter; and "brakes" \\ check — revisión ñandú '.repeat(3)
    const text = writeCalendar({
      prodId: '-//Operon//Test//EN',
      name: 'Test',
      stamp: new Date('2026-03-01T12:34:56.789Z'),
      events: [{ uid: 'task-1-2@operon', date: '2026-12-31', summary, description: 'line one\nline two', categories: ['Maintenance'], url: 'https://operon.test/x' }],
    })
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(text).toContain('DTSTART;VALUE=DATE:20261231\r\n')
    expect(text).toContain('DTEND;VALUE=DATE:20270101\r\n')
    expect(text).toContain('DTSTAMP:20260301T123456Z\r\n')
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    const cal = new ICAL.Component(ICAL.parse(text))
    const [vevent] = cal.getAllSubcomponents('vevent')
    const event = new ICAL.Event(vevent)
    expect(event.uid).toBe('task-1-2@operon')
    expect(event.summary).toBe(summary)
    expect(event.description).toBe('line one\nline two')
    expect(event.startDate.isDate).toBe(true)
    expect(event.startDate.toString()).toBe('2026-12-31')
  })

  it('dates', () => {
    expect(nextDay('2028-02-28')).toBe('2028-02-29')
    expect(nextDay('2026-02-28')).toBe('2026-03-01')
    expect(icalInstant(new Date('2026-01-02T03:04:05Z'))).toBe('20260102T030405Z')
  })
})
