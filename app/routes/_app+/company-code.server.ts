import { getCompany } from '#server/companies/company-settings.server.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { rememberedQrDataUrl } from '#app/utils/qr.server.ts'
import type { CompanyCodeCardData } from '#app/components/people/view-types.ts'

/** The company (for its time zone, types…) and its code card, in one read. */
export async function loadCompanyWithCard(ctx: UseCaseContext, companyId: number) {
  const company = await getCompany(ctx, companyId)
  const card: CompanyCodeCardData = {
    companyId: company.companyId,
    companyName: company.companyName,
    code: company.companyIdentifier,
    qr: await rememberedQrDataUrl(company.companyIdentifier),
  }
  return { company, card }
}

/** The card's data alone (e.g. for the dashboards). */
export async function loadCompanyCodeCard(ctx: UseCaseContext, companyId: number): Promise<CompanyCodeCardData> {
  return (await loadCompanyWithCard(ctx, companyId)).card
}
