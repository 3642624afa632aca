/**
 * The demo's driver records (issue 37, server/demo/drivers.ts): every driver of an operator has a
 * file at each operator, the states the demo promises show (a medical certificate due soon, an
 * annual review overdue, a missing road test, a former driver), duty periods never overlap and
 * one driver is far enough into a long day for the 15-hour warning. Two clocks: the demo's data
 * is relative to `now`, so nothing depends on today's date.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { plusMonths } from '#catalog/compliance.ts'
import { createTestDb } from '#tests/helpers/db.ts'

for (const NOW of [new Date('2026-11-23T03:30:00Z'), new Date('2027-07-04T19:05:00Z')]) {
  describe(`demo driver records (now ${NOW.toISOString()})`, () => {
    let db: Database
    beforeAll(async () => {
      db = createTestDb()
      await seedDemoData(db, { now: NOW })
    }, 120_000)
    afterAll(() => db.close())

    const byName = async (first: string) =>
      (await db.read.get<{ fileId: number; hiredOn: string; ended: number | null }>(sql`
        SELECT f.id AS fileId, f.hired_on AS hiredOn, f.employment_ended_at AS ended
        FROM driver_files f JOIN users u ON u.id = f.driver_user_id WHERE u.first_name = ${first} LIMIT 1`))!

    it('gives every driver of an operator one file per operator, each with documents', async () => {
      const files = await db.read.all<{ n: number }>(sql`
        SELECT count(*) AS n FROM memberships m JOIN company_types ct ON ct.company_id = m.company_id AND ct.type = 'Operator'
        WHERE m.role_id = 4 AND NOT EXISTS (SELECT 1 FROM driver_files f WHERE f.company_id = m.company_id AND f.driver_user_id = m.user_id)`)
      expect(files[0]!.n).toBe(0)
      const count = await db.read.get<{ n: number }>(sql`SELECT count(*) AS n FROM driver_files`)
      expect(count!.n).toBeGreaterThanOrEqual(9)
      const undocumented = await db.read.get<{ n: number }>(sql`SELECT count(*) AS n FROM driver_file_items WHERE document_id IS NULL`)
      expect(undocumented!.n).toBe(0)
    })

    it('shows a medical certificate due soon, an overdue annual review, a missing road test and a former driver', async () => {
      const tyler = await byName('Tyler')
      const med = await db.read.get<{ expiry: string }>(sql`SELECT max(expiry_date) AS expiry FROM driver_file_items WHERE driver_file_id = ${tyler.fileId} AND kind = 'medicalCertificate'`)
      const daysLeft = (Date.parse(med!.expiry) - Date.parse(NOW.toISOString().slice(0, 10))) / 86_400_000
      expect(daysLeft).toBeGreaterThan(0)
      expect(daysLeft).toBeLessThanOrEqual(30)

      const kevin = await byName('Kevin')
      const review = await db.read.get<{ last: string }>(sql`SELECT max(item_date) AS last FROM driver_file_items WHERE driver_file_id = ${kevin.fileId} AND kind = 'annualReview'`)
      expect(plusMonths(review!.last, 12) < NOW.toISOString().slice(0, 10)).toBe(true)

      const rosa = await byName('Rosa')
      const road = await db.read.get<{ n: number }>(sql`SELECT count(*) AS n FROM driver_file_items WHERE driver_file_id = ${rosa.fileId} AND kind = 'roadTest'`)
      expect(road!.n).toBe(0)

      const aisha = await byName('Aisha')
      expect(aisha.ended).not.toBeNull()
    })

    it('keeps duty periods apart, and has one driver 14 hours into a duty day', async () => {
      const overlaps = await db.read.get<{ n: number }>(sql`
        SELECT count(*) AS n FROM duty_periods a JOIN duty_periods b
          ON a.company_id = b.company_id AND a.driver_user_id = b.driver_user_id AND a.id < b.id
        WHERE a.started_at < coalesce(b.ended_at, ${NOW.getTime()}) AND b.started_at < coalesce(a.ended_at, ${NOW.getTime()})`)
      expect(overlaps!.n).toBe(0)
      const open = await db.read.all<{ first: string; since: number }>(sql`
        SELECT u.first_name AS first, (SELECT min(p2.started_at) FROM duty_periods p2 WHERE p2.driver_user_id = p.driver_user_id AND p2.company_id = p.company_id AND p2.started_at > ${NOW.getTime() - 15 * 3_600_000}) AS since
        FROM duty_periods p JOIN users u ON u.id = p.driver_user_id WHERE p.ended_at IS NULL`)
      expect(open.map((o) => o.first)).toEqual(['Maria'])
      const onDutyMinutes = (NOW.getTime() - open[0]!.since) / 60_000
      expect(onDutyMinutes).toBeGreaterThanOrEqual(14 * 60)
      expect(onDutyMinutes).toBeLessThan(15 * 60)
    })

    it('records a refusal among the tests, and no test in the future', async () => {
      const results = await db.read.all<{ result: string; n: number }>(sql`SELECT result, count(*) AS n FROM driver_tests GROUP BY result ORDER BY result`)
      expect(results.map((r) => r.result)).toEqual(['negative', 'refusal'])
      const future = await db.read.get<{ n: number }>(sql`SELECT count(*) AS n FROM driver_tests WHERE test_date > ${NOW.toISOString().slice(0, 10)}`)
      expect(future!.n).toBe(0)
    })
  })
}
