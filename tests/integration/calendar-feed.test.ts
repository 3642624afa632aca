/**
 * Issue 35 point 3 (decision 084): the personal calendar feed. A secret of ≥ 128 bits of which
 * only the SHA-256 is stored, carried in the query string (never logged, decision 042), answered
 * as text/calendar with `Referrer-Policy: no-referrer`; revoked by the person, by a password
 * reset and by the loss of the role; carrying the maintenance items, 90-day checks, annual
 * inspections and lease ends the person may see, in the person's language — read back by a real
 * iCalendar parser (ical.js), over real HTTP through the whole application.
 */
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import {
  calendarFeeds,
  leaseAgreements,
  operatorAssignments,
  passwordResetTokens,
  serviceProgramVehicles,
  servicePrograms,
  serviceTasks,
  users,
} from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { resetPassword } from '#server/auth/password-reset.server.ts'
import { hashToken } from '#server/auth/tokens.server.ts'
import { calendarFeedStatus, createCalendarFeed, revokeCalendarFeed } from '#server/calendar/calendar-feeds.server.ts'
import { updateUserRoleStatus } from '#server/companies/employees.server.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { useLogDestination } from '#server/log.server.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import * as profile from '#app/routes/_app+/profile.tsx'
import { anon, ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { actorFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { callPage } from '#tests/helpers/remix.ts'

const DAY = 86_400_000
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

interface Parsed {
  uid: string
  summary: string
  description: string | null
  start: string
  isDate: boolean
}

function parseFeed(text: string): Parsed[] {
  const cal = new ICAL.Component(ICAL.parse(text))
  expect(cal.name).toBe('vcalendar')
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v)
    expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy()
    return { uid: e.uid, summary: e.summary, description: e.description ?? null, start: e.startDate.toString(), isDate: e.startDate.isDate }
  })
}

const tokenOf = (url: string) => decodeURIComponent(new URL(url).searchParams.get('token')!)

