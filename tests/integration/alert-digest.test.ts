import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { alertDigests, companies, mailOutbox, memberships, repairActions, users } from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { alertKey, localHour, runAlertDigests, startAlertDigestScheduler } from '#server/alerts/alert-digest.server.ts'
import { parseEnv, resetEnvCache } from '#server/env.server.ts'
import { deliverPendingMail } from '#server/mail/delivery.server.ts'
import { getAlertDigestSetting, setAlertDigest } from '#server/auth/profile.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { anon } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { actorFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage } from '#tests/helpers/remix.ts'
import * as profilePage from '#app/routes/_app+/profile.tsx'
import { startSmtpSink } from '#tests/helpers/smtp-sink.ts'

const APP = 'https://operon.test'
const OPTS = { hour: 7, appUrl: APP }
/** 15 June 2026 in Los Angeles (UTC−7): 07:00 local is 14:00 UTC. */
const at = (utc: string) => new Date(utc)
const BEFORE_HOUR = at('2026-06-15T13:59:00Z') // 06:59 local
const AFTER_HOUR = at('2026-06-15T14:05:00Z') // 07:05 local
const EVENING = at('2026-06-16T02:30:00Z') // 19:30 local on the 15th, already the 16th in UTC
const NEXT_DAY = at('2026-06-16T15:00:00Z') // 08:00 local on the 16th
const AFTER_DOWNTIME = at('2026-06-20T20:00:00Z') // 13:00 local on the 20th (17th–19th missed)

