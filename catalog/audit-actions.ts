import { LOCALE_NAMES, isLocale, msg } from './i18n.ts'
import { ROLES } from './roles.ts'
import { webhookEventLabel } from './webhook-events.ts'

/**
 * The audit log's actions in words (issue 26 point 4, decision 079): every `action` the server
 * writes with `audit(…)` (grep `action: '` in server/), its label, and which keys of its
 * `details` the activity log may show. Only the keys listed here are ever shown: never `ip`,
 * never a typed `email`, never a secret (details are written by many use cases; the list is the
 * guard). An action missing here would show its raw key and no details:
 * tests/unit/audit-actions.test.ts reads the server's audit calls and fails on one.
 */
export interface AuditActionInfo {
  label: string
  /** Keys of `details` shown to the company's managers (plain values only). */
  details: readonly string[]
}

export const AUDIT_ACTIONS = {
  'company.create': { label: msg('Created the company'), details: ['types', 'timeZone'] },
  'company.settings': { label: msg('Changed the company settings'), details: ['name', 'timeZone', 'repairShopCode', 'routedRepairs'] },
  'joinRequest.create': { label: msg('Asked to join the company'), details: ['role'] },
  'joinRequest.accept': { label: msg('Accepted a join request'), details: [] },
  'joinRequest.reject': { label: msg('Rejected a join request'), details: [] },
  'membership.activate': { label: msg('Activated a role'), details: ['userId', 'role'] },
  'membership.deactivate': { label: msg('Deactivated a role'), details: ['userId', 'role'] },
  'vehicle.create': { label: msg('Added a vehicle'), details: [] },
  'vehicle.update': { label: msg('Changed a vehicle'), details: [] },
  'vehicle.archive': { label: msg('Archived a vehicle'), details: [] },
  'vehicle.odometerCorrection': { label: msg('Corrected the odometer'), details: ['reading', 'reason'] },
  'vehicle.engineHours': { label: msg('Recorded the engine hours'), details: ['reading'] },
  'vehicle.engineHoursCorrection': { label: msg('Corrected the engine hours'), details: ['reading', 'reason'] },
  'vehicle.engineHoursReset': { label: msg('Recorded an engine replacement (engine hours reset)'), details: ['reading', 'reason'] },
  'document.upload': { label: msg('Uploaded a document'), details: ['vehicleId', 'fileName', 'contentType', 'sizeBytes'] },
  'document.delete': { label: msg('Deleted a document'), details: ['vehicleId'] },
  'vehicleRequest.create': { label: msg('Requested a vehicle'), details: [] },
  'vehicleRequest.cancel': { label: msg('Cancelled a vehicle request'), details: [] },
  'vehicleRequest.approve': { label: msg('Approved a vehicle request'), details: [] },
  'vehicleRequest.reject': { label: msg('Rejected a vehicle request'), details: [] },
  'assignment.end': { label: msg('Ended an assignment'), details: [] },
  'lease.sign': { label: msg('Signed a lease agreement'), details: ['side'] },
  'preInspection.submit': { label: msg('Filed a pre-trip inspection'), details: ['vehicleId', 'isSatisfactory', 'repairActionId'] },
  'inspection.submit': { label: msg('Filed an inspection'), details: ['vehicleId', 'isSatisfactory', 'isAnnual', 'pendingReview'] },
  'inspection.accept': { label: msg('Accepted an inspection'), details: ['vehicleId'] },
  'inspection.reject': { label: msg('Rejected an inspection'), details: ['vehicleId'] },
  'emergencyExitCheck.submit': { label: msg('Filed a 90-day emergency-exit check'), details: ['vehicleId', 'isSatisfactory', 'repairActionId'] },
  'repairTask.complete': { label: msg('Completed a repair task'), details: ['repairActionId'] },
  'repairTask.reopen': { label: msg('Reopened a repair task'), details: ['repairActionId'] },
  'repairAction.certify': { label: msg('Certified a repair'), details: [] },
  // Service programs (issue 35, decision 084).
  'serviceProgram.create': { label: msg('Created a service program'), details: ['name'] },
  'serviceProgram.copyTemplate': { label: msg('Copied a service program template'), details: ['name', 'templateKey'] },
  'serviceProgram.update': { label: msg('Changed a service program'), details: ['name'] },
  'serviceProgram.delete': { label: msg('Deleted a service program'), details: ['name'] },
  'serviceProgram.vehicles': { label: msg('Changed the buses of a service program'), details: ['name', 'picked', 'rule'] },
  'serviceTask.create': { label: msg('Added a service task'), details: ['name', 'programId'] },
  'serviceTask.update': { label: msg('Changed a service task'), details: ['name', 'programId'] },
  'serviceTask.delete': { label: msg('Removed a service task'), details: ['name', 'programId'] },
  // Service records and "Send to repair shop" (issue 35, decision 084). An idempotency key is never shown.
  'serviceRecord.record': { label: msg('Recorded a service done outside Operon'), details: ['vehicleId', 'date', 'tasks', 'odometer', 'costCents'] },
  'serviceRecord.skip': { label: msg('Skipped a service occurrence'), details: ['vehicleId', 'tasks', 'reason'] },
  'serviceRecord.fromRepair': { label: msg('Recorded the services of a certified repair'), details: ['vehicleId', 'repairActionId', 'tasks', 'odometer'] },
  'repairAction.sendToShop': { label: msg('Sent scheduled maintenance to the repair shop'), details: ['vehicleId', 'repairActionId', 'tasks'] },
  // Costs on repair actions (issue 36, decision 085): amounts in cents.
  'costLine.add': { label: msg('Added a cost line to a repair'), details: ['repairActionId', 'vehicleId', 'kind', 'amountCents', 'payer'] },
  'costLine.update': { label: msg('Changed a cost line of a repair'), details: ['repairActionId', 'vehicleId', 'kind', 'amountCents', 'previousCents'] },
  'costLine.payer': { label: msg('Changed who pays a cost line'), details: ['repairActionId', 'vehicleId', 'amountCents', 'payer', 'previousPayer'] },
  'costLine.delete': { label: msg('Deleted a cost line of a repair'), details: ['repairActionId', 'vehicleId', 'kind', 'amountCents'] },
  'repairInvoice.upload': { label: msg('Uploaded a repair invoice'), details: ['repairActionId', 'vehicleId', 'fileName', 'sizeBytes'] },
  'costSettings.update': { label: msg('Changed the cost settings'), details: ['currency', 'repairCostPayer'] },
  'retention.update': { label: msg('Changed record retention'), details: ['preTrips', 'maintenance', 'annualInspections', 'leases', 'driverFiles', 'drugTestsNegative', 'drugTestsPositive', 'hoursOfService'] },
  'alertDigest.run': { label: msg('Sent the morning alert digest'), details: ['localDate', 'alerts', 'recipients'] },
  'fleet.import': { label: msg('Imported vehicles from a file'), details: ['fileName', 'imported', 'skipped', 'rows'] },
  // The fuel and energy log (issue 36, decision 085): amounts in cents, quantities in thousandths.
  'fuel.record': { label: msg('Recorded a fill-up or a charge'), details: ['vehicleId', 'odometer', 'quantityMilli', 'unit', 'totalCents'] },
  // The fuel card import (issue 36, decision 085): amounts in cents.
  'fuelImport.preview': { label: msg('Checked a fuel card file'), details: ['fileName', 'rows', 'skipped'] },
  'fuelImport.commit': { label: msg('Imported fill-ups from a fuel card file'), details: ['fileName', 'imported', 'skipped', 'rows', 'totalCents'] },
  // The operator's driver records (issue 37, decision 086): opening a file is logged; a test's result never is.
  'driverFile.view': { label: msg('Opened a driver’s file'), details: ['driverUserId'] },
  'driverFile.update': { label: msg('Changed a driver’s hire date'), details: ['driverUserId', 'hiredOn'] },
  'driverFileItem.add': { label: msg('Added an item to a driver’s file'), details: ['driverUserId', 'kind', 'itemDate'] },
  'driverFileItem.update': { label: msg('Changed an item of a driver’s file'), details: ['driverUserId', 'kind', 'itemDate'] },
  'driverFileItem.delete': { label: msg('Deleted an item of a driver’s file'), details: ['driverUserId', 'kind', 'itemDate'] },
  'driverDocument.open': { label: msg('Opened a document of a driver’s file'), details: ['driverUserId'] },
  'driverTest.add': { label: msg('Recorded a drug or alcohol test'), details: ['driverUserId', 'substance', 'testType', 'testDate'] },
  'driverTest.update': { label: msg('Changed a drug or alcohol test'), details: ['driverUserId', 'substance', 'testType', 'testDate'] },
  'driverTest.delete': { label: msg('Deleted a drug or alcohol test'), details: ['driverUserId', 'substance', 'testType', 'testDate'] },
  'driverTests.view': { label: msg('Opened a driver’s drug and alcohol tests'), details: ['driverUserId'] },
  'duty.change': { label: msg('Changed duty status'), details: ['driverUserId', 'status', 'at'] },
  'dutyPeriod.add': { label: msg('Added a duty period'), details: ['driverUserId', 'status', 'startedAt', 'endedAt'] },
  'dutyPeriod.update': { label: msg('Changed a duty period'), details: ['driverUserId', 'status', 'startedAt', 'endedAt'] },
  'dutyPeriod.delete': { label: msg('Deleted a duty period'), details: ['driverUserId', 'status', 'startedAt', 'endedAt'] },
  'driverHours.view': { label: msg('Opened a driver’s hours of service'), details: ['driverUserId', 'month'] },
  'driverSettings.update': { label: msg('Changed the driver settings'), details: ['expiredDriverPreTrip', 'hosCycle'] },
  // An endpoint's URL is not shown: it may carry a token of the receiving service.
  'webhook.create': { label: msg('Added a webhook endpoint'), details: ['events'] },
  'webhook.enable': { label: msg('Enabled a webhook endpoint'), details: [] },
  'webhook.disable': { label: msg('Disabled a webhook endpoint'), details: [] },
  'webhook.rotateSecret': { label: msg('Made a new signing secret for a webhook endpoint'), details: [] },
  'webhook.delete': { label: msg('Deleted a webhook endpoint'), details: [] },
  'webhook.test': { label: msg('Sent a test event to a webhook endpoint'), details: ['deliveryId'] },
  'webhookDelivery.replay': { label: msg('Sent a webhook delivery again'), details: ['endpointId'] },
  // A person's own account (no company): shown to that person only, never to a company's managers.
  'auth.signIn': { label: msg('Signed in'), details: ['method'] },
  'auth.signIn.passwordFailed': { label: msg('Wrong password at sign-in'), details: [] },
  'auth.signIn.secondFactorFailed': { label: msg('Wrong sign-in code'), details: ['method'] },
  'auth.signOut': { label: msg('Signed out'), details: [] },
  'auth.sessionsRevoked': { label: msg('Signed out everywhere'), details: ['reason'] },
  'auth.reauth.passwordFailed': { label: msg('Wrong password when confirming'), details: [] },
  'auth.reauth.codeFailed': { label: msg('Wrong code when confirming'), details: [] },
  'user.register': { label: msg('Registered'), details: [] },
  'user.passwordReset': { label: msg('Reset the password'), details: [] },
  'user.profile': { label: msg('Changed the profile'), details: [] },
  'user.alertDigest': { label: msg('Changed the alert digest setting'), details: ['alertDigest'] },
  'user.locale': { label: msg('Changed the language'), details: ['locale'] },
  'user.linkExternal': { label: msg('Linked a sign-in provider'), details: ['provider'] },
  'user.unlinkExternal': { label: msg('Unlinked a sign-in provider'), details: ['provider'] },
  'user.delete': { label: msg('Deleted the account'), details: [] },
  'user.resetAuthenticator': { label: msg('Reset the authenticator app'), details: [] },
  'user.calendarFeedCreate': { label: msg('Made a new calendar feed link'), details: [] },
  'user.calendarFeedRevoke': { label: msg('Revoked the calendar feed link'), details: [] },
} as const satisfies Record<string, AuditActionInfo>

