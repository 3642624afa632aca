import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requirePageRole } from '#app/utils/auth.server.ts'
import { qrDataUrl } from '#app/utils/qr.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { roleLabelOf } from '#catalog/roles.ts'
import { listEmployees, updateUserRoleStatus } from '#server/companies/employees.server.ts'
import type { UseCaseContext } from '#server/context.ts'
import { getDb } from '#server/db.server.ts'
import { isAppError } from '#server/errors.ts'
import { logger } from '#server/log.server.ts'
import { loadCompanyWithCard } from './company-code.server.ts'
import { EMPLOYEE_PAGE_SIZES, PEOPLE_TEXT, ROLE_STATUS_INTENT, type EmployeePage, type EmployeeView } from '#app/components/people/shared.ts'

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

const birthFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** "1990-03-04" → "Mar 4, 1990" (a calendar date: no time zone shift). */
export function formatBirthDate(date: string | null): string | null {
  if (!date) return null
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? date : birthFormat.format(d)
}

/** Loader of /employees/{companyId} (Operator) and /employeesRS/{companyId} (RepairShop). */
export async function employeesPageLoader({ request, params, context }: LoaderFunctionArgs, manager: Manager) {
  const { actor, companyId } = await requirePageRole(request, params, [manager])
  const ctx: UseCaseContext = { db: getDb(), actor, ip: context.clientIp }
  const url = new URL(request.url)
  const { page, pageSize } = readPaging(url)
  const { card } = await loadCompanyWithCard(ctx, companyId)
  let employees: EmployeePage
  try {
    const result = await listEmployees(ctx, { companyId, manager, page, pageSize })
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
        qr: await qrDataUrl(e.personalIdentifier, 96),
        firstName: e.firstName,
        lastName: e.lastName,
        email: e.email,
        roles: e.roles.map((r) => roleLabelOf(r)),
        dateOfBirth: e.dateOfBirth,
        dateOfBirthLabel: formatBirthDate(e.dateOfBirth),
        phoneNumber: e.phoneNumber,
        roleList: e.roleList.map((r) => ({ id: r.id, name: r.name, label: roleLabelOf(r.id), isActive: r.isActive })),
      })),
    )
    employees = { companyId, items, total: result.total, page: result.page, pageSize: result.pageSize, pageCount, error: null }
  } catch (error) {
    if (!isAppError(error)) throw error
    employees = { companyId, items: [], total: 0, page, pageSize, pageCount: 1, error: error.message }
  }
  // The row whose roles were just changed stays open (also without JavaScript).
  const openId = positiveInt(url.searchParams.get('open'))
  return { title: PEOPLE_TEXT.employees, card, employees, openId }
}

function positiveInt(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/**
 * Action of the employees pages: the role toggle of the expanded row (fields
 * `intent=setRoleStatus`, `userId`, `roleId`, `isActive` = the new state,
 * `companyId`). Back to the same page and paging with "Updated successfully",
 * or the refusal (e.g. the last active manager) as an error toast.
 */
export async function employeesPageAction({ request, params, context }: ActionFunctionArgs, manager: Manager) {
  const { actor, companyId } = await requirePageRole(request, params, [manager])
  const url = new URL(request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('open')
  const form = await request.formData()
  const userId = positiveInt(form.get('userId'))
  if (userId) url.searchParams.set('open', String(userId))
  const back = url.pathname + url.search
  if (form.get('intent') !== ROLE_STATUS_INTENT) return redirect(back)
  if (positiveInt(form.get('companyId')) !== companyId) {
    return redirectWithToast(back, { type: 'error', message: PEOPLE_TEXT.companyIdRequired })
  }
  const ctx: UseCaseContext = { db: getDb(), actor, ip: context.clientIp }
  try {
    const { message } = await updateUserRoleStatus(ctx, {
      userId: form.get('userId'),
      companyId,
      roleId: form.get('roleId'),
      isActive: form.get('isActive'),
    })
    return redirectWithToast(back, { type: 'success', message })
  } catch (error) {
    if (!isAppError(error)) {
      logger().error({ err: error, companyId }, 'changing a role status failed')
      return redirectWithToast(back, { type: 'error', message: 'Error updating the role, please try again' })
    }
    return redirectWithToast(back, { type: 'error', message: error.message })
  }
}
