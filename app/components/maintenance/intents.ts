/** The form intents of the service programs' pages (`/maintenance/{companyId}/programs…`, issue 35). */
export const PROGRAM_INTENT = {
  createProgram: 'createProgram',
  copyTemplate: 'copyTemplate',
  updateProgram: 'updateProgram',
  deleteProgram: 'deleteProgram',
  addTask: 'addTask',
  updateTask: 'updateTask',
  deleteTask: 'deleteTask',
  setVehicles: 'setVehicles',
} as const
export type ProgramIntent = (typeof PROGRAM_INTENT)[keyof typeof PROGRAM_INTENT]

/** The task fields of a task form, as the use case takes them. */
export const TASK_FIELD_NAMES = [
  'name',
  'checklist',
  'intervalDays',
  'intervalMiles',
  'intervalHours',
  'soonDays',
  'soonMiles',
  'soonHours',
  'firstDueDate',
  'firstDueMiles',
  'firstDueHours',
] as const
