import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, companyPage, type PageContext, refusalText } from '#app/utils/page.server.ts'
import { rememberedQrDataUrl } from '#app/utils/qr.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { roleLabelOf } from '#catalog/roles.ts'
import { listEmployees, updateUserRoleStatus } from '#server/companies/employees.server.ts'
import { DRIVER_DUE_TEXT } from '#server/drivers/driver-due.server.ts'
import { loadCompanyWithCard } from './company-code.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { msg } from '#catalog/i18n.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { ROLE_STATUS_INTENT } from '#app/components/people/intents.ts'
import { PEOPLE_TEXT } from '#app/components/people/texts.ts'
import { EMPLOYEE_PAGE_SIZES, type EmployeePage, type EmployeeView } from '#app/components/people/view-types.ts'

type Manager = 'Operator' | 'RepairShop'

/** `?page=2&pageSize=20`; anything else falls back to page 1 and 10 rows. */
export function readPaging(url: URL): { page: number; pageSize: number } {
  const page = Number(url.searchParams.get('page'))
  const pageSize = Number(url.searchParams.get('pageSize'))
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: (EMPLOYEE_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : EMPLOYEE_PAGE_SIZES[0],
  }
}

/** Loader of /employees/{companyId} (Operator) and /employeesRS/{companyId} (RepairShop). */
export async function employeesPageLoader(args: LoaderFunctionArgs, manager: Manager) {
  const { ctx, companyId } = await companyPage(args, [manager])
  const url = new URL(args.request.url)
  const { page, pageSize } = readPaging(url)
  const { card } = await loadCompanyWithCard(ctx, companyId)
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const messages = routeMessages(args.request, 'people')
  // The row whose roles were just changed stays open (also without JavaScript).
  const openId = positiveInt(url.searchParams.get('open'))
  const listed = await attempt(() => listEmployees(ctx, { companyId, manager, page, pageSize }))
  if (!listed.ok) {
    const employees: EmployeePage = { companyId, items: [], total: 0, page, pageSize, pageCount: 1, error: refusalText(listed.error) }
    return { title: t(PEOPLE_TEXT.employees), card, employees, openId, messages }
  }
  const result = listed.value
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize))
  if (page > pageCount) {
    // Past the last page (rows were removed, or a stale link): show the last one.
    url.searchParams.set('page', String(pageCount))
    url.searchParams.set('pageSize', String(pageSize))
    throw redirect(url.pathname + url.search)
  }
  const items: EmployeeView[] = await Promise.all(
    result.items.map(async (e) => ({
      id: e.id,
      personalIdentifier: e.personalIdentifier,
      qr: await rememberedQrDataUrl(e.personalIdentifier, 96),
      firstName: e.firstName,
      lastName: e.lastName,
      email: e.email,
      roles: e.roles.map((r) => roleLabelOf(r)),
      companyRoles: e.companyRoles.map((r) => ({ label: roleLabelOf(r.id), isActive: r.isActive })),
      dateOfBirth: e.dateOfBirth,
      dateOfBirthLabel: e.dateOfBirth ? formatDateOnly(e.dateOfBirth, locale) : null,
      phoneNumber: e.phoneNumber,
      roleList: e.roleList.map((r) => ({ id: r.id, name: r.name, label: roleLabelOf(r.id), isActive: r.isActive })),
      // Expired means visible (issue 37): only present for the operator company's managers.
      ...(e.driverExpiry
        ? {
            expired: [
              ...(e.driverExpiry.licenseExpired ? [t(DRIVER_DUE_TEXT.licenseExpired)] : []),
              ...(e.driverExpiry.medicalExpired ? [t(DRIVER_DUE_TEXT.medicalExpired)] : []),
            ],
          }
        : {}),
    })),
  )
  const employees: EmployeePage = { companyId, items, total: result.total, page: result.page, pageSize: result.pageSize, pageCount, error: null }
  return { title: t(PEOPLE_TEXT.employees), card, employees, openId, messages }
}

/**
 * Action of the employees pages: the role toggle of the expanded row (fields
 * `intent=setRoleStatus`, `userId`, `roleId`, `isActive` = the new state,
 * `companyId`). Back to the same page and paging with "Updated successfully",
 * or the refusal (e.g. the last active manager) as an error toast.
 */
export async function employeesPageAction(args: ActionFunctionArgs, manager: Manager) {
  const { ctx, companyId } = await companyPage(args, [manager])
  const url = new URL(args.request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('open')
  const form = await args.request.formData()
  const userId = positiveInt(form.get('userId'))
  if (userId) url.searchParams.set('open', String(userId))
  const back = url.pathname + url.search
  if (form.get('intent') !== ROLE_STATUS_INTENT) return redirect(back)
  if (positiveInt(form.get('companyId')) !== companyId) {
    return redirectWithToast(back, { type: 'error', message: PEOPLE_TEXT.companyIdRequired })
  }
  return changeRoleStatus(ctx, companyId, form, back)
}

async function changeRoleStatus(ctx: PageContext, companyId: number, form: FormData, back: string) {
  const input = { userId: form.get('userId'), companyId, roleId: form.get('roleId'), isActive: form.get('isActive') }
  const changed = await attempt(() => updateUserRoleStatus(ctx, input), { log: 'changing a role status failed', companyId })
  if (changed.ok) return redirectWithToast(back, { type: 'success', message: changed.value.message })
  const message = changed.error.code === 'INTERNAL' ? msg('Error updating the role, please try again') : changed.error.message
  return redirectWithToast(back, { type: 'error', message })
}
