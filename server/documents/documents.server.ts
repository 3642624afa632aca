import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { rowsAffected } from '#db/client.ts'
import type { Tx } from '#db/client.ts'
import { blobStream, writeBlob } from '../blobs/blob-store.server.ts'
import { companies, documentContents, repairActions, vehicleDocuments, vehicles, type VehicleDocument } from '#db/schema/index.ts'
import type { Database } from '#db/client.ts'
import type { UserActor } from '../context/actor.ts'
import { env } from '../env.server.ts'
import { audit } from '../activity/audit.server.ts'
import {
  DOCUMENT_TEXT,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_NAME_LENGTH,
  MAX_DOCUMENTS_PER_UPLOAD,
  tooLargeReason,
  uploadFailedText,
} from '#catalog/documents.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, isAppError } from '../errors.ts'
import { vehicleAccess, type VehicleAccess } from '../access/vehicle-access.server.ts'
import { requireUser } from '../access/policy.ts'
import { decodeBase64 } from '../uploads/base64.ts'
import { detectDocumentType } from '../uploads/document-type.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import { msg } from '#catalog/i18n.ts'

/** Who may read a vehicle's documents besides its owner: the operator of an active assignment. */
const READERS = { operatorRoles: ['Operator'] } as const

/** A document as lists show it (never its bytes). */
export interface VehicleDocumentInfo {
  id: number
  vehicleId: number
  fileName: string
  /** The type detected from the content at upload. */
  contentType: string
  sizeBytes: number
  /** The uploader's name at upload time. */
  uploadedBy: string
  isActive: boolean
  /** ISO 8601, UTC. */
  uploadedAt: string
}

const listColumns = {
  id: vehicleDocuments.id,
  vehicleId: vehicleDocuments.vehicleId,
  fileName: vehicleDocuments.fileName,
  contentType: vehicleDocuments.contentType,
  sizeBytes: vehicleDocuments.sizeBytes,
  uploadedByName: vehicleDocuments.uploadedByName,
  isActive: vehicleDocuments.isActive,
  uploadedAt: vehicleDocuments.uploadedAt,
}

function infoOf(row: Pick<VehicleDocument, keyof typeof listColumns>): VehicleDocumentInfo {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    uploadedBy: row.uploadedByName,
    isActive: row.isActive,
    uploadedAt: row.uploadedAt.toISOString(),
  }
}

const documentNotFound = () => new AppError('NOT_FOUND', DOCUMENT_TEXT.notFound)

/**
 * Not a repair shop's invoice (decision 085): an invoice is a document of the bus kept out of the
 * bus's document list and its doors; the owner and the shop read it through the repair's costs.
 */
const notAnInvoice = () => sql`not exists (select 1 from ${repairActions} where ${repairActions.invoiceDocumentId} = ${vehicleDocuments.id})`

/** The vehicle's access, with any 404 told as "Document not found". */
async function accessForDocument(ctx: UseCaseContext, vehicleId: number, opts: Parameters<typeof vehicleAccess>[2]): Promise<VehicleAccess> {
  try {
    return await vehicleAccess(ctx, vehicleId, opts)
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw documentNotFound()
    throw error
  }
}

/**
 * A file name safe to store and to send back: no path (either separator), no
 * control characters, spaces collapsed, at most 200 characters with the
 * extension kept.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim()
  name = name.replace(/^\.+(?=[^.]*\.)/, '') // "..report.pdf" → "report.pdf"; ".pdf" stays
  if (name.length > MAX_DOCUMENT_NAME_LENGTH) {
    const dot = name.lastIndexOf('.')
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ''
    name = name.slice(0, MAX_DOCUMENT_NAME_LENGTH - ext.length).trimEnd() + ext
  }
  return name
}

/** One document of an upload, as REST (and the tab's action) send it. */
const uploadItem = z.object({
  vehicleId: idSchema,
  fileName: z.string().trim().min(1, msg('A file name is required')).max(1000),
  /** The client's claim; ignored: the stored type is detected from the content. */
  contentType: z.string().max(255).nullish(),
  /** Base64 (a `data:…;base64,` prefix is accepted). */
  fileContent: z.string().min(1, msg('The file content is required')),
})

export const uploadVehicleDocumentsInput = z
  .array(uploadItem)
  .min(1, DOCUMENT_TEXT.selectFiles)
  .max(MAX_DOCUMENTS_PER_UPLOAD, uploadFailedText(`at most ${MAX_DOCUMENTS_PER_UPLOAD} files at a time`))
export type UploadVehicleDocumentsInput = z.input<typeof uploadVehicleDocumentsInput>

