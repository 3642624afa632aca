import { Form, useLocation, useNavigation } from '@remix-run/react'
import { ChevronRightIcon, UsersIcon } from 'lucide-react'
import * as React from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { CompanyCodeToShare } from './company-code-card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { cn } from '#app/utils/cn.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { ROLE_STATUS_INTENT } from './intents.ts'
import { PEOPLE_TEXT } from './texts.ts'
import { EMPLOYEE_PAGE_SIZES, type EmployeePage, type EmployeeRoleView, type EmployeeView } from './view-types.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'

const COLUMNS = 8

/** The look of a switch, on a real submit button (a Radix Switch does not submit without JavaScript). */
function SwitchLook({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-[1.15rem] w-8 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-all',
        on ? 'bg-primary' : 'bg-input',
      )}
    >
      <span
        className={cn(
          'pointer-events-none block size-4 rounded-full bg-background ring-0 transition-transform',
          on ? 'translate-x-[calc(100%-2px)]' : 'translate-x-0',
        )}
      />
    </span>
  )
}

/**
 * The active toggle of one role. Without JavaScript: a small form whose
 * switch-looking button posts the new state. With JavaScript: the same post
 * after the spec's confirmation.
 */
function RoleToggle({ employee, role, companyId }: { employee: EmployeeView; role: EmployeeRoleView; companyId: number }) {
  const hydrated = useHydrated()
  const { t } = useT()
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === ROLE_STATUS_INTENT &&
    navigation.formData?.get('userId') === String(employee.id) &&
    navigation.formData?.get('roleId') === String(role.id)
  const name = `${employee.firstName} ${employee.lastName}`.trim()
  const button = (type: 'button' | 'submit') => (
    <button
      type={type}
      role="switch"
      aria-checked={role.isActive}
      aria-label={t('{role} role of {name}', { role: t(role.label), name })}
      disabled={busy}
      {...(type === 'submit' ? { name: 'intent', value: ROLE_STATUS_INTENT } : {})}
      className="inline-flex items-center gap-2 rounded-md px-1 py-1 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
      data-testid={`role-toggle-${employee.id}-${role.id}`}
    >
      <SwitchLook on={role.isActive} />
      <span>{role.isActive ? t('Active') : t('Inactive')}</span>
    </button>
  )
  const hidden = (
    <>
      <input type="hidden" name="userId" value={employee.id} />
      <input type="hidden" name="roleId" value={role.id} />
      <input type="hidden" name="isActive" value={role.isActive ? 'false' : 'true'} />
      <input type="hidden" name="companyId" value={companyId} />
    </>
  )
  if (!hydrated) {
    return (
      <Form method="post" preventScrollReset>
        {hidden}
        {button('submit')}
      </Form>
    )
  }
  return (
    <ConfirmDialog
      trigger={button('button')}
      title={role.isActive ? t('Deactivate {role} role', { role: t(role.label) }) : t('Activate {role} role', { role: t(role.label) })}
      description={t(PEOPLE_TEXT.confirmRoleStatus)}
      confirmLabel={role.isActive ? t('Deactivate') : t('Activate')}
      variant={role.isActive ? 'destructive' : 'default'}
      formAs={Form}
      formProps={{ method: 'post', preventScrollReset: true }}
      confirmButtonProps={{ name: 'intent', value: ROLE_STATUS_INTENT }}
    >
      {hidden}
    </ConfirmDialog>
  )
}

