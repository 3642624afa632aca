/** What the companies-and-people loaders hand their components. */
import type { ManagerRoleName } from '#catalog/roles.ts'

/** What the company code card shows (the QR is rendered on the server). */
export interface CompanyCodeCardData {
  companyId: number
  companyName: string
  code: string
  /** An SVG data URL of the QR that encodes the company code. */
  qr: string
}

/** A join request as the users requests tables show it. */
export interface JoinRequestView {
  id: number
  name: string
  /** Role asked for, as a label ("Driver", "Repair shop"). */
  roleLabel: string
  /** ISO instant. */
  requestDate: string
  /** The date in the company's time zone, e.g. "Mar 4, 2025, 2:30 PM". */
  requestDateLabel: string
  status: string
}

/** A users requests list, or the server's message when it could not be read. */
export interface JoinRequestList {
  companyId: number
  /** The manager role whose requests these are (the live refresh asks for the same list). */
  manager: ManagerRoleName
  requests: JoinRequestView[]
  error: string | null
}

/** One role of an employee in the company, with its active flag. */
export interface EmployeeRoleView {
  id: number
  name: string
  label: string
  isActive: boolean
}

/** An employee as the employees table shows it. */
export interface EmployeeView {
  id: number
  personalIdentifier: string
  /** SVG data URL of the personal identifier's QR (rendered on the server). */
  qr: string
  firstName: string
  lastName: string
  email: string | null
  /** Labels of the active roles. */
  roles: string[]
  /** Every role held in this company, managed here or not, active or not (decision 059). */
  companyRoles: { label: string; isActive: boolean }[]
  dateOfBirth: string | null
  /** "Mar 4, 1990", or null. */
  dateOfBirthLabel: string | null
  phoneNumber: string | null
  roleList: EmployeeRoleView[]
  /** Issue 37 (operator managers only): "License expired", "Medical certificate expired", in the reader's language. */
  expired?: string[]
}

/** The page sizes of the spec (section 9), as the use case checks them. */
export { PAGE_SIZES as EMPLOYEE_PAGE_SIZES } from '#catalog/fleet.ts'

export interface EmployeePage {
  companyId: number
  items: EmployeeView[]
  total: number
  page: number
  pageSize: number
  pageCount: number
  error: string | null
}