export type AuditAction = keyof typeof AUDIT_ACTIONS

/** Actions about a person's own account: never in a company's activity log (decision 079). */
export const PERSONAL_ACTION_PREFIXES = ['auth.', 'user.'] as const

export function auditActionInfo(action: string): AuditActionInfo | undefined {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? (AUDIT_ACTIONS as Record<string, AuditActionInfo>)[action] : undefined
}

/** The label of an action, or the action's key when it is not in the catalogue. */
export function auditActionLabel(action: string): string {
  return auditActionInfo(action)?.label ?? action
}

/** The details a manager may see: only the catalogued keys, only plain values (never `ip`, never an email). */
export function safeAuditDetails(action: string, details: unknown): Record<string, string | number | boolean> {
  const info = auditActionInfo(action)
  if (!info || !details || typeof details !== 'object' || Array.isArray(details)) return {}
  const out: Record<string, string | number | boolean> = {}
  for (const key of info.details) {
    if (key === 'ip' || key === 'email') continue
    const value = (details as Record<string, unknown>)[key]
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) out[key] = value.join(', ')
  }
  return out
}

/** What a detail is called where a person reads it (the keys themselves stay the REST answer's). */
const AUDIT_DETAIL_LABELS: Record<string, string> = {
  types: msg('Company types'),
  timeZone: msg('Time zone'),
  name: msg('Name'),
  repairShopCode: msg('Repair shop code'),
  routedRepairs: msg('Repairs sent to the shop'),
  role: msg('Role'),
  userId: msg('Person ID'),
  reading: msg('Reading'),
  reason: msg('Reason'),
  vehicleId: msg('Vehicle ID'),
  fileName: msg('File name'),
  contentType: msg('File type'),
  sizeBytes: msg('Size (bytes)'),
  side: msg('Signed as'),
  isSatisfactory: msg('Satisfactory'),
  isAnnual: msg('Annual inspection'),
  pendingReview: msg('Awaiting review'),
  repairActionId: msg('Repair action ID'),
  preTrips: msg('Pre-trip inspections'),
  maintenance: msg('Maintenance'),
  annualInspections: msg('Annual inspections'),
  leases: msg('Leases'),
  localDate: msg('Date'),
  alerts: msg('Alerts'),
  recipients: msg('Recipients'),
  method: msg('Method'),
  alertDigest: msg('Alert digest'),
  locale: msg('Language'),
  provider: msg('Provider'),
  imported: msg('Imported'),
  skipped: msg('Skipped'),
  rows: msg('Rows'),
  events: msg('Events'),
  deliveryId: msg('Delivery ID'),
  endpointId: msg('Endpoint ID'),
  templateKey: msg('Template'),
  programId: msg('Service program ID'),
  picked: msg('Buses picked'),
  rule: msg('Rule'),
  tasks: msg('Service tasks'),
  date: msg('Date'),
  odometer: msg('Odometer'),
  // Costs on repair actions (decision 085).
  kind: msg('Kind'),
  amountCents: msg('Amount (cents)'),
  previousCents: msg('Previous amount (cents)'),
  payer: msg('Payer'),
  previousPayer: msg('Previous payer'),
  currency: msg('Currency'),
  costCents: msg('Cost (cents)'),
  repairCostPayer: msg('Who pays repairs'),
  // The fuel card import (decision 085).
  totalCents: msg('Total (cents)'),
  // The fuel and energy log (decision 085).
  quantityMilli: msg('Quantity (thousandths)'),
  unit: msg('Unit'),
  // The operator's driver records (decision 086); a test's result is never a detail.
  driverFiles: msg('Driver qualification files'),
  drugTestsNegative: msg('Negative drug and alcohol test results'),
  drugTestsPositive: msg('Positive drug and alcohol test results and refusals'),
  hoursOfService: msg('Hours-of-service time records'),
  driverUserId: msg('Driver'),
  hiredOn: msg('Hire date'),
  itemDate: msg('Date'),
  substance: msg('Substance'),
  testType: msg('Test type'),
  testDate: msg('Test date'),
  status: msg('Status'),
  at: msg('Time'),
  startedAt: msg('Start'),
  endedAt: msg('End'),
  month: msg('Month'),
  expiredDriverPreTrip: msg('Pre-trip of a driver whose license or medical certificate has expired'),
  hosCycle: msg('Hours-of-service cycle'),
}

