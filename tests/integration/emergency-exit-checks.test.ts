/**
 * The 90-day emergency-exit check (49 CFR 396.3(b)(4), issue 23, decision 065): due dates
 * (month ends, leap years), the owner's warning at exactly 14 days and alert on the due day in
 * the company's time zone, the repair action opened in the filing's transaction (out of
 * service), idempotency, who may file and read, and the REST and tRPC doors.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dueState, nextEmergencyExitCheckDue } from '#catalog/compliance.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import { auditLog, companies, emergencyExitCheckItems, emergencyExitChecks, emergencyExitCheckSignatures, operatorAssignments, repairActions, repairTasks, type vehicles } from '#db/schema/index.ts'
import { ownerAlertsOf } from '#server/alerts/alerts.server.ts'
import { Raster } from '#server/demo/assets.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { readRecordText } from '#server/i18n/record-texts.server.ts'
import { addDays } from '#server/inspections/inspection-schema.ts'
import { getEmergencyExitCheck, listEmergencyExitChecks, submitEmergencyExitCheck } from '#server/inspections/emergency-exit-checks.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { requestScope, runInRequestScope } from '#server/context/request-scope.server.ts'
import { emergencyExitCheckAction } from '#app/routes/_app+/emergency-exit-check.server.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'

const PNG = new Raster(40, 20, [20, 20, 20, 255]).toPng().toString('base64')
let vinSeq = 0
const nextVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(300000 + vinSeq++).slice(-6)}`)

const ok = { status: 0, comments: '' }
function check(vehicleId: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { vehicleId, inspectorSignature: `data:image/png;base64,${PNG}`, pushOutWindows: ok, emergencyDoors: ok, emergencyDoorMarkingLights: ok, ...over }
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: { code: string; status: number; message: string; fieldErrors?: Record<string, string> }) => e,
  )

describe('due dates (catalog/compliance.ts)', () => {
  it('90 days on, across month ends and leap years', () => {
    expect(nextEmergencyExitCheckDue('2028-02-29')).toBe('2028-05-29')
    expect(nextEmergencyExitCheckDue('2027-12-01')).toBe('2028-02-29')
    expect(nextEmergencyExitCheckDue('2026-12-03')).toBe('2027-03-03')
    expect(nextEmergencyExitCheckDue('2028-01-31')).toBe('2028-04-30')
    expect(nextEmergencyExitCheckDue('2026-11-30')).toBe('2027-02-28')
    expect(nextEmergencyExitCheckDue('2099-12-31')).toBe('2100-03-31')
  })
  it('warning at exactly 14 days, alert on the due day and after', () => {
    expect(dueState('2028-03-14', '2028-02-29')).toBe('due-soon')
    expect(dueState('2028-03-15', '2028-02-29')).toBe('ok')
    expect(dueState('2028-02-29', '2028-02-29')).toBe('overdue')
    expect(dueState('2028-02-28', '2028-02-29')).toBe('overdue')
    expect(dueState('2028-03-01', '2028-02-29')).toBe('due-soon')
  })
})

interface World {
  db: Database
  owner: number
  ownerCo: number
  operatorCo: number
  shop: number
  mechanic: number
  strangerMechanic: number
  driver: number
  otherDriver: number
  operatorManager: number
  bus(over?: Partial<typeof vehicles.$inferInsert>): Promise<{ id: number; vehicleIdentifier: string; ownerCompanyId: number }>
}

async function makeWorld(db: Database): Promise<World> {
  const ownerCo = await createCompany(db, 'Exit Leasing', ['Owner'])
  const operatorCo = await createCompany(db, 'Exit Coaches', ['Operator'])
  const otherOperator = await createCompany(db, 'Other Coaches', ['Operator'])
  const shop = await createCompany(db, 'Exit Repairs', ['RepairShop'])
  const stranger = await createCompany(db, 'Far Garage', ['RepairShop'])
  const u = async (first: string) => (await createUser(db, { firstName: first, lastName: 'Tester' })).id
  const w: World = {
    db,
    owner: await u('Olive'),
    ownerCo: ownerCo.id,
    operatorCo: operatorCo.id,
    shop: shop.id,
    mechanic: await u('Mia'),
    strangerMechanic: await u('Stan'),
    driver: await u('Dan'),
    otherDriver: await u('Otis'),
    operatorManager: await u('Opal'),
    async bus(over = {}) {
      const v = await insertVehicle(db, ownerCo.id, { vin: nextVin(), odometer: 123_456, ...over })
      await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId: v.id, operatorCompanyId: operatorCo.id, startDate: '2020-01-01' }))
      return v
    },
  }
  await grantRole(db, w.owner, ownerCo.id, 'Owner')
  await grantRole(db, w.mechanic, shop.id, 'Mechanic')
  await grantRole(db, w.strangerMechanic, stranger.id, 'Mechanic')
  await grantRole(db, w.driver, operatorCo.id, 'Driver')
  await grantRole(db, w.otherDriver, otherOperator.id, 'Driver')
  await grantRole(db, w.operatorManager, operatorCo.id, 'Operator')
  await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: shop.id }).where(eq(companies.id, ownerCo.id)))
  return w
}

const checksOf = async (db: Database, vehicleId: number) => (await db.read.select({ n: count() }).from(emergencyExitChecks).where(eq(emergencyExitChecks.vehicleId, vehicleId)))[0]!.n
const repairsOf = (db: Database, vehicleId: number) => db.read.select().from(repairActions).where(eq(repairActions.vehicleId, vehicleId))

describe.each(DRIVERS)('submitEmergencyExitCheck on %s', (driverName) => {
  let w: World
  beforeAll(async () => {
    w = await makeWorld(createTestDb(driverName))
  })
  afterAll(() => w.db.close())

  it('a satisfactory check by the shop mechanic: stored with its items and signature, no repair, next due 90 days on', async () => {
    const v = await w.bus()
    const r = await submitEmergencyExitCheck(await ctxFor(w.db, w.mechanic), check(v.id))
    const today = todayIn('UTC')
    expect(r).toMatchObject({ vehicleId: v.id, isSatisfactory: true, repairActionId: null, checkDate: today, nextDueDate: nextEmergencyExitCheckDue(today), replayed: false })
    const [row] = await w.db.read.select().from(emergencyExitChecks).where(eq(emergencyExitChecks.id, r.id))
    expect(row).toMatchObject({ companyId: w.shop, filerRole: 'Mechanic', inspectorName: 'Mia Tester' })
    expect(await w.db.read.select().from(emergencyExitCheckItems).where(eq(emergencyExitCheckItems.checkId, r.id))).toHaveLength(3)
    expect(await w.db.read.select({ c: emergencyExitCheckSignatures.contentType }).from(emergencyExitCheckSignatures).where(eq(emergencyExitCheckSignatures.checkId, r.id))).toEqual([{ c: 'image/png' }])
    expect(await repairsOf(w.db, v.id)).toHaveLength(0)
  })

  it('an unsatisfactory check by the driver opens one repair action, out of service, one task per item, at the owner shop', async () => {
    const v = await w.bus()
    const r = await submitEmergencyExitCheck(
      await ctxFor(w.db, w.driver),
      check(v.id, { signatureName: 'Dan Tester', inspectorSignature: '', emergencyDoors: { status: 1, comments: 'Rear door release jammed' }, pushOutWindows: { status: 1, comments: 'Row 6 left window latch missing' } }),
    )
    expect(r.isSatisfactory).toBe(false)
    const [action] = await repairsOf(w.db, v.id)
    expect(action).toMatchObject({ id: r.repairActionId, emergencyExitCheckId: r.id, inspectionId: null, preInspectionId: null, repairCompanyId: w.shop, outOfService: true })
    // Kept as a key and its values (decision 082); REST reads the English sentence.
    expect(action!.commentsText).toEqual({ key: 'repairAction.emergencyExitCheck', values: { name: 'Dan Tester', role: 'Driver', date: r.checkDate, odometer: 123_456 } })
    expect(readRecordText(action!.commentsText, action!.comments, undefined)).toBe(
      `Unsatisfactory emergency exits found by Dan Tester (Driver) on the 90-day emergency-exit check of ${r.checkDate} (odometer 123,456 mi).`,
    )
    const tasks = await w.db.read.select({ name: repairTasks.name, description: repairTasks.description }).from(repairTasks).where(eq(repairTasks.repairActionId, action!.id))
    expect(tasks).toEqual([
      { name: 'Push-out windows', description: 'Row 6 left window latch missing' },
      { name: 'Emergency doors', description: 'Rear door release jammed' },
    ])
    const [row] = await w.db.read.select().from(emergencyExitChecks).where(eq(emergencyExitChecks.id, r.id))
    expect(row).toMatchObject({ filerRole: 'Driver', companyId: w.operatorCo, signatureName: 'Dan Tester' })
  })

  it('all in one transaction: a failure after the check insert leaves nothing (no check, items, signature, repair, audit)', async () => {
    const v = await w.bus()
    const audits = async () => (await w.db.read.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'emergencyExitCheck.submit')))[0]!.n
    const before = await audits()
    const signaturesBefore = (await w.db.read.select({ n: count() }).from(emergencyExitCheckSignatures))[0]!.n
    await w.db.transaction((tx) => tx.run(/* sql */ `CREATE TRIGGER fail_repair_tasks BEFORE INSERT ON repair_tasks BEGIN SELECT RAISE(ABORT, 'forced failure'); END`))
    try {
      await expect(submitEmergencyExitCheck(await ctxFor(w.db, w.mechanic), check(v.id, { emergencyDoorMarkingLights: { status: 1, comments: 'Lamp out' } }))).rejects.toThrow()
    } finally {
      await w.db.transaction((tx) => tx.run(`DROP TRIGGER fail_repair_tasks`))
    }
    expect(await checksOf(w.db, v.id)).toBe(0)
    expect((await w.db.read.select({ n: count() }).from(emergencyExitCheckSignatures))[0]!.n).toBe(signaturesBefore)
    expect(await repairsOf(w.db, v.id)).toHaveLength(0)
    expect(await audits()).toBe(before)
  })

  it('idempotent: the same key files once and answers the first filing; another bus with the key is 409', async () => {
    const v = await w.bus()
    const ctx = await ctxFor(w.db, w.mechanic)
    const body = check(v.id, { idempotencyKey: 'exit-key-1', emergencyDoors: { status: 1, comments: 'Stuck' } })
    const first = await submitEmergencyExitCheck(ctx, body)
    const again = await submitEmergencyExitCheck(ctx, body)
    expect(again).toEqual({ ...first, replayed: true })
    const both = await Promise.all([submitEmergencyExitCheck(ctx, { ...body, idempotencyKey: 'exit-key-2' }), submitEmergencyExitCheck(ctx, { ...body, idempotencyKey: 'exit-key-2' })])
    expect(both[0].id).toBe(both[1].id)
    expect(await checksOf(w.db, v.id)).toBe(2)
    expect(await repairsOf(w.db, v.id)).toHaveLength(2)
    const other = await w.bus()
    expect((await refusal(submitEmergencyExitCheck(ctx, { ...body, vehicleId: other.id }))).status).toBe(409)
  })

  it('validation: all three items, a comment when Unsatisfactory, a signature, a real date within 7 days', async () => {
    const v = await w.bus()
    const ctx = await ctxFor(w.db, w.mechanic)
    const e = await refusal(
      submitEmergencyExitCheck(ctx, { vehicleId: v.id, pushOutWindows: { status: 1 }, emergencyDoors: { status: 2 }, checkDate: addDays(todayIn('UTC'), 3) }),
    )
    expect(e.status).toBe(400)
    expect(Object.keys(e.fieldErrors ?? {}).sort()).toEqual(['checkDate', 'emergencyDoorMarkingLights', 'emergencyDoors.status', 'inspectorSignature', 'pushOutWindows.comments'])
    expect((await refusal(submitEmergencyExitCheck(ctx, check(v.id, { checkDate: addDays(todayIn('UTC'), -8) })))).fieldErrors).toHaveProperty('checkDate')
    // Not a picture: refused by its content (415), nothing stored.
    expect((await refusal(submitEmergencyExitCheck(ctx, check(v.id, { inspectorSignature: Buffer.from('not a png at all').toString('base64') })))).status).toBe(415)
    expect(await checksOf(w.db, v.id)).toBe(0)
  })

  it('who may file: unrelated mechanic and another operator driver get the 404 of an unknown bus; owner and operator managers 403', async () => {
    const v = await w.bus()
    for (const user of [w.strangerMechanic, w.otherDriver]) {
      const e = await refusal(submitEmergencyExitCheck(await ctxFor(w.db, user), check(v.id)))
      expect(e.status).toBe(404)
      expect(e.message).toBe('Vehicle not found')
      expect((await refusal(listEmergencyExitChecks(await ctxFor(w.db, user), v.id))).status).toBe(404)
    }
    for (const user of [w.owner, w.operatorManager]) expect((await refusal(submitEmergencyExitCheck(await ctxFor(w.db, user), check(v.id)))).status).toBe(403)
    // A driver whose assignment ended: unknown bus.
    const ended = await w.bus()
    await w.db.transaction((tx) => tx.update(operatorAssignments).set({ endDate: '2020-06-30' }).where(eq(operatorAssignments.vehicleId, ended.id)))
    expect((await refusal(submitEmergencyExitCheck(await ctxFor(w.db, w.driver), check(ended.id)))).status).toBe(404)
    expect(await checksOf(w.db, v.id)).toBe(0)
  })

  it('reading: the related companies list and read it; the filer reads their own; a stranger gets 404', async () => {
    const v = await w.bus()
    const filed = await submitEmergencyExitCheck(await ctxFor(w.db, w.driver), check(v.id))
    for (const user of [w.owner, w.operatorManager, w.mechanic, w.driver]) {
      const list = await listEmergencyExitChecks(await ctxFor(w.db, user), v.id)
      expect(list.checks.map((c) => c.id)).toEqual([filed.id])
      expect(list).toMatchObject({ lastCheckDate: filed.checkDate, nextDueDate: filed.nextDueDate, dueState: 'ok' })
    }
    const detail = await getEmergencyExitCheck(await ctxFor(w.db, w.owner), filed.id)
    expect(detail.items.map((i) => i.label)).toEqual(['Push-out windows', 'Emergency doors', 'Emergency door marking lights'])
    expect(detail.inspectorSignature).toMatch(/^iVBOR/)
    expect((await refusal(getEmergencyExitCheck(await ctxFor(w.db, w.strangerMechanic), filed.id))).status).toBe(404)
  })
})

