import { isLocale, LOCALES, type Locale, msg } from '#catalog/i18n.ts'
import { and, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { userLicenses, userPhotos, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { readBlob, writeBlob } from '../blobs/blob-store.server.ts'
import { isLicenseTypeId } from '#catalog/license-types.ts'
import { ANNUAL_TEXT, INSPECTOR_QUALIFICATION_MAX, QUALIFIED_INSPECTOR_ROLES } from '#catalog/annual-inspection.ts'
import { isCountryCode, isUsState } from '#catalog/places.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { hasRoleAnywhere, requireUser } from '../access/policy.ts'
import { decodeImage } from '../uploads/image.server.ts'
import { dateOnly, parseInput, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

/**
 * Spec section 5: every field required; state only (and then required) for
 * the US; the date stored as YYYY-MM-DD. Shared by /completeProfile, the
 * profile dialog and POST /api/UserInfo/saveAdditionalData.
 */
export const profileFieldsSchema = z
  .object({
    firstName: z.string({ message: msg('First name is required') }).trim().min(1, msg('First name is required')).max(100).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
    lastName: z.string({ message: msg('Last name is required') }).trim().min(1, msg('Last name is required')).max(100).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
    dateOfBirth: z
      .string({ message: msg('Date of birth is required') })
      .trim()
      .transform((s) => s.slice(0, 10))
      .pipe(dateOnly.refine(isRealDate, msg('Enter a real date (YYYY-MM-DD)')))
      .refine((s) => s < new Date().toISOString().slice(0, 10), msg('Date of birth must be in the past'))
      .refine((s) => s >= '1900-01-01', 'Date of birth must be after 1900'),
    gender: z.coerce
      .number({ message: msg('Gender is required') })
      .int()
      .min(0, msg('Gender is required'))
      .max(3, msg('Gender is required')),
    countryCode: z
      .string({ message: msg('Country is required') })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, msg('Choose a country from the list')),
    comesFromState: z
      .string()
      .trim()
      .toUpperCase()
      .nullish()
      .transform((v) => v || null),
    phoneNumber: z
      .string({ message: msg('Phone number is required') })
      .trim()
      .min(1, msg('Phone number is required'))
      .max(30, msg('Phone number is too long'))
      .regex(/^\+?[0-9 ()./-]{6,30}$/, msg('Enter a phone number with digits, spaces or + - ( )')),
  })
  .superRefine((v, ctx) => {
    if (v.countryCode === 'US' && !v.comesFromState) {
      ctx.addIssue({ code: 'custom', path: ['comesFromState'], message: msg('State is required for the United States') })
    } else if (v.countryCode === 'US' && !isUsState(v.comesFromState)) {
      ctx.addIssue({ code: 'custom', path: ['comesFromState'], message: msg('Choose a state from the list') })
    }
  })
  .transform((v) => ({ ...v, comesFromState: v.countryCode === 'US' ? v.comesFromState : null }))

export const saveAdditionalDataInput = z.intersection(z.object({ id: z.coerce.number().int().positive() }), profileFieldsSchema)

export const licenseSchema = z.object({
  licenseTypeId: z.coerce.number().int().refine(isLicenseTypeId, msg('Choose a license type')),
  licenseNumber: z.string({ message: msg('License number is required') }).trim().min(1, msg('License number is required')).max(50).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
  state: z
    .string()
    .trim()
    .max(50)
    .refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE)
    .nullish()
    .transform((v) => v || null),
  expiryDate: dateOnly.refine(isRealDate, msg('Enter a real date (YYYY-MM-DD)')).nullish().transform((v) => v ?? null),
})

/** The qualification as typed: one line, trimmed, at most 200 characters; blank is none (null). */
export const inspectorQualificationSchema = z.preprocess(
  (v) => (v === null ? '' : v),
  z
    .string({ message: msg('Type your qualification') })
    .trim()
    .max(INSPECTOR_QUALIFICATION_MAX, ANNUAL_TEXT.qualificationTooLong)
    .refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE)
    .transform((v) => v || null),
)

