import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'
import { csvResponse } from '#server/csv.ts'
import { fleetSearchInput } from '#server/fleet/fleet-query.ts'
import { exportFleetCsv } from '#server/fleet/import/fleet-export.server.ts'

const LIST_KEYS = new Set(['tag', 'fuelType', 'transmissionType', 'powertrainType', 'make', 'model', 'color', 'safety', 'interior', 'licenseStatus', 'service'])

/** The fleet page's query parameters, read as leniently as the page reads them (a broken one is left out). */
function queryOf(search: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {}
  for (const key of new Set(search.keys())) raw[key] = LIST_KEYS.has(key) ? search.getAll(key) : search.get(key)
  const read = fleetSearchInput.parse(raw) as Record<string, unknown>
  return Object.fromEntries(Object.entries(read).filter(([, v]) => v !== undefined))
}

/** The two fleet pages' CSV: the same filters and sort as the table, every page (decision 076). */
export async function fleetCsvDownload(args: LoaderFunctionArgs, scope: 'owner' | 'operator') {
  const { ctx, companyId } = await companyPage(args, [scope === 'owner' ? 'Owner' : 'Operator'])
  const csv = await exportFleetCsv(ctx, { ...queryOf(new URL(args.request.url).searchParams), companyId, scope })
  return csvResponse(csv.fileName, csv.header, csv.lines)
}
