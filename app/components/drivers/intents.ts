/**
 * The forms' intents of the driver file and tests pages (decision 086): shared by the pages and their
 * server modules, so they live outside `.server` modules (a page's component may not import one).
 */
export const FILE_INTENT = { hiredOn: 'setHiredOn', add: 'addItem', update: 'updateItem', delete: 'deleteItem' } as const
export const TEST_INTENT = { add: 'addTest', update: 'updateTest', delete: 'deleteTest' } as const
