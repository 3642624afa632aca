import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import { z } from 'zod'
import { EXTERNAL_PROVIDERS, type ExternalProvider } from '#db/schema/auth.ts'
import { TEXT } from '#catalog/texts.ts'
import { env } from '../../env.server.ts'
import { AppError } from '../../errors.ts'
import { logger } from '../../log.server.ts'
import { msg } from '#catalog/i18n.ts'

/**
 * External sign-in providers (Google, Apple) as OpenID Connect issuers.
 *
 * Nothing is fetched at start-up: the discovery document
 * (`${issuer}/.well-known/openid-configuration`) and the signing keys (its
 * `jwks_uri`) are fetched on first use and cached, so the app starts without
 * network and a test can point a provider at a local OpenID server.
 */

export type { ExternalProvider }
export { EXTERNAL_PROVIDERS }

export const PROVIDER_LABELS: Record<ExternalProvider, string> = { google: 'Google', apple: 'Apple' }

/** Google's ID tokens carry either spelling of its issuer (Google's documentation says so). */
const GOOGLE_ISSUER = 'https://accounts.google.com'
const GOOGLE_ISSUER_ALIAS = 'accounts.google.com'

/** Seconds of clock difference tolerated on exp / iat / nbf. */
export const CLOCK_TOLERANCE_SECONDS = 60
const DISCOVERY_TIMEOUT_MS = 5_000
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

export interface ProviderConfig {
  provider: ExternalProvider
  label: string
  issuer: string
  clientId: string
  clientSecret: string | null
  /** Scopes for the authorization request. */
  scopes: string[]
}

export function isExternalProvider(value: unknown): value is ExternalProvider {
  return typeof value === 'string' && (EXTERNAL_PROVIDERS as readonly string[]).includes(value)
}

/** Case-insensitive parse of a provider id ("Google", "apple"). */
export function parseExternalProvider(value: unknown): ExternalProvider | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.trim().toLowerCase()
  return isExternalProvider(v) ? v : undefined
}

const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null)
const stripSlash = (url: string) => url.replace(/\/+$/, '')

/** The provider's settings, or null when its client id is not set. */
export function providerConfig(provider: ExternalProvider): ProviderConfig | null {
  const e = env()
  if (provider === 'google') {
    const clientId = blank(e.GOOGLE_CLIENT_ID)
    if (!clientId) return null
    return {
      provider,
      label: PROVIDER_LABELS.google,
      issuer: stripSlash(e.OIDC_GOOGLE_ISSUER),
      clientId,
      clientSecret: blank(e.GOOGLE_CLIENT_SECRET),
      scopes: ['openid', 'email', 'profile'],
    }
  }
  const clientId = blank(e.APPLE_CLIENT_ID)
  if (!clientId) return null
  return {
    provider,
    label: PROVIDER_LABELS.apple,
    issuer: stripSlash(e.APPLE_ISSUER),
    clientId,
    clientSecret: blank(e.APPLE_CLIENT_SECRET),
    scopes: ['openid', 'email', 'name'],
  }
}

/** Providers whose client id is set: the login page shows a button for each. */
export function configuredProviders(): ExternalProvider[] {
  return EXTERNAL_PROVIDERS.filter((p) => providerConfig(p) !== null)
}

/** The provider's settings; 400 when it is unknown or not configured. */
export function requireProviderConfig(provider: unknown): ProviderConfig {
  const p = parseExternalProvider(provider)
  if (!p) {
    throw new AppError('BAD_REQUEST', msg('providerId must be "google" or "apple"'), {
      fieldErrors: { providerId: msg('providerId must be "google" or "apple"') },
    })
  }
  const config = providerConfig(p)
  if (!config) throw new AppError('BAD_REQUEST', `${PROVIDER_LABELS[p]} sign-in is not configured`)
  return config
}

/**
 * Origins the browser is sent to when a sign-in starts (the configured issuers), for the
 * CSP `form-action` directive: Chromium applies it to the redirects that follow a form post.
 */
export function externalSignInOrigins(): string[] {
  const origins = new Set<string>()
  for (const p of configuredProviders()) {
    try {
      origins.add(new URL(providerConfig(p)!.issuer).origin)
    } catch {
      // env() validated the URL; nothing to add otherwise.
    }
  }
  return [...origins]
}

// ---------------------------------------------------------------------------------------
// Discovery and keys (cached per issuer)
// ---------------------------------------------------------------------------------------

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  revocation_endpoint: z.url().optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
})

export interface ProviderMetadata {
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
  revocationEndpoint?: string
  supportsS256: boolean
  /** The client secret goes in the token request's body (Apple), not in Basic auth. */
  clientSecretPost: boolean
}

interface Discovered {
  metadata: ProviderMetadata
  jwks: ReturnType<typeof createRemoteJWKSet>
}

