import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { PEOPLE_TEXT } from '#app/components/people/texts.ts'
import { companySettingsPath } from '#app/components/people/urls.ts'
import { attempt, companyPage, formFailure } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { MANAGER_ROLE_NAMES } from '#catalog/roles.ts'
import { timeZoneNames } from '#catalog/company-settings.ts'
import { updateCompanySettings } from '#server/companies/company-settings.server.ts'
import { loadCompanyWithCard } from './company-code.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { msg } from '#catalog/i18n.ts'
import { translateForRequest } from '#server/i18n/messages.server.ts'
import { hasRole } from '#server/access/policy.ts'
import { CURRENCIES } from '#catalog/costs.ts'

const TITLE = msg('Company settings')

/** Loader of /company/{companyId}/settings. */
export async function companySettingsLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGER_ROLE_NAMES)
  const { company, card } = await loadCompanyWithCard(ctx, companyId)
  return {
    title: translateForRequest(TITLE),
    card,
    company: {
      id: company.companyId,
      name: company.companyName,
      timeZone: company.timeZone,
      address: company.address ?? '',
      types: company.companyTypes,
      repairShop: company.repairShop,
      currency: company.currency,
      repairCostPayer: company.repairCostPayer,
      expiredDriverPreTrip: company.drivers?.expiredDriverPreTrip ?? null,
      hosCycle: company.drivers?.hosCycle ?? null,
    },
    /** Costs (decision 085): the currency; who pays repairs is the owner company's Owner managers' rule. */
    currencies: [...CURRENCIES],
    hasRepairCostPayerSetting: company.companyTypes.includes('Owner') && hasRole(ctx.actor, companyId, ['Owner']),
    /** The repair shop setting belongs to companies that own vehicles (PRODUCT.md section 5). */
    hasRepairShopSetting: company.companyTypes.includes('Owner'),
    /** The driver rules (issue 37): an operator company's Operator managers set them. */
    hasDriverSettings: company.drivers !== null && hasRole(ctx.actor, companyId, ['Operator']),
    /** The time zones the server accepts (the same list as the use case's). */
    timeZones: [...timeZoneNames()],
    messages: routeMessages(args.request, 'people', 'costs', 'drivers'),
  }
}

interface Values {
  name: string
  timeZone: string
  /** Null when the form had no address field (then it is left as it is). */
  address: string | null
  repairShopCode: string | null
  currency: string | null
  repairCostPayer: string | null
  expiredDriverPreTrip: string | null
  hosCycle: string | null
}
/** Action of /company/{companyId}/settings: the use case checks every field; its messages go under the fields. */
export async function companySettingsAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGER_ROLE_NAMES)
  const form = await args.request.formData()
  const field = (key: string) => {
    const v = form.get(key)
    return typeof v === 'string' ? v : null
  }
  const values: Values = {
    name: field('name') ?? '',
    timeZone: field('timeZone') ?? '',
    address: field('address'),
    // Absent when the company has no repair shop setting: then it is left as it is.
    repairShopCode: field('repairShopCode'),
    currency: field('currency'),
    // Absent unless the caller sets the owner company's rule.
    repairCostPayer: field('repairCostPayer'),
    // Absent unless the caller is an Operator manager of an operator company (issue 37).
    expiredDriverPreTrip: field('expiredDriverPreTrip'),
    hosCycle: field('hosCycle'),
  }
  const saved = await attempt(() =>
    updateCompanySettings(ctx, {
      companyId,
      name: values.name,
      timeZone: values.timeZone,
      ...(values.address === null ? {} : { address: values.address }),
      ...(values.repairShopCode === null ? {} : { repairShopCode: values.repairShopCode }),
      ...(values.currency === null ? {} : { currency: values.currency }),
      ...(values.repairCostPayer === null ? {} : { repairCostPayer: values.repairCostPayer }),
      ...(values.expiredDriverPreTrip === null ? {} : { expiredDriverPreTrip: values.expiredDriverPreTrip }),
      ...(values.hosCycle === null ? {} : { hosCycle: values.hosCycle }),
    }),
  )
  if (saved.ok) return redirectWithToast(companySettingsPath(companyId), { type: 'success', message: PEOPLE_TEXT.settingsSaved })
  // The use case's messages go under the fields; a refusal of another kind goes on top.
  return formFailure(saved.error, { values }, { fields: ['name', 'timeZone', 'address', 'repairShopCode', 'currency', 'repairCostPayer', 'expiredDriverPreTrip', 'hosCycle'] })
}
