import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { externalIdentities, users } from '#db/schema/index.ts'
import { audit } from '../../activity/audit.server.ts'
import { parseRegistrationRole, SELF_SELECTABLE_ROLES, type RoleName } from '#catalog/roles.ts'
import { TWO_FACTOR_TYPE } from '#catalog/statuses.ts'
import { createJoinRequestTx, findCompanyByCode } from '../../companies/membership-rules.server.ts'
import type { UseCaseContext } from '../../context/use-case-context.ts'
import { env } from '../../env.server.ts'
import { AppError } from '../../errors.ts'
import { consumeRateLimit } from '../../limits/rate-limit.server.ts'
import { kickMailWorker } from '../../mail/delivery.server.ts'
import { enqueueMail } from '../../mail/outbox.server.ts'
import { renderMail, type MailContent } from '../../mail/templates.ts'
import { requireUser } from '../../access/policy.ts'
import { newPersonalIdentifier } from '../personal-identifier.server.ts'
import {
  PROVIDER_LABELS,
  requireProviderConfig,
  verifyProviderIdToken,
  type ExternalProvider,
  type VerifiedExternalClaims,
} from './providers.server.ts'
import { msg, type Locale } from '#catalog/i18n.ts'
import { translator } from '../../i18n/messages.server.ts'

/**
 * External sign-in (spec section 4 "External login", section 5 "Role selection").
 *
 * Account-linking rule (docs/decisions/007-external-sign-in.md):
 * - An identity is the provider's (provider, subject) pair, never the email.
 * - A linked identity signs its user in.
 * - An unlinked identity whose email already belongs to an Operon account is refused (409):
 *   the account is never taken over by email. Its owner signs in with the password and
 *   links the provider from the profile (`linkExternalIdentity`), an explicit action.
 * - An unlinked identity with a new, provider-verified email creates an account once the
 *   user has chosen roles (Driver and/or Mechanic).
 */

export const EXTERNAL_TEXT = {
  chooseRole: msg('Choose at least one role (Driver or Mechanic)'),
  onlyStaffRoles: msg('Only the Driver and Mechanic roles can be chosen when signing in with Google or Apple'),
  emailTaken: (label: string) =>
    `An Operon account with this email already exists. Log in with your password, then link ${label} from your profile.`,
  noVerifiedEmail: (label: string) =>
    `Your ${label} account has no verified email address. Register with an email and password instead.`,
  alreadyLinkedElsewhere: (label: string) => `This ${label} account is already linked to another Operon account`,
  alreadyLinkedOther: (label: string) => `Your account is already linked to another ${label} account. Unlink it first.`,
  linked: (label: string) => `${label} account linked. You can now log in with ${label}.`,
  unlinked: (label: string) => `${label} account unlinked`,
  notLinked: (label: string) => `Your account is not linked to ${label}`,
  lastWayIn: (label: string) =>
    `${label} is the only way you sign in. Set a password first (Forgot password on the login page), then unlink ${label}.`,
} as const

export interface ExternalLoginInput {
  provider: ExternalProvider | string
  /** The provider's ID token (REST door); verified here. */
  idToken?: string | null
  /** Claims already verified by the web door (from the ID token of its code exchange). */
  claims?: VerifiedExternalClaims
  /** Driver / Mechanic (any letter case); a string or a list. */
  roles?: unknown
  /** Optional: ask to join this company with the chosen roles. */
  companyCode?: string | null
}

export type ExternalLoginResult =
  /** A linked identity: its user signs in. */
  | { status: 'signedIn'; userId: number; created: false }
  /** A new account was created (the web door sends the user to /completeProfile). */
  | { status: 'created'; userId: number; created: true }
  /** Unknown identity, new email, no roles yet: the door asks for roles. */
  | { status: 'needsRoles'; claims: VerifiedExternalClaims }

/** Driver/Mechanic from the input; [] when none was given; 400 for any other role. */
export function parseSelfSelectedRoles(input: unknown): RoleName[] {
  if (input === undefined || input === null || input === '') return []
  const list = Array.isArray(input) ? input : [input]
  const out = new Set<RoleName>()
  for (const item of list) {
    const role = typeof item === 'string' ? parseRegistrationRole(item) : undefined
    if (!role || !(SELF_SELECTABLE_ROLES as readonly string[]).includes(role.name)) {
      throw new AppError('BAD_REQUEST', EXTERNAL_TEXT.onlyStaffRoles, { fieldErrors: { roles: EXTERNAL_TEXT.onlyStaffRoles } })
    }
    out.add(role.companyRole as RoleName)
  }
  return [...out]
}

