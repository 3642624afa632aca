/**
 * The clean-up of staged fleet imports (decision 076, "Cleanup"), run by the daily record-retention
 * job (server/compliance/retention.server.ts):
 *
 * - an upload still `staged` FLEET_IMPORT_KEEP_DAYS days after it was uploaded is deleted (its
 *   preview URL then answers "expired or does not exist");
 * - an `imported` upload keeps its row (file name, counts, who and when) but loses its staged rows
 *   and problems (`preview` becomes '') FLEET_IMPORT_KEEP_DAYS days after its import; the
 *   `fleet.import` audit row is not touched.
 *
 * No index: the table holds one row per upload, and after the clean-up only the last week's rows
 * carry a payload, so the daily scan reads at most those.
 */
import { and, eq, lt, ne } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { fleetImports } from '#db/schema/index.ts'
import { logger } from '../../log.server.ts'

/** Days a staged upload, or an imported upload's rows, are kept. */
export const FLEET_IMPORT_KEEP_DAYS = 7

/** The `preview` of an imported upload whose rows were removed. */
export const PURGED_PREVIEW = ''

const DAY_MS = 86_400_000

export interface FleetImportPurge {
  /** Staged uploads deleted. */
  deleted: number
  /** Imported uploads whose rows were dropped (counts kept). */
  trimmed: number
}

/** Deletes the stale staged uploads and drops the rows of old imported ones, in one transaction. */
export async function purgeStaleFleetImports(db: Database, now: Date = new Date()): Promise<FleetImportPurge> {
  const before = new Date(now.getTime() - FLEET_IMPORT_KEEP_DAYS * DAY_MS)
  const result = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(fleetImports)
      .where(and(eq(fleetImports.status, 'staged'), lt(fleetImports.createdAt, before)))
      .returning({ id: fleetImports.id })
    const trimmed = await tx
      .update(fleetImports)
      .set({ preview: PURGED_PREVIEW })
      .where(and(eq(fleetImports.status, 'imported'), lt(fleetImports.importedAt, before), ne(fleetImports.preview, PURGED_PREVIEW)))
      .returning({ id: fleetImports.id })
    return { deleted: deleted.length, trimmed: trimmed.length }
  })
  if (result.deleted || result.trimmed) logger().info({ ...result, before: before.toISOString() }, 'retention: stale fleet imports cleaned up')
  return result
}
