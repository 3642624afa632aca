import { z } from 'zod'
import { FLEET_SORT_COLUMNS, INTERIOR_FEATURES, LICENSE_STATUSES, PAGE_SIZES, SAFETY_FEATURES } from '#catalog/fleet.ts'
import { idSchema } from '../validation.ts'
import { msg } from '#catalog/i18n.ts'

/**
 * The fleet list's query (the page's URL, tRPC `fleet.list`), written once.
 * Browser-safe: zod and catalog/ only.
 */

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item)).optional()
const optText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(100).optional())
const optInt = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional())

export const fleetQueryInput = z.object({
  companyId: idSchema,
  scope: z.enum(['owner', 'operator']).default('owner'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), msg('Page size must be 10, 20 or 30'))
    .default(10),
  sort: z.enum(FLEET_SORT_COLUMNS).default('vehicleIdentifier'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /** The tag filter: every tag must match identifier, make, model, plate, VIN or colour. */
  tag: list(z.string().trim().min(1).max(60)),
  fuelType: list(z.coerce.number().int()),
  transmissionType: list(z.coerce.number().int()),
  powertrainType: list(z.coerce.number().int()),
  make: list(z.string().trim().max(100)),
  model: list(z.string().trim().max(100)),
  color: list(z.string().trim().max(100)),
  safety: list(z.enum(SAFETY_FEATURES)),
  interior: list(z.enum(INTERIOR_FEATURES)),
  vin: optText,
  vehicleIdentifier: optText,
  yearFrom: optInt,
  yearTo: optInt,
  licenseStatus: list(z.enum(LICENSE_STATUSES)),
  /** `outOfService`: only vehicles with an open safety-critical repair (issue 10). */
  service: list(z.enum(['outOfService'])),
})
export type FleetQuery = z.output<typeof fleetQueryInput>

const urlFields = fleetQueryInput.omit({ companyId: true, scope: true }).shape
type UrlField = keyof typeof urlFields

/**
 * The page's URL read leniently: each parameter is checked with the list's
 * own rule, and one that breaks it reads as absent (its default applies), so
 * a hand-edited link (`pageSize=7`, `sort=price`) still opens the page.
 */
export const fleetSearchInput = z.object(
  Object.fromEntries(Object.entries(urlFields).map(([name, rule]) => [name, (rule as z.ZodType).catch(undefined)])) as {
    [K in UrlField]: z.ZodCatch<(typeof urlFields)[K]>
  },
)
