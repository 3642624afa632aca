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
import { alertDigestMail, mailLocale } from '../mail/templates.ts'
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
 */

/** The identity of an alert from one digest to the next: a level change makes it new again. */
export function alertKey(a: Pick<OwnerAlert, 'vehicleId' | 'alertType' | 'dueDate' | 'level' | 'dueKey'>): string {
  // A maintenance item: its task and due point (its projected date moves with each reading).
  return `${a.vehicleId}|${a.alertType}|${a.dueKey ?? a.dueDate}|${a.level}`
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
  // Every Owner company with the date of its last digest: one query, then only the due ones.
  const candidates = await db.read
    .select({
      id: companies.id,
      name: companies.name,
      timeZone: companies.timeZone,
      lastDate: sql<string | null>`(SELECT max(${alertDigests.localDate}) FROM ${alertDigests} WHERE ${alertDigests.companyId} = ${companies.id})`,
    })
    .from(companies)
    .innerJoin(companyTypes, and(eq(companyTypes.companyId, companies.id), eq(companyTypes.type, 'Owner')))
  const done: DigestResult[] = []
  for (const c of candidates) {
    const timeZone = c.timeZone || 'UTC'
    const localDate = todayIn(timeZone, now)
    if (c.lastDate != null && c.lastDate >= localDate) continue
    if (localHour(timeZone, now) < hour) continue
    try {
      const result = await digestCompany(db, { id: c.id, name: c.name }, localDate, now, appUrl)
      if (result) done.push(result)
    } catch (error) {
      logger().error({ err: error, companyId: c.id, localDate }, 'alert digest failed')
    }
  }
  if (done.some((d) => d.recipients > 0)) kickMailWorker()
  return done
}

async function digestCompany(
  db: Database,
  company: { id: number; name: string },
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

    const { alerts } = await ownerAlertsOf(tx, company.id, now)
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
      const managers = await tx
        .selectDistinct({ email: users.email, firstName: users.firstName, locale: users.locale })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.companyId, company.id),
            eq(memberships.roleId, ROLE_IDS.Owner),
            eq(memberships.isActive, true),
            isNull(users.deletedAt),
            isNotNull(users.email),
            eq(users.alertDigest, true),
          ),
        )
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
    await tx
      .update(alertDigests)
      .set({ recipients, alertKeys: keys })
      .where(and(eq(alertDigests.companyId, company.id), eq(alertDigests.localDate, localDate)))
    await audit(tx, anonymous, {
      action: 'alertDigest.run',
      companyId: company.id,
      entityType: 'alertDigest',
      entityId: `${company.id}:${localDate}`,
      details: { localDate, alerts: alerts.length, recipients },
    })
    return { companyId: company.id, localDate, alerts: alerts.length, recipients }
  })
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