async function claimsFrom(input: ExternalLoginInput, provider: ExternalProvider, now: Date): Promise<VerifiedExternalClaims> {
  if (input.claims) {
    if (input.claims.provider !== provider) throw new AppError('UNAUTHORIZED', msg('Invalid login'))
    return input.claims
  }
  const token = input.idToken?.trim()
  if (!token) throw new AppError('UNAUTHORIZED', msg('Invalid login'))
  return verifyProviderIdToken(provider, token, { now })
}

async function linkedUser(tx: Tx, provider: ExternalProvider, subject: string) {
  const [row] = await tx
    .select({ userId: externalIdentities.userId, deletedAt: users.deletedAt })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)))
    .limit(1)
  return row
}

async function accountWithEmail(tx: Tx, email: string | null) {
  if (!email) return undefined
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1)
  return row
}

/** First and last name from the token; Apple sends none in the token (the web door passes them). */
function namesOf(claims: VerifiedExternalClaims): { firstName: string; lastName: string } {
  if (claims.givenName || claims.familyName) {
    return { firstName: claims.givenName ?? '', lastName: claims.familyName ?? '' }
  }
  const parts = (claims.name ?? '').split(/\s+/).filter(Boolean)
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') }
}

/** The welcome mail of an account that signs in with a provider (no password, no code). */
export function externalWelcomeMail({ firstName, label, loginUrl, locale }: { firstName?: string; label: string; loginUrl: string; locale?: Locale }): MailContent {
  const t = translator(locale ?? 'en')
  return renderMail({
    locale,
    subject: t('Welcome to Operon'),
    greeting: firstName ? t('Hi {name},', { name: firstName }) : t('Hi,'),
    blocks: [
      { kind: 'paragraph', text: t('Your Operon account is ready.') },
      { kind: 'paragraph', text: t('You signed up with {provider}. To sign in, choose "{provider}" on the login page.', { provider: label }) },
      { kind: 'button', label: t('Sign in to Operon'), url: loginUrl },
      {
        kind: 'note',
        text: t('If you also want to sign in with an email and password, use "Forgot password" on the login page to set one.'),
      },
    ],
  })
}

/**
 * POST /api/Auth/LoginOrRegisterWithExternal and the web callback / Configure account
 * screen. See the linking rule above.
 */
export async function loginOrRegisterWithExternal(ctx: UseCaseContext, input: ExternalLoginInput): Promise<ExternalLoginResult> {
  const now = ctx.now ?? new Date()
  const config = requireProviderConfig(input.provider)
  const provider = config.provider
  await consumeRateLimit('login', ctx.ip ?? 'unknown', ctx.db)
  const claims = await claimsFrom(input, provider, now)
  const roles = parseSelfSelectedRoles(input.roles)

  const known = await linkedUser(ctx.db.read, provider, claims.subject)
  if (known) {
    if (known.deletedAt) throw new AppError('UNAUTHORIZED', msg('Invalid login'))
    await ctx.db.transaction((tx) =>
      audit(tx, { kind: 'anonymous' }, { action: 'auth.signIn', entityType: 'user', entityId: known.userId, details: { method: provider, ip: ctx.ip ?? null } }),
    )
    return { status: 'signedIn', userId: known.userId, created: false }
  }
  if (await accountWithEmail(ctx.db.read, claims.email)) {
    throw new AppError('CONFLICT', EXTERNAL_TEXT.emailTaken(config.label))
  }
  if (!claims.email || !claims.emailVerified) {
    throw new AppError('BAD_REQUEST', EXTERNAL_TEXT.noVerifiedEmail(config.label))
  }
  if (roles.length === 0) return { status: 'needsRoles', claims }

  await consumeRateLimit('register', ctx.ip ?? 'unknown', ctx.db)
  const email = claims.email
  const companyCode = input.companyCode?.trim() || null
  const { firstName, lastName } = namesOf(claims)

  const result = await ctx.db.transaction(async (tx): Promise<ExternalLoginResult> => {
    // Checked again inside the transaction: two tabs may finish at once.
    const raced = await linkedUser(tx, provider, claims.subject)
    if (raced && !raced.deletedAt) return { status: 'signedIn', userId: raced.userId, created: false }
    if (await accountWithEmail(tx, email)) throw new AppError('CONFLICT', EXTERNAL_TEXT.emailTaken(config.label))

    const personalIdentifier = await newPersonalIdentifier(tx)
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash: null,
        firstName,
        lastName,
        personalIdentifier,
        twoFactorType: TWO_FACTOR_TYPE.Email,
        locale: ctx.locale ?? 'en',
        firstLoginCompletedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id })
    const userId = user!.id
    await tx.insert(externalIdentities).values({ userId, provider, subject: claims.subject, email, createdAt: now })

    if (companyCode) {
      const company = await findCompanyByCode(tx, companyCode).catch((e: unknown) => {
        throw e instanceof AppError && e.code === 'NOT_FOUND' ? new AppError('BAD_REQUEST', e.message, { fieldErrors: e.fieldErrors }) : e
      })
      for (const r of roles) await createJoinRequestTx(tx, userId, company, r, now)
    }

    await audit(tx, { kind: 'anonymous' }, {
      action: 'user.register',
      entityType: 'user',
      entityId: userId,
      details: { roles, provider, companyCode },
    })
    await enqueueMail(tx, { to: email, ...externalWelcomeMail({ firstName, label: config.label, loginUrl: `${env().APP_URL}/login`, locale: ctx.locale ?? 'en' }) })
    return { status: 'created', userId, created: true }
  })
  if (result.status === 'created') kickMailWorker()
  return result
}

