/**
 * The driver qualification files of an operator company (issue 37 point 1, decision 086; 49 CFR
 * 391.51): the list of all its drivers with their completeness, one driver's file with the state
 * of each kind of item, and the hire date. Every door (pages, tRPC `driverFiles.*`, REST
 * /api/DriverFiles/…) calls these; the access rule is ./driver-access.server.ts: the company's
 * managers (role Operator) read and write, the driver reads their own file; anyone else 403, a
 * person who is not (and never was) a driver of the company 404 "Driver not found".
 * Opening a file is in the activity log ('driverFile.view'); the list of all drivers is not.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { DRIVER_FILE_ITEM_KINDS, type DriverFileItemKind, type DriverFileItemState } from '#catalog/drivers.ts'
import { msg } from '#catalog/i18n.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { companies, driverDocuments, driverFileItems, driverFiles, memberships, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { companyToday } from '../access/vehicle-access.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { dateOnly, idSchema, parseInput } from '../validation.ts'
import { driverFileIdOf, driverNotFound, driverRecordsAccess, requireDriverManager } from './driver-access.server.ts'
import { countFileItemStates, fileItemStates } from './file-item-states.ts'

export const DRIVER_FILE_TEXT = {
  notADate: msg('Enter a real date (YYYY-MM-DD)'),
  inFuture: msg('The date cannot be in the future'),
  status: msg('Choose current or former drivers'),
} as const

const DAY_MS = 86_400_000

/** A calendar date that exists (2026-02-30 does not), 'YYYY-MM-DD'. */
export const realDate = dateOnly.refine((d) => {
  const t = Date.parse(`${d}T00:00:00Z`)
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d
}, DRIVER_FILE_TEXT.notADate)

export const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim() : v)

/** A 400 naming one field. */
export const fieldRefused = (field: string, message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: message } })

export const DRIVER_FILES_PAGE = { sizeDefault: 25, sizeMax: 100 } as const

const nameOf = (u: { firstName: string; lastName: string; email: string | null }) => `${u.firstName} ${u.lastName}`.trim() || u.email || ''

// ---------------------------------------------------------------------------------------
// All drivers
// ---------------------------------------------------------------------------------------

export const listDriverFilesInput = z.object({
  companyId: idSchema,
  status: z.preprocess(blankToUndefined, z.enum(['current', 'former'], { error: DRIVER_FILE_TEXT.status }).default('current')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(DRIVER_FILES_PAGE.sizeMax).default(DRIVER_FILES_PAGE.sizeDefault)),
})
export type ListDriverFilesInput = z.input<typeof listDriverFilesInput>

export interface DriverFileSummary {
  driverUserId: number
  name: string
  current: boolean
  hiredOn: string | null
  /** When the employment ended (ISO instant), for former drivers. */
  employmentEndedAt: string | null
  missing: number
  overdue: number
  dueSoon: number
}

export interface DriverFileList {
  companyId: number
  status: 'current' | 'former'
  today: string
  page: number
  pageSize: number
  total: number
  /** Current and former drivers, whatever the filter (the filter's tabs). */
  counts: { current: number; former: number }
  drivers: DriverFileSummary[]
}

/**
 * GET /api/DriverFiles/getDriverFiles, tRPC `driverFiles.list`, /driverFiles/{companyId}: every
 * driver of the company (a Driver role, active or not, or a file there), current ones (an active
 * Driver role, an account, employment not ended) or former ones (newest end first), a page at a
 * time in SQL, each with the number of kinds missing, overdue and due soon. Managers only.
 */