export const updateProfileInput = z.intersection(
  profileFieldsSchema,
  z.object({
    /** base64 JPEG/PNG/WebP; null removes the photo; absent keeps it. */
    // No length rule: the decoded size is checked by decodeImage (413 over 2 MiB, API.md).
    profilePhoto: z.string().nullish(),
    userLicenses: z.array(licenseSchema).max(20).optional(),
    /**
     * A Mechanic's or Repair shop manager's inspector qualification (49 CFR 396.19, decision 066):
     * absent keeps it, blank or null clears it. An optional extra of PUT /api/Profile.
     */
    inspectorQualification: inspectorQualificationSchema.optional(),
  }),
)

function ownUser(ctx: UseCaseContext, userId?: number) {
  const user = requireUser(ctx.actor)
  if (userId !== undefined && userId !== user.userId) throw forbidden(msg('You can only see your own account'))
  return user
}

async function loadUser(ctx: UseCaseContext, userId: number) {
  const [row] = await ctx.db.read
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', msg('User not found'))
  return row
}

/** The personal fields of the spec's user info, shared by GetUserInfo and the profile. */
function personalFields(u: Awaited<ReturnType<typeof loadUser>>) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    dateOfBirth: u.dateOfBirth,
    gender: u.gender,
    phoneNumber: u.phoneNumber,
    countryCode: u.countryCode,
    comesFromState: u.comesFromState,
  }
}

/** The profile fields a complete profile has (spec section 5; decision 058). */
export type ProfileCompletionField = 'firstName' | 'lastName' | 'dateOfBirth' | 'gender' | 'countryCode' | 'comesFromState' | 'phoneNumber'

/**
 * Which of the spec's required profile fields (section 5: first name, last name, date of
 * birth, gender, country, phone number; the state when the country is the US) are still
 * empty. Registration asks only for the names, so a new account lacks the date of birth, the
 * phone number and (country US by default) the state. Gender and country have stored
 * defaults, so they count as given.
 */
export function missingProfileFields(u: {
  firstName: string
  lastName: string
  dateOfBirth: string | null
  gender: number | null
  countryCode: string | null
  comesFromState: string | null
  phoneNumber: string | null
}): ProfileCompletionField[] {
  const blank = (v: string | null) => !v || v.trim() === ''
  const missing: ProfileCompletionField[] = []
  if (blank(u.firstName)) missing.push('firstName')
  if (blank(u.lastName)) missing.push('lastName')
  if (blank(u.dateOfBirth)) missing.push('dateOfBirth')
  if (u.gender === null) missing.push('gender')
  if (blank(u.countryCode)) missing.push('countryCode')
  if (u.countryCode === 'US' && blank(u.comesFromState)) missing.push('comesFromState')
  if (blank(u.phoneNumber)) missing.push('phoneNumber')
  return missing
}

/**
 * Is the caller's profile complete? The layout's menu and the dashboard show a call to
 * /completeProfile while it is not (issue 12, decision 058); tRPC `profile.completion`.
 */
export async function getProfileCompletion(ctx: UseCaseContext): Promise<{ complete: boolean; missing: ProfileCompletionField[] }> {
  const me = ownUser(ctx)
  const [u] = await ctx.db.read
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
      countryCode: users.countryCode,
      comesFromState: users.comesFromState,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(and(eq(users.id, me.userId), isNull(users.deletedAt)))
    .limit(1)
  if (!u) throw new AppError('NOT_FOUND', msg('User not found'))
  const missing = missingProfileFields(u)
  return { complete: missing.length === 0, missing }
}

/** GET /api/Dashboard/GetUserInfo (own user only). */
export async function getUserInfo(ctx: UseCaseContext, userId?: number) {
  const me = ownUser(ctx, userId)
  return personalFields(await loadUser(ctx, me.userId))
}

async function photoBase64(ctx: UseCaseContext, userId: number): Promise<string | null> {
  const [p] = await ctx.db.read.select({ blobId: userPhotos.blobId }).from(userPhotos).where(eq(userPhotos.userId, userId))
  return p ? (await readBlob(ctx.db.read, p.blobId)).toString('base64') : null
}

