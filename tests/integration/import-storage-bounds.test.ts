/**
 * Storage a stranger cannot fill (issue 38 point 4): a company's staged fleet import previews are
 * bounded in number and in bytes, with a clear 429 that says what to do; nothing is stored by a
 * refused upload; another company is not affected. Previews are checked one at a time per process
 * with a few waiting (issue 38 point 3: memory), the rest answered 503 with Retry-After. On both drivers.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { fleetImports } from '#db/schema/index.ts'
import { FLEET_IMPORTS_STAGED_MAX, FLEET_IMPORTS_STAGED_MAX_BYTES } from '#catalog/fleet-csv.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { previewFleetImport } from '#server/fleet/import/fleet-import.server.ts'
import { CSV_PREVIEW_LIMITS, csvPreviewQueue } from '#server/limits/work-queue.server.ts'
import type { VinDecodeResult } from '#server/fleet/vin-decode.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

const NOW = new Date('2026-11-27T12:00:00Z')
const decode = async (vin: string) => ({ found: false, vin, source: 'offline' }) as unknown as VinDecodeResult
let seq = 0
const csv = () => `vin,licensePlate\r\n${withVinCheckDigit(`1HVBTAFM0NH${String(400000 + seq++).slice(-6)}`)},BND ${seq}\r\n`

describe.each(DRIVERS)('staged import bounds on %s', (driver) => {
  let db: Database
  const ids = {} as { a: number; b: number; managerA: number; managerB: number }
  beforeAll(async () => {
    db = createTestDb(driver)
    ids.a = (await createCompany(db, 'Bound A', ['Owner'])).id
    ids.b = (await createCompany(db, 'Bound B', ['Owner'])).id
    ids.managerA = (await createUser(db)).id
    ids.managerB = (await createUser(db)).id
    await grantRole(db, ids.managerA, ids.a, 'Owner')
    await grantRole(db, ids.managerB, ids.b, 'Owner')
  })
  afterAll(() => db.close())

  const upload = async (companyId: number, userId: number) => previewFleetImport(await ctxFor(db, userId, NOW), { companyId, fileName: 'x.csv', csv: csv() }, { decode })
  const staged = async (companyId: number) =>
    (await db.read.select({ n: sql<number>`count(*)` }).from(fleetImports).where(and(eq(fleetImports.companyId, companyId), eq(fleetImports.status, 'staged'))))[0]!.n

  it(`keeps at most ${FLEET_IMPORTS_STAGED_MAX} uploads waiting per company`, async () => {
    for (let i = 0; i < FLEET_IMPORTS_STAGED_MAX; i++) await upload(ids.a, ids.managerA)
    await expect(upload(ids.a, ids.managerA)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining(`already has ${FLEET_IMPORTS_STAGED_MAX} uploads waiting`) })
    expect(await staged(ids.a)).toBe(FLEET_IMPORTS_STAGED_MAX)
    // Another company is not affected.
    await expect(upload(ids.b, ids.managerB)).resolves.toMatchObject({ status: 'staged' })
  })

  it('checks one file at a time and lets a few wait: the rest get a 503 with Retry-After', async () => {
    const c = (await createCompany(db, 'Burst Co', ['Owner'])).id
    const m = (await createUser(db)).id
    await grantRole(db, m, c, 'Owner')
    const burst = Array.from({ length: 2 + CSV_PREVIEW_LIMITS.concurrent + CSV_PREVIEW_LIMITS.queued }, () => upload(c, m))
    const outcomes = await Promise.allSettled(burst)
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as { code: string; retryAfter?: number })
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(CSV_PREVIEW_LIMITS.concurrent + CSV_PREVIEW_LIMITS.queued)
    expect(refused).toHaveLength(2)
    for (const r of refused) expect(r).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: CSV_PREVIEW_LIMITS.retryAfterSeconds })
    expect(csvPreviewQueue.state()).toEqual({ active: 0, waiting: 0 })
  })

  it('bounds the bytes the waiting previews take together', async () => {
    // Company B's one waiting upload, grown to just under the bound (as a few large previews would).
    const pad = Math.floor((FLEET_IMPORTS_STAGED_MAX_BYTES - 400) / 2)
    await db.transaction(async (tx) => tx.run(sql`UPDATE fleet_imports SET preview = preview || hex(zeroblob(${pad})) WHERE company_id = ${ids.b}`))
    await expect(upload(ids.b, ids.managerB)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('import or discard some of them first') })
    expect(await staged(ids.b)).toBe(1)
  })
})
