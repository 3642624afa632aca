/**
 * Issue 23, the lease agreement (49 CFR 390.401–390.403; decision 064): drafted atomically by
 * the approval, signed once per side by each company's managers (drawn PNG or typed name), read
 * by both companies and the operator's drivers, through every door (use case, REST, tRPC, the
 * page, the PDF with its fingerprint), and shown on the fleet tab and the driver's pre-trip.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, companies, leaseAgreements, leaseSignatures, operatorAssignments, vehicles } from '#db/schema/index.ts'
import { signaturePng, photoPng } from '#server/demo/assets.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { isAppError } from '#server/errors.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { createVehicleRequest, endOperatorAssignment, respondToVehicleRequest } from '#server/fleet/vehicle-requests.server.ts'
import { getPreTripContext } from '#server/inspections/pre-trip.server.ts'
import { getLeaseAgreement, listLeasesByVehicle, signLeaseAgreement } from '#server/leases/lease-agreements.server.ts'
import { EXCLUSIVE_POSSESSION_STATEMENT, LEASE_TEXT_VERSION } from '#server/leases/lease-text.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { pdfText, pdfToPng } from '#tests/helpers/pdf.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { newVehicle } from '#tests/helpers/inspection-records.ts'
import * as leasePage from '#app/routes/_app+/leases.$leaseId.tsx'
import * as leasePdf from '#app/routes/PrintLease.$leaseId_.pdf.ts'
import * as leasePrint from '#app/routes/PrintLease.$leaseId.tsx'
import { operatorAssignmentsWithLeases } from '#app/routes/_app+/fleet-leases.server.ts'

const OUT_DIR = join(process.env.TEST_TMP_DIR ?? 'tests/.tmp', 'leases')
const OWNER_ADDRESS = '100 Depot Road\nBoise, ID 83702'
const OPERATOR_ADDRESS = '12 Harbor Street, Seattle, WA 98101'
/** 17:14 UTC: 10:14 AM MST in Boise, 9:14 AM PST in Seattle. */
const SIGN_OWNER_AT = new Date('2026-11-27T17:14:00Z')
const SIGN_OPERATOR_AT = new Date('2026-11-28T01:05:00Z')
const PNG = `data:image/png;base64,${signaturePng(7).toString('base64')}`

type Who = 'ownerMgr' | 'operatorMgr' | 'driver' | 'mechanic' | 'otherMgr' | 'inactiveOwner' | 'stranger'

let db: Database
const u = {} as Record<Who, number>
const co = {} as Record<'owner' | 'operator' | 'other', number>
/** The operator's today (its zone): the assignment starts then, so it is active for its drivers now. */
const today = () => todayIn('America/Los_Angeles')

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (isAppError(error)) return error.status
    throw error
  }
}

/** A fresh request of `operator` for a new bus of `owner`, approved: the lease's id and the vehicle. */
async function newLease(opts: { endDate?: string | null; owner?: number; ownerUser?: number } = {}) {
  const ownerCompany = opts.owner ?? co.owner
  const ownerUser = opts.ownerUser ?? u.ownerMgr
  const v = await newVehicle(db, ownerUser, ownerCompany)
  const req = await createVehicleRequest(await ctxFor(db, u.operatorMgr), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: co.operator, startDate: today(), endDate: opts.endDate ?? null })
  await respondToVehicleRequest(await ctxFor(db, ownerUser), { requestId: req.id, approved: true })
  const [lease] = await db.read.select().from(leaseAgreements).where(eq(leaseAgreements.requestId, req.id))
  return { leaseId: lease?.id ?? null, lease, vehicle: v, requestId: req.id }
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  co.owner = (await createCompany(db, 'Summit Bus Leasing', ['Owner'])).id
  co.operator = (await createCompany(db, 'Evergreen Student Transportation', ['Operator'])).id
  co.other = (await createCompany(db, 'Lease Other', ['Owner', 'Operator'])).id
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ address: OWNER_ADDRESS, timeZone: 'America/Boise' }).where(eq(companies.id, co.owner))
    await tx.update(companies).set({ address: OPERATOR_ADDRESS, timeZone: 'America/Los_Angeles' }).where(eq(companies.id, co.operator))
  })
  for (const k of ['ownerMgr', 'operatorMgr', 'driver', 'mechanic', 'otherMgr', 'inactiveOwner', 'stranger'] as Who[]) {
    u[k] = (await createUser(db, { firstName: k === 'ownerMgr' ? 'Olivia' : k === 'operatorMgr' ? 'Marcus' : k, lastName: k === 'ownerMgr' ? 'Hart' : k === 'operatorMgr' ? 'Reyes' : 'Tester' })).id
  }
  await grantRole(db, u.ownerMgr, co.owner, 'Owner')
  await grantRole(db, u.operatorMgr, co.operator, 'Operator')
  await grantRole(db, u.driver, co.operator, 'Driver')
  await grantRole(db, u.mechanic, co.operator, 'Mechanic')
  await grantRole(db, u.otherMgr, co.other, 'Owner')
  await grantRole(db, u.otherMgr, co.other, 'Operator')
  await grantRole(db, u.inactiveOwner, co.owner, 'Owner', false)
  mkdirSync(OUT_DIR, { recursive: true })
})
afterAll(async () => {
  await db?.close()
})

