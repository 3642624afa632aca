/**
 * Hours-of-service records without an ELD (issue 37 point 3, decision 086): the driver's status
 * changes (late ones from the phone's outbox, in order), overlap refusals, idempotency, the
 * pre-trip's period, the month view's days, the managers' corrections, the pages without
 * JavaScript, the month PDF, and the REST shapes through the real HTTP handler. On both drivers.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, companies, dutyPeriods } from '#db/schema/index.ts'
import { isAppError } from '#server/errors.ts'
import { addDutyPeriod, changeDutyStatus, deleteDutyPeriod, getDriverMonth, getDutyStatus, listDriversHours, updateDutyPeriod } from '#server/hours/duty.server.ts'
import { HOS_TEXT } from '#server/hours/hos-rules.ts'
import { recordPreTripDuty } from '#server/hours/pre-trip-duty.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { pdfText } from '#tests/helpers/pdf.ts'
import * as dutyPage from '#app/routes/_app+/duty.$companyId.tsx'
import * as monthPage from '#app/routes/_app+/hours.$companyId_.$driverUserId.tsx'
import * as listPage from '#app/routes/_app+/hours.$companyId.tsx'
import * as pdfRoute from '#app/routes/_app+/hours.$companyId_.$driverUserId_.month[.]pdf.ts'

/** (Not a React hook: makes `db` the process database, for the pages.) */
const setAppDb = useAsAppDb

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; fieldErrors?: Record<string, string> }> {
  try {
    await p
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
    throw error
  }
  throw new Error('expected a refusal')
}

const NY = 'America/New_York'
/** New York wall time → instant (summer: UTC-4). */
const ny = (wall: string) => new Date(`${wall}:00-04:00`)