function EmployeeRows({ employee, companyId, open }: { employee: EmployeeView; companyId: number; open: boolean }) {
  const { t, locale } = useT()
  const rowId = `employee-roles-${employee.id}`
  const name = `${employee.firstName} ${employee.lastName}`.trim()
  return (
    <>
      <TableRow data-testid={`employee-${employee.id}`}>
        <TableCell cell="actions" className="w-0">
          {/* A <details> opens the roles row below without JavaScript (CSS :has). */}
          <details className="group" open={open || undefined}>
            <summary
              aria-controls={rowId}
              className={cn(
                buttonVariants({ variant: 'ghost', size: 'icon' }),
                'size-8 cursor-pointer list-none [&::-webkit-details-marker]:hidden',
              )}
            >
              <ChevronRightIcon aria-hidden="true" className="transition-transform group-open:rotate-90" />
              <span className="sr-only">{t('Roles of {name}', { name })}</span>
            </summary>
          </details>
        </TableCell>
        <TableCell cell="key">
          <div className="flex items-center gap-2">
            <img src={employee.qr} alt="" width={40} height={40} className="size-10 rounded border bg-white p-0.5" />
            <span className="font-mono text-xs">{employee.personalIdentifier}</span>
          </div>
        </TableCell>
        <TableCell label={t('First name')}>{employee.firstName}</TableCell>
        <TableCell label={t('Last name')}>{employee.lastName}</TableCell>
        <TableCell label={t('Email')}>{employee.email ?? '—'}</TableCell>
        <TableCell label={t('Roles')}>
          {employee.companyRoles.length ? (
            <div className="flex flex-wrap gap-1" data-testid={`employee-roles-list-${employee.id}`}>
              {employee.companyRoles.map((r) =>
                r.isActive ? (
                  <Badge key={r.label} variant="secondary">
                    {t(r.label)}
                  </Badge>
                ) : (
                  <Badge key={r.label} variant="outline" className="text-muted-foreground">
                    {t('{role} (inactive)', { role: t(r.label) })}
                  </Badge>
                ),
              )}
            </div>
          ) : (
            <span className="text-muted-foreground">{t('No active role')}</span>
          )}
          {employee.expired?.length ? (
            <div className="mt-1 flex flex-wrap gap-1" data-testid={`employee-expired-${employee.id}`}>
              {employee.expired.map((text) => (
                <Badge key={text} variant="destructive">
                  {text}
                </Badge>
              ))}
            </div>
          ) : null}
        </TableCell>
        <TableCell label={t('Birthdate')}>
          {employee.dateOfBirth ? <time dateTime={employee.dateOfBirth}>{formatDateOnly(employee.dateOfBirth, locale)}</time> : '—'}
        </TableCell>
        <TableCell label={t('Phone')}>{employee.phoneNumber ?? '—'}</TableCell>
      </TableRow>
      <tr id={rowId} className="hidden border-b bg-muted/30 [tr:has(details[open])+&]:table-row" data-testid={`employee-roles-${employee.id}`}>
        <td colSpan={COLUMNS} className="px-4 py-3">
          <p className="mb-2 text-sm font-medium">{t('Roles of {name}', { name })}</p>
          <ul className="grid gap-1">
            {employee.roleList.map((role) => (
              <li key={role.id} className="flex flex-wrap items-center gap-3">
                <span className="w-28 text-sm">{t(role.label)}</span>
                <RoleToggle employee={employee} role={role} companyId={companyId} />
              </li>
            ))}
          </ul>
        </td>
      </tr>
    </>
  )
}

/** The current URL's search with `changes` applied (the expanded row is not carried along). */
function useSearchWith() {
  const location = useLocation()
  return (changes: Record<string, string | number>) => {
    const params = new URLSearchParams(location.search)
    params.delete('open')
    for (const [k, v] of Object.entries(changes)) params.set(k, String(v))
    return `?${params.toString()}`
  }
}

/** Server-side paging through links (`?page=2&pageSize=20`): works without JavaScript. */
function Pagination({ employees }: { employees: EmployeePage }) {
  const searchWith = useSearchWith()
  const { t } = useT()
  const { pageSize } = employees
  return (
    <ServerPagination
      {...employees}
      pageSizes={EMPLOYEE_PAGE_SIZES}
      hrefFor={(page) => searchWith({ page, pageSize })}
      keep={[['page', '1']]}
      label={t('Employees pages')}
      noun={t('employees')}
      id="employees-page-size"
    />
  )
}

/**
 * The employees table (spec section 2): personal identifier with its QR,
 * first name, last name, email, roles, birthdate, phone; an expandable row
 * per person with an active toggle per role; paging 10/20/30 on the server.
 * Shared by /employees (Operator) and /employeesRS (RepairShop).
 */
export function EmployeesTable({
  employees,
  openId = null,
  companyCode,
}: {
  employees: EmployeePage
  openId?: number | null
  /** Shown in the empty state: what a new driver or mechanic types to ask to join. */
  companyCode?: string
}) {
  const { t } = useT()
  if (employees.error) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
        {employees.error}
      </p>
    )
  }
  if (employees.total === 0) {
    return (
      <EmptyState
        icon={UsersIcon}
        title={t('No employees yet')}
        description={t('Share your company code with your drivers and mechanics: they type it when they register or in My Profile to ask to join. When you accept a request, they appear here.')}
        action={companyCode ? <CompanyCodeToShare code={companyCode} /> : undefined}
      />
    )
  }
  return (
    <>
      <Table containerProps={{ role: 'region', 'aria-label': t(PEOPLE_TEXT.employees) }} data-testid="employees-table">
        <TableHeader>
          <TableRow>
            <TableHead>
              <span className="sr-only">{t('Roles')}</span>
            </TableHead>
            <TableHead>{t('Personal identifier')}</TableHead>
            <TableHead>{t('First name')}</TableHead>
            <TableHead>{t('Last name')}</TableHead>
            <TableHead>{t('Email')}</TableHead>
            <TableHead>{t('Roles')}</TableHead>
            <TableHead>{t('Birthdate')}</TableHead>
            <TableHead>{t('Phone')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {employees.items.map((e) => (
            <EmployeeRows key={e.id} employee={e} companyId={employees.companyId} open={openId === e.id} />
          ))}
        </TableBody>
      </Table>
      <Pagination employees={employees} />
    </>
  )
}
