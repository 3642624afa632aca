import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'
import { qrSheetResponse } from '#app/utils/qr-sheet.server.ts'
import { MANAGER_ROLE_NAMES } from '#catalog/roles.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'

/**
 * GET /company/{companyId}/qr.pdf: the company code as a one-page PDF, named
 * after the code (spec section 9). Any manager of the company; others are
 * sent to / (no session: to /login).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGER_ROLE_NAMES)
  const company = await getCompany(ctx, companyId)
  return qrSheetResponse({
    title: company.companyName,
    subtitle: `Scan this code, or type it, to ask to join ${company.companyName}.`,
    qrText: company.companyIdentifier,
    code: company.companyIdentifier,
  })
}