/** GET /api/Fleet/getVehicleDocuments and the Documents tab: active documents, newest first. */
export async function listVehicleDocuments(ctx: UseCaseContext, vehicleId: number): Promise<VehicleDocumentInfo[]> {
  await vehicleAccess(ctx, vehicleId, READERS)
  const rows = await ctx.db.read
    .select(listColumns)
    .from(vehicleDocuments)
    .where(and(eq(vehicleDocuments.vehicleId, vehicleId), eq(vehicleDocuments.isActive, true), notAnInvoice()))
    .orderBy(desc(vehicleDocuments.uploadedAt), desc(vehicleDocuments.id))
  return rows.map(infoOf)
}

/** What the Documents tab needs besides the list: whether the caller may change it. */
export async function vehicleDocumentsAccess(ctx: UseCaseContext, vehicleId: number): Promise<{ readOnly: boolean; timeZone: string }> {
  const access = await vehicleAccess(ctx, vehicleId, READERS)
  const companyId = access.as === 'operator' ? access.operatorCompanyId! : access.ownerCompanyId
  const [c] = await ctx.db.read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  return { readOnly: access.as !== 'owner', timeZone: c?.tz || 'UTC' }
}

/** One file to store, as bytes (the tab's multipart upload; REST decodes its base64 into this). */
export interface DocumentUpload {
  vehicleId: number
  fileName: string
  bytes: Uint8Array
}

/**
 * POST /api/Fleet/uploadVehicleDocument: `[{vehicleId, fileName, contentType,
 * fileContent}]` with base64 content (the claimed contentType is ignored).
 */
export async function uploadVehicleDocuments(ctx: UseCaseContext, input: unknown): Promise<VehicleDocumentInfo[]> {
  requireUser(ctx.actor)
  const items = parseInput(uploadVehicleDocumentsInput, input)
  return uploadVehicleDocumentFiles(
    ctx,
    items.map((i) => ({ vehicleId: i.vehicleId, fileName: i.fileName, bytes: decodeBase64(i.fileContent, 'fileContent') })),
  )
}

/**
 * Stores uploaded documents (Owner managers of each vehicle). Every file is
 * checked first: name sanitised, at most 5 MiB (413), type detected from the
 * content and agreeing with the extension (415), a .docx/.xlsx's ZIP directory
 * read without inflating and refused past 1,000 parts, 50 MB expanded or any
 * inconsistency (415, decision 022 amended); then all are stored in one
 * transaction: all or none.
 */
export async function uploadVehicleDocumentFiles(ctx: UseCaseContext, files: DocumentUpload[]): Promise<VehicleDocumentInfo[]> {
  const me = requireUser(ctx.actor)
  if (files.length === 0) throw new AppError('BAD_REQUEST', DOCUMENT_TEXT.selectFiles)
  if (files.length > MAX_DOCUMENTS_PER_UPLOAD) {
    throw new AppError('BAD_REQUEST', uploadFailedText(`at most ${MAX_DOCUMENTS_PER_UPLOAD} files at a time`))
  }

  const owners = new Map<number, number>()
  for (const vehicleId of new Set(files.map((f) => f.vehicleId))) {
    owners.set(vehicleId, (await vehicleAccess(ctx, parseInput(idSchema, vehicleId), { write: true })).ownerCompanyId)
  }

  const prepared: { vehicleId: number; fileName: string; contentType: string; bytes: Buffer }[] = []
  for (const file of files) {
    const fileName = sanitizeFileName(file.fileName)
    if (!fileName) throw new AppError('BAD_REQUEST', uploadFailedText('a file has no name'), { fieldErrors: { fileName: msg('A file name is required') } })
    const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength)
    if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadFailedText(tooLargeReason(fileName)))
    if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', uploadFailedText(`${fileName} is empty`))
    const { contentType } = await detectDocumentType(bytes, fileName)
    prepared.push({ vehicleId: file.vehicleId, fileName, contentType, bytes })
  }

  const now = ctx.now ?? new Date()
  const uploadedByName = `${me.firstName} ${me.lastName}`.trim() || me.email
  return ctx.db.transaction(async (tx) => {
    await assertWithinQuota(tx, prepared.map((p) => ({ vehicleId: p.vehicleId, bytes: p.bytes.byteLength })), owners)
    const stored: VehicleDocumentInfo[] = []
    for (const p of prepared) {
      const [row] = await tx
        .insert(vehicleDocuments)
        .values({
          vehicleId: p.vehicleId,
          fileName: p.fileName,
          contentType: p.contentType,
          sizeBytes: p.bytes.byteLength,
          uploadedByUserId: me.userId,
          uploadedByName,
          isActive: true,
          uploadedAt: now,
        })
        .returning(listColumns)
      const { blobId } = await writeBlob(tx, p.bytes)
      await tx.insert(documentContents).values({ documentId: row!.id, blobId })
      await audit(tx, me, {
        action: 'document.upload',
        companyId: owners.get(p.vehicleId),
        entityType: 'vehicle_document',
        entityId: row!.id,
        details: { vehicleId: p.vehicleId, fileName: p.fileName, contentType: p.contentType, sizeBytes: p.bytes.byteLength },
      })
      stored.push(infoOf(row!))
    }
    return stored
  })
}

