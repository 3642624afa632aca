import { and, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import {
  parseRegistrationRole,
  REGISTRATION_ROLE_NAMES,
  type CompanyType,
  type RegistrationRole,
  type RoleName,
} from '#catalog/roles.ts'
import { TWO_FACTOR_TYPE } from '#catalog/statuses.ts'
import { TEXT } from '#catalog/texts.ts'
import { createCompanyTx } from '../companies/create-company.ts'
import { timeZoneSchema } from '../companies/company-settings.server.ts'
import { createJoinRequestTx, findCompanyByCode } from '../companies/membership-rules.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { env } from '../env.server.ts'
import { AppError } from '../errors.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import { kickMailWorker } from '../mail/delivery.server.ts'
import { enqueueMail } from '../mail/outbox.server.ts'
import { welcomeMail } from '../mail/templates.ts'
import { atMostCharacters, parseInput, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { hashPassword } from './password.server.ts'
import { newPersonalIdentifier } from './personal-identifier.server.ts'
import { newPasswordSchema } from './common-passwords.server.ts'
import { emailSchema } from './password-rules.ts'
import { newTotpSecret } from './totp.server.ts'
import { msg } from '#catalog/i18n.ts'

const roleName = z.string().transform((v, ctx) => {
  const role = parseRegistrationRole(v)
  if (!role) {
    ctx.addIssue({ code: 'custom', message: `Role must be one of ${REGISTRATION_ROLE_NAMES.join(', ')}` })
    return z.NEVER
  }
  return role
})

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, atMostCharacters(max))
    .refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : undefined))

export const registerInput = z
  .object({
    username: emailSchema,
    password: newPasswordSchema,
    firstName: z.string({ message: msg('First name is required') }).trim().min(1, msg('First name is required')).max(100).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
    lastName: optionalText(100),
    role: z
      .union([roleName, z.array(roleName)], { message: msg('Choose at least one role') })
      .transform((r) => {
        const list = Array.isArray(r) ? r : [r]
        return [...new Map(list.map((x) => [x.name, x])).values()] as RegistrationRole[]
      })
      .refine((r) => r.length > 0, msg('Choose at least one role')),
    twoFactorType: z.coerce
      .number({ message: msg('Choose Authenticator (0) or Email (1)') })
      .int()
      .pipe(z.union([z.literal(0), z.literal(1)], { message: msg('Choose Authenticator (0) or Email (1)') })),
    companyCode: optionalText(20),
    companyName: optionalText(100),
    /** The new company's time zone (decision 063); without it, the default zone. Ignored when joining. */
    timeZone: timeZoneSchema.nullish().transform((v) => v ?? undefined),
  })
  .superRefine((v, ctx) => {
    const managers = v.role.filter((r) => r.companyType)
    if (v.companyCode && v.companyName) {
      ctx.addIssue({ code: 'custom', path: ['companyCode'], message: msg('Give either a company code or a new company name, not both') })
    } else if (managers.length && !v.companyCode && !v.companyName) {
      ctx.addIssue({
        code: 'custom',
        path: ['companyCode'],
        message: msg('A company code (to join) or a new company name is required for a manager role'),
      })
    } else if (v.companyName && !managers.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['companyName'],
        message: msg('Creating a company needs a manager role (busOwner, operator or repairShop)'),
      })
    }
  })

export interface RegisterResult {
  message: string
  otpSecretKey: string | null
  userId: number
}

/**
 * Registration (POST /api/Auth/register and /register). One transaction: the
 * account, then either a new company (manager roles, and staff roles it
 * allows) or join requests to the company of the code; and the welcome mail.
 */
export async function registerUser(ctx: UseCaseContext, input: unknown): Promise<RegisterResult> {
  const v = parseInput(registerInput, input)
  const now = ctx.now ?? new Date()
  await consumeRateLimit('register', ctx.ip ?? 'unknown', ctx.db)
  const passwordHash = await hashPassword(v.password)
  const totpSecret = v.twoFactorType === TWO_FACTOR_TYPE.Authenticator ? newTotpSecret() : null

  const result = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, v.username), isNull(users.deletedAt)))
    if (taken) {
      throw new AppError('CONFLICT', msg('An account with this email already exists'), {
        fieldErrors: { username: msg('An account with this email already exists') },
      })
    }
    const personalIdentifier = await newPersonalIdentifier(tx)
    const [user] = await tx
      .insert(users)
      .values({
        email: v.username,
        passwordHash,
        firstName: v.firstName,
        lastName: v.lastName ?? '',
        personalIdentifier,
        twoFactorType: v.twoFactorType,
        locale: ctx.locale ?? 'en',
        totpSecret,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id })
    const userId = user!.id
    const roles = v.role.map((r) => r.companyRole as RoleName)

    if (v.companyName) {
      // The roles in the order given: the first manager role's type names the code's prefix.
      const types = [...new Set(v.role.map((r) => r.companyType).filter(Boolean))] as CompanyType[]
      await createCompanyTx(tx, { kind: 'anonymous' }, userId, { name: v.companyName, types, timeZone: v.timeZone, staffRoles: roles }, now)
    } else if (v.companyCode) {
      const company = await findCompanyByCode(tx, v.companyCode).catch((e: unknown) => {
        // Registration reports an unknown code as invalid input, not as a missing record.
        throw e instanceof AppError && e.code === 'NOT_FOUND' ? new AppError('BAD_REQUEST', e.message, { fieldErrors: e.fieldErrors }) : e
      })
      for (const r of roles) await createJoinRequestTx(tx, userId, company, r, now)
    }

    await audit(tx, { kind: 'anonymous' }, { action: 'user.register', entityType: 'user', entityId: userId, details: { roles } })
    await enqueueMail(tx, {
      to: v.username,
      ...welcomeMail({
        firstName: v.firstName,
        loginUrl: `${env().APP_URL}/login`,
        twoFactor: v.twoFactorType === TWO_FACTOR_TYPE.Authenticator ? 'Authenticator' : 'Email',
        locale: ctx.locale ?? 'en',
      }),
    })
    return { userId }
  })
  kickMailWorker()
  return { message: TEXT.registrationSuccessful, otpSecretKey: totpSecret, userId: result.userId }
}

/** POST /api/Auth/checkMail: does an account use this email? */
export async function checkMailExists(ctx: UseCaseContext, email: string): Promise<boolean> {
  await consumeRateLimit('checkMail', ctx.ip ?? 'unknown', ctx.db)
  const normalized = (email ?? '').trim().toLowerCase()
  if (!normalized) return false
  const [row] = await ctx.db.read
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, normalized), isNull(users.deletedAt)))
    .limit(1)
  return !!row
}
