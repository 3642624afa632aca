/**
 * Demo driver records (issue 37, decision 086): the operators' driver qualification files, drug
 * and alcohol tests and two weeks of hours of service, so /driverFiles, /hours, /duty and the
 * operator dashboard's driver card show real states.
 *
 * - Every Driver of an operator company (Evergreen, Pacific Crest, Cascade) has a file hired on
 *   the day the role began, with the hiring items and their documents.
 * - Most files are complete; a few are not, so every state shows: Tyler's medical certificate
 *   expires in 12 days (Due soon), Kevin's annual review is 20 days overdue, Rosa has no road
 *   test certificate (Missing). Aisha left Evergreen 30 days ago: a former driver's file.
 * - A pre-employment drug test for each, random tests for some (all negative but one refusal at
 *   Pacific Crest, kept five years).
 * - Fourteen days of duty: an early shift of driving and on-duty work on weekdays. Maria (the
 *   demo's Evergreen driver with the longest day) came on duty 14 h 10 min ago and is still on
 *   duty, so the 15-hour warning shows.
 *
 * Deterministic: its own PRNG and dates relative to `now`.
 */
import * as t from '#db/schema/index.ts'
import type { DriverFileItemKind } from '#catalog/drivers.ts'
import { plusMonths } from '#catalog/compliance.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import { simplePdf } from './assets.ts'
import { companySpec, STAFF } from './cast.ts'
import { DAY, HOUR, insertMany, MINUTE, Random, zoned, type SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'

const OPERATORS = new Set(['evergreen', 'pacific', 'cascade'])
const DUTY_DAYS = 14

export async function seedDriverRecords(s: SeedContext, people: SeededPeople): Promise<void> {
  const { tx, now, nowMs } = s
  const rnd = new Random(20261129)
  const periods: (typeof t.dutyPeriods.$inferInsert)[] = []
  for (const m of STAFF) {
    if (m.role !== 'Driver' || !OPERATORS.has(m.company)) continue
    const spec = companySpec(m.company)
    const companyId = people.cid(m.company)
    const manager = people.uid(spec.manager)
    const driverUserId = people.uid(m.person)
    const today = todayIn(spec.timeZone, now)
    const hiredOn = todayIn(spec.timeZone, new Date(nowMs - m.daysAgo * DAY))
    const ended = m.deactivatedDaysAgo !== undefined ? new Date(nowMs - m.deactivatedDaysAgo * DAY) : null
    const [file] = await tx
      .insert(t.driverFiles)
      .values({ companyId, driverUserId, hiredOn, employmentEndedAt: ended, createdAt: new Date(nowMs - m.daysAgo * DAY), updatedAt: now })
      .returning({ id: t.driverFiles.id })
    const fileId = file!.id
    const name = people.nameOf(m.person)

    const document = async (title: string, day: string): Promise<number> => {
      const bytes = simplePdf(title, [name, spec.name, day])
      const { blobId } = await writeBlob(tx, bytes)
      const [doc] = await tx
        .insert(t.driverDocuments)
        .values({ companyId, driverFileId: fileId, blobId, fileName: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`, contentType: 'application/pdf', sizeBytes: bytes.byteLength, uploadedByUserId: manager, uploadedAt: now })
        .returning({ id: t.driverDocuments.id })
      return doc!.id
    }
    const item = async (kind: DriverFileItemKind, itemDate: string, title: string, expiryDate: string | null = null, note: string | null = null) => {
      await tx.insert(t.driverFileItems).values({ driverFileId: fileId, companyId, kind, itemDate, expiryDate, note, documentId: await document(title, itemDate), createdByUserId: manager, createdAt: now, updatedAt: now })
    }

    // Hiring: application, MVR, previous employers, road test (Rosa's is missing), the medical certificate.
    await item('application', hiredOn, 'Application for employment')
    await item('mvrHiring', hiredOn, 'Motor vehicle record')
    await item('previousEmployers', hiredOn, 'Previous employers')
    if (m.person !== 'rosa') await item('roadTest', hiredOn, 'Road test certificate')
    // The medical certificate: the latest one, valid two years (Tyler's runs out in 12 days).
    const medIssued = m.person === 'tyler' ? plusMonths(addDaysTo(today, 12), -24) : addDaysTo(today, -rnd.int(60, 500))
    await item('medicalCertificate', medIssued, 'Medical examiner certificate', plusMonths(medIssued, 24))
    // The yearly items, once a year since hiring (Kevin's last review is 12 months and 20 days old).
    for (let year = 1; plusMonths(hiredOn, 12 * year) <= today; year++) {
      const due = plusMonths(hiredOn, 12 * year)
      const done = addDaysTo(due, -rnd.int(3, 20))
      await item('mvrAnnual', done, 'Annual motor vehicle record')
      await item('violationsList', done, 'List of violations')
      await item('clearinghouseQuery', done, 'Clearinghouse query')
      const lateReview = m.person === 'kevin' && plusMonths(hiredOn, 12 * (year + 1)) > today
      await item('annualReview', lateReview ? addDaysTo(today, -(365 + 20)) : done, 'Annual review')
    }
    if (plusMonths(hiredOn, 12) > today) {
      // Hired less than a year ago: the first query was at hiring.
      await item('clearinghouseQuery', hiredOn, 'Clearinghouse query')
    }

    // Tests: pre-employment at hiring, then a few random ones.
    const tests: (typeof t.driverTests.$inferInsert)[] = [
      { driverFileId: fileId, companyId, substance: 'drug', testType: 'preEmployment', testDate: hiredOn, result: 'negative', collectionSite: 'Portland Occupational Health', createdByUserId: manager, createdAt: now, updatedAt: now },
    ]
    for (let k = 0; k < 2; k++) {
      const testDate = addDaysTo(today, -rnd.int(20, 330))
      if (testDate < hiredOn) continue
      const refusal = m.person === 'kevin' && k === 0
      tests.push({ driverFileId: fileId, companyId, substance: k === 0 ? 'drug' : 'alcohol', testType: 'random', testDate, result: refusal ? 'refusal' : 'negative', collectionSite: 'Concentra Portland', createdByUserId: manager, createdAt: now, updatedAt: now })
    }
    await insertMany(tx, t.driverTests, tests)

    // Hours: weekday shifts of the last two weeks, in the company's time zone.
    if (ended) continue
    for (let d = DUTY_DAYS; d >= 1; d--) {
      const day = addDaysTo(today, -d)
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
      if (weekday === 0 || weekday === 6) continue
      // Maria's long day started yesterday evening or this morning: no shift of hers just before it.
      if (m.person === 'maria' && d <= 2) continue
      const startMin = 5 * 60 + rnd.int(0, 90)
      let at = zoned(day, startMin, spec.timeZone).getTime()
      const push = (status: 'driving' | 'onDuty', minutes: number) => {
        periods.push({ companyId, driverUserId, status, startedAt: new Date(at), endedAt: new Date(at + minutes * MINUTE), source: 'phone', createdByUserId: driverUserId, createdAt: now, updatedAt: now })
        at += minutes * MINUTE
      }
      push('onDuty', 20 + rnd.int(0, 10))
      push('driving', 150 + rnd.int(0, 60))
      push('onDuty', 45)
      push('driving', 120 + rnd.int(0, 90))
      push('onDuty', 15)
    }
    // Maria, now: on duty for 14 h 10 min, the last stretch still open.
    if (m.person === 'maria') {
      let at = nowMs - (14 * HOUR + 10 * MINUTE)
      const steps: ['driving' | 'onDuty', number][] = [['onDuty', 30], ['driving', 240], ['onDuty', 60], ['driving', 240], ['onDuty', 90]]
      for (const [status, minutes] of steps) {
        periods.push({ companyId, driverUserId, status, startedAt: new Date(at), endedAt: new Date(at + minutes * MINUTE), source: 'phone', createdByUserId: driverUserId, createdAt: now, updatedAt: now })
        at += minutes * MINUTE
      }
      periods.push({ companyId, driverUserId, status: 'onDuty', startedAt: new Date(at), endedAt: null, source: 'phone', createdByUserId: driverUserId, createdAt: now, updatedAt: now })
    }
  }
  await insertMany(tx, t.dutyPeriods, periods)
}

function addDaysTo(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)
}
