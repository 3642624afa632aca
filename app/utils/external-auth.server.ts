import { signedCookie } from './signed-cookie.server.ts'
import { Authenticator } from 'remix-auth'
import { CodeChallengeMethod, OAuth2Strategy } from 'remix-auth-oauth2'
import {
  EXTERNAL_PROVIDERS,
  providerConfig,
  providerMetadata,
  verifyProviderIdToken,
  type ExternalProvider,
  type ProviderConfig,
  type ProviderMetadata,
  type VerifiedExternalClaims,
} from '#server/auth/external/providers.server.ts'
import { env } from '#server/env.server.ts'

/**
 * The browser side of external sign-in: remix-auth 4 with one remix-auth-oauth2 strategy
 * per provider (authorization code flow with PKCE and state), pointed at the endpoints
 * discovered from the provider's issuer (docs/decisions/007-external-sign-in.md).
 */

type Tokens = Awaited<ReturnType<OAuth2Strategy<unknown>['refreshToken']>>

const stateCookieName = (provider: ExternalProvider) => `operon_oauth_${provider}`

class ExternalStrategy extends OAuth2Strategy<VerifiedExternalClaims> {
  override name: string

  constructor(
    private readonly config: ProviderConfig,
    private readonly metadata: ProviderMetadata,
  ) {
    super(
      {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        redirectURI: callbackUrl(config.provider),
        authorizationEndpoint: metadata.authorizationEndpoint,
        tokenEndpoint: metadata.tokenEndpoint,
        tokenRevocationEndpoint: metadata.revocationEndpoint,
        scopes: config.scopes,
        codeChallengeMethod: metadata.supportsS256 ? CodeChallengeMethod.S256 : CodeChallengeMethod.Plain,
        cookie: {
          name: stateCookieName(config.provider),
          httpOnly: true,
          sameSite: 'Lax',
          ...(env().isProduction ? { secure: true as const } : {}),
          path: '/',
          maxAge: 10 * 60,
        },
      },
      async ({ tokens, request }) => {
        const claims = await verifyProviderIdToken(config.provider, tokens.idToken())
        return config.provider === 'apple' ? withAppleNames(claims, request) : claims
      },
    )
    this.name = config.provider
  }

  /** Apple asks for `response_mode=form_post` when names or email are requested. */
  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const out = super.authorizationParams(params, request)
    if (this.config.provider === 'apple') out.set('response_mode', 'form_post')
    return out
  }

  /** client_secret_post for providers that accept only that (Apple); Basic auth otherwise. */
  protected override async validateAuthorizationCode(code: string, codeVerifier: string): Promise<Tokens> {
    if (!this.metadata.clientSecretPost) return super.validateAuthorizationCode(code, codeVerifier)
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: callbackUrl(this.config.provider),
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret ?? '',
    })
    const res = await fetch(this.metadata.tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>
    if (!res.ok || typeof data.id_token !== 'string') {
      throw new Error(`Token endpoint answered ${res.status}${typeof data.error === 'string' ? ` (${data.error})` : ''}`)
    }
    const idToken = data.id_token
    return { data, idToken: () => idToken } as unknown as Tokens
  }
}

/**
 * Apple sends the user's name only once, as the `user` form field of the first callback
 * (not in the ID token). It is only used for the new account's name, never for identity.
 */
function withAppleNames(claims: VerifiedExternalClaims, request: Request): VerifiedExternalClaims {
  const raw = new URL(request.url).searchParams.get('user')
  if (!raw || claims.givenName || claims.familyName) return claims
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } }
    const first = typeof parsed.name?.firstName === 'string' ? parsed.name.firstName.trim().slice(0, 100) : ''
    const last = typeof parsed.name?.lastName === 'string' ? parsed.name.lastName.trim().slice(0, 100) : ''
    return { ...claims, givenName: first || undefined, familyName: last || undefined }
  } catch {
    return claims
  }
}

export function callbackUrl(provider: ExternalProvider): string {
  return `${env().APP_URL}/auth/${provider}/callback`
}

const authenticators = new Map<string, Promise<Authenticator<VerifiedExternalClaims>>>()

