/**
 * Decision 062 (issue 22 points 1 and 2), on both drivers: only a company related to a bus
 * changes its state by filing an inspection; anyone else's filing waits, Pending, for the
 * owner, who accepts (applied then, odometer rules included) or rejects it; and an unrelated
 * inspector who counts ids and tries identifiers learns nothing beyond "found" and what is
 * painted on the bus. Then the same over real HTTP on REST, tRPC and the fleet page's form.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { companies, inspections, mailOutbox, odometerReadings, operatorAssignments, repairActions, vehicles } from '#db/schema/index.ts'
import QRCode from 'qrcode'
import { env } from '#server/env.server.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { findVehicleForInspection } from '#server/inspections/find-vehicle.server.ts'
import { addDays, oneYearAfter } from '#server/inspections/inspection-schema.ts'
import { listInspectionsByVehicle, listInspectionsForClient } from '#server/inspections/list-by-vehicle.server.ts'
import { getInspectionForm } from '#server/inspections/read-forms.server.ts'
import { reviewInspection } from '#server/inspections/review-inspection.server.ts'
import { submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(300000 + vinSeq++).slice(-6)}`)
const today = () => todayIn('UTC')

function filing(vehicleIdentifier: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { vehicleIdentifier, inspectionDate: today(), signatureName: 'Signed Inspector', photos: [] }
  for (const k of INSPECTION_ITEM_KEYS) body[k] = { status: 0, comments: '' }
  return { ...body, ...over }
}

const refusal = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal') }, (e: { status: number; message: string; fieldErrors?: Record<string, string> }) => e)

interface World {
  db: Database
  ownerCo: number
  owner: number
  ownerMechanic: number
  operatorCo: number
  operatorManager: number
  shopMechanic: number
  routedShopMechanic: number
  outsider: number
  newBus(odometer?: number): Promise<{ id: number; vehicleIdentifier: string }>
}

async function makeWorld(db: Database): Promise<World> {
  const ownerCo = await createCompany(db, 'Owner Lines', ['Owner', 'RepairShop'])
  const operatorCo = await createCompany(db, 'Operator Schools', ['Operator'])
  const shop = await createCompany(db, 'Chosen Shop', ['RepairShop'])
  const routedShop = await createCompany(db, 'Routed Shop', ['RepairShop'])
  const roadside = await createCompany(db, 'Roadside Garage', ['RepairShop'])
  const u = async (first: string) => (await createUser(db, { firstName: first, lastName: 'Tester' })).id
  const w: World = {
    db,
    ownerCo: ownerCo.id,
    owner: await u('Olive'),
    ownerMechanic: await u('Omar'),
    operatorCo: operatorCo.id,
    operatorManager: await u('Opal'),
    shopMechanic: await u('Sid'),
    routedShopMechanic: await u('Rita'),
    outsider: await u('Otto'),
    async newBus(odometer = 50_000) {
      return addVehicle(await ctxFor(db, w.owner), { ownerId: ownerCo.id, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: 'TN-1', odometer })
    },
  }
  await grantRole(db, w.owner, ownerCo.id, 'Owner')
  await grantRole(db, w.ownerMechanic, ownerCo.id, 'Mechanic')
  await grantRole(db, w.operatorManager, operatorCo.id, 'Operator')
  await grantRole(db, w.shopMechanic, shop.id, 'Mechanic')
  await grantRole(db, w.routedShopMechanic, routedShop.id, 'Mechanic')
  await grantRole(db, w.outsider, roadside.id, 'Mechanic')
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id)))
  return w
}

async function assign(w: World, vehicleId: number, opts: { ended?: boolean } = {}) {
  await w.db.transaction((tx) =>
    tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: w.operatorCo, startDate: addDays(today(), -10), endDate: opts.ended ? addDays(today(), -1) : null }),
  )
}

async function routeRepair(w: World, vehicleId: number, shopUser: number) {
  const ctx = await ctxFor(w.db, shopUser)
  const shopId = ctx.actor.memberships[0]!.companyId
  await w.db.transaction((tx) => tx.insert(repairActions).values({ repairIdentifier: `RA-T-${vehicleId}`, vehicleId, ownerCompanyId: w.ownerCo, repairCompanyId: shopId }))
}

const busState = async (db: Database, id: number) => (await db.read.select({ odometer: vehicles.odometer, nextInspection: vehicles.nextInspection }).from(vehicles).where(eq(vehicles.id, id)))[0]!
const readingsOf = async (db: Database, id: number) => (await db.read.select({ n: count() }).from(odometerReadings).where(and(eq(odometerReadings.vehicleId, id), eq(odometerReadings.source, 'inspection'))))[0]!.n
const statusOf = async (db: Database, id: number) => (await db.read.select({ s: inspections.reviewStatus }).from(inspections).where(eq(inspections.id, id)))[0]!.s

describe.each(DRIVERS)('inspection tenancy on %s', (driver) => {
  let w: World
  beforeAll(async () => {
    w = await makeWorld(createTestDb(driver))
  })
  afterAll(() => w.db.close())

  it('a related company applies its filing at once: the owner, the assigned operator, the chosen shop, a shop a repair was routed to', async () => {
    const cases: [string, number, (bus: { id: number }) => Promise<void>][] = [
      ['owner company', w.ownerMechanic, async () => {}],
      ['assigned operator', w.operatorManager, (bus) => assign(w, bus.id)],
      ["owner's chosen shop", w.shopMechanic, async () => {}],
      ['shop with an open repair', w.routedShopMechanic, (bus) => routeRepair(w, bus.id, w.routedShopMechanic)],
    ]
    for (const [what, user, relate] of cases) {
      const bus = await w.newBus(50_000)
      await relate(bus)
      const filed = await submitInspection(await ctxFor(w.db, user), filing(bus.vehicleIdentifier, { odometer: 50_500 }))
      expect(filed.pendingReview, what).toBe(false)
      expect(await statusOf(w.db, filed.id)).toBe('Applied')
      expect(await busState(w.db, bus.id), what).toEqual({ odometer: 50_500, nextInspection: oneYearAfter(today()) })
    }
  })

  it("an unrelated company's filing changes nothing on the bus: no odometer, no next inspection; the owner's managers are told", async () => {
    const bus = await w.newBus(50_000)
    const mailsBefore = (await w.db.read.select({ n: count() }).from(mailOutbox))[0]!.n
    const huge = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier, { odometer: 9_999_999 }))
    expect(huge).toEqual({ id: expect.any(Number), isSatisfactory: true, pendingReview: true })
    const silent = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier))
    expect(silent.pendingReview).toBe(true)
    expect(await busState(w.db, bus.id)).toEqual({ odometer: 50_000, nextInspection: null })
    expect(await readingsOf(w.db, bus.id)).toBe(0)
    const mails = await w.db.read.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject }).from(mailOutbox).orderBy(mailOutbox.id)
    expect(mails.length - mailsBefore).toBe(2)
    expect(mails.at(-1)!.subject).toBe(`An inspection of vehicle ${bus.vehicleIdentifier} awaits your review`)
    // An operator whose assignment ended is unrelated too.
    const ended = await w.newBus()
    await assign(w, ended.id, { ended: true })
    expect((await submitInspection(await ctxFor(w.db, w.operatorManager), filing(ended.vehicleIdentifier))).pendingReview).toBe(true)
  })

  it('the owner accepts: applied as if filed then (odometer reading, next inspection); a double click and five at once apply it once', async () => {
    const bus = await w.newBus(50_000)
    const filed = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier, { odometer: 51_000, inspectionDate: addDays(today(), -2) }))
    const owner = await ctxFor(w.db, w.owner)
    const answers = await Promise.all(Array.from({ length: 5 }, () => reviewInspection(owner, { inspectionId: filed.id, decision: 'Accept' })))
    for (const a of answers) expect(a).toEqual({ id: filed.id, reviewStatus: 'Accepted', message: 'Inspection accepted: it now counts for the vehicle.' })
    expect(await busState(w.db, bus.id)).toEqual({ odometer: 51_000, nextInspection: oneYearAfter(addDays(today(), -2)) })
    expect(await readingsOf(w.db, bus.id)).toBe(1)
    const [row] = await w.db.read.select().from(inspections).where(eq(inspections.id, filed.id))
    expect(row).toMatchObject({ reviewStatus: 'Accepted', reviewedByUserId: w.owner, reviewedByName: 'Olive Tester' })
    // Rejecting what was accepted is a conflict; nothing moves.
    expect(await refusal(reviewInspection(owner, { inspectionId: filed.id, decision: 'Reject' }))).toMatchObject({ status: 409 })
  })

  it('accepting a reading below the latest is refused with the odometer rule and stays Pending; rejecting applies nothing', async () => {
    const bus = await w.newBus(50_000)
    const filed = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier, { odometer: 40_000 }))
    const owner = await ctxFor(w.db, w.owner)
    const e = await refusal(reviewInspection(owner, { inspectionId: filed.id, decision: 'Accept' }))
    expect(e.status).toBe(409)
    expect(e.message).toMatch(/Reject this inspection, or correct the odometer first/)
    expect(await statusOf(w.db, filed.id)).toBe('Pending')
    expect(await reviewInspection(owner, { inspectionId: filed.id, decision: 'Reject' })).toMatchObject({ reviewStatus: 'Rejected' })
    expect(await busState(w.db, bus.id)).toEqual({ odometer: 50_000, nextInspection: null })
    expect((await refusal(reviewInspection(owner, { inspectionId: filed.id, decision: 'Maybe' }))).fieldErrors).toEqual({ decision: 'Choose Accept or Reject' })
  })

  it('only the owner reviews: a reader of the record gets 403, anyone else the 404 of a missing one', async () => {
    const bus = await w.newBus()
    await assign(w, bus.id)
    const filed = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier))
    const decide = async (user: number) => refusal(reviewInspection(await ctxFor(w.db, user), { inspectionId: filed.id, decision: 'Accept' }))
    expect((await decide(w.outsider)).status).toBe(403)
    expect((await decide(w.operatorManager)).status).toBe(403)
    expect((await decide(w.shopMechanic)).status).toBe(404)
    expect((await decide(w.routedShopMechanic)).status).toBe(404)
    expect(await statusOf(w.db, filed.id)).toBe('Pending')
  })

  it('who sees a Pending one: the owner (with its state) and its inspector; not the operator, on any list or by id', async () => {
    const bus = await w.newBus()
    await assign(w, bus.id)
    const applied = await submitInspection(await ctxFor(w.db, w.operatorManager), filing(bus.vehicleIdentifier))
    const pending = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier))
    const owner = await ctxFor(w.db, w.owner)
    const operator = await ctxFor(w.db, w.operatorManager)
    expect((await listInspectionsByVehicle(owner, bus.id)).map((i) => [i.id, i.reviewStatus])).toEqual([
      [pending.id, 'Pending'],
      [applied.id, 'Applied'],
    ])
    expect((await listInspectionsByVehicle(operator, bus.id)).map((i) => i.id)).toEqual([applied.id])
    expect((await listInspectionsForClient(owner, bus.id)).map((i) => i.id)).toEqual([applied.id])
    expect((await listInspectionsForClient(owner, bus.id, { awaitingReview: true })).map((i) => i.id)).toEqual([pending.id])
    expect((await refusal(listInspectionsForClient(operator, bus.id, { awaitingReview: true }))).status).toBe(404)
    expect((await getInspectionForm(owner, { inspectionId: pending.id })).id).toBe(pending.id)
    expect((await getInspectionForm(await ctxFor(w.db, w.outsider), { inspectionId: pending.id })).id).toBe(pending.id)
    expect((await refusal(getInspectionForm(operator, { inspectionId: pending.id }))).status).toBe(404)
  })

  it('an unrelated inspector who counts ids and tries identifiers learns only "found" and what is painted on the bus', async () => {
    const buses = [await w.newBus(77_000), await w.newBus(88_000), await w.newBus(99_000)]
    const outsider = await ctxFor(w.db, w.outsider)
    const maxId = Math.max(...buses.map((b) => b.id))
    let foundByCounting = 0
    for (let id = 1; id <= maxId + 5; id++) {
      for (const link of [`/vehicles/${id}`, `http://operon.test/vehicles/${id}`]) {
        const r = await findVehicleForInspection(outsider, { vehicle: link }).then(() => 'found', (e: { status: number; message: string }) => `${e.status} ${e.message}`)
        if (r === 'found') foundByCounting++
        else expect(r).toBe('404 Vehicle not found')
      }
    }
    expect(foundByCounting).toBe(0)
    const learned = new Set<string>()
    for (const b of buses) {
      const seen = await findVehicleForInspection(outsider, { vehicle: b.vehicleIdentifier })
      for (const [k, v] of Object.entries(seen)) if (v !== null && v !== false) learned.add(k)
      expect(seen).toMatchObject({ id: null, vin: null, odometer: null, nextInspection: null, yearBuild: null, related: false })
    }
    expect([...learned].sort()).toEqual(['licensePlate', 'make', 'model', 'vehicleIdentifier'])
    // The QR's token is what standing at the bus gives: the summary, still without the id.
    const [{ qrToken }] = (await w.db.read.select({ qrToken: vehicles.qrToken }).from(vehicles).where(eq(vehicles.id, buses[0]!.id))) as [{ qrToken: string }]
    expect(qrToken).toMatch(/^[0-9a-f]{24}$/)
    expect(await findVehicleForInspection(outsider, { vehicle: `http://operon.test/vehicles/${qrToken}` })).toMatchObject({ id: null, odometer: 77_000, related: false })
    // A related company finds by the token and by the old plain id alike.
    const owner = await ctxFor(w.db, w.shopMechanic)
    expect(await findVehicleForInspection(owner, { vehicle: `/vehicles/${buses[0]!.id}` })).toMatchObject({ id: buses[0]!.id, related: true })
    expect(await findVehicleForInspection(owner, { vehicle: `/vehicles/${qrToken}` })).toMatchObject({ id: buses[0]!.id, related: true })
  })
})

describe('inspection tenancy over HTTP: REST, tRPC, the fleet page form, the QR link', () => {
  let w: World
  let app: RunningApp
  beforeAll(async () => {
    const db = createTestDb()
    useAsAppDb(db)
    w = await makeWorld(db)
    app = await startApp(db)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await w.db.close()
  })

  const rest = async (user: number, method: string, path: string, body?: unknown) => {
    const res = await raw(app.base, method, path, {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiTokenFor(w.db, user)}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, headers: res.headers, body: res.body ? JSON.parse(res.body) : null }
  }

  it("REST: an unrelated filing is 201 with API.md's exact shape and Inspection-Review: pending; GetInspection lists what is in force; the owner reviews", async () => {
    const bus = await w.newBus(50_000)
    const filed = await rest(w.outsider, 'POST', '/api/Maintenance/submitInspection', filing(bus.vehicleIdentifier, { odometer: 9_999_999 }))
    expect(filed).toMatchObject({ status: 201, body: { id: expect.any(Number), isSatisfactory: true } })
    expect(Object.keys(filed.body).sort()).toEqual(['id', 'isSatisfactory'])
    expect(filed.headers['inspection-review']).toBe('pending')
    const related = await rest(w.shopMechanic, 'POST', '/api/Maintenance/submitInspection', filing(bus.vehicleIdentifier))
    expect(related.headers['inspection-review']).toBeUndefined()
    expect((await rest(w.owner, 'GET', `/api/Maintenance/GetInspection?vehicleId=${bus.id}`)).body.map((i: { id: number }) => i.id)).toEqual([related.body.id])
    expect((await rest(w.owner, 'GET', `/api/Maintenance/GetInspectionsAwaitingReview?vehicleId=${bus.id}`)).body).toEqual([
      { id: filed.body.id, date: today(), isSatisfactory: true, inspectorName: 'Otto Tester' },
    ])
    expect((await rest(w.outsider, 'PUT', '/api/Maintenance/reviewInspection', { inspectionId: filed.body.id, decision: 'Accept' })).status).toBe(403)
    expect(await rest(w.owner, 'PUT', '/api/Maintenance/reviewInspection', { inspectionId: filed.body.id, decision: 'Reject' })).toMatchObject({
      status: 200,
      body: { id: filed.body.id, reviewStatus: 'Rejected', message: 'Inspection rejected: it changes nothing on the vehicle.' },
    })
    expect((await rest(w.owner, 'PUT', '/api/Maintenance/reviewInspection', { inspectionId: filed.body.id, decision: 'Accept' })).status).toBe(409)
    expect((await busState(w.db, bus.id)).odometer).toBe(50_000)
    const spec = JSON.parse((await raw(app.base, 'GET', '/api/openapi.json')).body)
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/Maintenance/reviewInspection', '/api/Maintenance/GetInspectionsAwaitingReview']))
  })

  it('tRPC and the fleet page form (no JavaScript): the owner accepts; the page shows the state and says so', async () => {
    const bus = await w.newBus(50_000)
    const first = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier, { odometer: 50_200 }))
    const second = await submitInspection(await ctxFor(w.db, w.outsider), filing(bus.vehicleIdentifier))
    const cookie = `operon_session=${await webSessionFor(w.db, w.owner)}`
    const viaTrpc = await raw(app.base, 'POST', '/trpc/inspections.review', {
      headers: { origin: APP_ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ inspectionId: first.id, decision: 'Accept' }),
    })
    expect(viaTrpc.status).toBe(200)
    expect(await busState(w.db, bus.id)).toEqual({ odometer: 50_200, nextInspection: oneYearAfter(today()) })

    const page = `/fleet/${w.ownerCo}?open=${bus.id}&tab=inspections`
    const html = (await raw(app.base, 'GET', page, { headers: { cookie } })).body
    expect(html).toContain('An inspection awaits your review')
    expect(html).toContain('Accepted by the owner')
    const posted = await raw(app.base, 'POST', page, {
      headers: { origin: APP_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'reviewInspection', inspectionId: String(second.id), decision: 'Reject' }).toString(),
    })
    expect(posted.status).toBe(302)
    expect(String(posted.headers.location)).toContain('tab=inspections')
    expect(await statusOf(w.db, second.id)).toBe('Rejected')
  })

  it("the QR link: new prints carry the token; an old print's plain id sends only a related company further", async () => {
    const bus = await w.newBus()
    const svg = await raw(app.base, 'GET', `/vehicles/${bus.id}/qr.svg`, { headers: { cookie: `operon_session=${await webSessionFor(w.db, w.owner)}` } })
    const [{ qrToken }] = (await w.db.read.select({ qrToken: vehicles.qrToken }).from(vehicles).where(eq(vehicles.id, bus.id))) as [{ qrToken: string }]
    expect(svg.status).toBe(200)
    expect(svg.body).toBe(await QRCode.toString(`${env().APP_URL}/vehicles/${qrToken}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
    const follow = async (user: number, segment: string) =>
      String((await raw(app.base, 'GET', `/vehicles/${segment}`, { headers: { cookie: `operon_session=${await webSessionFor(w.db, user)}` } })).headers.location)
    expect(await follow(w.owner, qrToken)).toBe(`/fleet/${w.ownerCo}?open=${bus.id}`)
    expect(await follow(w.outsider, qrToken)).toBe(`/InspectionPage?vehicle=${encodeURIComponent(`/vehicles/${qrToken}`)}`)
    // The outsider's lookup with an old plain id says what an unknown vehicle says.
    const lookup = await raw(app.base, 'GET', `/InspectionPage?vehicle=${encodeURIComponent(`/vehicles/${bus.id}`)}`, {
      headers: { cookie: `operon_session=${await webSessionFor(w.db, w.outsider)}` },
    })
    expect(lookup.body).toContain('Vehicle not found')
    expect(lookup.body).not.toContain(bus.vehicleIdentifier)
  })
})