const MB = 1024 * 1024
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`

/**
 * Storage quotas (decision 022): the bytes already stored for each vehicle and
 * each owner company, summed in SQL from the stored sizes (never by reading
 * blobs), plus this upload's, against DOCUMENT_QUOTA_VEHICLE_MB and
 * DOCUMENT_QUOTA_COMPANY_MB. Deleted documents keep their bytes as records, so
 * they count. Inside the upload's transaction: two uploads cannot both squeeze in.
 */
async function assertWithinQuota(tx: Tx, uploads: { vehicleId: number; bytes: number }[], owners: Map<number, number>) {
  const vehicleLimit = Math.floor(env().DOCUMENT_QUOTA_VEHICLE_MB * MB)
  const companyLimit = Math.floor(env().DOCUMENT_QUOTA_COMPANY_MB * MB)
  const vehicleIds = [...new Set(uploads.map((u) => u.vehicleId))]
  const perVehicle = await tx
    .select({ vehicleId: vehicleDocuments.vehicleId, used: sql<number>`coalesce(sum(${vehicleDocuments.sizeBytes}), 0)` })
    .from(vehicleDocuments)
    .where(inArray(vehicleDocuments.vehicleId, vehicleIds))
    .groupBy(vehicleDocuments.vehicleId)
  for (const vehicleId of vehicleIds) {
    const used = Number(perVehicle.find((r) => r.vehicleId === vehicleId)?.used ?? 0)
    const adding = uploads.filter((u) => u.vehicleId === vehicleId).reduce((n, u) => n + u.bytes, 0)
    if (used + adding > vehicleLimit) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `This vehicle's documents are full: ${megabytes(used)} of ${megabytes(vehicleLimit)} used, and these files need ${megabytes(adding)}. Deleted documents are kept as records and still count.`,
      )
    }
  }
  for (const companyId of new Set(owners.values())) {
    const [row] = await tx
      .select({ used: sql<number>`coalesce(sum(${vehicleDocuments.sizeBytes}), 0)` })
      .from(vehicleDocuments)
      .innerJoin(vehicles, eq(vehicles.id, vehicleDocuments.vehicleId))
      .where(eq(vehicles.ownerCompanyId, companyId))
    const used = Number(row?.used ?? 0)
    const adding = uploads.filter((u) => owners.get(u.vehicleId) === companyId).reduce((n, u) => n + u.bytes, 0)
    if (used + adding > companyLimit) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Your company's document storage is full: ${megabytes(used)} of ${megabytes(companyLimit)} used, and these files need ${megabytes(adding)}.`,
      )
    }
  }
}

/**
 * DELETE /api/fleet/deleteVehicleDocument and the tab's delete: Owner managers.
 * The document is a record: it is deactivated (isActive = false) and its bytes
 * kept; it leaves every list and can no longer be downloaded. A document that
 * is missing, already deleted or of a vehicle the caller may not see is a 404;
 * the operator of an active assignment, who sees it, gets 403.
 */
export async function deleteVehicleDocument(ctx: UseCaseContext, documentId: number): Promise<{ message: string }> {
  const id = parseInput(idSchema, documentId)
  const [doc] = await ctx.db.read
    .select({ vehicleId: vehicleDocuments.vehicleId })
    .from(vehicleDocuments)
    .where(and(eq(vehicleDocuments.id, id), eq(vehicleDocuments.isActive, true), notAnInvoice()))
  if (!doc) throw documentNotFound()
  const access = await accessForDocument(ctx, doc.vehicleId, { write: true })
  await ctx.db.transaction(async (tx) => {
    const result = await tx
      .update(vehicleDocuments)
      .set({ isActive: false })
      .where(and(eq(vehicleDocuments.id, id), eq(vehicleDocuments.isActive, true)))
    if (rowsAffected(result) === 0) throw documentNotFound()
    await audit(tx, ctx.actor, {
      action: 'document.delete',
      companyId: access.ownerCompanyId,
      entityType: 'vehicle_document',
      entityId: id,
      details: { vehicleId: doc.vehicleId },
    })
  })
  return { message: DOCUMENT_TEXT.deleted }
}