/** One Authenticator per provider configuration, built on first use (after discovery). */
async function authenticatorFor(provider: ExternalProvider): Promise<Authenticator<VerifiedExternalClaims>> {
  const config = providerConfig(provider)
  if (!config) throw new Error(`${provider} sign-in is not configured`)
  const key = JSON.stringify([config, env().APP_URL])
  let entry = authenticators.get(key)
  if (!entry) {
    entry = providerMetadata(provider).then((metadata) =>
      new Authenticator<VerifiedExternalClaims>().use(new ExternalStrategy(config, metadata), provider),
    )
    authenticators.set(key, entry)
    entry.catch(() => authenticators.delete(key))
  }
  return entry
}

/**
 * Starts the authorization code flow: answers the redirect to the provider, with the
 * state + PKCE verifier cookie that remix-auth-oauth2 sets.
 */
export async function startExternalSignIn(request: Request, provider: ExternalProvider): Promise<Response> {
  const auth = await authenticatorFor(provider)
  // Only the URL matters to start; a query `state` would make the strategy read a callback.
  const url = new URL(request.url)
  const start = new Request(`${url.origin}${url.pathname}`, { headers: request.headers })
  try {
    await auth.authenticate(provider, start)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
  throw new Error('The OAuth2 strategy did not redirect')
}

/** Validates the callback (state, PKCE), exchanges the code and verifies the ID token. */
export async function finishExternalSignIn(request: Request, provider: ExternalProvider): Promise<VerifiedExternalClaims> {
  const auth = await authenticatorFor(provider)
  return auth.authenticate(provider, request)
}

/** Set-Cookie values that drop the flow's state cookies (they are single use). */
export function clearStateCookies(request: Request, provider: ExternalProvider): string[] {
  const header = request.headers.get('cookie') ?? ''
  const prefix = stateCookieName(provider)
  const secure = env().isProduction ? '; Secure' : ''
  return header
    .split(';')
    .map((p) => p.split('=')[0]!.trim())
    .filter((name) => name.startsWith(prefix))
    .map((name) => `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`)
}

// ---------------------------------------------------------------------------------------
// Short-lived signed cookies: a pending registration, and the "link" intent
// ---------------------------------------------------------------------------------------

export const PENDING_SIGNUP_MINUTES = 10

const pendingSignupCookie = () => signedCookie('operon_external_signup', PENDING_SIGNUP_MINUTES * 60)
const intentCookie = () => signedCookie('operon_external_intent', 10 * 60)

interface PendingSignup {
  claims: VerifiedExternalClaims
  /** Unix ms; the cookie's Max-Age is the browser's business, this is ours. */
  expiresAt: number
}

function isClaims(v: unknown): v is VerifiedExternalClaims {
  const c = v as VerifiedExternalClaims
  return (
    !!c &&
    typeof c === 'object' &&
    (EXTERNAL_PROVIDERS as readonly string[]).includes(c.provider) &&
    typeof c.subject === 'string' &&
    (c.email === null || typeof c.email === 'string') &&
    typeof c.emailVerified === 'boolean'
  )
}

/** Keeps the verified claims of an unknown identity while the user picks roles. */
export async function commitPendingSignup(claims: VerifiedExternalClaims, now = new Date()): Promise<string> {
  const value: PendingSignup = { claims, expiresAt: now.getTime() + PENDING_SIGNUP_MINUTES * 60_000 }
  return pendingSignupCookie().serialize(value)
}

/** The pending registration, or null when absent, tampered with or expired. */
export async function readPendingSignup(request: Request, now = new Date()): Promise<VerifiedExternalClaims | null> {
  const value = (await pendingSignupCookie().parse(request.headers.get('cookie'))) as PendingSignup | null
  if (!value || typeof value !== 'object' || typeof value.expiresAt !== 'number' || value.expiresAt <= now.getTime()) return null
  if (!isClaims(value.claims) || !providerConfig(value.claims.provider)) return null
  return value.claims
}

export async function clearPendingSignup(): Promise<string> {
  return pendingSignupCookie().serialize('', { maxAge: 0 })
}

export type ExternalIntent = 'login' | 'link'

export async function commitIntent(provider: ExternalProvider, intent: ExternalIntent): Promise<string> {
  return intentCookie().serialize({ provider, intent })
}

/** What the flow was started for (a profile "Link" button sets `link`). */
export async function readIntent(request: Request, provider: ExternalProvider): Promise<ExternalIntent> {
  const value = (await intentCookie().parse(request.headers.get('cookie'))) as { provider?: unknown; intent?: unknown } | null
  return value && value.provider === provider && value.intent === 'link' ? 'link' : 'login'
}

export async function clearIntent(): Promise<string> {
  return intentCookie().serialize('', { maxAge: 0 })
}
