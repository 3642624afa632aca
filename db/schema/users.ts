import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { LOCALES } from '#catalog/i18n.ts'
import { GENDER_VALUES, TWO_FACTOR_TYPE_VALUES } from '#catalog/statuses.ts'
import { bool, id, inList, instant, instantNow, ref, updatedAtNow } from './columns.ts'
import { licenseTypes } from './reference.ts'

export const users = sqliteTable(
  'users',
  {
    id: id(),
    /** Lower-case; null once the account is deleted (frees the address). */
    email: text('email'),
    /** Null for accounts that only sign in with an external provider (or deleted ones). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** YYYY-MM-DD */
    dateOfBirth: text('date_of_birth'),
    /** 0 Male, 1 Female, 2 Other, 3 Prefer Not to Say */
    gender: integer('gender').notNull().default(3),
    phoneNumber: text('phone_number'),
    countryCode: text('country_code').notNull().default('US'),
    comesFromState: text('comes_from_state'),
    /** Short printable code shown as a QR on the employees page, e.g. `USR-7H2K9Q`. */
    personalIdentifier: text('personal_identifier').notNull(),
    /** 0 Authenticator, 1 Email */
    twoFactorType: integer('two_factor_type').notNull().default(1),
    /** Base32 TOTP secret (Authenticator accounts). */
    totpSecret: text('totp_secret'),
    /** Last accepted TOTP time step: a code is accepted once (replay protection). */
    totpLastUsedStep: integer('totp_last_used_step'),
    /** Null until the first completed login (isFirstLogin). */
    firstLoginCompletedAt: instant('first_login_completed_at'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: instant('locked_until'),
    /** Owner managers receive the morning alert digest unless they turn it off in the profile. */
    alertDigest: bool('alert_digest').notNull().default(true),
    /** A mechanic's inspector qualification (49 CFR 396.19), printed on annual inspection reports. */
    inspectorQualification: text('inspector_qualification'),
    /** The user's language (decision 074): pages after sign-in, and the emails and PDFs they receive. */
    locale: text('locale').notNull().default('en'),
    /** The join date ("On Operon since"). */
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_personal_identifier_unique').on(t.personalIdentifier),
    check('users_email_lower_case', sql`"email" = lower("email")`),
    check('users_gender_check', inList('gender', GENDER_VALUES)),
    check('users_two_factor_type_check', inList('two_factor_type', TWO_FACTOR_TYPE_VALUES)),
    check('users_locale_check', inList('locale', LOCALES)),
  ],
)

/** Profile photo, in its own table so that user lists never load it. */
export const userPhotos = sqliteTable('user_photos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The bytes, in `blob_chunks` (decision 070). */
  blobId: text('blob_id').notNull(),
  contentType: text('content_type').notNull(),
  updatedAt: updatedAtNow('updated_at'),
})

export const userLicenses = sqliteTable(
  'user_licenses',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade'),
    licenseTypeId: ref('license_type_id', () => licenseTypes.id, 'restrict'),
    licenseNumber: text('license_number').notNull(),
    /** US state (or region) that issued the license. */
    state: text('state'),
    /** YYYY-MM-DD */
    expiryDate: text('expiry_date'),
  },
  (t) => [index('user_licenses_user_id_idx').on(t.userId)],
)

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type UserLicense = typeof userLicenses.$inferSelect
export type NewUserLicense = typeof userLicenses.$inferInsert
