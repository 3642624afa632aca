/**
 * Decision 050: GET /api/Fleet/getAllVehicles is written vehicle by vehicle (pages of
 * VEHICLE_LIST_PAGE by keyset), with the bytes of the whole answer built at once, on both
 * drivers; later pages are read only when the reader asks for them.
 */
import { asc, and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { vehicleImages, vehicles } from '#db/schema/index.ts'
import { writeBlob } from '#server/blobs/blob-store.server.ts'
import { getAllOwnerVehicles, VEHICLE_LIST_PAGE, vehicleJson } from '#server/fleet/vehicles.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { storedBytes } from '#tests/helpers/blobs.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'
import { ctxFor } from '#tests/helpers/auth.ts'

const COUNT = VEHICLE_LIST_PAGE * 2 + 7

describe.each(DRIVERS)('getAllVehicles streamed (%s)', (driver) => {
  let db: Database
  let owner: number
  let other: number
  let token: string
  let ownerUser: number
  let otherToken: string

  const row = (ownerCompanyId: number, i: number, prefix = 'STR') => ({
    ownerCompanyId,
    make: 'Blue Bird',
    model: 'Vision',
    vin: `1BAKGCPA0NF${String(100000 + i)}`,
    vehicleIdentifier: `${prefix}-${String(i).padStart(4, '0')}`,
    licensePlate: `ST-${i}`,
    numberOfSeats: i % 2 ? 48 : null,
  })

  beforeAll(async () => {
    db = createTestDb(driver)
    owner = (await createCompany(db, 'Stream Test Leasing', ['Owner'])).id
    other = (await createCompany(db, 'Other Stream Owner', ['Owner'])).id
    const user = (await createUser(db)).id
    const otherUser = (await createUser(db)).id
    await grantRole(db, user, owner, 'Owner')
    await grantRole(db, otherUser, other, 'Owner')
    token = await apiTokenFor(db, user)
    ownerUser = user
    otherToken = await apiTokenFor(db, otherUser)
    await db.transaction(async (tx) => {
      // Inserted out of order: the answer is ordered by identifier, not by id.
      const ids = Array.from({ length: COUNT }, (_, i) => (i * 37) % COUNT)
      const inserted = await tx.insert(vehicles).values(ids.map((i) => row(owner, i))).returning({ id: vehicles.id, ident: vehicles.vehicleIdentifier })
      // A picture on every third vehicle (bytes as stored; the list base64-encodes them).
      const pictures = []
      for (const [k, v] of inserted.filter((_, k) => k % 3 === 0).entries()) {
        pictures.push({ vehicleId: v.id, ...(await writeBlob(tx, Buffer.from(`picture ${v.ident} ${'x'.repeat(k % 50)}`))), contentType: 'image/jpeg' })
      }
      await tx.insert(vehicleImages).values(pictures)
      await tx.insert(vehicles).values({ ...row(owner, 9000), archivedAt: new Date() })
      await tx.insert(vehicles).values(row(other, 9001, 'OTH'))
    })
  })
  afterAll(() => db.close())

  const get = (t: string, companyId: number) =>
    handleRestRequest(new Request(`http://localhost/api/Fleet/getAllVehicles?companyId=${companyId}`, { headers: { authorization: `Bearer ${t}` } }), db, '127.0.0.1')

  /** The answer as it was built before streaming: every row, every picture, one JSON.stringify. */
  async function wholeAnswer(): Promise<string> {
    const rows = await db.read.select().from(vehicles).where(and(eq(vehicles.ownerCompanyId, owner), isNull(vehicles.archivedAt))).orderBy(asc(vehicles.vehicleIdentifier))
    const images = new Map<number, string>()
    for (const i of await db.read.select().from(vehicleImages)) images.set(i.vehicleId, (await storedBytes(db, i.blobId)).toString('base64'))
    return JSON.stringify(rows.map((r) => ({ ...vehicleJson(r, images.get(r.id) ?? null), outOfService: false })))
  }

  it('answers the bytes of the whole answer, in chunks, without a length, across pages', async () => {
    const res = await get(token, owner)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('content-length')).toBeNull()
    expect(res.headers.get('transfer-encoding')).toBe('chunked')
    const text = await res.text()
    expect(text).toBe(await wholeAnswer())
    const list = JSON.parse(text) as { vehicleIdentifier: string; imageData: string | null }[]
    expect(list).toHaveLength(COUNT)
    expect(list.filter((v) => v.imageData).length).toBe(Math.ceil(COUNT / 3))
    // The use case's array is the same list.
    expect(JSON.stringify(await getAllOwnerVehicles(await ctxFor(db, ownerUser), owner))).toBe(text)
  })

  it('reads the next page only when the reader asks for it; a reader may stop early', async () => {
    const res = await get(token, owner)
    const reader = res.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first.startsWith('[{')).toBe(true)
    // Added after the first page was read, sorted last: the stream finds it, so it had not read ahead.
    await db.transaction((tx) => tx.insert(vehicles).values(row(owner, 8000, 'ZZZ')))
    let rest = ''
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value)
    const list = JSON.parse(first + rest) as { vehicleIdentifier: string }[]
    expect(list.at(-1)!.vehicleIdentifier).toBe('ZZZ-8000')
    expect(list).toHaveLength(COUNT + 1)

    const early = (await get(token, owner)).body!.getReader()
    await early.read()
    await expect(early.cancel()).resolves.toBeUndefined()
  })

  it('answers an empty list as [] and refuses another company before any byte (403, not a stream)', async () => {
    const empty = await createCompany(db, 'Empty Stream Owner', ['Owner'])
    const u = (await createUser(db)).id
    await grantRole(db, u, empty.id, 'Owner')
    const res = await get(await apiTokenFor(db, u), empty.id)
    expect([res.status, await res.text()]).toEqual([200, '[]'])
    const refused = await get(otherToken, owner)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('transfer-encoding')).toBeNull()
    expect(await refused.json()).toMatchObject({ message: expect.any(String) })
  })
})
