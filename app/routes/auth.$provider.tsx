import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/utils/auth.server.ts'
import { commitIntent, startExternalSignIn } from '#app/utils/external-auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { parseExternalProvider, providerConfig } from '#server/auth/external/providers.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { logger } from '#server/log.server.ts'
import { LINK_EXTERNAL_INTENT } from '#app/components/auth/intents.ts'

/**
 * POST /auth/google, /auth/apple: starts the provider's authorization code flow (PKCE +
 * state). The "Google"/"Apple" buttons are plain forms, so this works without JavaScript.
 * A form field `intent=link` (profile page, signed in) links the provider to the account.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const provider = parseExternalProvider(params.provider)
  if (!provider || !providerConfig(provider)) {
    return redirectWithToast('/login', { type: 'error', message: TEXT.externalLoginFailed })
  }
  const form = await request.formData().catch(() => new FormData())
  const linking = form.get('intent') === LINK_EXTERNAL_INTENT && (await getActor(request)).kind === 'user'
  try {
    const response = await startExternalSignIn(request, provider)
    response.headers.append('Set-Cookie', await commitIntent(provider, linking ? 'link' : 'login'))
    return response
  } catch (error) {
    logger().warn({ provider, err: error }, 'external sign-in could not start')
    return redirectWithToast(linking ? '/profile' : '/login', { type: 'error', message: TEXT.externalLoginFailed })
  }
}

/** Nothing to show: a GET (a bookmarked or reloaded start URL) goes to the login page. */
export const loader = () => redirect('/login')
