import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'
import { csvResponse } from '#server/csv.ts'
import { fuelCsvTemplate } from '#server/costs/fuel-import-template.ts'

/** GET /fuel/{companyId}/import-template.csv: the fuel card import's columns, a fill-up and a charge (decision 085). */
export async function loader(args: LoaderFunctionArgs) {
  await companyPage(args, ['Owner', 'Operator'])
  const t = fuelCsvTemplate()
  return csvResponse(t.fileName, t.header, t.lines)
}
