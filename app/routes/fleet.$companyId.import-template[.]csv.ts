import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'
import { csvResponse } from '#server/csv.ts'
import { fleetCsvTemplate } from '#server/fleet/import/fleet-export.server.ts'

/** GET /fleet/{companyId}/import-template.csv: the import's columns and one example bus (decision 076). */
export async function loader(args: LoaderFunctionArgs) {
  await companyPage(args, ['Owner'])
  const t = fleetCsvTemplate()
  return csvResponse(t.fileName, t.header, t.lines)
}
