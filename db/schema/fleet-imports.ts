import { index, integer, sqliteTable, text, check } from 'drizzle-orm/sqlite-core'
import { id, inList, instant, instantNow, ref } from './columns.ts'
import { companies } from './companies.ts'
import { users } from './users.ts'

export const FLEET_IMPORT_STATUSES = ['staged', 'imported'] as const
export type FleetImportStatus = (typeof FLEET_IMPORT_STATUSES)[number]

/**
 * A fleet CSV upload between its preview and its import (decision 076): the rows as the vehicle
 * schema read them and each row's problems, so the preview survives a reload and the form works
 * without JavaScript. `staged` becomes `imported` once, in the import's own transaction.
 */
export const fleetImports = sqliteTable(
  'fleet_imports',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: FLEET_IMPORT_STATUSES }).notNull().default('staged'),
    totalRows: integer('total_rows').notNull(),
    validRows: integer('valid_rows').notNull(),
    problemRows: integer('problem_rows').notNull(),
    /** Vehicles written by the import (null while staged). */
    importedCount: integer('imported_count'),
    /** The preview: `FleetImportPreview` of server/fleet/import/fleet-import.server.ts, as JSON. */
    preview: text('preview').notNull(),
    createdAt: instantNow('created_at'),
    importedAt: instant('imported_at'),
  },
  (t) => [index('fleet_imports_company_idx').on(t.companyId, t.createdAt), check('fleet_imports_status_check', inList('status', FLEET_IMPORT_STATUSES))],
)
export type FleetImport = typeof fleetImports.$inferSelect
