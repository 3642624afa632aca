import type { CompanyType } from '#catalog/roles.ts'
import { normalizeCode, randomCode } from '../codes.ts'

const PREFIX: Record<CompanyType, string> = { Owner: 'OWN', Operator: 'OPR', RepairShop: 'RSH' }

/** A company code's prefix: its first type's (`OWN`, `OPR`, `RSH`); new companies and the demo data follow it. */
export function companyCodePrefix(types: readonly CompanyType[]): string {
  return PREFIX[types[0] ?? 'Operator']
}

/** A company code such as `OPR-7H2K9Q` (prefix from its first type). */
export function newCompanyCode(types: readonly CompanyType[]): string {
  return randomCode(companyCodePrefix(types))
}

export const normalizeCompanyCode = normalizeCode
