/**
 * Engine hours (issue 35, decision 084): the value every door accepts, written once. Browser-safe
 * (zod and catalog/ only): the pre-trip and inspection pages check it before posting or queueing.
 */
import { z } from 'zod'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { msg, withValues } from '#catalog/i18n.ts'

export const ENGINE_HOURS_TEXT = {
  invalid: withValues(msg('Engine hours are a number from 0 to {max} with at most one decimal'), {
    max: MAINTENANCE_LIMITS.engineHoursMax.toLocaleString('en-US'),
  }),
  required: msg('Enter the engine hours'),
} as const

/** At most one decimal (0.1 h = 6 minutes), allowing for binary fractions such as 0.1 + 0.2. */
export function hasAtMostOneDecimal(v: number): boolean {
  return Math.abs(v * 10 - Math.round(v * 10)) < 1e-6
}

/** "1234.5" or "1234,5" (a Spanish keyboard) as a number; anything else is left for zod to refuse. */
function numericText(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const s = v.trim()
  return /^\d{1,7}([.,]\d+)?$/.test(s) ? Number(s.replace(',', '.')) : v
}

/** A reading: 0 to MAINTENANCE_LIMITS.engineHoursMax, at most one decimal; blank or absent is "Enter the engine hours". */
export const engineHoursValue = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : numericText(v)),
  z
    .number({ error: (issue) => (issue.input === undefined ? ENGINE_HOURS_TEXT.required : ENGINE_HOURS_TEXT.invalid) })
    .min(0, ENGINE_HOURS_TEXT.invalid)
    .max(MAINTENANCE_LIMITS.engineHoursMax, ENGINE_HOURS_TEXT.invalid)
    .refine(hasAtMostOneDecimal, ENGINE_HOURS_TEXT.invalid),
)

/**
 * The optional reading of the pre-trip and the inspection: blank or absent is null (old clients
 * never send it). Rounded to one decimal as stored.
 */
export const optionalEngineHours = z
  .preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v), engineHoursValue.nullable())
  .optional()
  .transform((v) => (v === undefined || v === null ? null : Math.round(v * 10) / 10))
  .meta({ description: `Engine hours read on the hour meter (optional): 0 to ${MAINTENANCE_LIMITS.engineHoursMax}, at most one decimal` })
