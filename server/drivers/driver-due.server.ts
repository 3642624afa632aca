/**
 * Due items of the operator's driver files (issue 37, decision 086): for each current driver of
 * an operator company, what is overdue (an Alert) or due within DRIVER_FILE_DUE_SOON_DAYS (a
 * Warning) — the medical examiner's certificate, the annual MVR, review, list of violations and
 * Clearinghouse query (391.25, 391.27, 382.701), and the driver's licenses (users' licenses) —
 * and how many kinds are missing. The operator dashboard, GET /api/DriverFiles/getDueItems, tRPC
 * `driverDue`, the morning digest, the drivers' reminders, the employees page, the driver's own
 * dashboard and the pre-trip refusal all read this module.
 *
 * One rule: SQL reads each driver's latest item of each kind (bounded: drivers × kinds) and the
 * latest license expiry; the states come from `fileItemStates` / `dueState`
 * (server/drivers/file-item-states.ts), the same function the file's own page uses.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Tx } from '#db/client.ts'
import { companies, companyTypes, driverFileItems, driverFiles, memberships, userLicenses, users } from '#db/schema/index.ts'
import { DRIVER_FILE_ITEM_KINDS, type DriverFileItemKind } from '#catalog/drivers.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { msg } from '#catalog/i18n.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { companiesWithRole, requireUser } from '../access/policy.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import { requireDriverManager } from './driver-access.server.ts'
import { dueState, fileItemStates, type FileItemFacts } from './file-item-states.ts'

type Reader = Pick<Tx, 'select' | 'selectDistinct'>

/** At most this many due items one answer lists (the counts cover all). */
export const DRIVER_DUE_MAX_ITEMS = 500
/** At most this many current drivers are read per company (a bound, far above a small operator's). */
export const DRIVER_DUE_MAX_DRIVERS = 2000

export const DRIVER_DUE_TEXT = {
  license: msg('Driver’s license'),
  licenseExpired: msg('License expired'),
  medicalExpired: msg('Medical certificate expired'),
  refusedLicense: msg('Your driver’s license has expired: the operator does not allow a pre-trip until it is renewed'),
  refusedMedical: msg('Your medical examiner’s certificate has expired: the operator does not allow a pre-trip until it is renewed'),
} as const

export type DriverDueKind = DriverFileItemKind | 'license'

export interface DriverDueItem {
  driverUserId: number
  driverName: string
  kind: DriverDueKind
  /** The item's English name (translate it where it is shown). */
  label: string
  state: 'overdue' | 'due-soon'
  /** Alert: overdue (due today or past); Warning: due within 30 days. */
  level: 'Alert' | 'Warning'
  /** The expiry or due date; null for a certificate stored without its expiry. */
  dueOn: string | null
  /** The driver's file page. */
  url: string
}

export interface DriverDueResult {
  companyId: number
  today: string
  counts: { drivers: number; missing: number; overdue: number; dueSoon: number }
  /** Overdue first, then by date; at most DRIVER_DUE_MAX_ITEMS. */
  items: DriverDueItem[]
  /** Due items in all (the list may be cut). */
  total: number
}

/** One driver's expiry facts at one operator: the latest license expiry and the medical certificate's state. */
export interface DriverExpiry {
  driverUserId: number
  licenseExpiry: string | null
  licenseState: 'overdue' | 'due-soon' | 'ok' | 'none'
  medicalExpiry: string | null
  medicalState: 'missing' | 'overdue' | 'due-soon' | 'ok'
  licenseExpired: boolean
  medicalExpired: boolean
}

interface CurrentDriver {
  userId: number
  firstName: string
  lastName: string
  email: string | null
  locale: string | null
  hiredOn: string | null
}

async function companyToday(read: Reader, companyId: number, now: Date): Promise<string> {
  const [c] = await read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  if (!c) throw new AppError('NOT_FOUND', msg('Company not found'))
  return todayIn(c.tz, now)
}

