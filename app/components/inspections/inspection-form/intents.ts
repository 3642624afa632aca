/** The form intents of the mechanic's inspection page (`/InspectionPage`), shared by the form and the action. */

export const INSPECTION_INTENT = { file: 'fileInspection', markAll: 'markAllSatisfactory' } as const