/** A document to send: its stored name, type and size, and its bytes as a stream read chunk by chunk. */
export interface DocumentFile {
  fileName: string
  contentType: string
  sizeBytes: number
  /** Nothing is read before the consumer pulls; one 512 KiB chunk per pull (decision 070). */
  body: ReadableStream<Uint8Array>
}

/**
 * GET /api/fleet/{vehicleId}/documents/{documentId} and the browser download:
 * the owner, or the operator of an active assignment. 404 "Document not found"
 * when it is missing, deleted, of another vehicle, or not visible to the caller.
 */
export async function getDocumentFile(ctx: UseCaseContext, vehicleId: number, documentId: number): Promise<DocumentFile> {
  const vId = idSchema.safeParse(vehicleId)
  const dId = idSchema.safeParse(documentId)
  if (!vId.success || !dId.success) throw documentNotFound()
  await accessForDocument(ctx, vId.data, READERS)
  const [row] = await ctx.db.read
    .select({ fileName: vehicleDocuments.fileName, contentType: vehicleDocuments.contentType, sizeBytes: vehicleDocuments.sizeBytes, blobId: documentContents.blobId })
    .from(vehicleDocuments)
    .innerJoin(documentContents, eq(documentContents.documentId, vehicleDocuments.id))
    .where(and(eq(vehicleDocuments.id, dId.data), eq(vehicleDocuments.vehicleId, vId.data), eq(vehicleDocuments.isActive, true), notAnInvoice()))
  if (!row) throw documentNotFound()
  return { fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, body: blobStream(ctx.db, row.blobId, row.sizeBytes) }
}

/** One file checked as an upload is (name, size, type from the content), not yet stored. */
export interface PreparedDocument {
  fileName: string
  contentType: string
  bytes: Buffer
}

/** The checks of `uploadVehicleDocumentFiles` for one file (a repair shop's invoice, decision 085). */
export async function prepareDocumentFile(file: { fileName: string; bytes: Uint8Array }): Promise<PreparedDocument> {
  const fileName = sanitizeFileName(file.fileName)
  if (!fileName) throw new AppError('BAD_REQUEST', uploadFailedText('a file has no name'), { fieldErrors: { fileName: msg('A file name is required') } })
  const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength)
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadFailedText(tooLargeReason(fileName)))
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', uploadFailedText(`${fileName} is empty`))
  const { contentType } = await detectDocumentType(bytes, fileName)
  return { fileName, contentType, bytes }
}

/**
 * Stores one checked file as a document of the bus inside the caller's transaction, within the
 * quotas; the caller has authorized (a repair shop's invoice: the shop of the repair action) and
 * writes its own audit row.
 */
export async function insertVehicleDocumentFile(
  tx: Tx,
  me: UserActor,
  p: PreparedDocument & { vehicleId: number; ownerCompanyId: number; now: Date },
): Promise<VehicleDocumentInfo> {
  await assertWithinQuota(tx, [{ vehicleId: p.vehicleId, bytes: p.bytes.byteLength }], new Map([[p.vehicleId, p.ownerCompanyId]]))
  const [row] = await tx
    .insert(vehicleDocuments)
    .values({
      vehicleId: p.vehicleId,
      fileName: p.fileName,
      contentType: p.contentType,
      sizeBytes: p.bytes.byteLength,
      uploadedByUserId: me.userId,
      uploadedByName: `${me.firstName} ${me.lastName}`.trim() || me.email,
      isActive: true,
      uploadedAt: p.now,
    })
    .returning(listColumns)
  const { blobId } = await writeBlob(tx, p.bytes)
  await tx.insert(documentContents).values({ documentId: row!.id, blobId })
  return infoOf(row!)
}

/** An active document's file by id, without access checks (the caller has checked); null when missing or deleted. */
export async function getStoredDocumentFile(db: Database, documentId: number): Promise<DocumentFile | null> {
  const [row] = await db.read
    .select({ fileName: vehicleDocuments.fileName, contentType: vehicleDocuments.contentType, sizeBytes: vehicleDocuments.sizeBytes, blobId: documentContents.blobId })
    .from(vehicleDocuments)
    .innerJoin(documentContents, eq(documentContents.documentId, vehicleDocuments.id))
    .where(and(eq(vehicleDocuments.id, documentId), eq(vehicleDocuments.isActive, true)))
  if (!row) return null
  return { fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, body: blobStream(db, row.blobId, row.sizeBytes) }
}