describe('drafting', () => {
  it('an approval drafts one lease with the parties, addresses, vehicle and term copied; a rejection none', async () => {
    const { lease, vehicle } = await newLease({ endDate: '2099-06-30' })
    expect(lease).toMatchObject({
      textVersion: LEASE_TEXT_VERSION,
      ownerCompanyId: co.owner,
      operatorCompanyId: co.operator,
      ownerName: 'Summit Bus Leasing',
      ownerAddress: OWNER_ADDRESS,
      operatorName: 'Evergreen Student Transportation',
      operatorAddress: OPERATOR_ADDRESS,
      vehicleIdentifier: vehicle.vehicleIdentifier,
      vin: vehicle.vin,
      licensePlate: vehicle.licensePlate,
      startDate: today(),
      endDate: '2099-06-30',
    })
    const [assignment] = await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.id, lease!.assignmentId))
    expect(assignment!.vehicleId).toBe(vehicle.id)

    const v = await newVehicle(db, u.ownerMgr, co.owner)
    const req = await createVehicleRequest(await ctxFor(db, u.operatorMgr), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: co.operator, startDate: today(), endDate: null })
    await respondToVehicleRequest(await ctxFor(db, u.ownerMgr), { requestId: req.id, approved: false })
    expect(await db.read.select().from(leaseAgreements).where(eq(leaseAgreements.requestId, req.id))).toHaveLength(0)
  })

  it('two concurrent approvals of one request: one wins, one assignment, exactly one lease', async () => {
    const v = await newVehicle(db, u.ownerMgr, co.owner)
    const req = await createVehicleRequest(await ctxFor(db, u.operatorMgr), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: co.operator, startDate: today(), endDate: null })
    const ctx = await ctxFor(db, u.ownerMgr)
    const results = await Promise.allSettled([respondToVehicleRequest(ctx, { requestId: req.id, approved: true }), respondToVehicleRequest(ctx, { requestId: req.id, approved: true })])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(isAppError(refused.reason) && refused.reason.status).toBe(409)
    expect(await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.requestId, req.id))).toHaveLength(1)
    expect(await db.read.select().from(leaseAgreements).where(eq(leaseAgreements.requestId, req.id))).toHaveLength(1)
  })

  it("an owner company using its own bus (one company on both sides) gets no lease", async () => {
    const v = await newVehicle(db, u.otherMgr, co.other)
    const req = await createVehicleRequest(await ctxFor(db, u.otherMgr), { vehicleIdentifier: v.vehicleIdentifier, operatorCompanyId: co.other, startDate: todayIn('UTC'), endDate: null })
    await respondToVehicleRequest(await ctxFor(db, u.otherMgr), { requestId: req.id, approved: true })
    expect(await db.read.select().from(operatorAssignments).where(eq(operatorAssignments.requestId, req.id))).toHaveLength(1)
    expect(await db.read.select().from(leaseAgreements).where(eq(leaseAgreements.requestId, req.id))).toHaveLength(0)
  })
})

