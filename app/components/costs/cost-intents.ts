/** The intents of the repair action's cost page forms: shared by the page and its action (not server-only, so the page may import it). */
export const COST_INTENT = {
  addLine: 'addLine',
  updateLine: 'updateLine',
  deleteLine: 'deleteLine',
  setPayer: 'setPayer',
  uploadInvoice: 'uploadInvoice',
} as const
