/**
 * The spec's user-facing texts (section 8 and section 5), verbatim, in one
 * place: pages, use cases and the REST adapter read them from here.
 */
export const TEXT = {
  invalidCredentials: 'Invalid username or password',
  loginFailed: 'Error during login, please try again',
  wrongCode: 'Wrong code, please insert a valid code',
  notEmail2fa: 'User is not configured for email-based 2FA',
  resendFailed: 'Failed to resend code. Please try again',
  externalLoginFailed: 'Error during external login',
  externalRegistrationFailed: 'Error during registration',
  invalidLogin: 'Invalid login',
  somethingWentWrong: 'Something went wrong',
  registrationSuccessful: 'Registration successful',
  serverError: 'An error occurred on the server, please try again later or contact an administrator.',
  completeCaptcha: 'Please complete CAPTCHA',
  passwordRequirements: 'Please ensure all password requirements are met',
  readTermsFirst: 'Please read the terms first',
  invalidEmail: 'Please enter a valid email address',
  profileUpdated: 'Profile updated successfully',
  noUserId: 'No userId found, please contact an administrator or try again later',
  countriesFailed: 'Error fetching countries',
  passwordResetIssue: 'Issue with password reset',
  problemSendingEmail: 'Problem sending email',
  resetLinkSent: 'If an account exists for this email, a link to reset your password arrives shortly.',
  passwordResetDone: 'Your password has been reset. You can now log in.',
  codeSent: 'A new code has been sent to your email',
  tooManyAttempts: 'Too many failed attempts. Please wait 15 minutes and try again.',
  accountDeleted: 'Your account has been deleted',
  lastManager: 'You are the last active manager of a company. Make another member a manager, or delete the company, before deleting your account.',
} as const

/** Texts the spec does not give (decisions 021–023). */
export const HARDENING_TEXT = {
  staleVehicle: 'Someone else changed this vehicle since you opened it. Reload it to see their changes, then make yours again.',
  tooManyEmails: 'Too many emails were sent to this address. Please wait a few minutes and try again.',
  signInAgain: 'For your security, please sign in again (password and code) to do this. Then try again within 10 minutes.',
  reauthPasswordRequired: 'Enter your password to confirm it is you',
  reauthWrongPassword: 'The password is not correct',
  reauthCodeRequired: 'Enter the code from your authenticator app or email',
  reauthNoPassword: 'Your account has no password yet. Set one with "Forgot password?" on the login page, then try again.',
  reauthCodeSent: 'We sent a code to your email. It is valid for 10 minutes.',
  breachedPassword: 'This password appears in lists of passwords stolen from other websites. Please choose a different one.',
} as const

/** Vehicle request rules and messages (spec sections 5 and 8). */
export const VEHICLE_REQUEST_TEXT = {
  required: 'All fields except the end date are required.',
  startBeforeToday: 'Start date cannot be before today.',
  endBeforeStart: 'End date cannot be before start date.',
  createFailed: 'The vehicle does not exist or there is already a request for that vehicle.',
  respondFailed: 'Failed to respond to request.',
  overlap: 'The vehicle is already assigned to an operator for some of these dates.',
} as const

/** Repair jobs (issue 10): the "Vehicle repairs" page, task completion, the shop routing. */
export const REPAIR_TEXT = {
  title: 'Vehicle repairs',
  waitingForShop: 'Waiting for a repair shop',
  waitingForShopHint: 'No repair shop has been chosen yet. The owner chooses one in the company settings (repair shop code); the repair goes there at once.',
  taskNotFound: 'Repair task not found',
  statusInvalid: 'Status must be Pending or Completed',
  certifiedLocked:
    'This repair is already certified as Repaired; its tasks can no longer be reopened. If the defect is back, report it on a new pre-trip inspection.',
  markCompleted: 'Mark completed',
  markPending: 'Mark pending',
  taskCompleted: 'Task marked completed',
  taskPending: 'Task marked pending',
  certified: 'All tasks are completed: the repair is certified as Repaired',
  noRepairs: 'No repair actions',
  noRepairsHint: 'When a driver reports a defect on a vehicle whose owner chose this shop, its repair action appears here.',
} as const

/** The odometer history and the owner's correction (issue 10). */
export const ODOMETER_TEXT = {
  title: 'Odometer history',
  empty: 'No odometer reading has been recorded yet.',
  baseline: 'New baseline',
  correct: 'Record a correction',
  corrected: 'Odometer correction recorded',
  reasonRequired: 'Give the reason for the correction (for example "odometer replaced")',
  readingRequired: 'Enter the odometer reading',
} as const

/** Retention settings (issue 23 point 5, decision 067). */
export const RETENTION_TEXT = {
  title: 'Record retention',
  saved: 'Retention periods saved',
  noTypes: 'This company keeps no record type whose period you manage.',
  notYours: 'You do not manage the retention of this record type here',
  wholeMonths: 'Enter a whole number of months',
  tooLong: 'At most 600 months',
  noneKept: 'No record kept',
  neverRemoved: 'Nothing removed yet',
} as const

/** The owner's compliance view and its CSV (issue 23 point 6, decision 068). */
export const COMPLIANCE_TEXT = {
  title: 'Compliance',
  leaseSigned: 'Signed',
  leaseAwaiting: 'Awaiting signatures',
  leaseNone: 'No lease in force',
  noneOnRecord: 'None on record',
  overdue: 'Overdue',
  dueSoon: 'Due soon',
  ok: 'OK',
  noVehicles: 'No vehicles',
  noVehiclesHint: 'Vehicles of this company appear here with their lease, 90-day check, annual inspection and defects.',
  nothingNeedsAttention: 'No vehicle needs attention',
} as const
