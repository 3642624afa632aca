import { index, integer, sqliteTable, text, uniqueIndex, check } from 'drizzle-orm/sqlite-core'
import { id, inList, instant, instantNow, ref } from './columns.ts'
import { users } from './users.ts'

/** Browser sessions: the cookie holds a random token; the row id is its SHA-256 (hex). */
export const webSessions = sqliteTable(
  'web_sessions',
  {
    id: text('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    createdAt: instantNow('created_at'),
    expiresAt: instant('expires_at').notNull(),
    lastSeenAt: instantNow('last_seen_at'),
    revokedAt: instant('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('web_sessions_user_id_idx').on(t.userId)],
)

/**
 * REST sessions = refresh-token families. The id is the access token's `sid` claim; reuse of
 * a used refresh token revokes the whole family.
 */
export const apiSessions = sqliteTable(
  'api_sessions',
  {
    id: text('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    createdAt: instantNow('created_at'),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('api_sessions_user_id_idx').on(t.userId)],
)

export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    /** SHA-256 (hex) of the opaque refresh token. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => apiSessions.id, { onDelete: 'cascade' }),
    issuedAt: instantNow('issued_at'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
)

/**
 * The state between the password step and the second-factor step of a login (10 minutes).
 * The id is random text (a UUID by default): it is a handle the web flow keeps in a cookie.
 */
export const loginChallenges = sqliteTable(
  'login_challenges',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: ref('user_id', () => users.id, 'cascade'),
    createdAt: instantNow('created_at'),
    expiresAt: instant('expires_at').notNull(),
    passwordVerifiedAt: instant('password_verified_at'),
    /** Hash of the emailed 6-digit code (Email 2FA), null for Authenticator. */
    emailCodeHash: text('email_code_hash'),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: instant('consumed_at'),
    ip: text('ip'),
    /** 'login' (the sign-in's second step) or 'reauth' (confirming a signed-in user before an irreversible action). */
    purpose: text('purpose', { enum: ['login', 'reauth'] }).notNull().default('login'),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId, t.createdAt)],
)

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    /** SHA-256 (hex) of the token sent by email. */
    tokenHash: text('token_hash').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    createdAt: instantNow('created_at'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
)

export const EXTERNAL_PROVIDERS = ['google', 'apple'] as const
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number]

export const externalIdentities = sqliteTable(
  'external_identities',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade'),
    provider: text('provider', { enum: EXTERNAL_PROVIDERS }).notNull(),
    /** The provider's `sub` claim. */
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: instantNow('created_at'),
  },
  (t) => [
    uniqueIndex('external_identities_provider_subject_unique').on(t.provider, t.subject),
    index('external_identities_user_id_idx').on(t.userId),
    check('external_identities_provider_check', inList('provider', EXTERNAL_PROVIDERS)),
  ],
)

export type WebSession = typeof webSessions.$inferSelect
export type ApiSession = typeof apiSessions.$inferSelect
export type RefreshToken = typeof refreshTokens.$inferSelect
export type LoginChallenge = typeof loginChallenges.$inferSelect
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect
export type ExternalIdentity = typeof externalIdentities.$inferSelect
