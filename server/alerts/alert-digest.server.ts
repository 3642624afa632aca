import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { alertDigests, companies, companyTypes, memberships, users } from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { alertLevelLabel, MAINTENANCE_ALERT_TYPE } from '#catalog/statuses.ts'
import { anonymous } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import { env } from '../env.server.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { logger } from '../log.server.ts'
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { alertDigestMail, driverDueDigestMail, driverExpiryReminderMail, mailLocale } from '../mail/templates.ts'
import { dueItemsOf, type DriverDueItem } from '../drivers/driver-due.server.ts'
import { ownerAlertsOf, type OwnerAlert } from './alerts.server.ts'
import { withLease } from '../jobs/work-locks.server.ts'
import { emitWebhookEvent } from '../webhooks/emit.server.ts'
import type { Tx } from '#db/client.ts'

/**
 * The owner managers' morning alert digest (issue 11 point 5, decision 037).
 *
 * For every Owner company whose local time has reached the digest hour and that has no
 * `alert_digests` row for its local date: insert that row (the claim — `ON CONFLICT DO
 * NOTHING`, only the inserter goes on), compute the company's alerts, and put ONE mail per
 * opted-in active Owner manager in the outbox, all in the claim's transaction. So there is
 * exactly one digest per company and local day, across restarts and instances; after downtime
 * only today's digest is sent (past days are never made up); nothing is sent when there is
 * nothing to report (the row is still written, with 0 recipients).
 *
 * Operator companies (issue 37, decision 086) take part too: their Operator managers get the
 * driver files' due items (never the Owner managers; no webhook event; never a calendar feed),
 * and each driver a reminder about their own license or medical certificate, once per item and
 * expiry date (the keys ride along in the same row's `alertKeys`).
 */

/** The identity of an alert from one digest to the next: a level change makes it new again. */
export function alertKey(a: Pick<OwnerAlert, 'vehicleId' | 'alertType' | 'dueDate' | 'level' | 'dueKey'>): string {
  // A maintenance item: its task and due point (its projected date moves with each reading).
  return `${a.vehicleId}|${a.alertType}|${a.dueKey ?? a.dueDate}|${a.level}`
}

/**
 * The identity of a driver-file due item in a digest's `alertKeys` (issue 37): the manager's line
 * (NEW when its level changed) — never an owner alert's key, so the webhook events never see it.
 */
export function driverDueKey(i: Pick<DriverDueItem, 'driverUserId' | 'kind' | 'dueOn' | 'level'>): string {
  return `driver|${i.driverUserId}|${i.kind}|${i.dueOn ?? '-'}|${i.level}`
}

/**
 * A driver's reminder about their license or medical certificate (issue 37), once per item and
 * expiry date: the key is carried from digest to digest (the company's `alert_digests` row, no
 * table of its own) while the item stays due, so it is sent only the first morning it is seen.
 */
export function driverReminderKey(i: Pick<DriverDueItem, 'driverUserId' | 'kind' | 'dueOn'>): string {
  return `remind|${i.driverUserId}|${i.kind}|${i.dueOn ?? '-'}`
}

/** The hour (0–23) on the wall clock of a time zone (UTC when unknown). */
export function localHour(timeZone: string, now: Date): number {
  try {
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now)
    return Number(hour) % 24
  } catch {
    return now.getUTCHours()
  }
}

export interface DigestOptions {
  /** Local hour from which the digest goes out (default env ALERT_DIGEST_HOUR, 7). */
  hour?: number
  /** Base of the links in the mail (default env APP_URL). */
  appUrl?: string
}

export interface DigestResult {
  companyId: number
  localDate: string
  alerts: number
  recipients: number
}