describe('signing', () => {
  it('the owner manager signs the Owner side (drawn PNG), the operator manager the Operator side (typed name): signed by both, audited', async () => {
    const { leaseId } = await newLease()
    const afterOwner = await signLeaseAgreement(await ctxFor(db, u.ownerMgr, SIGN_OWNER_AT), { leaseId, side: 'Owner', signerName: 'Olivia Hart', signature: PNG })
    expect(afterOwner.state).toBe('awaitingOperator')
    expect(afterOwner.signatures).toEqual([{ side: 'Owner', signerName: 'Olivia Hart', signedAt: SIGN_OWNER_AT.toISOString(), signature: expect.stringMatching(/^iVBORw0KGgo/), typed: false }])
    // No side named: the caller's only side.
    const done = await signLeaseAgreement(await ctxFor(db, u.operatorMgr, SIGN_OPERATOR_AT), { leaseId, signerName: 'Marcus Reyes' })
    expect(done.state).toBe('signed')
    expect(done.signatures[1]).toEqual({ side: 'Operator', signerName: 'Marcus Reyes', signedAt: SIGN_OPERATOR_AT.toISOString(), signature: null, typed: true })
    const audits = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'lease.sign'), eq(auditLog.entityId, String(leaseId))))
    expect(audits.map((a) => [a.companyId, (a.details as { side: string }).side])).toEqual([
      [co.owner, 'Owner'],
      [co.operator, 'Operator'],
    ])
  })

  it('wrong side 403, the driver 403 (reads, never signs); other companies, the mechanic, an inactive manager and strangers 404; anonymous 401', async () => {
    const { leaseId } = await newLease()
    const sign = async (who: Who, side: 'Owner' | 'Operator') => statusOf(async () => signLeaseAgreement(await ctxFor(db, u[who]), { leaseId, side, signerName: 'Some One' }))
    expect(await sign('ownerMgr', 'Operator')).toBe(403)
    expect(await sign('operatorMgr', 'Owner')).toBe(403)
    expect(await sign('driver', 'Operator')).toBe(403)
    for (const who of ['mechanic', 'otherMgr', 'inactiveOwner', 'stranger'] as Who[]) expect(await sign(who, 'Owner'), who).toBe(404)
    expect(await statusOf(() => signLeaseAgreement(anon(db), { leaseId, side: 'Owner', signerName: 'X' }))).toBe(401)
    expect(await statusOf(async () => signLeaseAgreement(await ctxFor(db, u.ownerMgr), { leaseId: 999_999, side: 'Owner', signerName: 'X' }))).toBe(404)
    expect(await db.read.select().from(leaseSignatures).where(eq(leaseSignatures.leaseId, leaseId!))).toHaveLength(0)
  })

  it('signing a side twice, even at the same moment (a double click), stores one signature and answers 409 once', async () => {
    const { leaseId } = await newLease()
    const ctx = await ctxFor(db, u.ownerMgr)
    const results = await Promise.allSettled([
      signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: 'Olivia Hart', signature: PNG }),
      signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: 'Olivia Hart', signature: PNG }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason
    expect(isAppError(refused) && [refused.status, refused.message]).toEqual([409, 'The owner has already signed this lease'])
    expect(await db.read.select().from(leaseSignatures).where(eq(leaseSignatures.leaseId, leaseId!))).toHaveLength(1)
    expect(await statusOf(() => signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: 'Olivia Hart' }))).toBe(409)
  })

  it('the signature is checked by its content: a JPEG is 415, text is 415, bad base64 400, no name 400; an ended assignment 409', async () => {
    const { leaseId, lease } = await newLease()
    const ctx = await ctxFor(db, u.ownerMgr)
    const { default: sharp } = await import('sharp')
    const jpeg = await sharp(photoPng(1)).jpeg().toBuffer()
    expect(await statusOf(() => signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: 'O', signature: `data:image/png;base64,${jpeg.toString('base64')}` }))).toBe(415)
    expect(await statusOf(() => signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: 'O', signature: Buffer.from('not a picture').toString('base64') }))).toBe(415)
    expect(await statusOf(() => signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: 'O', signature: '%%%' }))).toBe(400)
    expect(await statusOf(() => signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: '  ' }))).toBe(400)
    await endOperatorAssignment(ctx, { assignmentId: lease!.assignmentId })
    expect(await statusOf(() => signLeaseAgreement(ctx, { leaseId, side: 'Owner', signerName: 'Olivia Hart' }))).toBe(409)
  })
})

