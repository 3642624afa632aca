import { msg } from './i18n.ts'

/**
 * Roles and company types: the single catalogue read by the UI, validation, the REST adapter
 * and the database schema. Role ids are fixed (they are inserted by the reference-data
 * migration and travel in REST payloads): never renumber them.
 */

export const COMPANY_TYPES = ['Owner', 'Operator', 'RepairShop'] as const
export type CompanyType = (typeof COMPANY_TYPES)[number]

export const ROLE_IDS = {
  Owner: 1,
  Operator: 2,
  RepairShop: 3,
  Driver: 4,
  Mechanic: 5,
} as const

export const ROLES = [
  { id: 1, name: 'Owner', kind: 'manager', companyType: 'Owner', label: msg('Owner') },
  { id: 2, name: 'Operator', kind: 'manager', companyType: 'Operator', label: msg('Operator') },
  { id: 3, name: 'RepairShop', kind: 'manager', companyType: 'RepairShop', label: msg('Repair shop') },
  { id: 4, name: 'Driver', kind: 'staff', companyType: null, label: msg('Driver') },
  { id: 5, name: 'Mechanic', kind: 'staff', companyType: null, label: msg('Mechanic') },
] as const

export type Role = (typeof ROLES)[number]
export type RoleName = Role['name']
export type RoleId = Role['id']
export type ManagerRoleName = Extract<Role, { kind: 'manager' }>['name']
export type StaffRoleName = Extract<Role, { kind: 'staff' }>['name']

export const ROLE_NAMES = ROLES.map((r) => r.name) as unknown as readonly [RoleName, ...RoleName[]]
export const MANAGER_ROLE_NAMES = ['Owner', 'Operator', 'RepairShop'] as const satisfies readonly ManagerRoleName[]
export const STAFF_ROLE_NAMES = ['Driver', 'Mechanic'] as const satisfies readonly StaffRoleName[]
/** Who may file a mechanic's inspection on /InspectionPage (PRODUCT.md section 5; decision 026): the menu and the use case read it. */
export const INSPECTOR_ROLES = ['Mechanic', 'Operator', 'RepairShop'] as const satisfies readonly RoleName[]
/** Who works on a shop's repair actions: its RepairShop managers and its Mechanics (decision 028). */
export const REPAIR_SHOP_ROLES = ['RepairShop', 'Mechanic'] as const satisfies readonly RoleName[]

/** Text shown for a role id or name that is not in the catalogue. */
export const UNKNOWN_ROLE_NAME = msg('Unknown')

/** The manager role of each company type (the creator of a company gets all of them). */
export const MANAGER_ROLE_BY_COMPANY_TYPE = {
  Owner: 'Owner',
  Operator: 'Operator',
  RepairShop: 'RepairShop',
} as const satisfies Record<CompanyType, ManagerRoleName>

/**
 * Which company types allow each role. Manager roles need their own type; Driver needs an
 * Operator; Mechanic needs an Operator (in-house mechanics) or a RepairShop.
 */
export const COMPANY_TYPES_ALLOWING_ROLE = {
  Owner: ['Owner'],
  Operator: ['Operator'],
  RepairShop: ['RepairShop'],
  Driver: ['Operator'],
  Mechanic: ['Operator', 'RepairShop'],
} as const satisfies Record<RoleName, readonly CompanyType[]>

/** Roles whose join requests a manager role answers (PRODUCT.md section 2). */
export const JOIN_REQUEST_ROLES_ANSWERED_BY = {
  Owner: ['Owner'],
  Operator: ['Driver', 'Operator'],
  RepairShop: ['Mechanic', 'RepairShop'],
} as const satisfies Record<ManagerRoleName, readonly RoleName[]>

/**
 * The roles whose requests and active flags a manager role handles in a company
 * of these types. Operator managers also handle Mechanics when the company has
 * no RepairShop type (in-house mechanics; nobody else could answer them).
 */
export function rolesManagedBy(manager: ManagerRoleName, companyTypes: readonly string[]): RoleName[] {
  const base: RoleName[] = [...JOIN_REQUEST_ROLES_ANSWERED_BY[manager]]
  if (manager === 'Operator' && !companyTypes.includes('RepairShop')) base.push('Mechanic')
  return base
}

/** The manager roles that handle `role` in a company of these types. */
export function managersOf(role: RoleName, companyTypes: readonly string[]): ManagerRoleName[] {
  return MANAGER_ROLE_NAMES.filter((m) => companyTypes.includes(MANAGER_ROLE_BY_COMPANY_TYPE_REVERSE[m]) && rolesManagedBy(m, companyTypes).includes(role))
}

