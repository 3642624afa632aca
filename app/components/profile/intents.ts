/** The form intents of the profile page (`/profile`), shared by its cards and the action. */

export const ALERT_DIGEST_INTENT = 'alertDigest'
export const UNLINK_EXTERNAL_INTENT = 'unlinkExternal'
export const RESET_AUTHENTICATOR_INTENT = 'resetAuthenticator'
export const DELETE_ACCOUNT_INTENT = 'deleteAccount'
export const SEND_REAUTH_CODE_INTENT = 'sendReauthCode'
export const UPDATE_PROFILE_INTENT = 'updateProfile'
export const CREATE_COMPANY_INTENT = 'createCompany'
export const JOIN_COMPANY_INTENT = 'joinCompany'
export const CREATE_CALENDAR_FEED_INTENT = 'createCalendarFeed'
export const REVOKE_CALENDAR_FEED_INTENT = 'revokeCalendarFeed'
