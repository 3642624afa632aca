import { msg } from '#catalog/i18n.ts'
/**
 * The spec's user-facing texts (section 8 and section 5), verbatim, in one
 * place: pages, use cases and the REST adapter read them from here.
 */
export const TEXT = {
  invalidCredentials: msg('Invalid username or password'),
  loginFailed: msg('Error during login, please try again'),
  wrongCode: msg('Wrong code, please insert a valid code'),
  notEmail2fa: msg('User is not configured for email-based 2FA'),
  resendFailed: msg('Failed to resend code. Please try again'),
  externalLoginFailed: msg('Error during external login'),
  externalRegistrationFailed: msg('Error during registration'),
  invalidLogin: msg('Invalid login'),
  somethingWentWrong: msg('Something went wrong'),
  registrationSuccessful: msg('Registration successful'),
  serverError: msg('An error occurred on the server, please try again later or contact an administrator.'),
  completeCaptcha: msg('Please complete CAPTCHA'),
  passwordRequirements: msg('Please ensure all password requirements are met'),
  readTermsFirst: msg('Please read the terms first'),
  invalidEmail: msg('Please enter a valid email address'),
  profileUpdated: msg('Profile updated successfully'),
  noUserId: msg('No userId found, please contact an administrator or try again later'),
  countriesFailed: msg('Error fetching countries'),
  passwordResetIssue: msg('Issue with password reset'),
  problemSendingEmail: msg('Problem sending email'),
  resetLinkSent: msg('If an account exists for this email, a link to reset your password arrives shortly.'),
  passwordResetDone: msg('Your password has been reset. You can now log in.'),
  codeSent: msg('A new code has been sent to your email'),
  tooManyAttempts: msg('Too many failed attempts. Please wait 15 minutes and try again.'),
  accountDeleted: msg('Your account has been deleted'),
  lastManager: msg('You are the last active manager of a company. Make another member a manager, or delete the company, before deleting your account.'),
} as const

/** Texts the spec does not give (decisions 021–023). */
export const HARDENING_TEXT = {
  staleVehicle: msg('Someone else changed this vehicle since you opened it. Reload it to see their changes, then make yours again.'),
  tooManyEmails: msg('Too many emails were sent to this address. Please wait a few minutes and try again.'),
  signInAgain: msg('For your security, please sign in again (password and code) to do this. Then try again within 10 minutes.'),
  reauthPasswordRequired: msg('Enter your password to confirm it is you'),
  reauthWrongPassword: msg('The password is not correct'),
  reauthCodeRequired: msg('Enter the code from your authenticator app or email'),
  reauthNoPassword: msg('Your account has no password yet. Set one with "Forgot password?" on the login page, then try again.'),
  reauthCodeSent: msg('We sent a code to your email. It is valid for 10 minutes.'),
  breachedPassword: msg('This password appears in lists of passwords stolen from other websites. Please choose a different one.'),
} as const

/** Vehicle request rules and messages (spec sections 5 and 8). */
export const VEHICLE_REQUEST_TEXT = {
  required: msg('All fields except the end date are required.'),
  startBeforeToday: msg('Start date cannot be before today.'),
  endBeforeStart: msg('End date cannot be before start date.'),
  createFailed: msg('The vehicle does not exist or there is already a request for that vehicle.'),
  respondFailed: msg('Failed to respond to request.'),
  overlap: msg('The vehicle is already assigned to an operator for some of these dates.'),
} as const

/** Repair jobs (issue 10): the "Vehicle repairs" page, task completion, the shop routing. */
export const REPAIR_TEXT = {
  title: msg('Vehicle repairs'),
  waitingForShop: msg('Waiting for a repair shop'),
  waitingForShopHint: msg('No repair shop has been chosen yet. The owner chooses one in the company settings (repair shop code); the repair goes there at once.'),
  taskNotFound: msg('Repair task not found'),
  statusInvalid: msg('Status must be Pending or Completed'),
  certifiedLocked:
    msg('This repair is already certified as Repaired; its tasks can no longer be reopened. If the defect is back, report it on a new pre-trip inspection.'),
  markCompleted: msg('Mark completed'),
  markPending: msg('Mark pending'),
  taskCompleted: msg('Task marked completed'),
  taskPending: msg('Task marked pending'),
  certified: msg('All tasks are completed: the repair is certified as Repaired'),
  noRepairs: msg('No repair actions'),
  noRepairsHint: msg('When a driver reports a defect on a vehicle whose owner chose this shop, its repair action appears here.'),
} as const

/** The odometer history and the owner's correction (issue 10). */
export const ODOMETER_TEXT = {
  title: msg('Odometer history'),
  empty: msg('No odometer reading has been recorded yet.'),
  baseline: msg('New baseline'),
  correct: msg('Record a correction'),
  corrected: msg('Odometer correction recorded'),
  reasonRequired: msg('Give the reason for the correction (for example "odometer replaced")'),
  readingRequired: msg('Enter the odometer reading'),
} as const

/** Retention settings (issue 23 point 5, decision 067). */
export const RETENTION_TEXT = {
  title: msg('Record retention'),
  saved: msg('Retention periods saved'),
  noTypes: msg('This company keeps no record type whose period you manage.'),
  notYours: msg('You do not manage the retention of this record type here'),
  wholeMonths: msg('Enter a whole number of months'),
  tooLong: msg('At most 600 months'),
  noneKept: msg('No record kept'),
  neverRemoved: msg('Nothing removed yet'),
} as const

/** The owner's compliance view and its CSV (issue 23 point 6, decision 068). */
export const COMPLIANCE_TEXT = {
  title: msg('Compliance'),
  leaseSigned: msg('Signed'),
  leaseAwaiting: msg('Awaiting signatures'),
  leaseNone: msg('No lease in force'),
  noneOnRecord: msg('None on record'),
  overdue: msg('Overdue'),
  dueSoon: msg('Due soon'),
  ok: msg('OK'),
  noVehicles: msg('No vehicles'),
  noVehiclesHint: msg('Vehicles of this company appear here with their lease, 90-day check, annual inspection and defects.'),
  nothingNeedsAttention: msg('No vehicle needs attention'),
} as const
