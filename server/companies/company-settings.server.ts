import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { companies } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { MANAGER_ROLE_NAMES } from '#catalog/roles.ts'
import { ADDRESS_LIMITS, isTimeZone, TIME_ZONE_MESSAGE } from '#catalog/company-settings.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { membershipIn, requireRole } from '../access/policy.ts'
import { idSchema, parseInput, isPlainLine, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { findCompanyByCode } from './membership-rules.server.ts'
import { routeWaitingRepairs } from '../repairs/route-waiting.server.ts'
import { msg } from '#catalog/i18n.ts'
import { CURRENCIES, REPAIR_COST_PAYER_RULE_VALUES } from '#catalog/costs.ts'
import { forbidden } from '../errors.ts'
import { EXPIRED_DRIVER_PRE_TRIP_RULE_VALUES, HOS_CYCLE_VALUES } from '#catalog/drivers.ts'

/** A company's time zone: an IANA name the runtime knows (`Intl.supportedValuesOf('timeZone')`, and UTC). */
export const timeZoneSchema = z.string().trim().refine(isTimeZone, TIME_ZONE_MESSAGE)

/**
 * The address as plain text lines: line endings made `\n`, each line trimmed, empty lines dropped;
 * no control or text-direction characters; empty means "no address" (null).
 */
export const addressSchema = z
  .string()
  .transform((v) =>
    v
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n'),
  )
  .pipe(
    z
      .string()
      .max(ADDRESS_LIMITS.maxLength, `The address is at most ${ADDRESS_LIMITS.maxLength} characters`)
      .refine((v) => v.split('\n').every((line) => isPlainLine(line)), UNSAFE_CHARACTERS_MESSAGE)
      .refine((v) => v.split('\n').length <= ADDRESS_LIMITS.maxLines, `The address is at most ${ADDRESS_LIMITS.maxLines} lines`),
  )
  .transform((v) => (v ? v : null))

/** The company as its managers see it (settings, QR). */
export async function getCompany(ctx: UseCaseContext, companyId: number) {
  requireRole(ctx.actor, companyId, [...MANAGER_ROLE_NAMES, 'Driver', 'Mechanic'])
  const [c] = await ctx.db.read.select().from(companies).where(eq(companies.id, companyId))
  if (!c) throw new AppError('NOT_FOUND', msg('Company not found'))
  const shop = c.repairShopCompanyId
    ? (await ctx.db.read.select({ name: companies.name, code: companies.code }).from(companies).where(eq(companies.id, c.repairShopCompanyId)))[0]
    : undefined
  return {
    companyId: c.id,
    companyName: c.name,
    companyIdentifier: c.code,
    companyTypes: membershipIn(ctx.actor, companyId)?.companyTypes ?? [],
    timeZone: c.timeZone,
    address: c.address ?? null,
    repairShop: shop ? { name: shop.name, code: shop.code } : null,
    /** Costs (decision 085): the ISO code amounts are kept in, and (owner companies) who pays repairs by default. */
    currency: c.currency,
    repairCostPayer: c.repairCostPayer,
    /**
     * Operator companies (issue 37, decision 086): whether a driver whose license or medical
     * certificate has expired may still file a pre-trip, and the hours-of-service cycle; null elsewhere.
     */
    drivers: (membershipIn(ctx.actor, companyId)?.companyTypes ?? []).includes('Operator')
      ? { expiredDriverPreTrip: c.expiredDriverPreTrip, hosCycle: c.hosCycle }
      : null,
  }
}

export const DRIVER_SETTINGS_TEXT = {
  rule: msg('Choose whether a driver with an expired license or medical certificate may file a pre-trip'),
  cycle: msg('Choose 60 hours in 7 days or 70 hours in 8 days'),
  notYours: msg('Only the operator company’s managers set the driver rules'),
} as const
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const companySettingsInput = z.object({
  companyId: idSchema,
  name: z.string().trim().min(1, msg('Company name is required')).max(100, msg('Company name is at most 100 characters')).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).optional(),
  timeZone: timeZoneSchema.optional(),
  /** The postal address, one line per line; empty clears it. */
  address: addressSchema.nullish(),
  /** The repair shop that receives repair actions, by its company code; empty clears it. */
  repairShopCode: z.string().trim().max(20).nullish(),
  /** Costs (decision 085): the company's currency (ISO 4217), USD by default. */
  currency: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(CURRENCIES, { error: msg('Choose a currency from the list') }).optional()),
  /** Owner companies (role Owner): who a repair's cost lines are charged to by default. */
  repairCostPayer: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(REPAIR_COST_PAYER_RULE_VALUES, { error: msg('Choose who pays repairs') }).optional()),
  /** Operator companies (role Operator): `allow` or `refuse` a pre-trip by a driver whose license or medical certificate has expired. */
  expiredDriverPreTrip: z.preprocess(blankToUndefined, z.enum(EXPIRED_DRIVER_PRE_TRIP_RULE_VALUES, { error: DRIVER_SETTINGS_TEXT.rule }).optional()),
  /** Operator companies (role Operator): the hours-of-service cycle, `60/7` or `70/8` (395.5(b)). */
  hosCycle: z.preprocess(blankToUndefined, z.enum(HOS_CYCLE_VALUES, { error: DRIVER_SETTINGS_TEXT.cycle }).optional()),
})