describe('owner alerts in the company time zone (a controlled now)', () => {
  let w: World
  beforeAll(async () => {
    w = await makeWorld(createTestDb())
  })
  afterAll(() => w.db.close())

  const setZone = (tz: string) => w.db.transaction((tx) => tx.update(companies).set({ timeZone: tz }).where(eq(companies.id, w.ownerCo)))
  const fileOn = async (vehicleId: number, checkDate: string, now: Date) => {
    await w.db.transaction(async (tx) => {
      const [c] = await tx
        .insert(emergencyExitChecks)
        .values({ vehicleId, companyId: w.shop, filerRole: 'Mechanic', inspectorUserId: w.mechanic, inspectorName: 'Mia Tester', checkDate, isSatisfactory: true, createdAt: now })
        .returning({ id: emergencyExitChecks.id })
      await tx.insert(emergencyExitCheckItems).values(['pushOutWindows', 'emergencyDoors', 'emergencyDoorMarkingLights'].map((k) => ({ checkId: c!.id, itemKey: k as 'pushOutWindows', status: 0 })))
    })
  }
  const exitAlert = async (vehicleId: number, now: Date) => (await ownerAlertsOf(w.db.read, w.ownerCo, now)).alerts.find((a) => a.vehicleId === vehicleId && a.alertType === 'Emergency exit check')

  it('a check on 2027-12-01 is due 2028-02-29: Warning from exactly 14 days before, Alert on the day, by the owner company today', async () => {
    const v = await w.bus({ createdAt: new Date('2027-01-01T00:00:00Z') })
    await fileOn(v.id, '2027-12-01', new Date('2027-12-01T12:00:00Z'))
    // 2028-02-15 10:30 UTC: Tokyo is 19:30 on the 15th (14 days left); Honolulu is 00:30 on the 15th.
    await setZone('Asia/Tokyo')
    expect(await exitAlert(v.id, new Date('2028-02-14T14:59:00Z'))).toBeUndefined() // Tokyo 23:59 on the 14th: 15 days left
    expect(await exitAlert(v.id, new Date('2028-02-14T15:00:00Z'))).toMatchObject({ level: 0, dueDate: '2028-02-29' }) // Tokyo midnight: 14 days
    await setZone('Pacific/Honolulu')
    expect(await exitAlert(v.id, new Date('2028-02-15T09:59:00Z'))).toBeUndefined() // Honolulu 23:59 on the 14th
    expect(await exitAlert(v.id, new Date('2028-02-15T10:00:00Z'))).toMatchObject({ level: 0, dueDate: '2028-02-29' })
    // Around midnight UTC on the due day: Tokyo has reached it, Honolulu has not.
    const midnight = new Date('2028-02-29T00:30:00Z') // Tokyo 09:30 on the 29th, Honolulu 14:30 on the 28th
    await setZone('Asia/Tokyo')
    expect(await exitAlert(v.id, midnight)).toMatchObject({ level: 1, dueDate: '2028-02-29' })
    await setZone('Pacific/Honolulu')
    expect(await exitAlert(v.id, midnight)).toMatchObject({ level: 0, dueDate: '2028-02-29' })
    expect(await exitAlert(v.id, new Date('2028-02-29T10:00:00Z'))).toMatchObject({ level: 1 })
    // The vehicle's tab agrees with the alert (the same rule).
    const listed = await listEmergencyExitChecks(await ctxFor(w.db, w.owner, midnight), v.id)
    expect(listed).toMatchObject({ nextDueDate: '2028-02-29', dueState: 'due-soon', daysLeft: 1, today: '2028-02-28' })
    await setZone('UTC')
  })

  it('never checked: overdue (an Alert dated the day the bus was added); a fresh check clears it', async () => {
    const now = new Date('2028-06-10T12:00:00Z')
    const v = await w.bus({ createdAt: new Date('2028-03-01T08:00:00Z') })
    expect(await exitAlert(v.id, now)).toMatchObject({ level: 1, dueDate: '2028-03-01' })
    await fileOn(v.id, '2028-06-09', now)
    expect(await exitAlert(v.id, now)).toBeUndefined()
    // Archived buses are not reported.
    const gone = await w.bus({ createdAt: new Date('2028-03-01T08:00:00Z'), archivedAt: new Date('2028-04-01T00:00:00Z') })
    expect(await exitAlert(gone.id, now)).toBeUndefined()
  })
})