const MANAGER_ROLE_BY_COMPANY_TYPE_REVERSE = { Owner: 'Owner', Operator: 'Operator', RepairShop: 'RepairShop' } as const satisfies Record<
  ManagerRoleName,
  CompanyType
>

export function isCompanyType(value: unknown): value is CompanyType {
  return typeof value === 'string' && (COMPANY_TYPES as readonly string[]).includes(value)
}

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && ROLES.some((r) => r.name === value)
}

export function isManagerRole(role: RoleName | RoleId): boolean {
  const r = typeof role === 'number' ? roleById(role) : roleByName(role)
  return r?.kind === 'manager'
}

export function roleById(id: number): Role | undefined {
  return ROLES.find((r) => r.id === id)
}

export function roleByName(name: string): Role | undefined {
  return ROLES.find((r) => r.name === name)
}

export function roleIdOf(name: RoleName): RoleId {
  return ROLE_IDS[name]
}

/** The role's name, or "Unknown" for an id that is not in the catalogue. */
export function roleNameOf(id: number | null | undefined): RoleName | typeof UNKNOWN_ROLE_NAME {
  return (id == null ? undefined : roleById(id)?.name) ?? UNKNOWN_ROLE_NAME
}

/** Display label ("Repair shop"), or "Unknown". */
export function roleLabelOf(idOrName: number | string | null | undefined): string {
  if (idOrName == null) return UNKNOWN_ROLE_NAME
  const r = typeof idOrName === 'number' ? roleById(idOrName) : parseCompanyRoleName(idOrName)
  return r?.label ?? UNKNOWN_ROLE_NAME
}

/** Case-insensitive parse of a company role name (`owner`, `REPAIRSHOP`...). */
export function parseCompanyRoleName(value: string | null | undefined): Role | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.trim().toLowerCase()
  return ROLES.find((r) => r.name.toLowerCase() === v)
}

export function roleAllowedInCompany(role: RoleName, companyTypes: readonly string[]): boolean {
  const allowed: readonly CompanyType[] = COMPANY_TYPES_ALLOWING_ROLE[role]
  return allowed.some((t) => companyTypes.includes(t))
}

/** Roles that may be held (or asked for) in a company with the given types. */
export function rolesAllowedForCompanyTypes(companyTypes: readonly string[]): RoleName[] {
  return ROLE_NAMES.filter((name) => roleAllowedInCompany(name, companyTypes))
}

// ---------------------------------------------------------------------------------------
// Registration ("account") role names: what the register payload's `Role` carries.
// ---------------------------------------------------------------------------------------

export const REGISTRATION_ROLES = [
  { name: 'Driver', companyRole: 'Driver', companyType: null, label: msg('Driver') },
  { name: 'Mechanic', companyRole: 'Mechanic', companyType: null, label: msg('Mechanic') },
  { name: 'busOwner', companyRole: 'Owner', companyType: 'Owner', label: msg('Bus owner') },
  { name: 'operator', companyRole: 'Operator', companyType: 'Operator', label: msg('Operator') },
  { name: 'repairShop', companyRole: 'RepairShop', companyType: 'RepairShop', label: msg('Repair shop') },
] as const

export type RegistrationRole = (typeof REGISTRATION_ROLES)[number]
export type RegistrationRoleName = RegistrationRole['name']
export const REGISTRATION_ROLE_NAMES = REGISTRATION_ROLES.map((r) => r.name) as unknown as readonly [
  RegistrationRoleName,
  ...RegistrationRoleName[],
]

/** Roles a user may pick for themselves on external sign-in (spec section 6). */
export const SELF_SELECTABLE_ROLES = ['Driver', 'Mechanic'] as const satisfies readonly RegistrationRoleName[]

/**
 * Case-insensitive parse of a registration role name. Also accepts the company role
 * spelling (`Owner`, `RepairShop`) so clients that send either work.
 */
export function parseRegistrationRole(value: string | null | undefined): RegistrationRole | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.trim().toLowerCase()
  return (
    REGISTRATION_ROLES.find((r) => r.name.toLowerCase() === v) ??
    REGISTRATION_ROLES.find((r) => r.companyRole.toLowerCase() === v)
  )
}

/** Registration role name → company role name, or "Unknown". */
export function companyRoleOfRegistrationRole(value: string | null | undefined): RoleName | typeof UNKNOWN_ROLE_NAME {
  return parseRegistrationRole(value)?.companyRole ?? UNKNOWN_ROLE_NAME
}

export function isManagerRegistrationRole(value: string | null | undefined): boolean {
  return parseRegistrationRole(value)?.companyType != null
}