describe('the personal calendar feed (GET /calendar.ics)', () => {
  let db: Database
  let app: RunningApp
  const log: string[] = []
  const ids = {} as {
    owner: number
    operator: number
    operatorBoss: number
    stranger: number
    ownerCo: number
    operatorCo: number
    bus: number
    busIdentifier: string
    task: number
    lease: number
    otherLease: number
  }

  async function fetchFeed(token: string) {
    return raw(app.base, 'GET', `/calendar.ics?token=${encodeURIComponent(token)}`)
  }

  beforeAll(async () => {
    db = createTestDb()
    app = await startApp(db)
    useLogDestination({ write: (s: string) => void log.push(s) }, 'debug')

    const owner = await createUser(db, { firstName: 'Olivia' })
    const operator = await createUser(db, { firstName: 'Óscar' })
    const operatorBoss = await createUser(db, { firstName: 'Bea' })
    const stranger = await createUser(db, { firstName: 'Sam' })
    await db.transaction((tx) => tx.update(users).set({ locale: 'es' }).where(eq(users.id, operator.id)))
    const ownerCo = await createCompany(db, 'Calendar Owner Co', ['Owner'])
    const operatorCo = await createCompany(db, 'Calendar Operator Co', ['Operator'])
    const otherCo = await createCompany(db, 'Unrelated Owner Co', ['Owner'])
    const otherOp = await createCompany(db, 'Unrelated Operator Co', ['Operator'])
    await grantRole(db, owner.id, ownerCo.id, 'Owner')
    await grantRole(db, operator.id, operatorCo.id, 'Operator')
    // A driver role brings nothing of its own to the feed (no driver files).
    await grantRole(db, operator.id, operatorCo.id, 'Driver')
    await grantRole(db, operatorBoss.id, operatorCo.id, 'Operator')
    await grantRole(db, stranger.id, otherCo.id, 'Owner')
    await grantRole(db, stranger.id, otherOp.id, 'Operator')

    const busIdentifier = `CAL-BUS-${Date.now().toString(36)}`
    const bus = await insertVehicle(db, ownerCo.id, { vehicleIdentifier: busIdentifier, nextInspection: day(20) })
    const otherBus = await insertVehicle(db, otherCo.id, { vehicleIdentifier: 'OTHER-BUS-9', nextInspection: day(25) })

    const made = await db.transaction(async (tx) => {
      const [program] = await tx.insert(servicePrograms).values({ ownerCompanyId: ownerCo.id, name: 'PM-A' }).returning()
      const [task] = await tx.insert(serviceTasks).values({ programId: program!.id, ownerCompanyId: ownerCo.id, name: 'Oil and filter', intervalDays: 45, soonDays: 7 }).returning()
      await tx.insert(serviceProgramVehicles).values({ programId: program!.id, vehicleId: bus.id, ownerCompanyId: ownerCo.id, kind: 'pick', joinedOn: day(-10) })
      const [otherProgram] = await tx.insert(servicePrograms).values({ ownerCompanyId: otherCo.id, name: 'Secret program' }).returning()
      const [otherTask] = await tx.insert(serviceTasks).values({ programId: otherProgram!.id, ownerCompanyId: otherCo.id, name: 'Secret task', intervalDays: 30 }).returning()
      await tx.insert(serviceProgramVehicles).values({ programId: otherProgram!.id, vehicleId: otherBus.id, ownerCompanyId: otherCo.id, kind: 'pick', joinedOn: day(-5) })

      const [assignment] = await tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operatorCo.id, startDate: day(-5), endDate: day(60) }).returning()
      const [lease] = await tx
        .insert(leaseAgreements)
        .values({
          assignmentId: assignment!.id,
          vehicleId: bus.id,
          ownerCompanyId: ownerCo.id,
          operatorCompanyId: operatorCo.id,
          textVersion: 'LEASE-2026-1',
          ownerName: 'Calendar Owner Co',
          operatorName: 'Calendar Operator Co',
          vehicleIdentifier: busIdentifier,
          vin: bus.vin,
          licensePlate: bus.licensePlate,
          startDate: day(-5),
          endDate: day(60),
        })
        .returning()
      const [otherAssignment] = await tx.insert(operatorAssignments).values({ vehicleId: otherBus.id, operatorCompanyId: otherOp.id, startDate: day(-5), endDate: day(30) }).returning()
      const [otherLease] = await tx
        .insert(leaseAgreements)
        .values({
          assignmentId: otherAssignment!.id,
          vehicleId: otherBus.id,
          ownerCompanyId: otherCo.id,
          operatorCompanyId: otherOp.id,
          textVersion: 'LEASE-2026-1',
          ownerName: 'Unrelated Owner Co',
          operatorName: 'Unrelated Operator Co',
          vehicleIdentifier: 'OTHER-BUS-9',
          vin: otherBus.vin,
          licensePlate: otherBus.licensePlate,
          startDate: day(-5),
          endDate: day(30),
        })
        .returning()
      return { task: task!.id, otherTask: otherTask!.id, lease: lease!.id, otherLease: otherLease!.id }
    })
    Object.assign(ids, {
      owner: owner.id,
      operator: operator.id,
      operatorBoss: operatorBoss.id,
      stranger: stranger.id,
      ownerCo: ownerCo.id,
      operatorCo: operatorCo.id,
      bus: bus.id,
      busIdentifier,
      task: made.task,
      lease: made.lease,
      otherLease: made.otherLease,
    })
  }, 120_000)

  afterAll(async () => {
    useLogDestination({ write: () => undefined }, 'silent')
    await app?.close()
    await db?.close()
    resetEnvCache()
  })

  it('a new link: at least 128 random bits in the URL, only its SHA-256 stored, the URL from APP_URL', async () => {
    const made = await createCalendarFeed(await ctxFor(db, ids.owner))
    expect(made.url).toMatch(/^http:\/\/operon\.test\/calendar\.ics\?token=[A-Za-z0-9_-]+$/)
    const token = tokenOf(made.url)
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
    const rows = await db.read.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ids.owner))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(hashToken(token))
    expect(JSON.stringify(rows)).not.toContain(token)
    const status = await calendarFeedStatus(await ctxFor(db, ids.owner))
    expect(status).toMatchObject({ active: true, lastFetchedAt: null })
    expect(JSON.stringify(status)).not.toContain(token)
  })

  it('the owner’s feed: text/calendar, no-referrer, private no-store; the bus’s task, 90-day check, annual inspection and lease end, nothing of another company', async () => {
    const made = await createCalendarFeed(await ctxFor(db, ids.owner))
    const res = await fetchFeed(tokenOf(made.url))
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain('\r\n')
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)

    const events = parseFeed(res.body)
    const byUid = new Map(events.map((e) => [e.uid, e]))
    const task = byUid.get(`task-${ids.bus}-${ids.task}@operon`)
    expect(task).toMatchObject({ summary: `${ids.busIdentifier}: Oil and filter due`, start: day(35), isDate: true })
    expect(task!.description).toContain('PM-A')
    expect(byUid.get(`exit-check-${ids.bus}@operon`)?.summary).toMatch(new RegExp(`^${ids.busIdentifier}: 90-day emergency-exit check (due|overdue)$`))
    expect(byUid.get(`annual-inspection-${ids.bus}@operon`)).toMatchObject({ summary: `${ids.busIdentifier}: Annual inspection due`, start: day(20) })
    expect(byUid.get(`lease-end-${ids.lease}@operon`)).toMatchObject({ summary: `${ids.busIdentifier}: lease with Calendar Operator Co ends`, start: day(60), isDate: true })
    // Nothing of the unrelated company's bus, task or lease.
    expect(res.body).not.toContain('OTHER-BUS-9')
    expect(res.body).not.toContain('Secret')
    expect(byUid.has(`lease-end-${ids.otherLease}@operon`)).toBe(false)
    // UIDs are stable from one fetch to the next.
    const again = parseFeed((await fetchFeed(tokenOf(made.url))).body)
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort())
    expect((await calendarFeedStatus(await ctxFor(db, ids.owner))).lastFetchedAt).not.toBeNull()
  })

  it('the operator’s feed in Spanish: the assigned bus’s items and its own lease end', async () => {
    const made = await createCalendarFeed(await ctxFor(db, ids.operator))
    const res = await fetchFeed(tokenOf(made.url))
    expect(res.status).toBe(200)
    const byUid = new Map(parseFeed(res.body).map((e) => [e.uid, e]))
    expect(byUid.get(`task-${ids.bus}-${ids.task}@operon`)?.summary).toBe(`${ids.busIdentifier}: vence Oil and filter`)
    expect(byUid.get(`task-${ids.bus}-${ids.task}@operon`)?.description).toContain('Programa de servicio: PM-A')
    expect(byUid.get(`annual-inspection-${ids.bus}@operon`)?.summary).toBe(`${ids.busIdentifier}: vence Inspección anual`)
    expect(byUid.get(`exit-check-${ids.bus}@operon`)?.summary).toContain('Revisión de salidas de emergencia de 90 días')
    expect(byUid.get(`lease-end-${ids.lease}@operon`)?.summary).toBe(`${ids.busIdentifier}: termina el arrendamiento con Calendar Owner Co`)
    expect(res.body).toContain('X-WR-CALNAME:Operon: mantenimiento y arrendamientos')
    expect(res.body).not.toContain('OTHER-BUS-9')
  })

  it('a person of an unrelated company sees only that company’s bus', async () => {
    const made = await createCalendarFeed(await ctxFor(db, ids.stranger))
    const res = await fetchFeed(tokenOf(made.url))
    expect(res.status).toBe(200)
    expect(res.body).toContain('OTHER-BUS-9')
    expect(res.body).not.toContain(ids.busIdentifier)
    expect(parseFeed(res.body).some((e) => e.uid === `lease-end-${ids.otherLease}@operon`)).toBe(true)
  })

  it('unknown, malformed, missing and revoked tokens: 404 with no detail; a new link replaces the old one', async () => {
    const ctx = await ctxFor(db, ids.owner)
    const first = await createCalendarFeed(ctx)
    const second = await createCalendarFeed(ctx)
    const unknown = await fetchFeed('A'.repeat(43))
    expect(unknown.status).toBe(404)
    expect(unknown.headers['referrer-policy']).toBe('no-referrer')
    const replaced = await fetchFeed(tokenOf(first.url))
    expect(replaced.status).toBe(404)
    expect(replaced.body).toBe(unknown.body)
    expect((await fetchFeed('bad token!')).status).toBe(404)
    expect((await raw(app.base, 'GET', '/calendar.ics')).status).toBe(404)
    expect((await fetchFeed(tokenOf(second.url))).status).toBe(200)

    expect(await revokeCalendarFeed(ctx)).toMatchObject({ revoked: true, active: false })
    const revoked = await fetchFeed(tokenOf(second.url))
    expect(revoked.status).toBe(404)
    expect(revoked.body).toBe(unknown.body)
    expect(revoked.body).not.toMatch(/revoked|expired/i)
    expect((await calendarFeedStatus(ctx)).active).toBe(false)
  })

  it('a password reset revokes the link', async () => {
    const made = await createCalendarFeed(await ctxFor(db, ids.owner))
    expect((await fetchFeed(tokenOf(made.url))).status).toBe(200)
    const resetToken = `reset-${Date.now()}-calendar`
    await db.transaction((tx) => tx.insert(passwordResetTokens).values({ tokenHash: hashToken(resetToken), userId: ids.owner, expiresAt: new Date(Date.now() + 3_600_000) }))
    await resetPassword(anon(db), { token: resetToken, newPassword: 'Calendar-Reset-Words-2026' })
    expect((await fetchFeed(tokenOf(made.url))).status).toBe(404)
    expect((await calendarFeedStatus(await ctxFor(db, ids.owner))).active).toBe(false)
  })

  it('the loss of the role revokes the link', async () => {
    const made = await createCalendarFeed(await ctxFor(db, ids.operator))
    expect((await fetchFeed(tokenOf(made.url))).status).toBe(200)
    await updateUserRoleStatus(await ctxFor(db, ids.operatorBoss), { userId: ids.operator, companyId: ids.operatorCo, roleId: ROLE_IDS.Operator, isActive: false })
    expect((await fetchFeed(tokenOf(made.url))).status).toBe(404)
    // Given back: a new link shows the company again.
    await updateUserRoleStatus(await ctxFor(db, ids.operatorBoss), { userId: ids.operator, companyId: ids.operatorCo, roleId: ROLE_IDS.Operator, isActive: true })
    const again = await createCalendarFeed(await ctxFor(db, ids.operator))
    expect((await fetchFeed(tokenOf(again.url))).body).toContain(ids.busIdentifier)
  })

  it('the token is never written to the log (decision 042)', async () => {
    log.length = 0
    const made = await createCalendarFeed(await ctxFor(db, ids.stranger))
    const token = tokenOf(made.url)
    expect((await fetchFeed(token)).status).toBe(200)
    expect((await fetchFeed(`${token}x`)).status).toBe(404)
    await new Promise((r) => setTimeout(r, 100))
    const text = log.join('')
    expect(text).toContain('/calendar.ics')
    expect(text).not.toContain(token)
    expect(text).not.toContain(encodeURIComponent(token))
    expect(text).not.toContain('token=')
    const access = text.trim().split('\n').map((l) => JSON.parse(l) as { msg?: string; path?: string }).filter((l) => l.msg === 'request' && l.path?.startsWith('/calendar'))
    expect(access.length).toBeGreaterThanOrEqual(2)
    for (const a of access) expect(a.path).toBe('/calendar.ics')
  })

  it('tRPC: status, create and revoke, for the caller only', async () => {
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, ids.stranger) })
    const made = await caller.calendar.create()
    expect(made.url).toContain('/calendar.ics?token=')
    expect(await caller.calendar.status()).toMatchObject({ active: true })
    expect(await caller.calendar.revoke()).toMatchObject({ revoked: true })
    expect(await caller.calendar.status()).toMatchObject({ active: false })
    expect((await fetchFeed(tokenOf(made.url))).status).toBe(404)
    await expect(createCallerFactory(appRouter)({ db, actor: { kind: 'anonymous' } }).calendar.create()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('the profile page: make (the URL shown once, never cached), replace, revoke, as plain form posts', async () => {
    const cookie = await webSessionFor(db, ids.owner)
    const before = await callPage(profile.loader, '/profile', { cookie, params: {} })
    expect((before.body as { calendarFeed: { active: boolean } }).calendarFeed.active).toBe(false)

    const made = await callPage(profile.action, '/profile', { cookie, params: {}, form: { intent: 'createCalendarFeed' } })
    expect(made.status).toBe(200)
    const url = (made.body as { url: string }).url
    expect(url).toMatch(/\/calendar\.ics\?token=/)
    expect((await fetchFeed(tokenOf(url))).status).toBe(200)
    const after = await callPage(profile.loader, '/profile', { cookie, params: {} })
    expect((after.body as { calendarFeed: { active: boolean } }).calendarFeed.active).toBe(true)
    expect(JSON.stringify(after.body)).not.toContain(tokenOf(url))

    const replaced = await callPage(profile.action, '/profile', { cookie, params: {}, form: { intent: 'createCalendarFeed' } })
    expect((await fetchFeed(tokenOf(url))).status).toBe(404)
    const url2 = (replaced.body as { url: string }).url
    expect((await fetchFeed(tokenOf(url2))).status).toBe(200)

    const revoked = await callPage(profile.action, '/profile', { cookie, params: {}, form: { intent: 'revokeCalendarFeed' } })
    expect(revoked.status).toBe(302)
    expect(revoked.location).toBe('/profile')
    expect(revoked.toast?.message).toMatch(/revoked/)
    expect((await fetchFeed(tokenOf(url2))).status).toBe(404)

    // Without JavaScript, over HTTP: the page shows the card; a plain form post answers the page with the link, never cached.
    const page = await raw(app.base, 'GET', '/profile', { headers: { cookie: `operon_session=${cookie}`, accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-testid="calendar-feed-card"')
    expect(page.body).toContain('Anyone with the link can read this calendar')
    const posted = await raw(app.base, 'POST', '/profile', {
      headers: { cookie: `operon_session=${cookie}`, accept: 'text/html', origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=createCalendarFeed',
    })
    expect(posted.status).toBe(200)
    expect(posted.headers['cache-control']).toMatch(/no-store/)
    const shown = /http:\/\/operon\.test\/calendar\.ics\?token=[A-Za-z0-9_%-]+/.exec(posted.body)?.[0]
    expect(shown).toBeTruthy()
    expect((await fetchFeed(tokenOf(shown!))).status).toBe(200)
  })
})
