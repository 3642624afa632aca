/**
 * The fleet as CSV (issue 26, decision 076): the fleet table with its current filters and sort
 * (the page's own query parameters and SQL, list-vehicles.server.ts), every page of it, in the
 * catalogue's columns (catalog/fleet-csv.ts) so the file imports back as the same vehicles.
 * Rows are read 500 at a time by keyset (sort value, identifier) as the response is pulled:
 * never the whole fleet in memory, never a picture.
 */
import { and, asc, desc, gt, isNull, or, sql, type SQL } from 'drizzle-orm'
import { vehicles } from '#db/schema/index.ts'
import { FLEET_CSV_EXAMPLE, FLEET_CSV_FIELDS, fleetCsvCells, type CsvCellValue, type FleetCsvVehicle } from '#catalog/fleet-csv.ts'
import type { UseCaseContext } from '../../context/use-case-context.ts'
import { requireRole } from '../../access/policy.ts'
import { parseInput } from '../../validation.ts'
import { companyToday } from '../../access/vehicle-access.server.ts'
import { fleetQueryInput } from '../fleet-query.ts'
import { fleetWhere } from '../list-vehicles.server.ts'

export const EXPORT_PAGE = 500

const exportColumns = Object.fromEntries(FLEET_CSV_FIELDS.map((f) => [f, vehicles[f]])) as { [K in (typeof FLEET_CSV_FIELDS)[number]]: (typeof vehicles)[K] }

export interface FleetCsvExport {
  fileName: string
  header: readonly string[]
  lines: AsyncIterable<CsvCellValue[]>
}

/**
 * GET /fleet/{companyId}/export.csv, /fleetOperator/{companyId}/export.csv and
 * GET /api/Fleet/{companyId}/export: the input is the list's (`fleet.list`), page and page size ignored.
 * Owner managers (scope owner) or Operator managers (scope operator), as the list.
 */
export async function exportFleetCsv(ctx: UseCaseContext, input: unknown): Promise<FleetCsvExport> {
  const q = parseInput(fleetQueryInput, input)
  requireRole(ctx.actor, q.companyId, q.scope === 'owner' ? ['Owner'] : ['Operator'])
  const today = await companyToday(ctx, q.companyId)
  const { where } = fleetWhere(ctx, q, today)
  const column = vehicles[q.sort]
  const ascending = q.dir === 'asc'
  const order = ascending ? asc : desc
  const read = ctx.db.read

  async function* lines(): AsyncGenerator<CsvCellValue[]> {
    let after: { value: string | number | boolean | null; id: string } | null = null
    for (;;) {
      let page: SQL | undefined
      if (after) {
        const { value, id }: { value: string | number | boolean | null; id: string } = after
        // NULLs last, whatever the direction; the identifier (unique) breaks ties, ascending.
        page =
          value === null
            ? and(isNull(column), gt(vehicles.vehicleIdentifier, id))
            : or(
                ascending ? sql`${column} > ${value}` : sql`${column} < ${value}`,
                and(sql`${column} = ${value}`, gt(vehicles.vehicleIdentifier, id)),
                isNull(column),
              )
      }
      const rows: (FleetCsvVehicle & { sortValue: string | number | null })[] = await read
        .select({ ...exportColumns, sortValue: column })
        .from(vehicles)
        .where(and(where, page))
        .orderBy(sql`${column} IS NULL`, order(column), asc(vehicles.vehicleIdentifier))
        .limit(EXPORT_PAGE)
      for (const r of rows) yield fleetCsvCells(r)
      if (rows.length < EXPORT_PAGE) return
      const last: FleetCsvVehicle & { sortValue: string | number | null } = rows[rows.length - 1]!
      after = { value: last.sortValue ?? null, id: String(last.vehicleIdentifier) }
    }
  }

  const stamp = today.replaceAll('-', '')
  return { fileName: `fleet-${q.companyId}-${stamp}.csv`, header: FLEET_CSV_FIELDS, lines: lines() }
}

/** The import's template: the header and one example bus (no data of anyone: any signed-in caller). */
export function fleetCsvTemplate(): FleetCsvExport {
  async function* lines(): AsyncGenerator<CsvCellValue[]> {
    yield fleetCsvCells(FLEET_CSV_EXAMPLE)
  }
  return { fileName: 'fleet-import-template.csv', header: FLEET_CSV_FIELDS, lines: lines() }
}