describe('reading', () => {
  it('both managers and the driver (while the assignment is active) read it; the mechanic, others and strangers 404', async () => {
    const { leaseId, lease } = await newLease()
    for (const who of ['ownerMgr', 'operatorMgr', 'driver'] as Who[]) expect((await getLeaseAgreement(await ctxFor(db, u[who]), leaseId!)).id, who).toBe(leaseId)
    expect((await getLeaseAgreement(await ctxFor(db, u.ownerMgr), leaseId!)).mySides).toEqual(['Owner'])
    expect((await getLeaseAgreement(await ctxFor(db, u.driver), leaseId!)).mySides).toEqual([])
    for (const who of ['mechanic', 'otherMgr', 'inactiveOwner', 'stranger'] as Who[]) expect(await statusOf(async () => getLeaseAgreement(await ctxFor(db, u[who]), leaseId!)), who).toBe(404)
    await endOperatorAssignment(await ctxFor(db, u.ownerMgr), { assignmentId: lease!.assignmentId })
    expect(await statusOf(async () => getLeaseAgreement(await ctxFor(db, u.driver), leaseId!))).toBe(404)
    const ended = await getLeaseAgreement(await ctxFor(db, u.operatorMgr), leaseId!)
    expect(ended.assignmentEndedAt).not.toBeNull()
  })

  it("a vehicle's leases: the owner's managers see all, an operator's managers their own, anyone else 404", async () => {
    const { leaseId, vehicle } = await newLease()
    expect((await listLeasesByVehicle(await ctxFor(db, u.ownerMgr), vehicle.id)).map((l) => [l.id, l.state])).toEqual([[leaseId, 'awaitingBoth']])
    expect((await listLeasesByVehicle(await ctxFor(db, u.operatorMgr), vehicle.id)).map((l) => l.id)).toEqual([leaseId])
    for (const who of ['driver', 'otherMgr', 'stranger'] as Who[]) expect(await statusOf(async () => listLeasesByVehicle(await ctxFor(db, u[who]), vehicle.id)), who).toBe(404)
  })

  it("the Operator history tab shows each assignment's lease state; the driver's pre-trip context names the lease", async () => {
    const { leaseId, vehicle } = await newLease()
    await signLeaseAgreement(await ctxFor(db, u.operatorMgr), { leaseId, side: 'Operator', signerName: 'Marcus Reyes' })
    const rows = await operatorAssignmentsWithLeases((await ctxFor(db, u.ownerMgr)) as never, vehicle.id)
    expect(rows.map((r) => r.lease)).toEqual([{ id: leaseId, state: 'awaitingOwner' }])
    const context = await getPreTripContext(await ctxFor(db, u.driver), vehicle.id)
    expect(context.lease).toEqual({ id: leaseId, state: 'awaitingOwner' })
  })
})

