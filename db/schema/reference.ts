/** Reference data with fixed ids, inserted by the `reference-data` migration (not the seed). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const roles = sqliteTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique('roles_name_unique'),
})

export const licenseTypes = sqliteTable('license_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique('license_types_name_unique'),
})

export type RoleRow = typeof roles.$inferSelect
export type LicenseTypeRow = typeof licenseTypes.$inferSelect