/** Runs the digests that are due at `now`; returns the ones this call claimed. */
export async function runAlertDigests(db: Database, now: Date = new Date(), opts: DigestOptions = {}): Promise<DigestResult[]> {
  const hour = opts.hour ?? env().ALERT_DIGEST_HOUR
  const appUrl = (opts.appUrl ?? env().APP_URL).replace(/\/$/, '')
  // Every Owner company (vehicle alerts) and Operator company (driver files, issue 37) with the
  // date of its last digest: one query, then only the due ones.
  const candidates = await db.read
    .select({
      id: companies.id,
      name: companies.name,
      timeZone: companies.timeZone,
      isOwner: sql<number>`EXISTS (SELECT 1 FROM ${companyTypes} WHERE ${companyTypes.companyId} = ${companies.id} AND ${companyTypes.type} = 'Owner')`,
      isOperator: sql<number>`EXISTS (SELECT 1 FROM ${companyTypes} WHERE ${companyTypes.companyId} = ${companies.id} AND ${companyTypes.type} = 'Operator')`,
      lastDate: sql<string | null>`(SELECT max(${alertDigests.localDate}) FROM ${alertDigests} WHERE ${alertDigests.companyId} = ${companies.id})`,
    })
    .from(companies)
    .where(sql`EXISTS (SELECT 1 FROM ${companyTypes} WHERE ${companyTypes.companyId} = ${companies.id} AND ${companyTypes.type} IN ('Owner', 'Operator'))`)
  const done: DigestResult[] = []
  for (const c of candidates) {
    const timeZone = c.timeZone || 'UTC'
    const localDate = todayIn(timeZone, now)
    if (c.lastDate != null && c.lastDate >= localDate) continue
    if (localHour(timeZone, now) < hour) continue
    try {
      const result = await digestCompany(db, { id: c.id, name: c.name, isOwner: Boolean(c.isOwner), isOperator: Boolean(c.isOperator) }, localDate, now, appUrl)
      if (result) done.push(result)
    } catch (error) {
      logger().error({ err: error, companyId: c.id, localDate }, 'alert digest failed')
    }
  }
  if (done.some((d) => d.recipients > 0)) kickMailWorker()
  return done
}

/** The active managers of a role in the company who take the morning digest (its mail's language and greeting). */
function digestRecipients(tx: Tx, companyId: number, roleId: number) {
  return tx
    .selectDistinct({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.roleId, roleId),
        eq(memberships.isActive, true),
        isNull(users.deletedAt),
        isNotNull(users.email),
        eq(users.alertDigest, true),
      ),
    )
}

async function digestCompany(
  db: Database,
  company: { id: number; name: string; isOwner: boolean; isOperator: boolean },
  localDate: string,
  now: Date,
  appUrl: string,
): Promise<DigestResult | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(alertDigests)
      .values({ companyId: company.id, localDate, createdAt: now, recipients: 0, alertKeys: [] })
      .onConflictDoNothing()
      .returning({ companyId: alertDigests.companyId })
    if (claimed.length === 0) return null // another run (or instance) has it

    const { alerts } = company.isOwner ? await ownerAlertsOf(tx, company.id, now) : { alerts: [] as OwnerAlert[] }
    const keys = alerts.map(alertKey)
    const [previous] = await tx
      .select({ alertKeys: alertDigests.alertKeys })
      .from(alertDigests)
      .where(and(eq(alertDigests.companyId, company.id), lt(alertDigests.localDate, localDate)))
      .orderBy(sql`${alertDigests.localDate} DESC`)
      .limit(1)
    const before = new Set(previous?.alertKeys ?? [])
    await emitAlertsRaised(tx, company.id, alerts.filter((_, i) => !before.has(keys[i]!)), localDate)

    let recipients = 0
    if (alerts.length > 0) {
      const managers = await digestRecipients(tx, company.id, ROLE_IDS.Owner)
      const lines = alerts.map((a, i) => ({
        levelLabel: alertLevelLabel(a.level),
        vehicleIdentifier: a.vehicleIdentifier,
        alertType: a.alertType,
        dueDate: a.dueDate,
        count: a.alertType === 'Open repair' ? a.count : undefined,
        detail: a.taskName,
        isNew: !before.has(keys[i]!),
        url: a.alertType === MAINTENANCE_ALERT_TYPE ? `${appUrl}/maintenance/${company.id}/vehicles/${a.vehicleId}` : `${appUrl}/vehicles/${a.vehicleId}`,
      }))
      for (const m of managers) {
        if (!m.email) continue
        const mail = alertDigestMail({
          locale: mailLocale(m.locale),
          firstName: m.firstName,
          companyName: company.name,
          localDate,
          alerts: lines,
          dashboardUrl: `${appUrl}/OwnerDashboard/${company.id}`,
          profileUrl: `${appUrl}/profile`,
        })
        await enqueueMail(tx, { to: m.email, ...mail })
        recipients++
      }
    }
    // The operator's driver files (issue 37): its Operator managers' digest and the drivers' reminders.
    const drivers = company.isOperator ? await digestDriverFiles(tx, company, localDate, before, appUrl) : { keys: [], items: 0, mails: 0 }
    recipients += drivers.mails
    await tx
      .update(alertDigests)
      .set({ recipients, alertKeys: [...keys, ...drivers.keys] })
      .where(and(eq(alertDigests.companyId, company.id), eq(alertDigests.localDate, localDate)))
    await audit(tx, anonymous, {
      action: 'alertDigest.run',
      companyId: company.id,
      entityType: 'alertDigest',
      entityId: `${company.id}:${localDate}`,
      details: { localDate, alerts: alerts.length + drivers.items, recipients },
    })
    return { companyId: company.id, localDate, alerts: alerts.length + drivers.items, recipients }
  })
}