describe('doors: REST, tRPC, the page', () => {
  const rest = async (who: Who, method: string, path: string, body?: unknown) => {
    const res = await handleRestRequest(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${await apiTokenFor(db, u[who])}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      db,
      '127.0.0.1',
    )
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('REST: GetLease, SignLease (keys bound case-insensitively; 409 the second time), GetLeasesByVehicle; the OpenAPI document lists them', async () => {
    const { leaseId, vehicle } = await newLease()
    const got = await rest('operatorMgr', 'GET', `/api/lease/getlease/${leaseId}`)
    expect(got.status).toBe(200)
    expect(Object.keys(got.body).sort()).toEqual(
      ['assignmentEndedAt', 'assignmentId', 'createdAt', 'endDate', 'fingerprint', 'id', 'mySides', 'operator', 'owner', 'requestId', 'signatures', 'startDate', 'state', 'textVersion', 'vehicle', 'vehicleId'].sort(),
    )
    expect(got.body.owner).toEqual({ companyId: co.owner, name: 'Summit Bus Leasing', address: OWNER_ADDRESS, timeZone: 'America/Boise' })
    expect((await rest('stranger', 'GET', `/api/Lease/GetLease/${leaseId}`)).status).toBe(404)
    const signed = await rest('ownerMgr', 'PUT', '/api/Lease/SignLease', { LeaseId: leaseId, Side: 'Owner', SignerName: 'Olivia Hart', Signature: PNG })
    expect(signed.status).toBe(200)
    expect(signed.body.state).toBe('awaitingOperator')
    const again = await rest('ownerMgr', 'PUT', '/api/Lease/SignLease', { leaseId, side: 'Owner', signerName: 'Olivia Hart' })
    expect(again).toEqual({ status: 409, body: { message: 'The owner has already signed this lease' } })
    expect((await rest('driver', 'PUT', '/api/Lease/SignLease', { leaseId, side: 'Operator', signerName: 'D' })).status).toBe(403)
    const list = await rest('ownerMgr', 'GET', `/api/Lease/GetLeasesByVehicle/${vehicle.id}`)
    expect(list.status).toBe(200)
    expect(list.body).toEqual([expect.objectContaining({ id: leaseId, state: 'awaitingOperator', ownerSignedAt: expect.any(String), operatorSignedAt: null })])
    const openapi = await handleRestRequest(new Request('http://localhost/api/openapi.json'), db, '127.0.0.1')
    const paths = ((await openapi.json()) as { paths: Record<string, Record<string, unknown>> }).paths
    expect(Object.keys(paths['/api/Lease/GetLease/{id}']!)).toEqual(['get'])
    expect(Object.keys(paths['/api/Lease/GetLeasesByVehicle/{vehicleId}']!)).toEqual(['get'])
    expect(Object.keys(paths['/api/Lease/SignLease']!)).toEqual(['put'])
  })

  it('tRPC: leases.get, leases.byVehicle, leases.sign', async () => {
    const { leaseId, vehicle } = await newLease()
    const cookie = `operon_session=${await webSessionFor(db, u.operatorMgr)}`
    const call = async (path: string, type: 'query' | 'mutation', input: unknown) => {
      const url = type === 'query' ? `http://localhost/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `http://localhost/trpc/${path}`
      const res = await handleTrpcRequest(new Request(url, { method: type === 'query' ? 'GET' : 'POST', headers: { cookie, 'content-type': 'application/json' }, body: type === 'mutation' ? JSON.stringify(input) : undefined }), db, '127.0.0.1')
      return { status: res.status, data: ((await res.json()) as { result?: { data: Record<string, unknown> } }).result?.data }
    }
    expect((await call('leases.get', 'query', { leaseId })).data).toMatchObject({ id: leaseId, state: 'awaitingBoth', mySides: ['Operator'] })
    expect((await call('leases.byVehicle', 'query', { vehicleId: vehicle.id })).data).toEqual([expect.objectContaining({ id: leaseId })])
    const signed = await call('leases.sign', 'mutation', { leaseId, side: 'Operator', signerName: 'Marcus Reyes', signature: PNG })
    expect(signed.status).toBe(200)
    expect(signed.data).toMatchObject({ state: 'awaitingOwner' })
    expect((await call('leases.sign', 'mutation', { leaseId, side: 'Operator', signerName: 'Marcus Reyes' })).status).toBe(409)
  })

  const pageArgs = async (who: Who | null, path: string, form?: Record<string, string>, lang: 'en' | 'es' = 'en') => {
    const headers: Record<string, string> = { cookie: `operon_lng=${lang}` }
    if (who) headers.cookie += `; operon_session=${await webSessionFor(db, u[who])}`
    const request = new Request(`http://localhost${path}`, { method: form ? 'POST' : 'GET', headers, body: form ? new URLSearchParams(form) : undefined })
    const leaseId = path.split('/')[2]!.split('?')[0]!
    return { request, params: { leaseId }, context: { cspNonce: '', clientIp: '127.0.0.1' } } as never
  }
  const settle = async (run: () => unknown) => {
    try {
      return await run()
    } catch (thrown) {
      return thrown
    }
  }

  it('the page: the text and sign form for the manager; signing without JavaScript (typed name); 409 the second time; others go home', async () => {
    const { leaseId } = await newLease()
    const data = (await leasePage.loader(await pageArgs('operatorMgr', `/leases/${leaseId}`))) as { lease: { id: number }; signable: string[]; signerName: string }
    expect(data.lease.id).toBe(leaseId)
    expect(data.signable).toEqual(['Operator'])
    const stranger = (await settle(async () => leasePage.loader(await pageArgs('stranger', `/leases/${leaseId}`)))) as Response
    expect(stranger.headers.get('location')).toBe('/')
    const form = { intent: 'sign', side: 'Operator', signerName: 'Marcus Reyes' }
    const signed = (await leasePage.action(await pageArgs('operatorMgr', `/leases/${leaseId}`, form))) as Response
    expect(signed.headers.get('location')).toBe(`/leases/${leaseId}`)
    const [row] = await db.read.select().from(leaseSignatures).where(eq(leaseSignatures.leaseId, leaseId!))
    expect(row).toMatchObject({ side: 'Operator', signerName: 'Marcus Reyes', contentType: 'text/plain; charset=utf-8' })
    const twice = (await leasePage.action(await pageArgs('operatorMgr', `/leases/${leaseId}`, form))) as { init: ResponseInit; data: { formError: string } }
    expect(twice.init.status).toBe(409)
    expect(twice.data.formError).toBe('The operator has already signed this lease')
    const driver = (await leasePage.action(await pageArgs('driver', `/leases/${leaseId}`, form))) as Response
    expect(driver.headers.get('location')).toBe('/')
    const after = (await leasePage.loader(await pageArgs('operatorMgr', `/leases/${leaseId}`))) as { signable: string[] }
    expect(after.signable).toEqual([])
  })

  it('the PDF: parties, addresses, VIN, plate, the exclusive-possession statement, signers and times in each company zone, the fingerprint', async () => {
    const { leaseId, vehicle } = await newLease({ endDate: '2099-06-30' })
    await signLeaseAgreement(await ctxFor(db, u.ownerMgr, SIGN_OWNER_AT), { leaseId, side: 'Owner', signerName: 'Olivia Hart', signature: PNG })
    await signLeaseAgreement(await ctxFor(db, u.operatorMgr, SIGN_OPERATOR_AT), { leaseId, side: 'Operator', signerName: 'Marcus Reyes', signature: `data:image/png;base64,${signaturePng(11).toString('base64')}` })
    const lease = await getLeaseAgreement(await ctxFor(db, u.ownerMgr), leaseId!)
    const res = (await leasePdf.loader(await pageArgs('driver', `/PrintLease/${leaseId}/pdf`))) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="lease-${vehicle.vehicleIdentifier}-${today()}-${leaseId}.pdf"`)
    const bytes = Buffer.from(await res.arrayBuffer())
    const text = pdfText(bytes, `lease-${leaseId}`, OUT_DIR).replace(/[ \t]+/g, ' ')
    const flat = text.replace(/\s+/g, ' ')
    for (const expected of [
      'Lease of a passenger-carrying commercial motor vehicle',
      '49 CFR 390.401–390.403',
      'Summit Bus Leasing',
      '100 Depot Road',
      'Boise, ID 83702',
      'Evergreen Student Transportation',
      OPERATOR_ADDRESS,
      vehicle.vin,
      vehicle.licensePlate,
      vehicle.vehicleIdentifier,
      'June 30, 2099',
      EXCLUSIVE_POSSESSION_STATEMENT,
      'A copy of this lease is carried on the vehicle',
      'Olivia Hart',
      'Marcus Reyes',
      'Nov 27, 2026, 10:14 AM MST',
      'Nov 27, 2026, 5:05 PM PST',
      `Fingerprint: ${lease.fingerprint}`,
      `/leases/${leaseId}?f=${lease.fingerprint}`,
    ]) {
      expect(flat, expected).toContain(expected)
    }
    // A look at the page (decision 064's check that it reads like a lease): the PNG is kept for people.
    pdfToPng(bytes, `lease-${leaseId}`, { dir: OUT_DIR, dpi: 60 })

    // The page checks a printed copy's fingerprint; strangers cannot open the PDF.
    const check = (await leasePage.loader(await pageArgs('ownerMgr', `/leases/${leaseId}?f=${lease.fingerprint}`))) as { fingerprintCheck: { matches: boolean } }
    expect(check.fingerprintCheck.matches).toBe(true)
    const wrong = (await leasePage.loader(await pageArgs('ownerMgr', `/leases/${leaseId}?f=000000000000`))) as { fingerprintCheck: { matches: boolean } }
    expect(wrong.fingerprintCheck.matches).toBe(false)
    // From a browser: the page conventions (home with the reason, or the sign-in); with a bearer token: 404 / 401.
    expect(((await leasePdf.loader(await pageArgs('stranger', `/PrintLease/${leaseId}/pdf`))) as Response).headers.get('location')).toBe('/')
    expect(((await settle(async () => leasePdf.loader(await pageArgs(null, `/PrintLease/${leaseId}/pdf`)))) as Response).headers.get('location')).toMatch(/^\/login/)
    const bearer = async (who: Who | null) =>
      ((await leasePdf.loader({
        request: new Request(`http://localhost/PrintLease/${leaseId}/pdf`, { headers: { authorization: `Bearer ${who ? await apiTokenFor(db, u[who]) : 'not-a-token'}` } }),
        params: { leaseId: String(leaseId) },
        context: { cspNonce: '', clientIp: '127.0.0.1' },
      } as never)) as Response).status
    expect(await bearer('stranger')).toBe(404)
    expect(await bearer(null)).toBe(401)
    const print = (await leasePrint.loader(await pageArgs('operatorMgr', `/PrintLease/${leaseId}`))) as { fingerprint: { fingerprint: string } }
    expect(print.fingerprint.fingerprint).toBe(lease.fingerprint)
  }, 60_000)

  it('in Spanish: the Spanish text of the same version, which text governs, the same fingerprint; the English PDF keeps its text', async () => {
    const { leaseId } = await newLease({ endDate: '2099-06-30' })
    await signLeaseAgreement(await ctxFor(db, u.ownerMgr, SIGN_OWNER_AT), { leaseId, side: 'Owner', signerName: 'Olivia Hart', signature: PNG })
    await signLeaseAgreement(await ctxFor(db, u.operatorMgr, SIGN_OPERATOR_AT), { leaseId, side: 'Operator', signerName: 'Marcus Reyes' })
    const lease = await getLeaseAgreement(await ctxFor(db, u.ownerMgr), leaseId!)
    const pdf = async (lang: 'en' | 'es') => {
      const res = (await leasePdf.loader(await pageArgs('operatorMgr', `/PrintLease/${leaseId}/pdf`, undefined, lang))) as Response
      expect(res.status).toBe(200)
      const bytes = Buffer.from(await res.arrayBuffer())
      // Looked at by people (issue 39: the content flows, the signatures are not alone on a page).
      pdfToPng(bytes, `lease-${lang}-${leaseId}`, { dir: OUT_DIR, dpi: 60 })
      const text = pdfText(bytes, `lease-${lang}-${leaseId}`, OUT_DIR)
      // A signed lease of this size is one A4 page in either language.
      expect(text.split('\f').filter((page) => page.trim()).length, lang).toBe(1)
      return text.replace(/\s+/g, ' ')
    }
    const es = await pdf('es')
    const en = await pdf('en')
    for (const expected of [
      'Contrato de arrendamiento de un vehículo motorizado comercial de transporte de pasajeros',
      '49 CFR 390.401–390.403',
      `Texto ${LEASE_TEXT_VERSION}`,
      'El texto en inglés es el que rige; la traducción al español se proporciona por conveniencia.',
      '1. Partes',
      'Summit Bus Leasing, con domicilio en 100 Depot Road, Boise, ID 83702 (el arrendador, propietario del vehículo), da en arrendamiento el vehículo que se describe a continuación a Evergreen Student Transportation',
      '3. Plazo',
      'El arrendamiento comienza a las 12:00 a. m. del',
      'y termina a las 11:59 p. m. del 30 de junio de 2099, en la zona horaria del arrendatario.',
      '4. Posesión, control y responsabilidad exclusivos',
      'Durante el plazo de este arrendamiento, el arrendatario tiene la posesión, el control y la responsabilidad exclusivos de la operación del vehículo.',
      '5. Copia a bordo del vehículo',
      '6. Firmas',
      'Por el arrendador (propietario)',
      'Por el arrendatario (operador)',
      'Firmado con nombre escrito: Marcus Reyes',
      `Huella digital: ${lease.fingerprint}`,
      `/leases/${leaseId}?f=${lease.fingerprint}`,
    ]) {
      expect(es, expected).toContain(expected)
    }
    for (const english of ['Lease of a passenger-carrying', EXCLUSIVE_POSSESSION_STATEMENT, 'For the lessor (owner)', 'For the lessee (operator)', 'Fingerprint:', 'June 30, 2099']) {
      expect(es, english).not.toContain(english)
    }
    for (const expected of [
      'Lease of a passenger-carrying commercial motor vehicle',
      `Text ${LEASE_TEXT_VERSION}`,
      'The English text governs; the Spanish translation is provided for convenience.',
      '1. Parties',
      'Summit Bus Leasing, of 100 Depot Road, Boise, ID 83702 (the lessor, owner of the vehicle), leases the vehicle described below to Evergreen Student Transportation',
      'and ends at 11:59 p.m. on June 30, 2099, in the lessee\'s time zone.',
      EXCLUSIVE_POSSESSION_STATEMENT,
      'For the lessor (owner)',
      'For the lessee (operator)',
      `Fingerprint: ${lease.fingerprint}`,
    ]) {
      expect(en, expected).toContain(expected)
    }
    expect(en).not.toContain('arrendamiento')
    // The record's fingerprint, whatever the reader's language: the page, the print page and the check.
    for (const lang of ['en', 'es'] as const) {
      const page = (await leasePage.loader(await pageArgs('ownerMgr', `/leases/${leaseId}?f=${lease.fingerprint}`, undefined, lang))) as { lease: { fingerprint: string }; fingerprintCheck: { matches: boolean } }
      expect(page.lease.fingerprint).toBe(lease.fingerprint)
      expect(page.fingerprintCheck.matches).toBe(true)
      const print = (await leasePrint.loader(await pageArgs('ownerMgr', `/PrintLease/${leaseId}`, undefined, lang))) as { fingerprint: { fingerprint: string }; messages: Record<string, unknown> }
      expect(print.fingerprint.fingerprint).toBe(lease.fingerprint)
      // The print page's own words (Back, the fingerprint box) come with it.
      if (lang === 'es') expect(print.messages).toMatchObject({ Back: 'Atrás', 'Fingerprint:': 'Huella digital:' })
    }
  }, 60_000)

  it('a lease longer than a page breaks between clauses, and its signatures take the last clause with them', async () => {
    const { leaseId } = await newLease()
    await signLeaseAgreement(await ctxFor(db, u.ownerMgr, SIGN_OWNER_AT), { leaseId, side: 'Owner', signerName: 'Olivia Hart', signature: PNG })
    // Long addresses in the snapshot (as a company could have typed them) make it longer than a page.
    const long = Array.from({ length: 6 }, (_, i) => `Building ${i + 1}, 1200 Long Industrial Parkway, Suite ${i + 100}, Seattle, WA 98101`).join('\n')
    await db.transaction(async (tx) => {
      await tx.update(leaseAgreements).set({ ownerAddress: long, operatorAddress: long }).where(eq(leaseAgreements.id, leaseId!))
    })
    for (const lang of ['en', 'es'] as const) {
      const res = (await leasePdf.loader(await pageArgs('operatorMgr', `/PrintLease/${leaseId}/pdf`, undefined, lang))) as Response
      const bytes = Buffer.from(await res.arrayBuffer())
      pdfToPng(bytes, `lease-long-${lang}-${leaseId}`, { dir: OUT_DIR, dpi: 60 })
      const pages = pdfText(bytes, `lease-long-${lang}-${leaseId}`, OUT_DIR).split('\f').filter((page) => page.trim())
      expect(pages.length, lang).toBe(2)
      const [signatures, lastClause] = lang === 'en' ? ['For the lessor (owner)', '6. Signatures'] : ['Por el arrendador (propietario)', '6. Firmas']
      expect(pages[0], lang).not.toContain(signatures)
      expect(pages[1], lang).toContain(signatures)
      expect(pages[1], lang).toContain(lastClause)
    }
  }, 60_000)

  it('the fingerprint changes when a side signs, and is the same for the same record', async () => {
    const { leaseId } = await newLease()
    const before = (await getLeaseAgreement(await ctxFor(db, u.ownerMgr), leaseId!)).fingerprint
    expect((await getLeaseAgreement(await ctxFor(db, u.operatorMgr), leaseId!)).fingerprint).toBe(before)
    expect(before).toMatch(/^[0-9a-f]{12}$/)
    const after = (await signLeaseAgreement(await ctxFor(db, u.ownerMgr), { leaseId, side: 'Owner', signerName: 'Olivia Hart', signature: PNG })).fingerprint
    expect(after).not.toBe(before)
  })
})

