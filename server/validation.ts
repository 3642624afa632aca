import { z } from 'zod'
import { AppError, type LocalizedMessage } from './errors.ts'
import { msg, withValues } from '#catalog/i18n.ts'

/** Field path → first message, e.g. { "startDate": "Start date cannot be before today." }. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_'
    out[key] ??= issue.message
  }
  return out
}

/** Validates a use case's input; every field problem is named in the 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw invalidInput(result.error)
}

/** A failed validation as the 400 every door answers: every field's message, and all of them in the message. */
export function invalidInput(error: z.ZodError): AppError {
  const fieldErrors = fieldErrorsOf(error)
  const entries = Object.entries(fieldErrors)
  const message = entries.map(([k, v]) => (k === '_' ? v : `${k}: ${v}`)).join('; ')
  // On pages each field's message in the reader's language; the field names stay the API's.
  const localized: LocalizedMessage = (t) => entries.map(([k, v]) => (k === '_' ? t(v) : `${k}: ${t(v)}`)).join('; ')
  return new AppError('BAD_REQUEST', message || 'Invalid input', { fieldErrors, cause: error, localized: message ? localized : undefined })
}

/** Shared field schemas. */
export const idSchema = z.coerce.number().int().positive()
export const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use the format YYYY-MM-DD'))

/**
 * Characters refused in names and free texts (decision 022): NUL and the other
 * C0/C1 control characters, and the bidirectional controls (U+061C, U+200E/F,
 * U+202A–E overrides and embeddings, U+2066–9 isolates) that make a stored
 * name read differently from what it is. Free texts may keep tab and line
 * breaks; one-line names may not.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u
export const UNSAFE_CHARACTERS_MESSAGE = msg('Contains control or text-direction characters (such as NUL or U+202E); remove them')

export const isPlainLine = (v: string | null | undefined) => v == null || !UNSAFE_IN_LINE.test(v)
export const isPlainText = (v: string | null | undefined) => v == null || !UNSAFE_IN_TEXT.test(v)

/** "At most {n} characters": the message of every length limit, in the reader's language where shown. */
export const atMostCharacters = (max: number) => withValues(msg('At most {n} characters'), { n: max })

/** A free text (comments, messages): line breaks allowed, control and direction characters not. */
export function freeText(max = 2000) {
  return z.string().trim().max(max, atMostCharacters(max)).refine(isPlainText, UNSAFE_CHARACTERS_MESSAGE)
}
