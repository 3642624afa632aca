/** The form intents of "Vehicle repairs" (`/repairActions/{companyId}`). */

export const REPAIR_INTENT = { updateTaskStatus: 'updateTaskStatus' } as const
