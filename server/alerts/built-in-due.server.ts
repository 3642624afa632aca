/**
 * The built-in due dates as SQL pieces, written once (decision 065, 036, 084): the owner's alert
 * list, the digest and the maintenance due list all read them, so they always agree.
 *
 * - The 90-day emergency-exit check: due 90 days after the bus's latest check (the index on
 *   emergency_exit_checks (vehicle_id, check_date) answers the max); never checked, the day the
 *   bus was added (its UTC date), so it is overdue from then on. Overdue on and after the due
 *   date, due soon in the 14 days before it (catalog/compliance.ts `dueState`).
 * - The annual inspection: `vehicles.next_inspection`, the expiry rule of catalog/expiry.ts
 *   (expired on and after the date, expiring within 30 days). Its last one is the latest annual
 *   inspection that was applied or accepted (decision 062; the partial index on is_annual).
 *
 * Each piece takes the name (or alias) of the `vehicles` table of the statement it goes in.
 */
import { sql, type SQL } from 'drizzle-orm'
import { EMERGENCY_EXIT_CHECK_INTERVAL_DAYS, EMERGENCY_EXIT_CHECK_WARNING_DAYS } from '#catalog/compliance.ts'
import { addDays, expiryBounds } from '#catalog/expiry.ts'

const col = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`

/** SQL: the date of the bus's latest 90-day emergency-exit check, or NULL. */
export function emergencyExitLastSql(vehiclesTable = 'vehicles'): SQL<string | null> {
  return sql<string | null>`(SELECT max("eec"."check_date") FROM "emergency_exit_checks" AS "eec" WHERE "eec"."vehicle_id" = ${col(vehiclesTable, 'id')})`
}

/**
 * SQL: the bus's next 90-day emergency-exit check due date ('YYYY-MM-DD', never NULL). `last`:
 * the latest check's date when the statement already has it (else `emergencyExitLastSql`).
 */
export function emergencyExitDueSql(vehiclesTable = 'vehicles', last: SQL = emergencyExitLastSql(vehiclesTable)): SQL<string> {
  return sql<string>`coalesce(date(${last}, ${`+${EMERGENCY_EXIT_CHECK_INTERVAL_DAYS} days`}), date(${col(vehiclesTable, 'created_at')} / 1000, 'unixepoch'))`
}

/** The emergency-exit check's state bounds on `today`: overdue ⇔ due ≤ `overdueUntil`; due soon ⇔ due ≤ `soonUntil`. */
export function emergencyExitBounds(today: string): { overdueUntil: string; soonUntil: string } {
  return { overdueUntil: today, soonUntil: addDays(today, EMERGENCY_EXIT_CHECK_WARNING_DAYS) }
}

/** SQL: the date of the bus's latest applied or accepted annual inspection, or NULL. */
export function annualInspectionLastSql(vehiclesTable = 'vehicles'): SQL<string | null> {
  return sql<string | null>`(SELECT max("ain"."inspection_date") FROM "inspections" AS "ain" WHERE "ain"."vehicle_id" = ${col(vehiclesTable, 'id')} AND "ain"."is_annual" = 1 AND "ain"."review_status" IN ('Applied', 'Accepted'))`
}

/** SQL: the bus's next annual inspection date (`vehicles.next_inspection`), or NULL. */
export function annualInspectionDueSql(vehiclesTable = 'vehicles'): SQL<string | null> {
  return sql<string | null>`${col(vehiclesTable, 'next_inspection')}`
}

/** The annual inspection's state bounds on `today`: the product's one expiry rule (catalog/expiry.ts). */
export function annualInspectionBounds(today: string): { overdueUntil: string; soonUntil: string } {
  const { expiredUntil, expiringUntil } = expiryBounds(today)
  return { overdueUntil: expiredUntil, soonUntil: expiringUntil }
}
