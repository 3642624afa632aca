/**
 * Service programs' inputs (issue 35, decision 084): the program, its tasks, its buses and its
 * rule, as the pages' forms, tRPC and REST send them. Browser-safe (zod and catalog/ only): the
 * program editor's forms read the same rules. Empty strings mean "not given".
 *
 * A task's interval is in days, miles and/or engine hours (at least one, each > 0: whichever comes
 * first); its "due soon" threshold is in the same units, never without that unit's interval and
 * smaller than it.
 */
import { z } from 'zod'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { SERVICE_TEMPLATE_KEYS } from '#catalog/maintenance-templates.ts'
import { FUEL_TYPE_VALUES } from '#catalog/vehicle.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import { atMostCharacters, freeText, idSchema, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'

const L = MAINTENANCE_LIMITS
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v)

export const PROGRAM_TEXT = {
  nameRequired: msg('Give the program a name'),
  taskNameRequired: msg('Give the task a name'),
  noInterval: msg('Give at least one interval: days, miles or engine hours'),
  intervalPositive: msg('An interval must be greater than 0'),
  soonNotSmaller: msg('The due-soon threshold must be smaller than its interval'),
  soonWithoutInterval: msg('A due-soon threshold needs an interval in the same unit'),
  wholeNumber: msg('Enter a whole number'),
  notNegative: msg('Cannot be negative'),
  yearRange: msg('"Year from" cannot be after "Year to"'),
  unknownTemplate: msg('Unknown template'),
} as const

const line = (max: number, required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(max, atMostCharacters(max))
    .refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE)

const optionalText = (max: number) => z.preprocess(blankToNull, freeText(max).nullish()).transform((v) => v || null)

/** A whole number, or null when not given; `positive` for intervals (0 and below refused). */
const count = (max: number, positive: boolean) =>
  z
    .preprocess(
      blankToNull,
      z.coerce
        .number({ message: PROGRAM_TEXT.wholeNumber })
        .int(PROGRAM_TEXT.wholeNumber)
        .min(positive ? 1 : 0, positive ? PROGRAM_TEXT.intervalPositive : PROGRAM_TEXT.notNegative)
        .max(max, withValues(msg('At most {n}'), { n: max }))
        .nullish(),
    )
    .transform((v) => v ?? null)

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}
const optionalDate = z
  .preprocess(
    blankToNull,
    z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use the format YYYY-MM-DD')).refine(isRealDate, msg('Enter a real date')).nullish(),
  )
  .transform((v) => v ?? null)

export const programFields = {
  name: line(L.programName, PROGRAM_TEXT.nameRequired),
  description: optionalText(L.programDescription),
}

export const createServiceProgramInput = z.object({ companyId: idSchema, ...programFields })
export type CreateServiceProgramInput = z.input<typeof createServiceProgramInput>

/** `version`: the program's version the edit started from (an older one is refused, 409). */
export const updateServiceProgramInput = z.object({ programId: idSchema, version: z.coerce.number().int().positive(), ...programFields })
export type UpdateServiceProgramInput = z.input<typeof updateServiceProgramInput>

export const programIdInput = z.object({ programId: idSchema })
export const taskIdInput = z.object({ taskId: idSchema })
export const companyIdInput = z.object({ companyId: idSchema })
export const copyServiceTemplateInput = z.object({
  companyId: idSchema,
  templateKey: z.string({ message: PROGRAM_TEXT.unknownTemplate }).refine((k) => (SERVICE_TEMPLATE_KEYS as readonly string[]).includes(k), PROGRAM_TEXT.unknownTemplate),
})

const UNITS = [
  { interval: 'intervalDays', soon: 'soonDays' },
  { interval: 'intervalMiles', soon: 'soonMiles' },
  { interval: 'intervalHours', soon: 'soonHours' },
] as const

const taskShape = {
  name: line(L.taskName, PROGRAM_TEXT.taskNameRequired),
  checklist: optionalText(L.checklist),
  intervalDays: count(L.maxIntervalDays, true),
  intervalMiles: count(L.maxIntervalMiles, true),
  intervalHours: count(L.maxIntervalHours, true),
  soonDays: count(L.maxIntervalDays, false),
  soonMiles: count(L.maxIntervalMiles, false),
  soonHours: count(L.maxIntervalHours, false),
  firstDueDate: optionalDate,
  firstDueMiles: count(L.maxIntervalMiles * 10, false),
  firstDueHours: count(L.engineHoursMax, false),
}

