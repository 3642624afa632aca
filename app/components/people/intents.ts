/** The form intents of the companies-and-people pages, shared by the components and the actions. */
export const JOIN_REQUEST_INTENT = {
  accept: 'acceptJoinRequest',
  reject: 'rejectJoinRequest',
} as const

export type JoinRequestIntent = (typeof JOIN_REQUEST_INTENT)[keyof typeof JOIN_REQUEST_INTENT]

export const ROLE_STATUS_INTENT = 'setRoleStatus'
