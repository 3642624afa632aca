import { z } from 'zod'
import { msg } from '#catalog/i18n.ts'

/** Spec section 9: at least 8 characters and one uppercase letter; PRODUCT.md: at most 128. */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export interface PasswordCheck {
  id: 'length' | 'uppercase' | 'match'
  label: string
  ok: boolean
}

/** The live checklist of the registration and reset forms. */
export function passwordChecks(password: string, confirm?: string): PasswordCheck[] {
  const checks: PasswordCheck[] = [
    { id: 'length', label: `At least ${PASSWORD_MIN} characters`, ok: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX },
    { id: 'uppercase', label: 'At least one uppercase letter', ok: /\p{Lu}/u.test(password) },
  ]
  if (confirm !== undefined) checks.push({ id: 'match', label: 'Passwords match', ok: password.length > 0 && password === confirm })
  return checks
}

export const passwordSchema = z
  .string({ message: msg('Password is required') })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => /\p{Lu}/u.test(p), msg('Password must contain at least one uppercase letter'))

export const emailSchema = z
  .string({ message: msg('Email is required') })
  .trim()
  .toLowerCase()
  .max(254, msg('Email is too long'))
  .pipe(z.email(msg('Please enter a valid email address')))