describe('REST and tRPC doors', () => {
  let w: World
  beforeAll(async () => {
    w = await makeWorld(createTestDb())
    useAsAppDb(w.db)
  })
  afterAll(() => w.db.close())

  it('POST /api/Maintenance/submitEmergencyExitCheck (201, Idempotency-Key header) and GET /api/Maintenance/GetEmergencyExitChecks/{vehicleId}', async () => {
    const v = await w.bus()
    const token = await apiTokenFor(w.db, w.mechanic)
    const post = () =>
      handleRestRequest(
        new Request('http://localhost/api/maintenance/submitEmergencyExitCheck', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'rest-exit-1' },
          body: JSON.stringify({ VehicleId: v.id, inspectorSignature: PNG, pushOutWindows: { Status: 0 }, emergencyDoors: { status: 0 }, emergencyDoorMarkingLights: { status: 1, comments: 'Lens cracked' } }),
        }),
        w.db,
        '127.0.0.1',
      )
    const res = await post()
    expect(res.status).toBe(201)
    const body = (await res.json()) as { id: number; isSatisfactory: boolean; repairActionId: number | null }
    expect(body).toMatchObject({ isSatisfactory: false, vehicleId: v.id })
    expect(body.repairActionId).toBeTypeOf('number')
    const again = await post()
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(((await again.json()) as { id: number }).id).toBe(body.id)

    const list = await handleRestRequest(new Request(`http://localhost/api/Maintenance/GetEmergencyExitChecks/${v.id}`, { headers: { authorization: `Bearer ${token}` } }), w.db, '127.0.0.1')
    expect(list.status).toBe(200)
    expect(((await list.json()) as { checks: { id: number }[] }).checks.map((c) => c.id)).toEqual([body.id])
    const stranger = await apiTokenFor(w.db, w.strangerMechanic)
    const hidden = await handleRestRequest(new Request(`http://localhost/api/Maintenance/GetEmergencyExitChecks/${v.id}`, { headers: { authorization: `Bearer ${stranger}` } }), w.db, '127.0.0.1')
    expect(hidden.status).toBe(404)
    const one = await handleRestRequest(new Request(`http://localhost/api/Maintenance/GetEmergencyExitCheckById/${body.id}`, { headers: { authorization: `Bearer ${token}` } }), w.db, '127.0.0.1')
    expect(one.status).toBe(200)

    const doc = (await (await handleRestRequest(new Request('http://localhost/api/openapi.json'), w.db, '127.0.0.1')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/Maintenance/submitEmergencyExitCheck', '/api/Maintenance/GetEmergencyExitChecks/{vehicleId}', '/api/Maintenance/GetEmergencyExitCheckById/{checkId}']))
  })

  it('the page in Spanish: each message under its field, limits with their values included, "Please correct…" on top, no raw field key; REST keeps its English (issue 39)', async () => {
    const v = await w.bus()
    const tooOld = addDays(todayIn('UTC'), -30)
    // The request's language is in its scope, as the HTTP layer sets it (decision 074).
    const inSpanish = <T,>(run: () => Promise<T>): Promise<T> =>
      runInRequestScope(() => {
        requestScope()!.locale = 'es'
        return run()
      }).result
    const form = new FormData()
    form.set('checkDate', tooOld)
    form.set('idempotencyKey', 'page-exit-es')
    form.set('signatureName', '')
    for (const k of ['pushOutWindows', 'emergencyDoors', 'emergencyDoorMarkingLights']) {
      form.set(`${k}.status`, k === 'emergencyDoors' ? '1' : '0')
      form.set(`${k}.comments`, '')
    }
    const cookie = `${await webSessionFor(w.db, w.mechanic)}; operon_lng=es`
    const out = await inSpanish(() => callPage(emergencyExitCheckAction as PageHandler, `/emergencyExitCheck/${v.id}`, { cookie, form, params: { vehicleId: String(v.id) } }))
    expect(out.status).toBe(400)
    expect(out.body).toMatchObject({
      ok: false,
      formError: 'Corrija los campos marcados abajo.',
      fieldErrors: {
        checkDate: 'La fecha de la revisión no puede ser de hace más de 7 días',
        'emergencyDoors.comments': 'Se requiere un comentario cuando el punto es Insatisfactorio',
        inspectorSignature: 'Firme la revisión: dibuje su firma o escriba su nombre completo',
      },
    })
    expect(Object.keys((out.body as { fieldErrors: object }).fieldErrors)).toHaveLength(3)
    expect(await checksOf(w.db, v.id)).toBe(0)

    const token = await apiTokenFor(w.db, w.mechanic)
    const rest = await inSpanish(() =>
      handleRestRequest(
        new Request('http://localhost/api/Maintenance/submitEmergencyExitCheck', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'es-US,es;q=0.9', cookie: 'operon_lng=es' },
          body: JSON.stringify(check(v.id, { checkDate: tooOld })),
        }),
        w.db,
        '127.0.0.1',
      ),
    )
    expect(rest.status).toBe(400)
    expect(await rest.json()).toEqual({ message: 'checkDate: The check date may be at most 7 days back', errors: { checkDate: 'The check date may be at most 7 days back' } })
  })

  it('tRPC emergencyExits.submit / list / get', async () => {
    const v = await w.bus()
    const cookie = `operon_session=${await webSessionFor(w.db, w.driver)}`
    const call = (path: string, type: 'query' | 'mutation', input: unknown) =>
      handleTrpcRequest(
        new Request(type === 'query' ? `http://localhost/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `http://localhost/trpc/${path}`, {
          method: type === 'query' ? 'GET' : 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: type === 'mutation' ? JSON.stringify(input) : undefined,
        }),
        w.db,
        '127.0.0.1',
      )
    const res = await call('emergencyExits.submit', 'mutation', check(v.id))
    expect(res.status).toBe(200)
    const filed = ((await res.json()) as { result: { data: { id: number } } }).result.data
    expect((await call('emergencyExits.list', 'query', { vehicleId: v.id })).status).toBe(200)
    expect((await call('emergencyExits.get', 'query', { checkId: filed.id })).status).toBe(200)
    const bad = await call('emergencyExits.submit', 'mutation', { vehicleId: v.id })
    expect(bad.status).toBe(400)
    const [n] = await w.db.read.select({ n: count() }).from(emergencyExitChecks).where(and(eq(emergencyExitChecks.vehicleId, v.id)))
    expect(n!.n).toBe(1)
  })
})