describe('the demo', () => {
  it('drafts a lease for each approved assignment to another company: signed by both, but one awaiting the operator', async () => {
    const demo = createTestDb()
    try {
      await seedDemoData(demo)
      const leases = await demo.read.select().from(leaseAgreements)
      const assignments = await demo.read
        .select({ id: operatorAssignments.id, operator: operatorAssignments.operatorCompanyId, owner: vehicles.ownerCompanyId })
        .from(operatorAssignments)
        .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
      expect(leases.map((l) => l.assignmentId).sort((a, b) => a - b)).toEqual(assignments.filter((a) => a.owner !== a.operator).map((a) => a.id).sort((a, b) => a - b))
      expect(leases.every((l) => l.ownerAddress && l.operatorAddress)).toBe(true)
      const signatures = await demo.read.select({ leaseId: leaseSignatures.leaseId, side: leaseSignatures.side }).from(leaseSignatures)
      const unsigned = leases.filter((l) => signatures.filter((s) => s.leaseId === l.id).length < 2)
      expect(unsigned.map((l) => [l.ownerName, l.operatorName, signatures.filter((s) => s.leaseId === l.id).map((s) => s.side)])).toEqual([['Cascade Coach Lines', 'Pacific Crest Charters', ['Owner']]])
    } finally {
      await demo.close()
    }
  }, 120_000)
})