/** GET /api/Dashboard/GetDashboardUserInfo: name, photo, join date. */
export async function getDashboardUserInfo(ctx: UseCaseContext, userId?: number) {
  const me = ownUser(ctx, userId)
  const u = await loadUser(ctx, me.userId)
  return {
    name: `${u.firstName} ${u.lastName}`.trim(),
    profilePhoto: await photoBase64(ctx, u.id),
    joinDate: u.createdAt.toISOString(),
  }
}

/** GET /api/Profile: the spec's User profile. */
export async function getProfile(ctx: UseCaseContext) {
  const me = ownUser(ctx)
  const u = await loadUser(ctx, me.userId)
  const licenses = await ctx.db.read
    .select({
      licenseTypeId: userLicenses.licenseTypeId,
      licenseNumber: userLicenses.licenseNumber,
      state: userLicenses.state,
      expiryDate: userLicenses.expiryDate,
    })
    .from(userLicenses)
    .where(eq(userLicenses.userId, u.id))
    .orderBy(userLicenses.id)
  return {
    ...personalFields(u),
    profilePhoto: await photoBase64(ctx, u.id),
    username: u.email,
    joinDate: u.createdAt.toISOString(),
    twoFactorType: u.twoFactorType,
    personalIdentifier: u.personalIdentifier,
    userLicenses: licenses,
  }
}

/** POST /api/UserInfo/saveAdditionalData and /completeProfile. */
export async function saveAdditionalData(ctx: UseCaseContext, input: unknown) {
  const me = requireUser(ctx.actor)
  const raw = (input ?? {}) as { id?: unknown }
  if (raw.id !== undefined && raw.id !== null && Number(raw.id) !== me.userId) throw forbidden(msg('You can only change your own account'))
  const v = parseInput(profileFieldsSchema, input)
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ ...v, updatedAt: now }).where(eq(users.id, me.userId))
    await audit(tx, me, { action: 'user.profile', entityType: 'user', entityId: me.userId })
  })
  return getUserInfo(ctx)
}

/** PUT /api/Profile and the profile edit dialog: fields, photo, licenses, atomically. */
export async function updateProfile(ctx: UseCaseContext, input: unknown) {
  const me = requireUser(ctx.actor)
  const v = parseInput(updateProfileInput, input)
  const now = ctx.now ?? new Date()
  // Checked and re-encoded without its metadata (decision 022) before anything is written.
  const photo =
    typeof v.profilePhoto === 'string' && v.profilePhoto !== ''
      ? await decodeImage(v.profilePhoto, { field: 'profilePhoto', maxWidth: 4096, maxHeight: 4096 })
      : null
  // Decision 066: only an inspector who files annual inspections holds a qualification.
  if (v.inspectorQualification && !hasRoleAnywhere(me, QUALIFIED_INSPECTOR_ROLES)) {
    throw new AppError('BAD_REQUEST', ANNUAL_TEXT.qualificationNotInspector, { fieldErrors: { inspectorQualification: ANNUAL_TEXT.qualificationNotInspector } })
  }
  await ctx.db.transaction(async (tx) => {
    const { profilePhoto: _p, userLicenses: licenses, inspectorQualification, ...fields } = v
    await tx
      .update(users)
      .set({ ...fields, ...(inspectorQualification === undefined ? {} : { inspectorQualification }), updatedAt: now })
      .where(eq(users.id, me.userId))
    if (photo) {
      // The replaced photo's chunks go with its old blob_id (trigger, decision 070).
      const { blobId } = await writeBlob(tx, photo.bytes)
      await tx
        .insert(userPhotos)
        .values({ userId: me.userId, blobId, contentType: photo.contentType, updatedAt: now })
        .onConflictDoUpdate({ target: userPhotos.userId, set: { blobId, contentType: photo.contentType, updatedAt: now } })
    } else if (v.profilePhoto === null || v.profilePhoto === '') {
      await tx.delete(userPhotos).where(eq(userPhotos.userId, me.userId))
    }
    if (licenses) {
      await tx.delete(userLicenses).where(eq(userLicenses.userId, me.userId))
      if (licenses.length) await tx.insert(userLicenses).values(licenses.map((l) => ({ ...l, userId: me.userId })))
    }
    await audit(tx, me, { action: 'user.profile', entityType: 'user', entityId: me.userId })
  })
  return getProfile(ctx)
}

