/**
 * The items of a driver qualification file (issue 37 point 1, decision 086; 49 CFR 391.51(b)):
 * add, change and delete an item — its kind, date, expiry where one applies, a note and an
 * optional document (checked by content, stored in the blob store within the company's total).
 * The operator company's managers only, on every door (pages, tRPC, REST); the driver reads.
 *
 * Bad input: 400 naming the field, nothing saved (a date in the future or not a date, an expiry
 * before the date, a certificate without its expiry, a kind outside the list, a note over 500
 * characters). A person who is not a driver of the company: 404 "Driver not found"; an item of
 * another company (or that does not exist): 404 "Driver file item not found". A repeated
 * idempotency key by the same user answers the first item and stores nothing new.
 */
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { DRIVER_FILE_ITEM_KIND_VALUES, DRIVER_FILE_LIMITS, driverFileItemRule, type DriverFileItemKind } from '#catalog/drivers.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import type { Tx } from '#db/client.ts'
import { driverDocuments, driverFileItems, driverFiles, driverTests } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { companyToday } from '../access/vehicle-access.server.ts'
import { hasRole, membershipIn, requireUser } from '../access/policy.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { atMostCharacters, freeText, idSchema, parseInput } from '../validation.ts'
import { driverFileIdOf, driverRecordsAccess, requireDriverManager } from './driver-access.server.ts'
import { deleteDriverDocument, prepareDocumentFile, storeDriverDocument, type PreparedDocument } from './driver-documents.server.ts'
import { blankToUndefined, DRIVER_FILE_TEXT, fieldRefused, realDate, type DriverFileItemView } from './driver-files.server.ts'

export const FILE_ITEM_TEXT = {
  kind: msg('Choose a kind of item from the list'),
  expiryBeforeDate: msg('The expiry date cannot be before the date'),
  expiryRequired: msg('Enter the expiry date'),
  itemNotFound: msg('Driver file item not found'),
  keyReused: msg('This idempotency key was already used for another driver’s file'),
  keyFormat: msg('Letters, digits and punctuation only'),
  tooMany: msg('A driver’s file holds at most {n} records'),
} as const

const IDEMPOTENCY_KEY_MAX = 100
const itemNotFound = () => new AppError('NOT_FOUND', FILE_ITEM_TEXT.itemNotFound)

const itemFields = {
  itemDate: z.preprocess((v) => blankToUndefined(v) ?? '', realDate),
  expiryDate: z.preprocess(blankToUndefined, realDate.optional()),
  note: z.preprocess(blankToUndefined, freeText(DRIVER_FILE_LIMITS.noteChars).optional()),
}

export const addFileItemInput = z.object({
  companyId: idSchema,
  driverUserId: idSchema,
  kind: z.enum(DRIVER_FILE_ITEM_KIND_VALUES, { error: FILE_ITEM_TEXT.kind }),
  ...itemFields,
  idempotencyKey: z.preprocess(
    blankToUndefined,
    z.string().max(IDEMPOTENCY_KEY_MAX, atMostCharacters(IDEMPOTENCY_KEY_MAX)).regex(/^[\x21-\x7e]+$/, FILE_ITEM_TEXT.keyFormat).optional(),
  ),
})
export type AddFileItemInput = z.input<typeof addFileItemInput>

export const updateFileItemInput = z.object({
  id: idSchema,
  kind: z.preprocess(blankToUndefined, z.enum(DRIVER_FILE_ITEM_KIND_VALUES, { error: FILE_ITEM_TEXT.kind }).optional()),
  ...itemFields,
  /** Drop the item's document (a new file replaces it anyway). */
  removeDocument: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()).optional(),
})
export type UpdateFileItemInput = z.input<typeof updateFileItemInput>

export const deleteFileItemInput = z.object({ id: idSchema })

/** A document sent with an item: its name and bytes (checked here, outside the transaction). */
export interface FileItemUpload {
  fileName: string
  bytes: Uint8Array
}

export interface SavedFileItem extends DriverFileItemView {
  companyId: number
  driverUserId: number
  /** True when an earlier item with the same idempotency key was answered (nothing stored now). */
  replayed: boolean
}

/** Rules that need the company's today and the kind: not in the future, expiry not before the date, a certificate's expiry. */
function checkDates(v: { kind: DriverFileItemKind; itemDate: string; expiryDate?: string }, today: string) {
  if (v.itemDate > today) throw fieldRefused('itemDate', DRIVER_FILE_TEXT.inFuture)
  if (v.expiryDate && v.expiryDate < v.itemDate) throw fieldRefused('expiryDate', FILE_ITEM_TEXT.expiryBeforeDate)
  if (driverFileItemRule(v.kind)?.hasExpiry && !v.expiryDate) throw fieldRefused('expiryDate', FILE_ITEM_TEXT.expiryRequired)
}