/** How a sign-in was confirmed (`method`): the second factor, or the provider (a name, the same in every language). */
const SIGN_IN_METHODS: Record<string, string> = { Authenticator: msg('Authenticator'), Email: msg('Email'), google: 'Google', apple: 'Apple' }

const YES = msg('Yes')
const NO = msg('No')

/** A role or company type (`Owner`, `RepairShop`…) in words; anything else as it is. */
function roleWords(name: string, t: (id: string) => string): string {
  const role = ROLES.find((r) => r.name === name)
  return role ? t(role.label) : name
}

/** A sign-in method in words, in `t`'s language (the profile's sign-ins, the activity's details). */
export function signInMethodText(method: string, t: (id: string) => string): string {
  return Object.hasOwn(SIGN_IN_METHODS, method) ? t(SIGN_IN_METHODS[method]!) : method
}

/**
 * One detail of `safeAuditDetails` as a person reads it, in `t`'s language: its key's name, and its
 * value with roles, company types, webhook events, yes/no, sign-in methods and languages in words.
 * Numbers, dates and what people typed stay as they are.
 */
export function auditDetailText(key: string, value: string | number | boolean, t: (id: string) => string): { label: string; value: string } {
  const label = Object.hasOwn(AUDIT_DETAIL_LABELS, key) ? t(AUDIT_DETAIL_LABELS[key]!) : key
  if (typeof value === 'boolean') return { label, value: t(value ? YES : NO) }
  const text = String(value)
  switch (key) {
    case 'role':
    case 'side':
      return { label, value: roleWords(text, t) }
    case 'types':
      return { label, value: text.split(', ').map((type) => roleWords(type, t)).join(', ') }
    case 'events':
      return { label, value: text.split(', ').map((type) => t(webhookEventLabel(type))).join(', ') }
    case 'method':
      return { label, value: signInMethodText(text, t) }
    case 'locale':
      return { label, value: isLocale(text) ? LOCALE_NAMES[text] : text }
    default:
      return { label, value: text }
  }
}

