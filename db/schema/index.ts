/**
 * The database schema: tables split by aggregate, plus drizzle relations. Import tables from
 * here (`import { users } from '#db/schema/index.ts'`).
 */
export * from './reference.ts'
export * from './users.ts'
export * from './auth.ts'
export * from './companies.ts'
export * from './fleet.ts'
export * from './requests.ts'
export * from './inspections.ts'
export * from './repairs.ts'
export * from './system.ts'
export * from './relations.ts'
export * from './compliance.ts'
export * from './blobs.ts'
export * from './fleet-imports.ts'
export * from './webhooks.ts'
export * from './maintenance.ts'
export * from './costs.ts'
export * from './drivers.ts'
export * from './idempotency.ts'