async function prepared(file: FileItemUpload | null | undefined): Promise<PreparedDocument | null> {
  if (!file || (file.bytes.byteLength === 0 && !file.fileName)) return null
  return prepareDocumentFile(file)
}

/** One item as the doors answer it. */
async function itemView(read: Pick<Tx, 'select'>, id: number): Promise<(DriverFileItemView & { companyId: number; driverUserId: number; driverFileId: number }) | null> {
  const [r] = await read
    .select({
      id: driverFileItems.id,
      driverFileId: driverFileItems.driverFileId,
      companyId: driverFileItems.companyId,
      driverUserId: driverFiles.driverUserId,
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
    .innerJoin(driverFiles, eq(driverFiles.id, driverFileItems.driverFileId))
    .leftJoin(driverDocuments, eq(driverDocuments.id, driverFileItems.documentId))
    .where(eq(driverFileItems.id, id))
  if (!r) return null
  return {
    id: r.id,
    driverFileId: r.driverFileId,
    companyId: r.companyId,
    driverUserId: r.driverUserId,
    kind: r.kind,
    itemDate: r.itemDate,
    expiryDate: r.expiryDate,
    note: r.note,
    document: r.documentId === null ? null : { id: r.documentId, fileName: r.fileName!, contentType: r.contentType!, sizeBytes: r.sizeBytes! },
  }
}

const saved = (row: NonNullable<Awaited<ReturnType<typeof itemView>>>, replayed: boolean): SavedFileItem => {
  const { driverFileId: _f, ...rest } = row
  return { ...rest, replayed }
}

async function earlierItem(read: Pick<Tx, 'select'>, userId: number, key: string | undefined) {
  if (!key) return null
  const [row] = await read
    .select({ id: driverFileItems.id })
    .from(driverFileItems)
    .where(and(eq(driverFileItems.createdByUserId, userId), eq(driverFileItems.idempotencyKey, key)))
  return row ? itemView(read, row.id) : null
}

function replay(row: NonNullable<Awaited<ReturnType<typeof itemView>>>, companyId: number, driverUserId: number): SavedFileItem {
  if (row.companyId !== companyId || row.driverUserId !== driverUserId) {
    throw new AppError('CONFLICT', FILE_ITEM_TEXT.keyReused, { fieldErrors: { idempotencyKey: FILE_ITEM_TEXT.keyReused } })
  }
  return saved(row, true)
}

async function assertUnderRecordCap(tx: Pick<Tx, 'select'>, driverFileId: number) {
  const [c] = await tx
    .select({
      n: sql<number>`(SELECT count(*) FROM ${driverFileItems} WHERE ${driverFileItems.driverFileId} = ${driverFileId}) + (SELECT count(*) FROM ${driverTests} WHERE ${driverTests.driverFileId} = ${driverFileId})`,
    })
    .from(driverFiles)
    .where(eq(driverFiles.id, driverFileId))
  if (Number(c?.n ?? 0) >= DRIVER_FILE_LIMITS.recordsPerDriver) {
    throw new AppError('CONFLICT', withValues(FILE_ITEM_TEXT.tooMany, { n: DRIVER_FILE_LIMITS.recordsPerDriver }))
  }
}

/**
 * POST /api/DriverFiles/addFileItem, tRPC `driverFiles.addItem`, the file page's form: a manager
 * adds an item (with its document, optional) to a driver's file; the file is made on first use.
 */
export async function addFileItem(ctx: UseCaseContext, input: unknown, file?: FileItemUpload | null): Promise<SavedFileItem> {
  const me = requireUser(ctx.actor)
  // A retry of an item that went through: answered before anything else is checked.
  const keyed = z.object({ idempotencyKey: z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX), companyId: idSchema, driverUserId: idSchema }).safeParse(input)
  if (keyed.success) {
    await requireDriverManager(ctx, keyed.data.companyId)
    const earlier = await earlierItem(ctx.db.read, me.userId, keyed.data.idempotencyKey)
    if (earlier) return replay(earlier, keyed.data.companyId, keyed.data.driverUserId)
  }
  const v = parseInput(addFileItemInput, input)
  const access = await driverRecordsAccess(ctx, v.companyId, v.driverUserId)
  if (access.as !== 'manager') await requireDriverManager(ctx, v.companyId)
  checkDates(v, await companyToday(ctx, v.companyId))
  const document = await prepared(file)
  const now = ctx.now ?? new Date()
  return ctx.db.transaction(async (tx) => {
    const again = await earlierItem(tx, me.userId, v.idempotencyKey)
    if (again) return replay(again, v.companyId, v.driverUserId)
    const driverFileId = await driverFileIdOf(tx, v.companyId, v.driverUserId, now)
    await assertUnderRecordCap(tx, driverFileId)
    const documentId = document ? await storeDriverDocument(tx, me, { companyId: v.companyId, driverFileId, file: document, now }) : null
    const [row] = await tx
      .insert(driverFileItems)
      .values({
        driverFileId,
        companyId: v.companyId,
        kind: v.kind,
        itemDate: v.itemDate,
        expiryDate: v.expiryDate ?? null,
        note: v.note ?? null,
        documentId,
        idempotencyKey: v.idempotencyKey ?? null,
        createdByUserId: me.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: driverFileItems.id })
    await audit(tx, me, {
      action: 'driverFileItem.add',
      companyId: v.companyId,
      entityType: 'driverFileItem',
      entityId: row!.id,
      details: { driverUserId: v.driverUserId, kind: v.kind, itemDate: v.itemDate },
    })
    return saved((await itemView(tx, row!.id))!, false)
  })
}

/** The item, when the caller manages its company's drivers; 404 otherwise (never says whose it is). */
async function managedItem(ctx: UseCaseContext, read: Pick<Tx, 'select'>, id: number) {
  const row = await itemView(read, id)
  if (!row) throw itemNotFound()
  if (!hasRole(ctx.actor, row.companyId, ['Operator']) || !membershipIn(ctx.actor, row.companyId)?.companyTypes.includes('Operator')) throw itemNotFound()
  return row
}

/**
 * PUT /api/DriverFiles/updateFileItem, tRPC `driverFiles.updateItem`, the file page's form: a
 * manager changes an item's date, expiry, note or kind; a new document replaces the old one
 * (`removeDocument` drops it).
 */
export async function updateFileItem(ctx: UseCaseContext, input: unknown, file?: FileItemUpload | null): Promise<SavedFileItem> {
  const me = requireUser(ctx.actor)
  const v = parseInput(updateFileItemInput, input)
  const found = await managedItem(ctx, ctx.db.read, v.id)
  const kind = v.kind ?? found.kind
  checkDates({ ...v, kind }, await companyToday(ctx, found.companyId))
  const document = await prepared(file)
  const now = ctx.now ?? new Date()
  return ctx.db.transaction(async (tx) => {
    const row = await managedItem(ctx, tx, v.id)
    let documentId = row.document?.id ?? null
    if (document || v.removeDocument) {
      await deleteDriverDocument(tx, documentId)
      documentId = document ? await storeDriverDocument(tx, me, { companyId: row.companyId, driverFileId: row.driverFileId, file: document, now }) : null
    }
    await tx
      .update(driverFileItems)
      .set({ kind, itemDate: v.itemDate, expiryDate: v.expiryDate ?? null, note: v.note ?? null, documentId, updatedAt: now })
      .where(eq(driverFileItems.id, row.id))
    await audit(tx, me, {
      action: 'driverFileItem.update',
      companyId: row.companyId,
      entityType: 'driverFileItem',
      entityId: row.id,
      details: { driverUserId: row.driverUserId, kind, itemDate: v.itemDate },
    })
    return saved((await itemView(tx, row.id))!, false)
  })
}

/** DELETE /api/DriverFiles/deleteFileItem?id=, tRPC `driverFiles.deleteItem`, the file page's button: a manager deletes an item and its document. */
export async function deleteFileItem(ctx: UseCaseContext, input: unknown): Promise<{ id: number; companyId: number; driverUserId: number }> {
  const me = requireUser(ctx.actor)
  const v = parseInput(deleteFileItemInput, input)
  await managedItem(ctx, ctx.db.read, v.id)
  return ctx.db.transaction(async (tx) => {
    const row = await managedItem(ctx, tx, v.id)
    await tx.delete(driverFileItems).where(eq(driverFileItems.id, row.id))
    await deleteDriverDocument(tx, row.document?.id)
    await audit(tx, me, {
      action: 'driverFileItem.delete',
      companyId: row.companyId,
      entityType: 'driverFileItem',
      entityId: row.id,
      details: { driverUserId: row.driverUserId, kind: row.kind, itemDate: row.itemDate },
    })
    return { id: row.id, companyId: row.companyId, driverUserId: row.driverUserId }
  })
}