/**
 * The record types of a company's activity (the `entity_type` the use cases write), with their
 * labels: the activity log's "Record type" filter.
 */
export const AUDIT_RECORD_TYPES = {
  company: msg('Company'),
  joinRequest: msg('Join request'),
  membership: msg('Role'),
  vehicle: msg('Vehicle'),
  vehicle_document: msg('Vehicle document'),
  vehicleRequest: msg('Vehicle request'),
  operatorAssignment: msg('Assignment'),
  leaseAgreement: msg('Lease agreement'),
  preInspection: msg('Pre-trip inspection'),
  inspection: msg('Inspection'),
  emergencyExitCheck: msg('90-day emergency-exit check'),
  repairAction: msg('Repair action'),
  repairTask: msg('Repair task'),
  retentionSettings: msg('Record retention'),
  alertDigest: msg('Alert digest'),
  fleet_import: msg('Fleet import'),
  fuel_import: msg('Fuel card import'),
  webhookEndpoint: msg('Webhook endpoint'),
  webhookDelivery: msg('Webhook delivery'),
  serviceProgram: msg('Service program'),
  serviceTask: msg('Service task'),
  driverFile: msg('Driver file'),
  driverFileItem: msg('Driver file item'),
  driverDocument: msg('Driver document'),
  driverTest: msg('Drug or alcohol test'),
  dutyPeriod: msg('Duty period'),
} as const