const discovered = new Map<string, Promise<Discovered>>()

async function fetchDiscovery(issuer: string): Promise<Discovered> {
  const url = `${issuer}/.well-known/openid-configuration`
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`OpenID discovery at ${url} answered ${res.status}`)
  const doc = discoverySchema.parse(await res.json())
  // OpenID Connect Discovery 1.0, section 4.3: the document must name the issuer it was fetched for.
  if (stripSlash(doc.issuer) !== issuer) {
    throw new Error(`OpenID discovery at ${url} names another issuer (${doc.issuer})`)
  }
  const metadata: ProviderMetadata = {
    issuer: doc.issuer,
    authorizationEndpoint: doc.authorization_endpoint,
    tokenEndpoint: doc.token_endpoint,
    jwksUri: doc.jwks_uri,
    revocationEndpoint: doc.revocation_endpoint,
    supportsS256: doc.code_challenge_methods_supported?.includes('S256') ?? true,
    clientSecretPost:
      !!doc.token_endpoint_auth_methods_supported?.includes('client_secret_post') &&
      !doc.token_endpoint_auth_methods_supported.includes('client_secret_basic'),
  }
  // jose caches the key set, and fetches it again when a token names an unknown key (rotation).
  const jwks = createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: DISCOVERY_TIMEOUT_MS })
  return { metadata, jwks }
}

async function discover(config: ProviderConfig): Promise<Discovered> {
  let entry = discovered.get(config.issuer)
  if (!entry) {
    entry = fetchDiscovery(config.issuer)
    discovered.set(config.issuer, entry)
    // A failure is not cached: the next sign-in tries again.
    entry.catch(() => discovered.delete(config.issuer))
  }
  return entry
}

/** The provider's endpoints (discovered once, then cached). */
export async function providerMetadata(provider: ExternalProvider): Promise<ProviderMetadata> {
  const config = providerConfig(provider)
  if (!config) throw new AppError('BAD_REQUEST', `${PROVIDER_LABELS[provider]} sign-in is not configured`)
  return (await discover(config)).metadata
}

/** Forget discovered documents and keys (tests change issuers between files). */
export function resetProviderCache() {
  discovered.clear()
}

// ---------------------------------------------------------------------------------------
// ID token verification
// ---------------------------------------------------------------------------------------

/** What Operon keeps from a verified ID token. */
export interface VerifiedExternalClaims {
  provider: ExternalProvider
  /** The provider's `sub`: stable per user (and, for Apple, per team). */
  subject: string
  /** Lower-cased; null when the token has none. */
  email: string | null
  emailVerified: boolean
  name?: string
  givenName?: string
  familyName?: string
}

const optionalString = (v: unknown, max = 200) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined)

/** Google sends a boolean, Apple a string. */
const truthy = (v: unknown) => v === true || v === 'true'

function claimsOf(provider: ExternalProvider, payload: JWTPayload): VerifiedExternalClaims {
  const subject = optionalString(payload.sub, 255)
  if (!subject) throw new Error('ID token has no subject')
  const email = optionalString(payload.email, 254)?.toLowerCase() ?? null
  return {
    provider,
    subject,
    email,
    emailVerified: email !== null && truthy(payload.email_verified),
    name: optionalString(payload.name),
    givenName: optionalString(payload.given_name, 100),
    familyName: optionalString(payload.family_name, 100),
  }
}

/**
 * Verifies a provider's ID token: signature by the provider's published keys, issuer,
 * audience (= our client id), expiry (and iat/nbf), with a small clock tolerance. Any
 * failure is a 401 "Invalid login" (the reason is logged, never shown).
 */
export async function verifyProviderIdToken(
  provider: ExternalProvider,
  idToken: string,
  opts: { now?: Date } = {},
): Promise<VerifiedExternalClaims> {
  const config = providerConfig(provider)
  if (!config) throw new AppError('BAD_REQUEST', `${PROVIDER_LABELS[provider]} sign-in is not configured`)
  try {
    const { metadata, jwks } = await discover(config)
    const issuers = [metadata.issuer]
    if (stripSlash(metadata.issuer) === GOOGLE_ISSUER) issuers.push(GOOGLE_ISSUER_ALIAS)
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: issuers,
      audience: config.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: opts.now,
      requiredClaims: ['sub', 'exp', 'iat'],
    })
    // OpenID Connect Core 3.1.3.7: with several audiences, the authorized party must be us.
    // (With one audience azp may differ: Google's Android sign-in puts the app's id there.)
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
      throw new Error('ID token is meant for another client (azp)')
    }
    return claimsOf(provider, payload)
  } catch (error) {
    logger().warn({ provider, reason: error instanceof Error ? error.message : String(error) }, 'external ID token refused')
    throw new AppError('UNAUTHORIZED', TEXT.invalidLogin, { cause: error })
  }
}
