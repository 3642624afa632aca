import { z } from 'zod'
import { AppError } from './errors.ts'

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
  const message = Object.entries(fieldErrors)
    .map(([k, v]) => (k === '_' ? v : `${k}: ${v}`))
    .join('; ')
  return new AppError('BAD_REQUEST', message || 'Invalid input', { fieldErrors, cause: error })
}

/** Shared field schemas. */
export const idSchema = z.coerce.number().int().positive()
export const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