/**
 * Links a provider to the signed-in user's account (from the profile): the user proved
 * both, so the emails need not match. One identity per provider and account.
 */
export async function linkExternalIdentity(
  ctx: UseCaseContext,
  provider: ExternalProvider | string,
  proof: VerifiedExternalClaims | { idToken: string },
): Promise<{ message: string; provider: ExternalProvider }> {
  const me = requireUser(ctx.actor)
  const now = ctx.now ?? new Date()
  const config = requireProviderConfig(provider)
  const claims = 'idToken' in proof ? await verifyProviderIdToken(config.provider, proof.idToken, { now }) : proof
  if (claims.provider !== config.provider) throw new AppError('UNAUTHORIZED', msg('Invalid login'))

  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: externalIdentities.userId })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.provider, config.provider), eq(externalIdentities.subject, claims.subject)))
    if (owner && owner.userId !== me.userId) throw new AppError('CONFLICT', EXTERNAL_TEXT.alreadyLinkedElsewhere(config.label))
    if (owner) return
    const [mine] = await tx
      .select({ id: externalIdentities.id })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.userId, me.userId), eq(externalIdentities.provider, config.provider)))
    if (mine) throw new AppError('CONFLICT', EXTERNAL_TEXT.alreadyLinkedOther(config.label))
    await tx
      .insert(externalIdentities)
      .values({ userId: me.userId, provider: config.provider, subject: claims.subject, email: claims.email, createdAt: now })
    await audit(tx, me, { action: 'user.linkExternal', entityType: 'user', entityId: me.userId, details: { provider: config.provider } })
  })
  return { message: EXTERNAL_TEXT.linked(config.label), provider: config.provider }
}

/** Removes a linked provider; refused when it is the account's only way to sign in. */
export async function unlinkExternalIdentity(ctx: UseCaseContext, provider: ExternalProvider | string): Promise<{ message: string }> {
  const me = requireUser(ctx.actor)
  const p = typeof provider === 'string' ? provider.trim().toLowerCase() : provider
  if (p !== 'google' && p !== 'apple') throw new AppError('BAD_REQUEST', msg('providerId must be "google" or "apple"'))
  const label = PROVIDER_LABELS[p]
  await ctx.db.transaction(async (tx) => {
    const links = await tx
      .select({ id: externalIdentities.id, provider: externalIdentities.provider })
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, me.userId))
    const link = links.find((l) => l.provider === p)
    if (!link) throw new AppError('NOT_FOUND', EXTERNAL_TEXT.notLinked(label))
    const [u] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.userId))
    if (!u?.passwordHash && links.length === 1) throw new AppError('CONFLICT', EXTERNAL_TEXT.lastWayIn(label))
    await tx.delete(externalIdentities).where(eq(externalIdentities.id, link.id))
    await audit(tx, me, { action: 'user.unlinkExternal', entityType: 'user', entityId: me.userId, details: { provider: p } })
  })
  return { message: EXTERNAL_TEXT.unlinked(label) }
}

/** The signed-in user's linked providers (for the profile). */
export async function listExternalIdentities(
  ctx: UseCaseContext,
): Promise<{ provider: ExternalProvider; label: string; email: string | null; linkedAt: string }[]> {
  const me = requireUser(ctx.actor)
  const rows = await ctx.db.read
    .select({ provider: externalIdentities.provider, email: externalIdentities.email, createdAt: externalIdentities.createdAt })
    .from(externalIdentities)
    .where(eq(externalIdentities.userId, me.userId))
  return rows.map((r) => ({ provider: r.provider, label: PROVIDER_LABELS[r.provider], email: r.email, linkedAt: r.createdAt.toISOString() }))
}
