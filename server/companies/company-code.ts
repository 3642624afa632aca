import type { CompanyType } from '#catalog/roles.ts'
import { normalizeCode, randomCode } from '../codes.ts'

const PREFIX: Record<CompanyType, string> = { Owner: 'OWN', Operator: 'OPR', RepairShop: 'RSH' }

/** A company code such as `OPR-7H2K9Q` (prefix from its first type). */
export function newCompanyCode(types: readonly CompanyType[]): string {
  return randomCode(PREFIX[types[0] ?? 'Operator'])
}

export const normalizeCompanyCode = normalizeCode
