import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { COST_LINE_KIND_VALUES, COST_PAYER_VALUES, FUEL_ENTRY_SOURCE_VALUES, FUEL_UNIT_VALUES, type FuelFlag } from '#catalog/costs.ts'
import { bool, id, inList, instant, instantNow, ref, updatedAtNow } from './columns.ts'
import { companies } from './companies.ts'
import { vehicles } from './fleet.ts'
import { repairActions } from './repairs.ts'
import { users } from './users.ts'

/**
 * A repair action's cost line (issue 36, decision 085), added by the repair shop: parts
 * (quantity × unit cost), labour (hours × rate, mechanic), outside work (vendor, amount) or tax.
 * `amount_cents` is the line's total, computed in integers. Charged to the owner or to the
 * operator whose assignment was active on the day the repair action was opened.
 */
export const repairCostLines = sqliteTable(
  'repair_cost_lines',
  {
    id: id(),
    repairActionId: ref('repair_action_id', () => repairActions.id, 'cascade'),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    /** The repair shop that added the line (it sees its own lines). */
    shopCompanyId: ref('shop_company_id', () => companies.id, 'cascade'),
    kind: text('kind', { enum: COST_LINE_KIND_VALUES }).notNull(),
    /** The part's name, the labour's description, the outside work, the tax's name. */
    description: text('description').notNull(),
    partNumber: text('part_number'),
    /** Parts: quantity in thousandths, unit cost in cents. */
    quantityMilli: integer('quantity_milli'),
    unitCostCents: integer('unit_cost_cents'),
    /** Labour: hours in hundredths, hourly rate in cents, the mechanic's name. */
    hoursHundredths: integer('hours_hundredths'),
    rateCents: integer('rate_cents'),
    mechanicName: text('mechanic_name'),
    /** Outside work: the vendor. */
    vendor: text('vendor'),
    /** The line's total in cents (parts and labour: computed, rounded half up; outside work and tax: as typed). */
    amountCents: integer('amount_cents').notNull(),
    payer: text('payer', { enum: COST_PAYER_VALUES }).notNull(),
    /** The company charged: the owner, or the operator of the assignment active on `charged_on`. */
    payerCompanyId: ref('payer_company_id', () => companies.id, 'cascade'),
    /** The day the repair action was opened ('YYYY-MM-DD', the owner's time zone): the month the cost counts in. */
    chargedOn: text('charged_on').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
  },
  (t) => [
    index('repair_cost_lines_repair_action_idx').on(t.repairActionId, t.id),
    index('repair_cost_lines_vehicle_charged_idx').on(t.vehicleId, t.chargedOn),
    index('repair_cost_lines_payer_charged_idx').on(t.payerCompanyId, t.chargedOn),
    index('repair_cost_lines_shop_idx').on(t.shopCompanyId, t.createdAt),
    uniqueIndex('repair_cost_lines_idempotency_unique').on(t.createdByUserId, t.idempotencyKey),
    check('repair_cost_lines_kind_check', inList('kind', COST_LINE_KIND_VALUES)),
    check('repair_cost_lines_payer_check', inList('payer', COST_PAYER_VALUES)),
    check('repair_cost_lines_amount_check', sql`"amount_cents" >= 0`),
  ],
)

/**
 * A fill-up or a charge (issue 36 point 2): from the driver's phone, typed by a manager, or a fuel
 * card's CSV. Its odometer is also kept in the bus's odometer history (source `fuel`). Efficiency
 * is computed when the record is written (miles per gallon between full fill-ups; miles per kWh
 * from the energy delivered since the previous charge), with its flags.
 */
export const fuelEntries = sqliteTable(
  'fuel_entries',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    /** The company that recorded and paid it (the owner, or the operator holding the bus). */
    companyId: ref('company_id', () => companies.id, 'cascade'),
    source: text('source', { enum: FUEL_ENTRY_SOURCE_VALUES }).notNull(),
    fueledAt: instant('fueled_at').notNull(),
    /** 'YYYY-MM-DD' of `fueled_at` in the owner's time zone: the month the cost counts in. */
    fueledOn: text('fueled_on').notNull(),
    odometer: integer('odometer').notNull(),
    /** `odometer + odometer_offset` at the time (decision 084): distances across a correction stay right. */
    lifeMiles: integer('life_miles').notNull(),
    /** Thousandths of `unit`. */
    quantityMilli: integer('quantity_milli').notNull(),
    unit: text('unit', { enum: FUEL_UNIT_VALUES }).notNull(),
    totalCents: integer('total_cents').notNull(),
    station: text('station'),
    /** The fuel card's number (an import matches it to a bus). */
    card: text('card'),
    /** A full tank (or a charge to the target): where miles per gallon are measured from. */
    full: bool('full').notNull().default(true),
    /** Electric buses: state of charge before and after, percent. */
    socBeforePct: integer('soc_before_pct'),
    socAfterPct: integer('soc_after_pct'),
    /** Miles per gallon (fuel) or per kWh (energy) measured at this record, in thousandths; null when it cannot be. */
    efficiencyMilli: integer('efficiency_milli'),
    /**
     * What the efficiency was measured over (both null when it was not measured): the miles since
     * the record it measures from, and the quantity used over them in thousandths (gallons-equivalent
     * for fuel, litres converted; kWh for energy), rounded to a thousandth. Written with
     * `efficiency_milli` and added to `vehicle_month_fuel` in the same transaction.
     */
    measuredMiles: integer('measured_miles'),
    measuredMilli: integer('measured_milli'),
    flags: text('flags', { mode: 'json' }).$type<FuelFlag[]>(),
    importId: integer('import_id').references(() => fuelImports.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name'),
    createdAt: instantNow('created_at'),
  },
  (t) => [
    index('fuel_entries_vehicle_idx').on(t.vehicleId, t.fueledAt, t.id),
    index('fuel_entries_company_idx').on(t.companyId, t.fueledOn),
    index('fuel_entries_owner_idx').on(t.ownerCompanyId, t.fueledOn),
    uniqueIndex('fuel_entries_idempotency_unique').on(t.recordedByUserId, t.idempotencyKey),
    check('fuel_entries_source_check', inList('source', FUEL_ENTRY_SOURCE_VALUES)),
    check('fuel_entries_unit_check', inList('unit', FUEL_UNIT_VALUES)),
    check('fuel_entries_amounts_check', sql`"quantity_milli" > 0 AND "total_cents" >= 0 AND "odometer" >= 0`),
    check('fuel_entries_soc_check', sql`("soc_before_pct" IS NULL OR "soc_before_pct" BETWEEN 0 AND 100) AND ("soc_after_pct" IS NULL OR "soc_after_pct" BETWEEN 0 AND 100)`),
  ],
)

