import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { externalCallbackAction, externalCallbackLoader } from '#app/routes/external-sign-in.server.ts'

/**
 * /auth/google/callback, /auth/apple/callback (the redirect URI registered with the
 * provider); Apple's form_post answer is turned into a GET of the same URL.
 *
 * The file name's `_` keeps this route out of `auth.$provider` (no shared layout or loader).
 */
export const loader = (args: LoaderFunctionArgs) => externalCallbackLoader(args)
export const action = (args: ActionFunctionArgs) => externalCallbackAction(args)
