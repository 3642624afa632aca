/**
 * The fuel and energy records of a date range as CSV (issue 36 point 5, decisions 077 and 085):
 * a company exports the records it paid for, and only those (`fuel_entries.company_id` = the
 * exporting company): the owner's managers its own fill-ups and charges of its buses, never an
 * operator's; the operator's managers its own, never the owner's. "A record export never carries
 * another payer's costs." The range is the company's calendar days (its time zone) over the
 * record's instant. Keyset batches in the order of the `(company_id, fueled_on)` index: the bus
 * owner's date, then the instant, then the id. Read from the tables directly (not server/costs:
 * activity imports exports, and costs imports activity).
 */
import { and, asc, eq, gt, gte, lt, lte, or } from 'drizzle-orm'
import { FUEL_ENTRY_SOURCES, FUEL_FLAGS, DEFAULT_CURRENCY } from '#catalog/costs.ts'
import { msg } from '#catalog/i18n.ts'
import { centsToDecimal, milliToDecimal } from '#catalog/money.ts'
import { companies, fuelEntries, vehicles } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { parseInput } from '../validation.ts'
import { CSV_BATCH, exportRangeInput, instantRange, keysetLines, localDateTime, requireCompanyRole, type CsvExport } from './common.server.ts'

/** Who exports fuel and energy records: the managers of a company that pays for them (decision 085). */
export const FUEL_EXPORT_ROLES = ['Owner', 'Operator'] as const

export const FUEL_CSV_HEADER = [
  msg('Fuel record ID'),
  msg('Date and time'),
  msg('Vehicle identifier'),
  msg('Source'),
  msg('Odometer'),
  msg('Quantity'),
  msg('Unit'),
  msg('Total'),
  msg('Currency'),
  msg('Station'),
  msg('Fuel card'),
  msg('Full'),
  msg('State of charge before (%)'),
  msg('State of charge after (%)'),
  msg('Efficiency (mpg or mi/kWh)'),
  msg('Flags'),
  msg('Recorded by'),
] as const

const DAY_MS = 86_400_000
/** `date` moved by `days` calendar days ('YYYY-MM-DD'). */
const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

const sourceLabel = new Map<string, string>(FUEL_ENTRY_SOURCES.map((s) => [s.value, s.label]))
const flagLabel = new Map<string, string>(FUEL_FLAGS.map((f) => [f.value, f.label]))

type Key = { on: string; at: Date; id: number }

export async function exportFuelRecordsCsv(ctx: UseCaseContext, input: unknown): Promise<CsvExport> {
  const v = parseInput(exportRangeInput, input)
  // Owner or Operator, either way the same rows: the ones the company paid for.
  requireCompanyRole(ctx, v.companyId, FUEL_EXPORT_ROLES)
  const [company] = await ctx.db.read.select({ tz: companies.timeZone, currency: companies.currency }).from(companies).where(eq(companies.id, v.companyId))
  const tz = company?.tz || 'UTC'
  const currency = company?.currency || DEFAULT_CURRENCY
  const { start, end } = instantRange(v.from, v.to, tz)
  // `fueled_on` is the bus owner's date: within two days of any other zone's date for the same
  // instant (UTC−12 … UTC+14). It bounds the index range; the instant decides.
  const onFrom = shiftDate(v.from, -2)
  const onTo = shiftDate(v.to, 2)
  const page = (after: Key | null) =>
    ctx.db.read
      .select({
        id: fuelEntries.id,
        fueledOn: fuelEntries.fueledOn,
        fueledAt: fuelEntries.fueledAt,
        vehicleIdentifier: vehicles.vehicleIdentifier,
        source: fuelEntries.source,
        odometer: fuelEntries.odometer,
        quantityMilli: fuelEntries.quantityMilli,
        unit: fuelEntries.unit,
        totalCents: fuelEntries.totalCents,
        station: fuelEntries.station,
        card: fuelEntries.card,
        full: fuelEntries.full,
        socBeforePct: fuelEntries.socBeforePct,
        socAfterPct: fuelEntries.socAfterPct,
        efficiencyMilli: fuelEntries.efficiencyMilli,
        flags: fuelEntries.flags,
        recordedByName: fuelEntries.recordedByName,
      })
      .from(fuelEntries)
      .innerJoin(vehicles, eq(vehicles.id, fuelEntries.vehicleId))
      .where(
        and(
          eq(fuelEntries.companyId, v.companyId),
          gte(fuelEntries.fueledOn, after && after.on > onFrom ? after.on : onFrom),
          lte(fuelEntries.fueledOn, onTo),
          gte(fuelEntries.fueledAt, start),
          lt(fuelEntries.fueledAt, end),
          after
            ? or(
                gt(fuelEntries.fueledOn, after.on),
                and(eq(fuelEntries.fueledOn, after.on), or(gt(fuelEntries.fueledAt, after.at), and(eq(fuelEntries.fueledAt, after.at), gt(fuelEntries.id, after.id)))),
              )
            : undefined,
        ),
      )
      .orderBy(asc(fuelEntries.fueledOn), asc(fuelEntries.fueledAt), asc(fuelEntries.id))
      .limit(CSV_BATCH)
  const lines = keysetLines(
    page,
    (last): Key => ({ on: last.fueledOn, at: last.fueledAt, id: last.id }),
    async function* (rows) {
      for (const r of rows) {
        yield [
          r.id,
          localDateTime(r.fueledAt, tz),
          r.vehicleIdentifier,
          sourceLabel.get(r.source) ?? r.source,
          r.odometer,
          milliToDecimal(r.quantityMilli),
          r.unit,
          centsToDecimal(r.totalCents),
          currency,
          r.station,
          r.card,
          r.full,
          r.socBeforePct,
          r.socAfterPct,
          r.efficiencyMilli === null ? null : milliToDecimal(r.efficiencyMilli),
          (r.flags ?? []).map((f) => flagLabel.get(f) ?? f).join('; ') || null,
          r.recordedByName,
        ]
      }
    },
  )
  return {
    fileName: `fuel-records-${v.companyId}-${v.from}-${v.to}.csv`,
    header: FUEL_CSV_HEADER,
    lines,
  }
}