export type AuditRecordType = keyof typeof AUDIT_RECORD_TYPES
export const AUDIT_RECORD_TYPE_KEYS = Object.keys(AUDIT_RECORD_TYPES) as [AuditRecordType, ...AuditRecordType[]]

export function auditRecordTypeLabel(type: string | null): string | null {
  if (type === null) return null
  return Object.hasOwn(AUDIT_RECORD_TYPES, type) ? AUDIT_RECORD_TYPES[type as AuditRecordType] : type
}

/** The page a record is shown on, where there is one (the vehicle's page for its documents and filings). */
export function auditRecordHref(entityType: string | null, entityId: string | null, details: Record<string, string | number | boolean>, companyId: number): string | null {
  const vehicleId = typeof details.vehicleId === 'number' ? details.vehicleId : null
  switch (entityType) {
    case 'vehicle':
      return entityId ? `/vehicles/${entityId}` : null
    case 'leaseAgreement':
      return entityId ? `/leases/${entityId}` : null
    case 'company':
      return `/company/${companyId}/settings`
    case 'vehicle_document':
    case 'preInspection':
    case 'inspection':
    case 'emergencyExitCheck':
      return vehicleId ? `/vehicles/${vehicleId}` : null
    case 'repairAction':
    case 'repairTask':
      return `/repairActions/${companyId}`
    case 'retentionSettings':
      return `/retention/${companyId}`
    case 'fuel_import':
      return entityId ? `/fuel/${companyId}/import/${entityId}` : null
    case 'serviceProgram':
      return entityId ? `/maintenance/${companyId}/programs/${entityId}` : null
    case 'driverFile':
    case 'driverFileItem':
    case 'driverDocument':
    case 'driverTest':
      return typeof details.driverUserId === 'number' ? `/driverFiles/${companyId}/${details.driverUserId}` : null
    case 'dutyPeriod':
      return typeof details.driverUserId === 'number' ? `/hours/${companyId}/${details.driverUserId}` : null
    case 'serviceTask':
      return typeof details.programId === 'number' ? `/maintenance/${companyId}/programs/${details.programId}` : null
    default:
      return null
  }
}