/** PUT /api/Company/settings and the company settings page (any manager of the company). */
export async function updateCompanySettings(ctx: UseCaseContext, input: unknown) {
  const v = parseInput(companySettingsInput, input)
  const me = requireRole(ctx.actor, v.companyId, MANAGER_ROLE_NAMES)
  // Who pays repairs is the owner company's rule: its Owner managers set it.
  if (v.repairCostPayer !== undefined && !membershipIn(me, v.companyId)?.roles.some((r) => r.name === 'Owner')) {
    throw forbidden(msg('Only the owner company’s managers choose who pays repairs'))
  }
  // The driver rules are the operator company's: its Operator managers set them.
  const setsDriverRules = v.expiredDriverPreTrip !== undefined || v.hosCycle !== undefined
  if (setsDriverRules && !(membershipIn(me, v.companyId)?.roles.some((r) => r.name === 'Operator') && membershipIn(me, v.companyId)?.companyTypes.includes('Operator'))) {
    throw forbidden(DRIVER_SETTINGS_TEXT.notYours)
  }
  await ctx.db.transaction(async (tx) => {
    const set: Partial<typeof companies.$inferInsert> = {}
    const [before] = await tx
      .select({ currency: companies.currency, repairCostPayer: companies.repairCostPayer, expiredDriverPreTrip: companies.expiredDriverPreTrip, hosCycle: companies.hosCycle })
      .from(companies)
      .where(eq(companies.id, v.companyId))
    const driverRules: Record<string, string> = {}
    if (v.expiredDriverPreTrip !== undefined && v.expiredDriverPreTrip !== before?.expiredDriverPreTrip) {
      set.expiredDriverPreTrip = v.expiredDriverPreTrip
      driverRules.expiredDriverPreTrip = v.expiredDriverPreTrip
    }
    if (v.hosCycle !== undefined && v.hosCycle !== before?.hosCycle) {
      set.hosCycle = v.hosCycle
      driverRules.hosCycle = v.hosCycle
    }
    if (Object.keys(driverRules).length) await audit(tx, me, { action: 'driverSettings.update', companyId: v.companyId, entityType: 'company', entityId: v.companyId, details: driverRules })
    const costs: Record<string, string> = {}
    if (v.currency !== undefined && v.currency !== before?.currency) {
      set.currency = v.currency
      costs.currency = v.currency
    }
    if (v.repairCostPayer !== undefined && v.repairCostPayer !== before?.repairCostPayer) {
      set.repairCostPayer = v.repairCostPayer
      costs.repairCostPayer = v.repairCostPayer
    }
    if (Object.keys(costs).length) await audit(tx, me, { action: 'costSettings.update', companyId: v.companyId, entityType: 'company', entityId: v.companyId, details: costs })
    if (v.name !== undefined) set.name = v.name
    if (v.timeZone !== undefined) set.timeZone = v.timeZone
    if (v.address !== undefined) set.address = v.address
    if (v.repairShopCode !== undefined) {
      if (!v.repairShopCode) set.repairShopCompanyId = null
      else {
        const shop = await findCompanyByCode(tx, v.repairShopCode).catch(() => {
          throw new AppError('BAD_REQUEST', msg('No repair shop has this code'), { fieldErrors: { repairShopCode: msg('No repair shop has this code') } })
        })
        if (!shop.types.includes('RepairShop')) {
          throw new AppError('BAD_REQUEST', `${shop.name} is not a repair shop`, {
            fieldErrors: { repairShopCode: `${shop.name} is not a repair shop` },
            localized: (t) => t('{company} is not a repair shop', { company: shop.name }),
          })
        }
        set.repairShopCompanyId = shop.id
      }
    }
    if (Object.keys(set).length) await tx.update(companies).set(set).where(eq(companies.id, v.companyId))
    // Repair actions waiting for a shop go to the one just chosen (decision 028).
    const routedRepairs = set.repairShopCompanyId ? await routeWaitingRepairs(tx, v.companyId, set.repairShopCompanyId) : 0
    await audit(tx, me, { action: 'company.settings', companyId: v.companyId, entityType: 'company', entityId: v.companyId, details: { ...v, routedRepairs } })
  })
  return getCompany(ctx, v.companyId)
}
