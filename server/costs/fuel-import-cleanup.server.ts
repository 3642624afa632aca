/**
 * The clean-up of fuel card uploads (decision 085, on decision 076's rule), run by the daily
 * record-retention job (server/compliance/retention.server.ts) after the fleet's:
 *
 * - an upload still `staged` FUEL_IMPORT_KEEP_DAYS days after it was uploaded is deleted (its
 *   preview URL then answers "expired or does not exist");
 * - an `imported` upload keeps its row (file name, counts, who and when) but loses its staged rows
 *   and problems (`preview` becomes '') FUEL_IMPORT_KEEP_DAYS days after its import; the fill-ups
 *   it wrote and the `fuelImport.commit` audit row are not touched.
 */
import { and, eq, lt, ne } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { fuelImports } from '#db/schema/index.ts'
import { logger } from '../log.server.ts'

/** Days a staged upload, or an imported upload's rows, are kept (the fleet import's week). */
export const FUEL_IMPORT_KEEP_DAYS = 7

/** The `preview` of an imported upload whose rows were removed. */
export const FUEL_PURGED_PREVIEW = ''

const DAY_MS = 86_400_000

/** Deletes the stale staged uploads and drops the rows of old imported ones, in one transaction. */
export async function purgeStaleFuelImports(db: Database, now: Date = new Date()): Promise<{ deleted: number; trimmed: number }> {
  const before = new Date(now.getTime() - FUEL_IMPORT_KEEP_DAYS * DAY_MS)
  const result = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(fuelImports)
      .where(and(eq(fuelImports.status, 'staged'), lt(fuelImports.createdAt, before)))
      .returning({ id: fuelImports.id })
    const trimmed = await tx
      .update(fuelImports)
      .set({ preview: FUEL_PURGED_PREVIEW })
      .where(and(eq(fuelImports.status, 'imported'), lt(fuelImports.importedAt, before), ne(fuelImports.preview, FUEL_PURGED_PREVIEW)))
      .returning({ id: fuelImports.id })
    return { deleted: deleted.length, trimmed: trimmed.length }
  })
  if (result.deleted || result.trimmed) logger().info({ ...result, before: before.toISOString() }, 'retention: stale fuel imports cleaned up')
  return result
}