type TaskValues = { [K in (typeof UNITS)[number]['interval'] | (typeof UNITS)[number]['soon']]: number | null }

/** The interval rules across fields, each message under the field it is about. */
function checkIntervals(t: TaskValues, ctx: z.RefinementCtx) {
  if (t.intervalDays === null && t.intervalMiles === null && t.intervalHours === null) {
    ctx.addIssue({ code: 'custom', path: ['intervalDays'], message: PROGRAM_TEXT.noInterval })
  }
  for (const u of UNITS) {
    const interval = t[u.interval]
    const soon = t[u.soon]
    if (soon === null) continue
    if (interval === null) ctx.addIssue({ code: 'custom', path: [u.soon], message: PROGRAM_TEXT.soonWithoutInterval })
    else if (soon >= interval) ctx.addIssue({ code: 'custom', path: [u.soon], message: PROGRAM_TEXT.soonNotSmaller })
  }
}

export const serviceTaskFields = z.object(taskShape).superRefine(checkIntervals)
export const addServiceTaskInput = z.object({ programId: idSchema, ...taskShape }).superRefine(checkIntervals)
export type AddServiceTaskInput = z.input<typeof addServiceTaskInput>
export const updateServiceTaskInput = z.object({ taskId: idSchema, ...taskShape }).superRefine(checkIntervals)
export type UpdateServiceTaskInput = z.input<typeof updateServiceTaskInput>

const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(max, withValues(msg('At most {n} values'), { n: max })))
    .optional()
    .transform((v) => v ?? [])

const optionalYear = z
  .preprocess(blankToNull, z.coerce.number({ message: PROGRAM_TEXT.wholeNumber }).int(PROGRAM_TEXT.wholeNumber).min(1900, withValues(msg('At least {n}'), { n: 1900 })).max(2100, withValues(msg('At most {n}'), { n: 2100 })).nullish())
  .transform((v) => v ?? null)

/**
 * The rule: the fleet table's own filters (AND across fields, OR within one; every tag must match
 * identifier, make, model, plate, VIN or colour). Nothing given: no rule.
 */
export const programRuleInput = z
  .object({
    tag: list(z.string().trim().min(1).max(60, atMostCharacters(60)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE), 10),
    make: list(z.string().trim().min(1).max(100, atMostCharacters(100)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE), 50),
    model: list(z.string().trim().min(1).max(100, atMostCharacters(100)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE), 50),
    yearFrom: optionalYear,
    yearTo: optionalYear,
    fuelType: list(z.coerce.number().int().refine((n) => (FUEL_TYPE_VALUES as readonly number[]).includes(n), msg('Unknown fuel type')), FUEL_TYPE_VALUES.length),
  })
  .superRefine((r, ctx) => {
    if (r.yearFrom !== null && r.yearTo !== null && r.yearFrom > r.yearTo) ctx.addIssue({ code: 'custom', path: ['yearTo'], message: PROGRAM_TEXT.yearRange })
  })
export type ProgramRuleValues = z.output<typeof programRuleInput>

/** The stored rule: only what was given; null when nothing was. */
export function storedRule(r: ProgramRuleValues | null | undefined) {
  if (!r) return null
  const out: { tag?: string[]; make?: string[]; model?: string[]; yearFrom?: number; yearTo?: number; fuelType?: number[] } = {}
  if (r.tag.length) out.tag = [...new Set(r.tag)]
  if (r.make.length) out.make = [...new Set(r.make)]
  if (r.model.length) out.model = [...new Set(r.model)]
  if (r.yearFrom !== null) out.yearFrom = r.yearFrom
  if (r.yearTo !== null) out.yearTo = r.yearTo
  if (r.fuelType.length) out.fuelType = [...new Set(r.fuelType)]
  return Object.keys(out).length ? out : null
}

export const MAX_PICKED_VEHICLES = 5000

/**
 * A program's buses: those picked one by one (`vehicleIds`, replacing the picked set) and the
 * rule (null: none). `version`, when given, is the program's version the edit started from.
 */
export const setServiceProgramVehiclesInput = z.object({
  programId: idSchema,
  version: z.preprocess(blankToNull, z.coerce.number().int().positive().nullish()).transform((v) => v ?? null),
  vehicleIds: list(idSchema, MAX_PICKED_VEHICLES),
  rule: z.preprocess(blankToNull, programRuleInput.nullish()).transform((v) => v ?? null),
})
export type SetServiceProgramVehiclesInput = z.input<typeof setServiceProgramVehiclesInput>
