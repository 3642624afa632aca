import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { driverDocuments } from '#db/schema/index.ts'
import { DRIVER_FILE_LIMITS } from '#catalog/drivers.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import { audit } from '../activity/audit.server.ts'
import { blobStream, writeBlob } from '../blobs/blob-store.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import type { UserActor } from '../context/actor.ts'
import { prepareDocumentFile, type DocumentFile, type PreparedDocument } from '../documents/documents.server.ts'
import { AppError, forbidden } from '../errors.ts'
import { idSchema } from '../validation.ts'
import { driverNotFound, driverRecordsAccess } from './driver-access.server.ts'

/**
 * The documents of driver files and tests (decision 086): checked by content like a bus's
 * documents (`prepareDocumentFile`: name, 5 MiB, type from the bytes), stored in `blob_chunks`,
 * within a per-company total so a self-registered company cannot fill the disk.
 */
export { prepareDocumentFile, type PreparedDocument }

export const documentNotFound = () => new AppError('NOT_FOUND', msg('Document not found'))

/** Stores a checked file for a driver's file inside the caller's transaction; the caller has authorized and audits. Returns its id. */
export async function storeDriverDocument(
  tx: Tx,
  me: UserActor,
  p: { companyId: number; driverFileId: number; file: PreparedDocument; now: Date },
): Promise<number> {
  const [used] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${driverDocuments.sizeBytes}), 0)` })
    .from(driverDocuments)
    .where(eq(driverDocuments.companyId, p.companyId))
  if (Number(used?.bytes ?? 0) + p.file.bytes.byteLength > DRIVER_FILE_LIMITS.companyDocumentBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', withValues(msg('Driver files of this company may hold at most {mb} MB of documents: delete old ones first'), { mb: DRIVER_FILE_LIMITS.companyDocumentBytes / 1024 / 1024 }))
  }
  const { blobId } = await writeBlob(tx, p.file.bytes)
  const [row] = await tx
    .insert(driverDocuments)
    .values({
      companyId: p.companyId,
      driverFileId: p.driverFileId,
      blobId,
      fileName: p.file.fileName,
      contentType: p.file.contentType,
      sizeBytes: p.file.bytes.byteLength,
      uploadedByUserId: me.userId,
      uploadedAt: p.now,
    })
    .returning({ id: driverDocuments.id })
  return row!.id
}

/** Deletes a document (its chunks go with it, by trigger) inside the caller's transaction. */
export async function deleteDriverDocument(tx: Tx, documentId: number | null | undefined): Promise<void> {
  if (documentId != null) await tx.delete(driverDocuments).where(eq(driverDocuments.id, documentId))
}

/**
 * A driver document's file for download (page and REST): the operator's managers and the driver
 * themself; 404 "Document not found" for any other document. The opening is in the activity log.
 */
export async function getDriverDocumentFile(ctx: UseCaseContext, input: { companyId: unknown; driverUserId: unknown; documentId: unknown }): Promise<DocumentFile> {
  const companyId = idSchema.safeParse(input.companyId)
  const driverUserId = idSchema.safeParse(input.driverUserId)
  const documentId = idSchema.safeParse(input.documentId)
  if (!companyId.success) throw forbidden()
  if (!driverUserId.success) throw driverNotFound()
  const access = await driverRecordsAccess(ctx, companyId.data, driverUserId.data)
  if (!documentId.success) throw documentNotFound()
  const [row] = await ctx.db.read
    .select({ id: driverDocuments.id, fileName: driverDocuments.fileName, contentType: driverDocuments.contentType, sizeBytes: driverDocuments.sizeBytes, blobId: driverDocuments.blobId })
    .from(driverDocuments)
    .where(
      and(
        eq(driverDocuments.id, documentId.data),
        eq(driverDocuments.companyId, companyId.data),
        sql`${driverDocuments.driverFileId} IN (SELECT "id" FROM "driver_files" WHERE "company_id" = ${companyId.data} AND "driver_user_id" = ${driverUserId.data})`,
      ),
    )
  if (!row) throw documentNotFound()
  await ctx.db.transaction(async (tx) => {
    await audit(tx, access.me, { action: 'driverDocument.open', companyId: companyId.data, entityType: 'driverDocument', entityId: row.id, details: { driverUserId: driverUserId.data } })
  })
  return { fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, body: blobStream(ctx.db, row.blobId, row.sizeBytes) }
}