/**
 * An operator company's driver files in its morning digest (issue 37, decision 086): one mail per
 * opted-in active Operator manager listing every due item (never to the Owner managers; no webhook
 * event; never in a calendar feed), and to each driver a reminder about their own license or
 * medical certificate due within 30 days or expired — once per item and expiry date, de-duplicated
 * through the digest rows' keys (`before`: the previous digest's). Answers the keys to keep.
 */
async function digestDriverFiles(
  tx: Tx,
  company: { id: number; name: string },
  localDate: string,
  before: Set<string>,
  appUrl: string,
): Promise<{ keys: string[]; items: number; mails: number }> {
  const due = await dueItemsOf(tx, company.id, localDate)
  const keys = due.items.map(driverDueKey)
  let mails = 0
  if (due.items.length > 0) {
    const managers = await digestRecipients(tx, company.id, ROLE_IDS.Operator)
    const lines = due.items.map((i, n) => ({
      levelLabel: i.level,
      driverName: i.driverName,
      itemLabel: i.label,
      dueOn: i.dueOn,
      isNew: !before.has(keys[n]!),
      url: `${appUrl}${i.url}`,
    }))
    for (const m of managers) {
      if (!m.email) continue
      const mail = driverDueDigestMail({
        locale: mailLocale(m.locale),
        firstName: m.firstName,
        companyName: company.name,
        localDate,
        items: lines,
        dashboardUrl: `${appUrl}/OperatorDashboard/${company.id}`,
        profileUrl: `${appUrl}/profile`,
      })
      await enqueueMail(tx, { to: m.email, ...mail })
      mails++
    }
  }
  // The drivers' own reminders: the license and the medical certificate, with a date.
  const reminderKeys: string[] = []
  const byId = new Map(due.drivers.map((d) => [d.userId, d]))
  for (const i of due.items) {
    if ((i.kind !== 'license' && i.kind !== 'medicalCertificate') || !i.dueOn) continue
    const key = driverReminderKey(i)
    reminderKeys.push(key)
    if (before.has(key)) continue
    const d = byId.get(i.driverUserId)
    if (!d?.email) continue
    const mail = driverExpiryReminderMail({
      locale: mailLocale(d.locale),
      firstName: d.firstName,
      companyName: company.name,
      item: i.kind,
      expiryDate: i.dueOn,
      expired: i.state === 'overdue',
      fileUrl: `${appUrl}${i.url}`,
    })
    await enqueueMail(tx, { to: d.email, ...mail })
    mails++
  }
  return { keys: [...keys, ...reminderKeys], items: due.items.length, mails }
}

export type AlertDigestScheduler = PeriodicJob

export const DIGEST_TICK_MS = 60_000

/** How long a digest run may hold its lease before another instance may take over. */
const DIGEST_LEASE_MS = 5 * 60_000

/**
 * Checks every minute (first check `firstDelayMs` after start) whether a digest is due. Two
 * instances are safe: the claim row decides which one sends.
 */
export function startAlertDigestScheduler(
  db: Database,
  opts: DigestOptions & { intervalMs?: number; firstDelayMs?: number; now?: () => Date } = {},
): AlertDigestScheduler {
  // One instance at a time runs the digests (decision 041); the per-day claim makes a second
  // run harmless anyway, the lease only saves it the work.
  return startPeriodicJob('alert digest', () => withLease(db, 'alert-digest', DIGEST_LEASE_MS, () => runAlertDigests(db, opts.now?.() ?? new Date(), opts)), {
    firstDelayMs: opts.firstDelayMs ?? 5_000,
    intervalMs: opts.intervalMs ?? DIGEST_TICK_MS,
  })
}

/** `alert.raised`: one event per alert the morning digest sees for the first time. */
async function emitAlertsRaised(tx: Tx, ownerCompanyId: number, alerts: readonly OwnerAlert[], localDate: string): Promise<number> {
  let queued = 0
  for (const a of alerts) {
    queued += await emitWebhookEvent(tx, [ownerCompanyId], 'alert.raised', {
      ownerCompanyId,
      vehicleId: a.vehicleId,
      vehicleIdentifier: a.vehicleIdentifier,
      alertType: a.alertType,
      level: a.level,
      dueDate: a.dueDate,
      count: a.count,
      // "Maintenance due" (decision 084): the service task, its program and due point.
      ...(a.taskName !== undefined ? { taskId: a.taskId ?? null, taskName: a.taskName, programName: a.programName ?? null } : {}),
      digestDate: localDate,
    })
  }
  return queued
}