describe.each(DRIVERS)('hours of service on %s', (driver) => {
  let db: Database
  const ids = {} as { operator: number; other: number; manager: number; driver: number; driver2: number; mechanic: number; otherManager: number }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.operator = (await createCompany(db, 'HOS Operator', ['Operator'])).id
    ids.other = (await createCompany(db, 'Other Operator', ['Operator'])).id
    await db.transaction((tx) => tx.update(companies).set({ timeZone: NY }).where(eq(companies.id, ids.operator)))
    const user = async (company: number, role: 'Operator' | 'Driver' | 'Mechanic') => {
      const u = await createUser(db)
      await grantRole(db, u.id, company, role)
      return u.id
    }
    ids.manager = await user(ids.operator, 'Operator')
    ids.driver = await user(ids.operator, 'Driver')
    ids.driver2 = await user(ids.operator, 'Driver')
    ids.mechanic = await user(ids.operator, 'Mechanic')
    ids.otherManager = await user(ids.other, 'Operator')
  })
  afterAll(() => db.close())

  const ctx = (userId: number, now?: Date) => ctxFor(db, userId, now)
  const periodsOf = (driverUserId: number) =>
    db.read
      .select()
      .from(dutyPeriods)
      .where(and(eq(dutyPeriods.companyId, ids.operator), eq(dutyPeriods.driverUserId, driverUserId)))
      .orderBy(dutyPeriods.startedAt)

  it('changes the status: each tap ends the open period and opens the next; off duty opens none; late taps in order', async () => {
    const now = ny('2026-06-15T20:00')
    const change = async (status: string, wall: string, key: string) => changeDutyStatus(await ctx(ids.driver, now), { companyId: ids.operator, status, at: `${wall}`, idempotencyKey: key })
    // The phone was offline all day: its outbox sends the taps in order, late.
    expect(await change('onDuty', '2026-06-15T06:00', 'k-1')).toMatchObject({ status: 'onDuty', since: ny('2026-06-15T06:00').toISOString(), replayed: false })
    await change('driving', '2026-06-15T06:30', 'k-2')
    await change('onDuty', '2026-06-15T11:30', 'k-3')
    const off = await change('offDuty', '2026-06-15T12:00', 'k-4')
    expect(off.periodId).toBeNull()
    const rows = await periodsOf(ids.driver)
    expect(rows.map((r) => [r.status, r.startedAt.toISOString(), r.endedAt?.toISOString() ?? null, r.source])).toEqual([
      ['onDuty', ny('2026-06-15T06:00').toISOString(), ny('2026-06-15T06:30').toISOString(), 'phone'],
      ['driving', ny('2026-06-15T06:30').toISOString(), ny('2026-06-15T11:30').toISOString(), 'phone'],
      ['onDuty', ny('2026-06-15T11:30').toISOString(), ny('2026-06-15T12:00').toISOString(), 'phone'],
    ])
    // The same keys again (a retry after a lost answer): the first answers, nothing new.
    expect(await change('driving', '2026-06-15T06:30', 'k-2')).toMatchObject({ replayed: true, status: 'driving' })
    expect(await change('offDuty', '2026-06-15T12:00', 'k-4')).toMatchObject({ replayed: true, status: 'offDuty' })
    expect(await periodsOf(ids.driver)).toHaveLength(3)
    // A late tap before the latest end: 409, nothing saved.
    const late = await refusal(change('driving', '2026-06-15T11:00', 'k-5'))
    expect(late).toMatchObject({ code: 'CONFLICT', message: 'This duty period overlaps another one' })
    // In the future beyond a minute: 400 naming `at`.
    const future = await refusal(change('driving', '2026-06-15T20:05', 'k-6'))
    expect(future).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { at: 'The time cannot be in the future' } })
    expect(await periodsOf(ids.driver)).toHaveLength(3)
    const audited = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'duty.change'), eq(auditLog.actorUserId, ids.driver)))
    expect(audited).toHaveLength(4)
    expect(audited[0]!.details).toMatchObject({ driverUserId: ids.driver, status: 'onDuty' })
  })

  it('gives the status now with today’s totals, the limits and the warnings', async () => {
    const s = await getDutyStatus(await ctx(ids.driver, ny('2026-06-15T13:00')), { companyId: ids.operator })
    expect(s).toMatchObject({ status: 'offDuty', since: ny('2026-06-15T12:00').toISOString(), as: 'driver', cycle: '60/7', timeZone: NY })
    expect(s.today).toMatchObject({ date: '2026-06-15', drivingMinutes: 300, onDutyMinutes: 360 })
    expect(s.driving).toMatchObject({ usedMinutes: 300, remainingMinutes: 300, state: 'ok' })
    // Four more hours of driving: 9 hours, a warning an hour before the limit.
    await changeDutyStatus(await ctx(ids.driver, ny('2026-06-15T15:00')), { companyId: ids.operator, status: 'driving', at: '2026-06-15T15:00' })
    await changeDutyStatus(await ctx(ids.driver, ny('2026-06-15T19:00')), { companyId: ids.operator, status: 'offDuty', at: '2026-06-15T19:00' })
    const now = ny('2026-06-15T19:30')
    // Eight hours off later, a new duty day: nothing used.
    expect((await getDutyStatus(await ctx(ids.driver, ny('2026-06-16T03:00')), { companyId: ids.operator })).driving.usedMinutes).toBe(0)
    const warned = await getDutyStatus(await ctx(ids.manager, now), { companyId: ids.operator, driverUserId: ids.driver })
    expect(warned.as).toBe('manager')
    expect(warned.driving).toMatchObject({ usedMinutes: 540, state: 'warning' })
    expect(warned.warnings).toEqual([HOS_TEXT.drivingWarning])
    // Every current driver, for the managers; the drivers and other companies may not.
    const list = await listDriversHours(await ctx(ids.manager, now), { companyId: ids.operator })
    expect(list.total).toBe(2)
    expect(list.drivers.find((d) => d.driverUserId === ids.driver)).toMatchObject({ status: 'offDuty', warnings: [HOS_TEXT.drivingWarning] })
    expect((await refusal(listDriversHours(await ctx(ids.driver), { companyId: ids.operator }))).code).toBe('FORBIDDEN')
    expect((await refusal(getDutyStatus(await ctx(ids.driver2), { companyId: ids.operator, driverUserId: ids.driver }))).code).toBe('FORBIDDEN')
    expect((await refusal(getDutyStatus(await ctx(ids.otherManager), { companyId: ids.operator, driverUserId: ids.driver }))).code).toBe('FORBIDDEN')
    // A manager who is not a driver has no duty of their own.
    expect((await refusal(changeDutyStatus(await ctx(ids.manager), { companyId: ids.operator, status: 'driving' }))).code).toBe('FORBIDDEN')
    expect((await refusal(getDutyStatus(await ctx(ids.manager), { companyId: ids.operator }))).code).toBe('FORBIDDEN')
  })

  it('lets managers add, correct and delete periods; overlaps are refused; their own driver may not', async () => {
    const now = ny('2026-06-20T12:00')
    const m = await ctx(ids.manager, now)
    const added = await addDutyPeriod(m, { companyId: ids.operator, driverUserId: ids.driver2, status: 'driving', startedAt: '2026-06-16T22:00', endedAt: '2026-06-17T03:00', note: 'Night run', idempotencyKey: 'm-1' })
    expect(added).toMatchObject({ status: 'driving', source: 'manager', startedAt: ny('2026-06-16T22:00').toISOString(), note: 'Night run', replayed: false })
    expect(await addDutyPeriod(m, { companyId: ids.operator, driverUserId: ids.driver2, status: 'driving', startedAt: '2026-06-16T22:00', endedAt: '2026-06-17T03:00', idempotencyKey: 'm-1' })).toMatchObject({ id: added.id, replayed: true })
    const overlap = await refusal(addDutyPeriod(m, { companyId: ids.operator, driverUserId: ids.driver2, status: 'onDuty', startedAt: '2026-06-17T02:59', endedAt: '2026-06-17T04:00' }))
    expect(overlap).toMatchObject({ code: 'CONFLICT', message: 'This duty period overlaps another one' })
    expect((await refusal(addDutyPeriod(m, { companyId: ids.operator, driverUserId: ids.driver2, status: 'onDuty', startedAt: '2026-06-17T05:00', endedAt: '2026-06-17T04:00' }))).fieldErrors).toMatchObject({
      endedAt: 'The end must be after the start',
    })
    expect((await refusal(addDutyPeriod(m, { companyId: ids.operator, driverUserId: ids.driver2, status: 'sleeping', startedAt: '2026-06-17T05:00' }))).fieldErrors).toHaveProperty('status')
    // Touching is not overlapping.
    const next = await addDutyPeriod(m, { companyId: ids.operator, driverUserId: ids.driver2, status: 'onDuty', startedAt: '2026-06-17T03:00', endedAt: '2026-06-17T04:00' })
    // Moving it onto the first: 409; elsewhere: saved and audited.
    expect((await refusal(updateDutyPeriod(m, { id: next.id, status: 'onDuty', startedAt: '2026-06-17T02:00', endedAt: '2026-06-17T04:00' }))).code).toBe('CONFLICT')
    expect(await updateDutyPeriod(m, { id: next.id, status: 'onDuty', startedAt: '2026-06-17T05:00', endedAt: '2026-06-17T06:00', note: 'Washing' })).toMatchObject({ note: 'Washing' })
    // Not the driver's to change (403), nor another company's manager's (404), nor a mechanic's (404).
    expect((await refusal(updateDutyPeriod(await ctx(ids.driver2, now), { id: next.id, status: 'driving', startedAt: '2026-06-17T05:00', endedAt: '2026-06-17T06:00' }))).code).toBe('FORBIDDEN')
    expect((await refusal(deleteDutyPeriod(await ctx(ids.otherManager), { id: next.id }))).code).toBe('NOT_FOUND')
    expect((await refusal(deleteDutyPeriod(await ctx(ids.mechanic), { id: next.id }))).code).toBe('NOT_FOUND')
    expect((await refusal(addDutyPeriod(await ctx(ids.otherManager, now), { companyId: ids.other, driverUserId: ids.driver2, status: 'onDuty', startedAt: '2026-06-17T05:00' }))).code).toBe('NOT_FOUND')
    expect(await deleteDutyPeriod(m, { id: next.id })).toEqual({ id: next.id, deleted: true })
    const actions = (await db.read.select({ a: auditLog.action, d: auditLog.details }).from(auditLog).where(sql`${auditLog.action} LIKE 'dutyPeriod.%'`)).map((r) => r.a)
    expect(actions).toEqual(['dutyPeriod.add', 'dutyPeriod.add', 'dutyPeriod.update', 'dutyPeriod.delete'])
  })

  it('records a pre-trip as on-duty time, unless the phone’s record covers it', async () => {
    const made = await db.transaction((tx) => recordPreTripDuty(tx, { companyId: ids.operator, driverUserId: ids.driver2, startedAt: ny('2026-06-18T05:00'), endedAt: null }))
    expect(made).not.toBeNull()
    const [row] = await db.read.select().from(dutyPeriods).where(eq(dutyPeriods.id, made!.id))
    expect(row).toMatchObject({ status: 'onDuty', source: 'preTrip', endedAt: ny('2026-06-18T05:15') })
    expect(await db.transaction((tx) => recordPreTripDuty(tx, { companyId: ids.operator, driverUserId: ids.driver2, startedAt: ny('2026-06-18T05:10'), endedAt: ny('2026-06-18T05:40') }))).toBeNull()
  })

  it('shows the month: per day the short-haul record, a duty day across midnight, the warnings; audited', async () => {
    const now = ny('2026-06-30T12:00')
    const view = await getDriverMonth(await ctx(ids.manager, now), { companyId: ids.operator, driverUserId: ids.driver2, month: '2026-06' })
    expect(view.days).toHaveLength(30)
    const d16 = view.days.find((d) => d.date === '2026-06-16')!
    expect(d16).toMatchObject({ timeOn: ny('2026-06-16T22:00').getTime(), timeReleased: ny('2026-06-17T03:00').getTime(), dutyDayDrivingMinutes: 300, drivingMinutes: 120, over14: false })
    expect(view.days.find((d) => d.date === '2026-06-17')).toMatchObject({ drivingMinutes: 180, timeOn: null })
    expect(view.periods.map((p) => p.source)).toEqual(['manager', 'preTrip'])
    // A 15-hour day: flagged as released more than 14 hours after coming on duty.
    await addDutyPeriod(await ctx(ids.manager, now), { companyId: ids.operator, driverUserId: ids.driver2, status: 'onDuty', startedAt: '2026-06-22T05:00', endedAt: '2026-06-22T20:00' })
    const again = await getDriverMonth(await ctx(ids.driver2, now), { companyId: ids.operator, driverUserId: ids.driver2, month: '2026-06' })
    expect(again.as).toBe('driver')
    expect(again.days.find((d) => d.date === '2026-06-22')).toMatchObject({ over14: true, warnings: [HOS_TEXT.shortHaul] })
    const views = await db.read.select().from(auditLog).where(eq(auditLog.action, 'driverHours.view'))
    expect(views.map((v) => v.details)).toEqual([
      { driverUserId: ids.driver2, month: '2026-06' },
      { driverUserId: ids.driver2, month: '2026-06' },
    ])
    expect((await refusal(getDriverMonth(await ctx(ids.driver), { companyId: ids.operator, driverUserId: ids.driver2 }))).code).toBe('FORBIDDEN')
    expect((await refusal(getDriverMonth(await ctx(ids.manager), { companyId: ids.operator, driverUserId: ids.mechanic }))).message).toBe('Driver not found')
    expect((await refusal(getDriverMonth(await ctx(ids.manager), { companyId: ids.operator, driverUserId: ids.driver2, month: '2026-13' }))).fieldErrors).toHaveProperty('month')
  })

  it('answers REST with the documented shapes through the HTTP handler', async () => {
    const token = await apiTokenFor(db, ids.driver)
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as = token) =>
      handleRestRequest(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${as}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
          body: body ? JSON.stringify(body) : undefined,
        }),
        db,
        '127.0.0.1',
      )
    const first = await call('POST', '/api/hours/changedutystatus', { companyId: ids.operator, status: 'onDuty' }, { 'idempotency-key': 'rest-1' })
    expect(first.status).toBe(200)
    const body = (await first.json()) as Record<string, unknown>
    expect(body).toMatchObject({ companyId: ids.operator, driverUserId: ids.driver, status: 'onDuty' })
    expect(body).not.toHaveProperty('replayed')
    const again = await call('POST', '/api/Hours/changeDutyStatus', { companyId: ids.operator, status: 'onDuty' }, { 'idempotency-key': 'rest-1' })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const status = await call('GET', `/api/Hours/getDutyStatus?companyId=${ids.operator}`)
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({ status: 'onDuty', driving: { limitMinutes: 600 }, onDuty: { limitMinutes: 900 }, cycleLimit: { hours: 60, days: 7 } })
    await call('POST', '/api/Hours/changeDutyStatus', { companyId: ids.operator, status: 'offDuty' })
    const managerToken = await apiTokenFor(db, ids.manager)
    const drivers = await call('GET', `/api/Hours/getDrivers?companyId=${ids.operator}&pageSize=1`, undefined, {}, managerToken)
    expect(await drivers.json()).toMatchObject({ total: 2, pageSize: 1, drivers: [{ driverUserId: expect.any(Number) }] })
    const month = await call('GET', `/api/Hours/getMonth?companyId=${ids.operator}&driverUserId=${ids.driver2}&month=2026-06`, undefined, {}, managerToken)
    expect(month.status).toBe(200)
    const added = await call('POST', '/api/Hours/addDutyPeriod', { companyId: ids.operator, driverUserId: ids.driver2, status: 'onDuty', startedAt: '2026-06-25T09:00:00-04:00', endedAt: '2026-06-25T10:00:00-04:00' }, {}, managerToken)
    expect(added.status).toBe(201)
    const period = (await added.json()) as { id: number }
    const clash = await call('POST', '/api/Hours/addDutyPeriod', { companyId: ids.operator, driverUserId: ids.driver2, status: 'onDuty', startedAt: '2026-06-25T09:30:00-04:00', endedAt: '2026-06-25T11:00:00-04:00' }, {}, managerToken)
    expect(clash.status).toBe(409)
    expect(await clash.json()).toMatchObject({ message: 'This duty period overlaps another one' })
    const put = await call('PUT', '/api/Hours/updateDutyPeriod', { id: period.id, status: 'driving', startedAt: '2026-06-25T09:00:00-04:00', endedAt: '2026-06-25T09:45:00-04:00' }, {}, managerToken)
    expect(await put.json()).toMatchObject({ id: period.id, status: 'driving' })
    // Another driver's period: 404, as for one that does not exist.
    expect((await call('DELETE', `/api/Hours/deleteDutyPeriod?id=${period.id}`, undefined, {}, token)).status).toBe(404)
    expect((await call('DELETE', `/api/Hours/deleteDutyPeriod?id=${period.id}`, undefined, {}, managerToken)).status).toBe(200)
    // Every path is in the OpenAPI document.
    const doc = (await (await call('GET', '/api/openapi.json')).json()) as { paths: Record<string, unknown> }
    for (const path of ['changeDutyStatus', 'getDutyStatus', 'getDrivers', 'getMonth', 'addDutyPeriod', 'updateDutyPeriod', 'deleteDutyPeriod']) expect(doc.paths).toHaveProperty([`/api/Hours/${path}`])
  })

  async function page(handler: (args: never) => unknown, path: string, params: Record<string, string>, userId: number, form?: Record<string, string>) {
    setAppDb(db)
    const body = form ? new URLSearchParams(form) : undefined
    const request = new Request(`http://localhost${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie: `operon_session=${await webSessionFor(db, userId)}`, 'accept-language': 'es' },
      body,
    })
    try {
      return await (handler as (a: unknown) => Promise<unknown>)({ request, params, context: { cspNonce: '', clientIp: '127.0.0.1' } })
    } catch (thrown) {
      return thrown
    }
  }
  const dataOf = (out: unknown) => ((out as { type?: string })?.type === 'DataWithResponseInit' ? (out as { data: unknown; init: ResponseInit | null }) : { data: out, init: null })

  it('works through the pages without JavaScript, in Spanish', async () => {
    const params = { companyId: String(ids.operator) }
    const loaded = (await page(dutyPage.loader, `/duty/${ids.operator}`, params, ids.driver2)) as { now: { statusLabel: string }; idempotencyKey: string }
    expect(loaded.now.statusLabel).toBe('Fuera de servicio')
    const posted = await page(dutyPage.action, `/duty/${ids.operator}`, params, ids.driver2, { status: 'driving', idempotencyKey: loaded.idempotencyKey })
    expect(posted).toBeInstanceOf(Response)
    expect((posted as Response).status).toBe(302)
    const open = (await periodsOf(ids.driver2)).find((p) => !p.endedAt)
    expect(open).toMatchObject({ status: 'driving', source: 'phone' })
    // The manager's page of drivers; the phone screen is not theirs (home).
    const list = (await page(listPage.loader, `/hours/${ids.operator}`, params, ids.manager)) as { drivers: { driverUserId: number; statusLabel: string }[] }
    expect(list.drivers.find((d) => d.driverUserId === ids.driver2)?.statusLabel).toBe('En servicio conduciendo')
    expect(((await page(dutyPage.loader, `/duty/${ids.operator}`, params, ids.manager)) as Response).headers.get('location')).toBe('/')
    // The month page's forms: an overlap keeps what was typed, with the message under the start.
    const mparams = { companyId: String(ids.operator), driverUserId: String(ids.driver2) }
    const path = `/hours/${ids.operator}/${ids.driver2}?month=2026-06`
    const month = (await page(monthPage.loader, path, mparams, ids.manager)) as { days: unknown[]; canEdit: boolean }
    expect(month).toMatchObject({ canEdit: true })
    expect(month.days).toHaveLength(30)
    const clash = dataOf(await page(monthPage.action, path, mparams, ids.manager, { intent: 'addPeriod', status: 'onDuty', startedAt: '2026-06-16T23:00', endedAt: '2026-06-17T01:00', note: '' }))
    expect(clash.init?.status).toBe(409)
    expect(clash.data).toMatchObject({ ok: false, fieldErrors: { startedAt: expect.stringMatching(/This duty period overlaps another one|Este periodo de servicio se superpone con otro/) }, values: { startedAt: '2026-06-16T23:00' } })
    const ok = await page(monthPage.action, path, mparams, ids.manager, { intent: 'addPeriod', status: 'onDuty', startedAt: '2026-06-26T08:00', endedAt: '2026-06-26T09:00', note: 'Yard' })
    expect((ok as Response).status).toBe(302)
    const driverView = (await page(monthPage.loader, path, mparams, ids.driver2)) as { canEdit: boolean }
    expect(driverView.canEdit).toBe(false)
  })

  it.runIf(driver === DRIVERS[0])('prints the month as a PDF in the reader’s language', async () => {
    const params = { companyId: String(ids.operator), driverUserId: String(ids.driver2) }
    const res = (await page(pdfRoute.loader, `/hours/${ids.operator}/${ids.driver2}/month.pdf?month=2026-06`, params, ids.manager)) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const text = pdfText(new Uint8Array(await res.arrayBuffer()), 'hours-month')
    expect(text).toContain('Horas de servicio')
    const flat = text.replace(/\s+/g, ' ')
    // Days and instants as a Spanish reader writes them, never YYYY-MM-DD.
    expect(flat).toContain('22 jun 2026')
    expect(flat).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    // (pdftotext keeps the table's layout: a cell's wrapped lines interleave with the next cells')
    expect(flat).toMatch(/Liberado más de .*14 horas después/)
    expect(flat).toContain('no un dispositivo electrónico de registro (ELD)')
    expect(flat).toContain('En servicio sin conducir 22 jun 2026, 5:00 a.m. EDT 22 jun 2026, 8:00 p.m. EDT')
    expect(flat).not.toContain('Released more than')
    const refused = (await page(pdfRoute.loader, `/hours/${ids.operator}/${ids.driver2}/month.pdf?month=2026-06`, params, ids.driver)) as Response
    expect(refused.status).toBe(403)
  }, 60_000)
})