export const FUEL_IMPORT_STATUSES = ['staged', 'imported'] as const

/** A fuel card CSV between its preview and its import (the fleet import's pattern, decision 076). */
export const fuelImports = sqliteTable(
  'fuel_imports',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id, 'cascade'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: FUEL_IMPORT_STATUSES }).notNull().default('staged'),
    totalRows: integer('total_rows').notNull(),
    validRows: integer('valid_rows').notNull(),
    problemRows: integer('problem_rows').notNull(),
    importedCount: integer('imported_count'),
    /** The preview (rows as read, each row's problems), as JSON. */
    preview: text('preview').notNull(),
    createdAt: instantNow('created_at'),
    importedAt: instant('imported_at'),
  },
  (t) => [index('fuel_imports_company_idx').on(t.companyId, t.createdAt), check('fuel_imports_status_check', inList('status', FUEL_IMPORT_STATUSES))],
)

/**
 * The monthly rollup of each bus's costs by payer (cents), kept current in the transaction of
 * every cost line, fuel record and service record: cost per mile is a sum over these rows.
 */
export const vehicleMonthCosts = sqliteTable(
  'vehicle_month_costs',
  {
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    /** 'YYYY-MM' in the owner's time zone. */
    month: text('month').notNull(),
    payerCompanyId: ref('payer_company_id', () => companies.id, 'cascade'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    repairCents: integer('repair_cents').notNull().default(0),
    serviceCents: integer('service_cents').notNull().default(0),
    fuelCents: integer('fuel_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.month, t.payerCompanyId] }),
    index('vehicle_month_costs_owner_idx').on(t.ownerCompanyId, t.month),
    index('vehicle_month_costs_payer_idx').on(t.payerCompanyId, t.month),
  ],
)

/**
 * Miles each bus drove in each month (decision 085): each odometer reading adds the step from the
 * bus's previous reading to the month it was taken in; the first reading is the baseline (0) and
 * an owner's correction adds 0 (its jump is not driven).
 */
export const vehicleMonthMiles = sqliteTable(
  'vehicle_month_miles',
  {
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    month: text('month').notNull(),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    miles: integer('miles').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.month] }), index('vehicle_month_miles_owner_idx').on(t.ownerCompanyId, t.month)],
)

export const FUEL_ENERGY_KINDS = ['fuel', 'electric'] as const
export type FuelEnergyKind = (typeof FUEL_ENERGY_KINDS)[number]

/**
 * The measured miles and quantities of each bus's fuel records by month, payer and kind (decision
 * 085): the sum of `fuel_entries.measured_miles` / `measured_milli` of the records of that bus,
 * month (of `fueled_on`, the owner's time zone), paying company and kind (fuel: gallons-equivalent
 * thousandths; electric: kWh thousandths), kept current in the transaction of every write that
 * measures a record. The dashboards' efficiency of a month is SUM(miles) ÷ SUM(quantity) over it.
 * A row whose sums fall back to zero is removed.
 */
export const vehicleMonthFuel = sqliteTable(
  'vehicle_month_fuel',
  {
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    /** 'YYYY-MM' in the owner's time zone. */
    month: text('month').notNull(),
    /** fuel_entries.company_id: the company that recorded and paid the records. */
    payerCompanyId: ref('payer_company_id', () => companies.id, 'cascade'),
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'cascade'),
    energy: text('energy', { enum: FUEL_ENERGY_KINDS }).notNull(),
    measuredMiles: integer('measured_miles').notNull().default(0),
    measuredMilli: integer('measured_milli').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.month, t.payerCompanyId, t.energy] }),
    index('vehicle_month_fuel_owner_idx').on(t.ownerCompanyId, t.month),
    index('vehicle_month_fuel_payer_idx').on(t.payerCompanyId, t.month),
    check('vehicle_month_fuel_energy_check', inList('energy', FUEL_ENERGY_KINDS)),
  ],
)

export type RepairCostLine = typeof repairCostLines.$inferSelect
export type FuelEntry = typeof fuelEntries.$inferSelect
export type FuelImport = typeof fuelImports.$inferSelect
