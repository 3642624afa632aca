/** The form intents of the two-step login (`/login`) and of linking a sign-in provider, shared by the pages and their actions. */

export const LOGIN_INTENT = { password: 'password', code: 'code', resend: 'resend' } as const

/** "Link" on the profile's external accounts card (`/auth/{provider}`): link to the signed-in account instead of signing in. */
export const LINK_EXTERNAL_INTENT = 'link'
