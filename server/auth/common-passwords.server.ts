import { dictionary } from '@zxcvbn-ts/language-common'
import { HARDENING_TEXT } from '#catalog/texts.ts'
import { passwordSchema } from './password-rules.ts'

/**
 * The ~49,000 most common passwords of public breach corpora, as bundled by
 * @zxcvbn-ts/language-common (offline: nothing is sent anywhere). Compared
 * case-insensitively, so "Password1" counts as "password1" (decision 023).
 * Server only: the browser never downloads the list.
 */
let common: Set<string> | undefined

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[])
  return common.has(password.toLowerCase())
}

/** A new password (registration, reset, change): the rules, and not a breached one. */
export const newPasswordSchema = passwordSchema.refine((p) => !isCommonPassword(p), HARDENING_TEXT.breachedPassword)
