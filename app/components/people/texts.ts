import { msg } from '#catalog/i18n.ts'

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