/** "Email me the morning alert digest": the form's 'true'/'false' or a boolean (tRPC). */
export const alertDigestInput = z.object({
  alertDigest: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: 'Choose true or false',
  }),
})

/**
 * The caller's morning alert digest setting (issue 11, decision 037), apart from the REST
 * profile whose shape API.md fixes. `ownerManager`: the caller holds an active Owner role
 * somewhere, the only people the digest is sent to (the page shows the switch to them).
 */
export async function getAlertDigestSetting(ctx: UseCaseContext): Promise<{ alertDigest: boolean; ownerManager: boolean }> {
  const me = requireUser(ctx.actor)
  const [u] = await ctx.db.read.select({ alertDigest: users.alertDigest }).from(users).where(and(eq(users.id, me.userId), isNull(users.deletedAt)))
  if (!u) throw new AppError('NOT_FOUND', msg('User not found'))
  return { alertDigest: u.alertDigest, ownerManager: hasRoleAnywhere(me, ['Owner']) }
}

/** Turns the caller's own morning alert digest on or off (the profile switch, tRPC `profile.setAlertDigest`). */
export async function setAlertDigest(ctx: UseCaseContext, input: unknown): Promise<{ alertDigest: boolean }> {
  const me = requireUser(ctx.actor)
  const { alertDigest } = parseInput(alertDigestInput, input)
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ alertDigest, updatedAt: now }).where(and(eq(users.id, me.userId), isNull(users.deletedAt)))
    await audit(tx, me, { action: 'user.alertDigest', entityType: 'user', entityId: me.userId, details: { alertDigest } })
  })
  return { alertDigest }
}

export const languageInput = z.object({ locale: z.enum(LOCALES, { message: msg('Choose English or Español') }) })

/** The caller's language (decision 074): pages after sign-in, and the emails and PDFs they receive. */
export async function setMyLanguage(ctx: UseCaseContext, input: unknown): Promise<{ locale: Locale }> {
  const me = requireUser(ctx.actor)
  const { locale } = parseInput(languageInput, input)
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ locale, updatedAt: now }).where(and(eq(users.id, me.userId), isNull(users.deletedAt)))
    await audit(tx, me, { action: 'user.locale', entityType: 'user', entityId: me.userId, details: { locale } })
  })
  return { locale }
}

/** A user's language, as kept on the account (sign-in puts it in the language cookie). */
export async function languageOfUser(ctx: UseCaseContext, userId: number): Promise<Locale> {
  const [u] = await ctx.db.read.select({ locale: users.locale }).from(users).where(eq(users.id, userId))
  return u && isLocale(u.locale) ? u.locale : 'en'
}

/**
 * The caller's inspector qualification (49 CFR 396.19, decision 066), apart from the REST profile
 * whose shape API.md fixes. `inspector`: the caller holds a Mechanic or Repair shop role, the
 * people the profile page asks (tRPC `profile.inspectorQualification`).
 */
export async function getInspectorQualification(ctx: UseCaseContext): Promise<{ inspectorQualification: string | null; inspector: boolean }> {
  const me = requireUser(ctx.actor)
  const [u] = await ctx.db.read.select({ q: users.inspectorQualification }).from(users).where(and(eq(users.id, me.userId), isNull(users.deletedAt)))
  if (!u) throw new AppError('NOT_FOUND', msg('User not found'))
  return { inspectorQualification: u.q ?? null, inspector: hasRoleAnywhere(me, QUALIFIED_INSPECTOR_ROLES) }
}
