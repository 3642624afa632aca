/**
 * The "Vehicle repairs" list (`/repairActions/{companyId}`): its status filter and page sizes,
 * shared by the page, its URL and the use case.
 */
import { msg } from './i18n.ts'

export const REPAIR_LIST_STATUSES = ['pending', 'repaired', 'all'] as const
export type RepairListStatus = (typeof REPAIR_LIST_STATUSES)[number]
export const REPAIR_LIST_STATUS_OPTIONS = [
  { value: 'pending', label: msg('Pending repair') },
  { value: 'repaired', label: msg('Repaired') },
  { value: 'all', label: msg('All') },
] as const satisfies readonly { value: RepairListStatus; label: string }[]
export const REPAIR_LIST_PAGE_SIZES = [10, 20, 30] as const