/** The company's current drivers (an active Driver role, account not deleted), with their hire date. */
export async function currentDriversOf(read: Reader, companyId: number, userIds?: number[]): Promise<CurrentDriver[]> {
  if (userIds && userIds.length === 0) return []
  return read
    .selectDistinct({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      locale: users.locale,
      hiredOn: driverFiles.hiredOn,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(driverFiles, and(eq(driverFiles.companyId, companyId), eq(driverFiles.driverUserId, users.id)))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.roleId, ROLE_IDS.Driver),
        eq(memberships.isActive, true),
        isNull(users.deletedAt),
        userIds ? inArray(users.id, userIds) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(DRIVER_DUE_MAX_DRIVERS)
}

/**
 * Each driver's latest item of each kind at the company (the same "latest" as fileItemStates:
 * by date, then expiry, then id), one SQL statement: at most drivers × kinds rows.
 */
async function latestItemsOf(read: Reader, companyId: number, userIds: number[]): Promise<Map<number, FileItemFacts[]>> {
  const out = new Map<number, FileItemFacts[]>()
  if (userIds.length === 0) return out
  const rows = await read
    .select({ userId: driverFiles.driverUserId, id: driverFileItems.id, kind: driverFileItems.kind, itemDate: driverFileItems.itemDate, expiryDate: driverFileItems.expiryDate })
    .from(driverFileItems)
    .innerJoin(driverFiles, eq(driverFiles.id, driverFileItems.driverFileId))
    .where(
      and(
        eq(driverFileItems.companyId, companyId),
        eq(driverFiles.companyId, companyId),
        inArray(driverFiles.driverUserId, userIds),
        sql`NOT EXISTS (SELECT 1 FROM ${driverFileItems} AS "j" WHERE "j"."driver_file_id" = ${driverFileItems.driverFileId} AND "j"."kind" = ${driverFileItems.kind}
          AND ("j"."item_date" > ${driverFileItems.itemDate}
            OR ("j"."item_date" = ${driverFileItems.itemDate} AND coalesce("j"."expiry_date", '') > coalesce(${driverFileItems.expiryDate}, ''))
            OR ("j"."item_date" = ${driverFileItems.itemDate} AND coalesce("j"."expiry_date", '') = coalesce(${driverFileItems.expiryDate}, '') AND "j"."id" > ${driverFileItems.id})))`,
      ),
    )
  for (const r of rows) {
    const list = out.get(r.userId) ?? []
    list.push({ id: r.id, kind: r.kind, itemDate: r.itemDate, expiryDate: r.expiryDate })
    out.set(r.userId, list)
  }
  return out
}

/** The latest expiry date of each person's licenses (licenses without one are not counted). */
async function latestLicenseExpiries(read: Reader, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map()
  const rows = await read
    .select({ userId: userLicenses.userId, expiry: sql<string>`max(${userLicenses.expiryDate})` })
    .from(userLicenses)
    .where(and(inArray(userLicenses.userId, userIds), sql`${userLicenses.expiryDate} IS NOT NULL AND ${userLicenses.expiryDate} <> ''`))
    .groupBy(userLicenses.userId)
  return new Map(rows.map((r) => [r.userId, r.expiry]))
}

const MEDICAL: DriverFileItemKind = 'medicalCertificate'

function expiryOf(userId: number, items: FileItemFacts[], hiredOn: string | null, licenseExpiry: string | null, today: string): DriverExpiry {
  const medical = fileItemStates(items, { hiredOn, today }).find((s) => s.kind === MEDICAL)!
  const licenseState = licenseExpiry ? dueState(licenseExpiry, today) : 'none'
  return {
    driverUserId: userId,
    licenseExpiry,
    licenseState,
    medicalExpiry: medical.dueOn,
    medicalState: medical.state,
    licenseExpired: licenseState === 'overdue',
    // Expired: the latest certificate's expiry has come (a missing certificate is "missing", not expired).
    medicalExpired: medical.state === 'overdue' && items.some((i) => i.kind === MEDICAL),
  }
}

/** The expiry facts of some drivers at an operator company on `today` (no authorization: callers authorize). */
export async function driverExpiriesAt(read: Reader, companyId: number, userIds: number[], today: string): Promise<Map<number, DriverExpiry>> {
  const out = new Map<number, DriverExpiry>()
  if (userIds.length === 0) return out
  const files = await read
    .select({ userId: driverFiles.driverUserId, hiredOn: driverFiles.hiredOn })
    .from(driverFiles)
    .where(and(eq(driverFiles.companyId, companyId), inArray(driverFiles.driverUserId, userIds)))
  const hired = new Map(files.map((f) => [f.userId, f.hiredOn]))
  const items = await latestItemsOf(read, companyId, userIds)
  const licenses = await latestLicenseExpiries(read, userIds)
  for (const id of userIds) out.set(id, expiryOf(id, items.get(id) ?? [], hired.get(id) ?? null, licenses.get(id) ?? null, today))
  return out
}

/** The due items of an operator company on `today` (no authorization: the dashboard, the digest and the doors authorize). */
export async function dueItemsOf(read: Reader, companyId: number, today: string): Promise<DriverDueResult & { drivers: CurrentDriver[] }> {
  const drivers = await currentDriversOf(read, companyId)
  const ids = drivers.map((d) => d.userId)
  const items = await latestItemsOf(read, companyId, ids)
  const licenses = await latestLicenseExpiries(read, ids)
  const counts = { drivers: drivers.length, missing: 0, overdue: 0, dueSoon: 0 }
  const due: DriverDueItem[] = []
  for (const d of drivers) {
    const driverName = `${d.firstName} ${d.lastName}`.trim() || (d.email ?? '')
    const url = `/driverFiles/${companyId}/${d.userId}`
    for (const s of fileItemStates(items.get(d.userId) ?? [], { hiredOn: d.hiredOn, today })) {
      if (s.state === 'missing') counts.missing++
      if (s.state !== 'overdue' && s.state !== 'due-soon') continue
      due.push({
        driverUserId: d.userId,
        driverName,
        kind: s.kind,
        label: DRIVER_FILE_ITEM_KINDS.find((k) => k.value === s.kind)!.label,
        state: s.state,
        level: s.state === 'overdue' ? 'Alert' : 'Warning',
        dueOn: s.dueOn,
        url,
      })
    }
    const license = licenses.get(d.userId)
    const licenseState = license ? dueState(license, today) : 'ok'
    if (license && licenseState !== 'ok') {
      due.push({ driverUserId: d.userId, driverName, kind: 'license', label: DRIVER_DUE_TEXT.license, state: licenseState, level: licenseState === 'overdue' ? 'Alert' : 'Warning', dueOn: license, url })
    }
  }
  for (const i of due) {
    if (i.state === 'overdue') counts.overdue++
    else counts.dueSoon++
  }
  due.sort((a, b) => (a.state === b.state ? 0 : a.state === 'overdue' ? -1 : 1) || (a.dueOn ?? '').localeCompare(b.dueOn ?? '') || a.driverName.localeCompare(b.driverName) || a.driverUserId - b.driverUserId)
  return { companyId, today, counts, items: due.slice(0, DRIVER_DUE_MAX_ITEMS), total: due.length, drivers }
}

export const driverDueInput = z.object({ companyId: idSchema })

/**
 * GET /api/DriverFiles/getDueItems, tRPC `driverDue.list` and the operator dashboard's card:
 * the operator company's managers only (403 for anyone else, on every door).
 */
export async function getDriverDueItems(ctx: UseCaseContext, input: unknown): Promise<DriverDueResult> {
  const v = parseInput(driverDueInput, input)
  await requireDriverManager(ctx, v.companyId)
  const today = await companyToday(ctx.db.read, v.companyId, ctx.now ?? new Date())
  const { drivers: _drivers, ...result } = await dueItemsOf(ctx.db.read, v.companyId, today)
  return result
}

/**
 * The pre-trip refusal (issue 37 point 4): at an operator whose rule is 'refuse', a driver whose
 * license (the latest expiry of their licenses) or medical examiner's certificate at that operator
 * has expired may not file a pre-trip: 403 with a message saying which. Null when allowed.
 */
export async function expiredDriverRefusal(read: Reader, companyId: number, driverUserId: number, today: string): Promise<AppError | null> {
  const [c] = await read.select({ rule: companies.expiredDriverPreTrip }).from(companies).where(eq(companies.id, companyId))
  if (!c || c.rule !== 'refuse') return null
  const facts = (await driverExpiriesAt(read, companyId, [driverUserId], today)).get(driverUserId)!
  if (facts.licenseExpired) return forbidden(DRIVER_DUE_TEXT.refusedLicense)
  if (facts.medicalExpired) return forbidden(DRIVER_DUE_TEXT.refusedMedical)
  return null
}

/** The operator companies among `companyIds`. */
async function operatorCompaniesAmong(read: Reader, companyIds: number[]): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set()
  const rows = await read
    .select({ id: companyTypes.companyId })
    .from(companyTypes)
    .where(and(inArray(companyTypes.companyId, companyIds), eq(companyTypes.type, 'Operator')))
  return new Set(rows.map((r) => r.id))
}

