import { msg } from '#catalog/i18n.ts'
import type { ManagerRoleName } from '#catalog/roles.ts'
/**
 * Form intents, texts, paths and data shapes of the companies-and-people
 * pages, shared by the components (client) and their loaders and actions
 * (server).
 */
export const JOIN_REQUEST_INTENT = {
  accept: 'acceptJoinRequest',
  reject: 'rejectJoinRequest',
} as const
export type JoinRequestIntent = (typeof JOIN_REQUEST_INTENT)[keyof typeof JOIN_REQUEST_INTENT]

export const ROLE_STATUS_INTENT = 'setRoleStatus'

/** The spec's texts (sections 2 and 8), verbatim. */
export const PEOPLE_TEXT = {
  usersRequests: msg('Users requests'),
  employees: msg('Employees'),
  confirmAccept: msg('Are you sure you want to accept this user?'),
  confirmReject: msg('Are you sure you want to reject this user?'),
  accepted: msg('User accepted successfully'),
  rejected: msg('User rejected successfully'),
  alreadyInCompany: msg('User was already in the company'),
  errorAccepting: msg('Error accepting user'),
  companyIdRequired: msg('CompanyId required'),
  confirmRoleStatus: msg('Are you sure you want to change the status of this role for this user?'),
  updated: msg('Updated successfully'),
  settingsSaved: msg('Company settings saved'),
} as const

/** The URL of the company code's printable PDF. */
export function companyQrPdfPath(companyId: number) {
  return `/company/${companyId}/qr.pdf`
}

/** The company settings page. */
export function companySettingsPath(companyId: number) {
  return `/company/${companyId}/settings`
}

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