describe.each(DRIVERS)('morning alert digest on %s', (driver) => {
  let db: Database
  let company: number
  let quiet: number
  const people: Record<string, { id: number; email: string }> = {}
  let bus1: number

  const mailsTo = async (who: string[]) =>
    db.read.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, who.map((w) => people[w]!.email))).orderBy(mailOutbox.id)
  const digestRows = (companyId: number) =>
    db.read.select().from(alertDigests).where(eq(alertDigests.companyId, companyId)).orderBy(alertDigests.localDate)

  beforeAll(async () => {
    db = createTestDb(driver)
    company = (await createCompany(db, 'Sunset <Charters>', ['Owner'])).id
    quiet = (await createCompany(db, 'Quiet Fleet', ['Owner'])).id
    await db.transaction((tx) => tx.update(companies).set({ timeZone: 'America/Los_Angeles' }).where(inArray(companies.id, [company, quiet])))
    for (const name of ['ana', 'optedOut', 'inactive', 'deleted', 'operator', 'quietOwner']) {
      const u = await createUser(db, { firstName: name })
      people[name] = { id: u.id, email: u.email! }
    }
    await grantRole(db, people.ana!.id, company, 'Owner')
    await grantRole(db, people.optedOut!.id, company, 'Owner')
    await grantRole(db, people.inactive!.id, company, 'Owner', false)
    await grantRole(db, people.deleted!.id, company, 'Owner')
    await grantRole(db, people.operator!.id, company, 'Operator')
    await grantRole(db, people.quietOwner!.id, quiet, 'Owner')
    await db.transaction(async (tx) => {
      await tx.update(users).set({ alertDigest: false }).where(eq(users.id, people.optedOut!.id))
      await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, people.deleted!.id))
    })
    bus1 = (await insertVehicle(db, company, { vehicleIdentifier: `BUS-D1-${driver}`, licenseExpiry: '2026-06-10', insuranceExpiry: '2026-07-01' })).id
    await insertVehicle(db, company, { vehicleIdentifier: `BUS-D2-${driver}`, nextInspection: '2026-07-15' }) // day 30 on the 15th
    await insertVehicle(db, company, { vehicleIdentifier: `BUS-D3-${driver}`, nextInspection: '2026-07-16' }) // day 31 on the 15th
    await insertVehicle(db, company, { vehicleIdentifier: `BUS-ARCH-${driver}`, licenseExpiry: '2026-06-01', archivedAt: new Date() })
    await insertVehicle(db, quiet, { vehicleIdentifier: `BUS-Q-${driver}`, licenseExpiry: '2027-06-01' })
  })
  afterAll(() => db.close())

  it('waits for the local digest hour', async () => {
    expect(localHour('America/Los_Angeles', BEFORE_HOUR)).toBe(6)
    expect(await runAlertDigests(db, BEFORE_HOUR, OPTS)).toEqual([])
    expect(await digestRows(company)).toEqual([])
    expect(await mailsTo(['ana'])).toEqual([])
  })

  it('sends once after the hour: one mail per opted-in active manager, nothing to the others', async () => {
    const results = await runAlertDigests(db, AFTER_HOUR, OPTS)
    expect(results).toContainEqual({ companyId: company, localDate: '2026-06-15', alerts: 3, recipients: 1 })
    const mails = await mailsTo(['ana', 'optedOut', 'inactive', 'deleted', 'operator'])
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.toAddress).toBe(people.ana!.email)
    expect(mail.subject).toBe('Operon: 3 alerts for Sunset <Charters> on 2026-06-15')
    expect(mail.textBody).toContain(`Alert · BUS-D1-${driver} · License expiry · 2026-06-10`)
    expect(mail.textBody).toContain(`Warning · BUS-D1-${driver} · Insurance expiry · 2026-07-01`)
    expect(mail.textBody).toContain(`Warning · BUS-D2-${driver} · Next inspection · 2026-07-15`)
    expect(mail.textBody).not.toContain(`BUS-D3-${driver}`)
    expect(mail.textBody).not.toContain('BUS-ARCH')
    expect(mail.textBody).toContain(`${APP}/vehicles/${bus1}`)
    expect(mail.textBody).toContain(`${APP}/profile`)
    expect(mail.textBody).toContain('Email me the morning alert digest')
    // Most urgent first.
    expect(mail.textBody.indexOf('License expiry')).toBeLessThan(mail.textBody.indexOf('Insurance expiry'))
    expect(mail.htmlBody).toContain(`href="${APP}/vehicles/${bus1}"`)
    expect(mail.htmlBody).toContain('Sunset &lt;Charters&gt;')
    expect(mail.htmlBody).not.toContain('Sunset <Charters>')
    const [row] = await digestRows(company)
    expect(row).toMatchObject({ localDate: '2026-06-15', recipients: 1 })
    expect(row!.alertKeys).toHaveLength(3)
    expect(row!.alertKeys).toContain(alertKey({ vehicleId: bus1, alertType: 'License expiry', dueDate: '2026-06-10', level: 1 }))
  })

  it('a company with nothing to report gets its row and no mail', async () => {
    expect(await digestRows(quiet)).toMatchObject([{ localDate: '2026-06-15', recipients: 0, alertKeys: [] }])
    expect(await mailsTo(['quietOwner'])).toEqual([])
  })

  it('a second run, a new scheduler (a restart) and a concurrent pair the same day send nothing', async () => {
    expect(await runAlertDigests(db, at('2026-06-15T20:00:00Z'), OPTS)).toEqual([])
    expect(await runAlertDigests(db, EVENING, OPTS)).toEqual([]) // the UTC date has changed, the local one has not
    const scheduler = startAlertDigestScheduler(db, { ...OPTS, now: () => EVENING, firstDelayMs: 60_000 })
    await scheduler.tick()
    await scheduler.stop()
    expect(await mailsTo(['ana'])).toHaveLength(1)
    expect(await digestRows(company)).toHaveLength(1)
  })

  it('the next day marks what is new since the previous digest; deactivated and opted-out managers still get nothing', async () => {
    const bus4 = await insertVehicle(db, company, { vehicleIdentifier: `BUS-D4-${driver}`, insuranceExpiry: '2026-06-16' })
    const [first, second] = await Promise.all([runAlertDigests(db, NEXT_DAY, OPTS), runAlertDigests(db, NEXT_DAY, OPTS)])
    const mine = [...first!, ...second!].filter((r) => r.companyId === company)
    // Two concurrent runs: one claim. BUS-D3 is now day 30 and BUS-D4 is due today.
    expect(mine).toEqual([{ companyId: company, localDate: '2026-06-16', alerts: 5, recipients: 1 }])
    const mails = await mailsTo(['ana', 'optedOut', 'inactive', 'deleted', 'operator'])
    expect(mails).toHaveLength(2)
    const text = mails[1]!.textBody
    expect(mails[1]!.subject).toBe('Operon: 5 alerts for Sunset <Charters> on 2026-06-16')
    expect(text).toContain(`NEW · Alert · BUS-D4-${driver} · Insurance expiry · 2026-06-16`)
    expect(text).toContain(`NEW · Warning · BUS-D3-${driver} · Next inspection · 2026-07-16`)
    expect(text).toContain(`\n• Alert · BUS-D1-${driver} · License expiry · 2026-06-10`)
    expect(text).toContain('2 new since the last digest')
    expect(text).toContain(`${APP}/vehicles/${bus4.id}`)
  })

  it('after downtime catches up once, for today only', async () => {
    const results = await runAlertDigests(db, AFTER_DOWNTIME, OPTS)
    expect(results.filter((r) => r.companyId === company)).toEqual([{ companyId: company, localDate: '2026-06-20', alerts: 5, recipients: 1 }])
    expect((await digestRows(company)).map((r) => r.localDate)).toEqual(['2026-06-15', '2026-06-16', '2026-06-20'])
    expect(await runAlertDigests(db, new Date(AFTER_DOWNTIME.getTime() + 3_600_000), OPTS)).toEqual([])
    const mails = await mailsTo(['ana'])
    expect(mails).toHaveLength(3)
    expect(mails[2]!.textBody).not.toContain('NEW ·') // nothing changed since the 16th
  })

  it('a manager whose Owner role is deactivated, or who opts out, gets nothing the next day', async () => {
    await db.transaction(async (tx) => {
      await tx.update(memberships).set({ isActive: false }).where(and(eq(memberships.userId, people.ana!.id), eq(memberships.roleId, ROLE_IDS.Owner)))
      await tx.update(users).set({ alertDigest: true }).where(eq(users.id, people.optedOut!.id))
    })
    await runAlertDigests(db, at('2026-06-21T15:00:00Z'), OPTS)
    expect(await mailsTo(['ana'])).toHaveLength(3)
    expect(await mailsTo(['optedOut'])).toHaveLength(1) // opted back in
    await db.transaction((tx) => tx.update(users).set({ alertDigest: false }).where(eq(users.id, people.optedOut!.id)))
    expect(await runAlertDigests(db, at('2026-06-22T15:00:00Z'), OPTS)).toContainEqual({ companyId: company, localDate: '2026-06-22', alerts: 5, recipients: 0 })
    expect(await mailsTo(['optedOut'])).toHaveLength(1)
  })

  it('the mail goes through the outbox to SMTP exactly once', async () => {
    const sink = await startSmtpSink()
    const before = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM }
    process.env.SMTP_URL = sink.url
    process.env.MAIL_FROM = 'Operon Test <no-reply@operon.test>'
    resetEnvCache()
    try {
      // Drain everything queued so far (earlier digests included), then once more: nothing is sent twice.
      let sent = 0
      for (let r = await deliverPendingMail(db, { batch: 1000 }); r.sent > 0; r = await deliverPendingMail(db, { batch: 1000 })) sent += r.sent
      expect(sent).toBeGreaterThan(0)
      const digests = sink.messages.filter((m) => m.subject.startsWith('Operon: ') && m.subject.includes('Sunset <Charters>'))
      expect(digests.map((m) => m.to)).toEqual([[people.ana!.email], [people.ana!.email], [people.ana!.email], [people.optedOut!.email]])
      expect(digests[0]!.subject).toBe('Operon: 3 alerts for Sunset <Charters> on 2026-06-15')
      expect(digests[0]!.html).toContain(`${APP}/vehicles/${bus1}`)
      expect(await deliverPendingMail(db)).toEqual({ sent: 0, failed: 0 })
    } finally {
      process.env.SMTP_URL = before.SMTP_URL ?? ''
      process.env.MAIL_FROM = before.MAIL_FROM ?? ''
      if (before.SMTP_URL === undefined) delete process.env.SMTP_URL
      if (before.MAIL_FROM === undefined) delete process.env.MAIL_FROM
      resetEnvCache()
      await sink.close()
    }
  })
})

