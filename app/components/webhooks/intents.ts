/** The form intents of the webhooks page (`/company/{companyId}/webhooks`), shared by the components and the action. */

export const WEBHOOK_INTENT = {
  create: 'create',
  enable: 'enable',
  disable: 'disable',
  rotate: 'rotate',
  delete: 'delete',
  test: 'test',
  replay: 'replay',
} as const
