import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'
import { qrSheetResponse } from '#app/utils/qr-sheet.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
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
  // In the requester's language (decision 074).
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  return qrSheetResponse({
    title: company.companyName,
    subtitle: t('Scan this code, or type it, to ask to join {company}.', { company: company.companyName }),
    qrText: company.companyIdentifier,
    code: company.companyIdentifier,
    locale,
  })
}
