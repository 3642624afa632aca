import { startOidcProvider } from '#tests/helpers/oidc-provider.ts'

/** Where the browser tests' OpenID provider listens (playwright.config.ts points the app's OIDC_GOOGLE_ISSUER here). */
import { E2E_OIDC_PORT } from './paths.ts'

export { E2E_OIDC_PORT }
export const E2E_OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`

/**
 * Starts a real OpenID Connect provider on loopback for the whole run (the app discovers it
 * on first use, so the order against the web server does not matter). Tests queue the user
 * of their next sign-in with `queueNextUser(E2E_OIDC_ISSUER, …)`.
 */
export default async function globalSetup() {
  const provider = await startOidcProvider({ port: E2E_OIDC_PORT, clientId: 'operon-e2e-google' })
  return async () => {
    await provider.stop()
  }
}
