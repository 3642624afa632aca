/** The form intents of one bus's maintenance page (`/maintenance/{companyId}/vehicles/{vehicleId}`, issue 35 point 4). */
export const SERVICE_INTENT = {
  sendToShop: 'sendToShop',
  recordService: 'recordService',
  skip: 'skipOccurrence',
} as const
export type ServiceIntent = (typeof SERVICE_INTENT)[keyof typeof SERVICE_INTENT]

/** The text fields of "Record service done outside Operon", as the use case takes them (the invoice is a file). */
export const SERVICE_FORM_FIELDS = ['date', 'odometer', 'engineHours', 'performedBy', 'notes', 'cost'] as const

/** The printable work checklist of a "Send to repair shop" action. */
export const workOrderPath = (companyId: number | string, repairActionId: number) => `/maintenance/${companyId}/work-order/${repairActionId}`