export async function listDriverFiles(ctx: UseCaseContext, input: unknown): Promise<DriverFileList> {
  const v = parseInput(listDriverFilesInput, input)
  await requireDriverManager(ctx, v.companyId)
  const today = await companyToday(ctx, v.companyId)
  const isDriverHere = sql`(EXISTS (SELECT 1 FROM ${memberships} m WHERE m.user_id = ${users.id} AND m.company_id = ${v.companyId} AND m.role_id = ${ROLE_IDS.Driver}) OR ${driverFiles.id} IS NOT NULL)`
  const isCurrent = sql`(EXISTS (SELECT 1 FROM ${memberships} m WHERE m.user_id = ${users.id} AND m.company_id = ${v.companyId} AND m.role_id = ${ROLE_IDS.Driver} AND m.is_active = 1) AND ${users.deletedAt} IS NULL AND ${driverFiles.employmentEndedAt} IS NULL)`
  const base = () =>
    ctx.db.read
      .select({
        driverUserId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        deletedAt: users.deletedAt,
        fileId: driverFiles.id,
        hiredOn: driverFiles.hiredOn,
        employmentEndedAt: driverFiles.employmentEndedAt,
        current: sql<number>`${isCurrent}`.mapWith(Number),
      })
      .from(users)
      .leftJoin(driverFiles, and(eq(driverFiles.driverUserId, users.id), eq(driverFiles.companyId, v.companyId)))
  const [counted] = await ctx.db.read
    .select({ current: sql<number>`coalesce(sum(CASE WHEN ${isCurrent} THEN 1 ELSE 0 END), 0)`, all: sql<number>`count(*)` })
    .from(users)
    .leftJoin(driverFiles, and(eq(driverFiles.driverUserId, users.id), eq(driverFiles.companyId, v.companyId)))
    .where(isDriverHere)
  const counts = { current: Number(counted?.current ?? 0), former: Number(counted?.all ?? 0) - Number(counted?.current ?? 0) }
  const total = v.status === 'current' ? counts.current : counts.former
  const rows = await base()
    .where(and(isDriverHere, v.status === 'current' ? isCurrent : sql`NOT ${isCurrent}`))
    .orderBy(
      ...(v.status === 'former' ? [desc(sql`coalesce(${driverFiles.employmentEndedAt}, ${users.deletedAt}, 0)`)] : []),
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.firstName})`),
      asc(users.id),
    )
    .limit(v.pageSize)
    .offset((v.page - 1) * v.pageSize)

  // The page's items, read once: each driver's state per kind by the one rule.
  const fileIds = rows.map((r) => r.fileId).filter((id): id is number => id !== null)
  const items = fileIds.length
    ? await ctx.db.read
        .select({ driverFileId: driverFileItems.driverFileId, id: driverFileItems.id, kind: driverFileItems.kind, itemDate: driverFileItems.itemDate, expiryDate: driverFileItems.expiryDate })
        .from(driverFileItems)
        .where(inArray(driverFileItems.driverFileId, fileIds))
    : []
  const drivers = rows.map((r): DriverFileSummary => {
    const mine = r.fileId === null ? [] : items.filter((i) => i.driverFileId === r.fileId)
    const c = countFileItemStates(fileItemStates(mine, { hiredOn: r.hiredOn, today }))
    const ended = r.employmentEndedAt ?? r.deletedAt
    return {
      driverUserId: r.driverUserId,
      name: nameOf(r),
      current: r.current === 1,
      hiredOn: r.hiredOn,
      employmentEndedAt: r.current === 1 || !ended ? null : ended.toISOString(),
      missing: c.missing,
      overdue: c.overdue,
      dueSoon: c.dueSoon,
    }
  })
  return { companyId: v.companyId, status: v.status, today, page: v.page, pageSize: v.pageSize, total, counts, drivers }
}

// ---------------------------------------------------------------------------------------
// One driver's file
// ---------------------------------------------------------------------------------------

export const driverFileInput = z.object({ companyId: idSchema, driverUserId: idSchema })
export type DriverFileInput = z.input<typeof driverFileInput>

export interface DriverFileItemView {
  id: number
  kind: DriverFileItemKind
  itemDate: string
  expiryDate: string | null
  note: string | null
  document: { id: number; fileName: string; contentType: string; sizeBytes: number } | null
}

export interface DriverFileKindView {
  kind: DriverFileItemKind
  cite: string
  required: boolean
  hasExpiry: boolean
  repeatMonths: number | null
  state: DriverFileItemState
  dueOn: string | null
  /** Newest first. */
  items: DriverFileItemView[]
}

export interface DriverFileView {
  companyId: number
  companyName: string
  driverUserId: number
  driverName: string
  /** The caller edits (a manager) or reads (the driver themself). */
  canEdit: boolean
  current: boolean
  hiredOn: string | null
  employmentEndedAt: string | null
  today: string
  counts: { missing: number; overdue: number; dueSoon: number; ok: number }
  kinds: DriverFileKindView[]
}

/** The item rows of a file, newest first, with their documents' names (never the bytes). */
export async function fileItemRows(ctx: UseCaseContext, driverFileId: number | null): Promise<(DriverFileItemView & { driverFileId: number })[]> {
  if (driverFileId === null) return []
  const rows = await ctx.db.read
    .select({
      id: driverFileItems.id,
      driverFileId: driverFileItems.driverFileId,
      kind: driverFileItems.kind,
      itemDate: driverFileItems.itemDate,
      expiryDate: driverFileItems.expiryDate,
      note: driverFileItems.note,
      documentId: driverDocuments.id,
      fileName: driverDocuments.fileName,
      contentType: driverDocuments.contentType,
      sizeBytes: driverDocuments.sizeBytes,
    })
    .from(driverFileItems)
    .leftJoin(driverDocuments, eq(driverDocuments.id, driverFileItems.documentId))
    .where(eq(driverFileItems.driverFileId, driverFileId))
    .orderBy(desc(driverFileItems.itemDate), desc(driverFileItems.id))
  return rows.map((r) => ({
    id: r.id,
    driverFileId: r.driverFileId,
    kind: r.kind,
    itemDate: r.itemDate,
    expiryDate: r.expiryDate,
    note: r.note,
    document: r.documentId === null ? null : { id: r.documentId, fileName: r.fileName!, contentType: r.contentType!, sizeBytes: r.sizeBytes! },
  }))
}

/**
 * GET /api/DriverFiles/getDriverFile, tRPC `driverFiles.get`, /driverFiles/{companyId}/{driverUserId}:
 * one driver's file at the company — the hire date, each kind of 391.51(b) with its state and its
 * items. The manager edits it; the driver reads their own. Written in the activity log.
 */
export async function getDriverFile(ctx: UseCaseContext, input: unknown): Promise<DriverFileView> {
  const v = parseInput(driverFileInput, input)
  const access = await driverRecordsAccess(ctx, v.companyId, v.driverUserId)
  const today = await companyToday(ctx, v.companyId)
  const [person] = await ctx.db.read
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, v.driverUserId))
  if (!person) throw driverNotFound()
  const [company] = await ctx.db.read.select({ name: companies.name }).from(companies).where(eq(companies.id, v.companyId))
  const [file] = await ctx.db.read
    .select({ id: driverFiles.id, hiredOn: driverFiles.hiredOn, employmentEndedAt: driverFiles.employmentEndedAt })
    .from(driverFiles)
    .where(and(eq(driverFiles.companyId, v.companyId), eq(driverFiles.driverUserId, v.driverUserId)))
  const [active] = await ctx.db.read
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, v.driverUserId), eq(memberships.companyId, v.companyId), eq(memberships.roleId, ROLE_IDS.Driver), eq(memberships.isActive, true)))
  const items = await fileItemRows(ctx, file?.id ?? null)
  const states = fileItemStates(items, { hiredOn: file?.hiredOn ?? null, today })
  const current = Boolean(active) && !person.deletedAt && !file?.employmentEndedAt
  const ended = file?.employmentEndedAt ?? person.deletedAt

  await ctx.db.transaction(async (tx) => {
    await audit(tx, access.me, { action: 'driverFile.view', companyId: v.companyId, entityType: 'driverFile', entityId: file?.id ?? v.driverUserId, details: { driverUserId: v.driverUserId } })
  })
  return {
    companyId: v.companyId,
    companyName: company?.name ?? '',
    driverUserId: v.driverUserId,
    driverName: nameOf(person),
    canEdit: access.as === 'manager',
    current,
    hiredOn: file?.hiredOn ?? null,
    employmentEndedAt: current || !ended ? null : ended.toISOString(),
    today,
    counts: countFileItemStates(states),
    kinds: DRIVER_FILE_ITEM_KINDS.map((rule, i) => ({
      kind: rule.value,
      cite: rule.cite,
      required: rule.required,
      hasExpiry: rule.hasExpiry,
      repeatMonths: rule.repeatMonths,
      state: states[i]!.state,
      dueOn: states[i]!.dueOn,
      items: items.filter((it) => it.kind === rule.value).map(({ driverFileId: _f, ...it }) => it),
    })),
  }
}

// ---------------------------------------------------------------------------------------
// The hire date
// ---------------------------------------------------------------------------------------

export const updateDriverFileInput = z.object({
  companyId: idSchema,
  driverUserId: idSchema,
  /** YYYY-MM-DD, not after the company's today; empty or null clears it. */
  hiredOn: z.preprocess(blankToUndefined, realDate.optional()),
})
export type UpdateDriverFileInput = z.input<typeof updateDriverFileInput>

/** Today + `days` (YYYY-MM-DD). */
export const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/**
 * PUT /api/DriverFiles/updateDriverFile, tRPC `driverFiles.update`, the file page's form: the
 * manager sets (or clears) the driver's hire date, from which the annual items' first due dates
 * count. Not in the future.
 */
export async function updateDriverFile(ctx: UseCaseContext, input: unknown): Promise<{ companyId: number; driverUserId: number; hiredOn: string | null }> {
  const v = parseInput(updateDriverFileInput, input)
  const access = await driverRecordsAccess(ctx, v.companyId, v.driverUserId)
  if (access.as !== 'manager') await requireDriverManager(ctx, v.companyId)
  const today = await companyToday(ctx, v.companyId)
  if (v.hiredOn && v.hiredOn > today) throw fieldRefused('hiredOn', DRIVER_FILE_TEXT.inFuture)
  const now = ctx.now ?? new Date()
  const hiredOn = v.hiredOn ?? null
  await ctx.db.transaction(async (tx) => {
    const fileId = await driverFileIdOf(tx, v.companyId, v.driverUserId, now)
    await tx.update(driverFiles).set({ hiredOn, updatedAt: now }).where(eq(driverFiles.id, fileId))
    await audit(tx, access.me, { action: 'driverFile.update', companyId: v.companyId, entityType: 'driverFile', entityId: fileId, details: { driverUserId: v.driverUserId, hiredOn } })
  })
  return { companyId: v.companyId, driverUserId: v.driverUserId, hiredOn }
}