export interface MyDriverCompany {
  companyId: number
  companyName: string
  licenseExpiry: string | null
  licenseExpired: boolean
  medicalExpiry: string | null
  medicalExpired: boolean
  /** Within 30 days (a Warning). */
  licenseDueSoon: boolean
  medicalDueSoon: boolean
  dutyUrl: string
  fileUrl: string
}

/**
 * The driver's own dashboard: for each operator company where the caller is an active Driver,
 * whether their license or medical certificate there has expired (or expires within 30 days),
 * and the links to their duty screen and their file. Only about the caller.
 */
export async function myDriverStatus(ctx: UseCaseContext): Promise<MyDriverCompany[]> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const driverOf = companiesWithRole(me, ['Driver'])
  const operators = await operatorCompaniesAmong(ctx.db.read, driverOf)
  const out: MyDriverCompany[] = []
  for (const m of me.memberships) {
    if (!operators.has(m.companyId) || !driverOf.includes(m.companyId)) continue
    const today = await companyToday(ctx.db.read, m.companyId, now)
    const f = (await driverExpiriesAt(ctx.db.read, m.companyId, [me.userId], today)).get(me.userId)!
    out.push({
      companyId: m.companyId,
      companyName: m.companyName,
      licenseExpiry: f.licenseExpiry,
      licenseExpired: f.licenseExpired,
      medicalExpiry: f.medicalExpiry,
      medicalExpired: f.medicalExpired,
      licenseDueSoon: f.licenseState === 'due-soon',
      medicalDueSoon: f.medicalState === 'due-soon' && f.medicalExpiry !== null,
      dutyUrl: `/duty/${m.companyId}`,
      fileUrl: `/driverFiles/${m.companyId}/${me.userId}`,
    })
  }
  return out
}

/**
 * The employees page (operator managers only): "License expired" / "Medical certificate expired"
 * per person. Answers null when the caller is not an Operator manager of an operator company (the
 * page then shows nothing of it).
 */
export async function employeeExpiryFlags(ctx: UseCaseContext, companyId: number, userIds: number[]): Promise<Map<number, { licenseExpired: boolean; medicalExpired: boolean }> | null> {
  try {
    await requireDriverManager(ctx, companyId)
  } catch {
    return null
  }
  const today = await companyToday(ctx.db.read, companyId, ctx.now ?? new Date())
  const facts = await driverExpiriesAt(ctx.db.read, companyId, userIds, today)
  return new Map([...facts].map(([id, f]) => [id, { licenseExpired: f.licenseExpired, medicalExpired: f.medicalExpired }]))
}