describe.each(DRIVERS)('the profile switch "Email me the morning alert digest" on %s', (driver) => {
  let db: Database
  let company: number
  let manager: { id: number; email: string }
  let operator: number
  let bus: number
  const nextMorning = (day: number) => at(`2026-07-${String(day).padStart(2, '0')}T15:00:00Z`)

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    company = (await createCompany(db, 'Switch Coaches', ['Owner'])).id
    await db.transaction((tx) => tx.update(companies).set({ timeZone: 'America/Los_Angeles' }).where(eq(companies.id, company)))
    const u = await createUser(db)
    manager = { id: u.id, email: u.email! }
    operator = (await createUser(db)).id
    await grantRole(db, manager.id, company, 'Owner')
    await grantRole(db, operator, (await createCompany(db, 'Switch Operator', ['Operator'])).id, 'Operator')
    bus = (await insertVehicle(db, company, { vehicleIdentifier: `BUS-SW-${driver}`, licenseExpiry: '2026-06-30' })).id
  })
  afterAll(() => db.close())

  const sent = async () => (await db.read.select().from(mailOutbox).where(eq(mailOutbox.toAddress, manager.email))).length

  it('is shown to Owner managers only, on by default', async () => {
    const cookie = await webSessionFor(db, manager.id)
    const page = await callPage(profilePage.loader, '/profile', { cookie, params: {} })
    expect((page.body as { alertDigest: unknown }).alertDigest).toEqual({ alertDigest: true, ownerManager: true, hour: 7 })
    const other = await callPage(profilePage.loader, '/profile', { cookie: await webSessionFor(db, operator), params: {} })
    expect((other.body as { alertDigest: { ownerManager: boolean } }).alertDigest.ownerManager).toBe(false)
  })

  it('a plain form post (no JavaScript) turns it off: no digest the next morning', async () => {
    const cookie = await webSessionFor(db, manager.id)
    const off = await callPage(profilePage.action, '/profile', { cookie, form: { intent: 'alertDigest', alertDigest: 'false' }, params: {} })
    expect(off).toMatchObject({ status: 302, location: '/profile', toast: { type: 'success', message: 'The morning alert digest is off.' } })
    expect(await getAlertDigestSetting({ db, actor: await actorFor(db, manager.id) })).toEqual({ alertDigest: false, ownerManager: true })
    expect(await runAlertDigests(db, nextMorning(1), OPTS)).toContainEqual({ companyId: company, localDate: '2026-07-01', alerts: 1, recipients: 0 })
    expect(await sent()).toBe(0)

    const bad = await callPage(profilePage.action, '/profile', { cookie, form: { intent: 'alertDigest', alertDigest: 'maybe' }, params: {} })
    expect(bad).toMatchObject({ status: 400, body: { intent: 'alertDigest', formError: expect.stringContaining('alertDigest') } })
    expect((await getAlertDigestSetting({ db, actor: await actorFor(db, manager.id) })).alertDigest).toBe(false)

    const on = await callPage(profilePage.action, '/profile', { cookie, form: { intent: 'alertDigest', alertDigest: 'true' }, params: {} })
    expect(on).toMatchObject({ status: 302, toast: { message: 'The morning alert digest is on.' } })
    // A safety-critical defect reported in the evening of 1 July (LA): the digest lists it, new.
    await db.transaction((tx) =>
      tx.insert(repairActions).values({ repairIdentifier: `RA-SW-${driver}`, vehicleId: bus, ownerCompanyId: company, outOfService: true, createdAt: at('2026-07-02T03:00:00Z') }),
    )
    await runAlertDigests(db, nextMorning(2), OPTS)
    expect(await sent()).toBe(1)
    const [mail] = await db.read.select().from(mailOutbox).where(eq(mailOutbox.toAddress, manager.email))
    expect(mail!.subject).toBe('Operon: 2 alerts for Switch Coaches on 2026-07-02')
    expect(mail!.textBody).toContain(`NEW · Alert · BUS-SW-${driver} · Out of service · 2026-07-01\n  ${APP}/vehicles/${bus}`)
    expect(mail!.textBody).toContain(`\n• Alert · BUS-SW-${driver} · License expiry · 2026-06-30`)
    expect(mail!.textBody).toContain('1 new since the last digest')
  })

  it('tRPC profile.alertDigest / profile.setAlertDigest, the use case refuses bad input and anonymous callers', async () => {
    const caller = createCallerFactory(appRouter)({ db, actor: await actorFor(db, manager.id) })
    expect(await caller.profile.setAlertDigest({ alertDigest: false })).toEqual({ alertDigest: false })
    expect(await caller.profile.alertDigest()).toEqual({ alertDigest: false, ownerManager: true })
    await expect(caller.profile.setAlertDigest({ alertDigest: 'yes' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await runAlertDigests(db, nextMorning(3), OPTS)
    expect(await sent()).toBe(1)
    await expect(setAlertDigest({ db, actor: await actorFor(db, manager.id) }, {})).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { alertDigest: expect.any(String) } })
    await expect(setAlertDigest(anon(db), { alertDigest: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(getAlertDigestSetting(anon(db))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('ALERT_DIGEST_HOUR', () => {
  it('defaults to 7 and takes 0–23 only', () => {
    expect(parseEnv({}).ALERT_DIGEST_HOUR).toBe(7)
    expect(parseEnv({ ALERT_DIGEST_HOUR: '0' }).ALERT_DIGEST_HOUR).toBe(0)
    expect(() => parseEnv({ ALERT_DIGEST_HOUR: '24' })).toThrow(/ALERT_DIGEST_HOUR/)
  })
})
