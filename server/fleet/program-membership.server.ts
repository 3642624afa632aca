/**
 * Which buses a service program holds (issue 35, decision 084): the rows of
 * `service_program_vehicles`, picked one by one (`kind = pick`) or matched by the program's rule
 * (`kind = rule`). Rule rows are rewritten here, in the caller's transaction, whenever the rule or
 * a bus changes (the program editor, vehicle create and edit, the fleet import), so a rule keeps
 * matching buses added later and the due list stays a join.
 *
 * A picked row is never downgraded by the rule; a bus that stops matching loses its rule row only
 * (its service records stay: they are history). Archived buses never match.
 *
 * It lives in fleet (vehicle writes call it; the program editor in maintenance too), so that the
 * rule's tag filter is the fleet table's own (`tagMatches`) and the arrow points one way.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companies, serviceProgramVehicles, servicePrograms, vehicles, type ProgramRule } from '#db/schema/index.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { tagMatches } from './list-vehicles.server.ts'


/** True when the rule has at least one filter (an empty rule matches nothing: the program has no rule). */
export function hasRule(rule: ProgramRule | null | undefined): rule is ProgramRule {
  if (!rule) return false
  return !!(rule.tag?.length || rule.make?.length || rule.model?.length || rule.yearFrom != null || rule.yearTo != null || rule.fuelType?.length)
}

/**
 * SQL over `vehicles`: the company's buses (not archived) that `rule` matches — the fleet table's
 * own filters (every tag must match identifier, make, model, plate, VIN or colour; makes, models
 * and fuel types: any of those listed; years on `year_build`).
 */
export function ruleWhere(ownerCompanyId: number, rule: ProgramRule): SQL {
  const filters: (SQL | undefined)[] = [eq(vehicles.ownerCompanyId, ownerCompanyId), isNull(vehicles.archivedAt)]
  for (const tag of rule.tag ?? []) filters.push(tagMatches(tag))
  if (rule.make?.length) filters.push(inArray(vehicles.make, rule.make))
  if (rule.model?.length) filters.push(inArray(vehicles.model, rule.model))
  if (rule.fuelType?.length) filters.push(inArray(vehicles.fuelType, rule.fuelType))
  if (rule.yearFrom != null) filters.push(gte(vehicles.yearBuild, rule.yearFrom))
  if (rule.yearTo != null) filters.push(lte(vehicles.yearBuild, rule.yearTo))
  return and(...filters)!
}

/** How many of the company's buses the rule matches now (0 for no rule). */
export async function countRuleMatches(read: Pick<Tx, 'select'>, ownerCompanyId: number, rule: ProgramRule | null | undefined): Promise<number> {
  if (!hasRule(rule)) return 0
  const [row] = await read.select({ n: sql<number>`count(*)` }).from(vehicles).where(ruleWhere(ownerCompanyId, rule))
  return Number(row?.n ?? 0)
}

/**
 * Rewrites the `kind = rule` rows of `ownerCompanyId`'s programs from each program's rule: for
 * `vehicleIds` only (a bus just created, edited or imported), or for every bus. Inside the
 * caller's transaction. A bus newly matched joins on the company's today with its life meters
 * (odometer + offset, engine hours + offset) as its baseline; a bus already in keeps its row; a
 * picked bus stays picked; a rule row whose bus no longer matches (or is archived) is deleted.
 */
export async function syncRuleMemberships(tx: Tx, ownerCompanyId: number, vehicleIds?: number[], now: Date = new Date()): Promise<void> {
  if (vehicleIds && vehicleIds.length === 0) return
  // For some buses only the programs with a rule can change (a rule's removal dropped its rows at once); for all, every program is checked.
  const programs = await tx
    .select({ id: servicePrograms.id, rule: servicePrograms.rule })
    .from(servicePrograms)
    .where(and(eq(servicePrograms.ownerCompanyId, ownerCompanyId), vehicleIds ? isNotNull(servicePrograms.rule) : undefined))
  if (programs.length === 0) return
  const [company] = await tx.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, ownerCompanyId))
  const today = todayIn(company?.tz, now)
  // Large id lists go in chunks (SQLite's bound-parameter limit).
  const chunks: (number[] | undefined)[] = vehicleIds ? chunk([...new Set(vehicleIds)], 500) : [undefined]
  for (const p of programs) {
    for (const ids of chunks) await syncProgram(tx, ownerCompanyId, p.id, p.rule, today, ids)
  }
}

/** One program's rule rows (for `ids`, or every bus). */
export async function syncProgram(tx: Tx, ownerCompanyId: number, programId: number, rule: ProgramRule | null, today: string, ids?: number[]): Promise<void> {
  const subset = ids ? inArray(serviceProgramVehicles.vehicleId, ids) : undefined
  const ruleRows = and(eq(serviceProgramVehicles.programId, programId), eq(serviceProgramVehicles.kind, 'rule'), subset)
  if (!hasRule(rule)) {
    await tx.delete(serviceProgramVehicles).where(ruleRows)
    return
  }
  const matching = and(ruleWhere(ownerCompanyId, rule), ids ? inArray(vehicles.id, ids) : undefined)!
  await tx.delete(serviceProgramVehicles).where(and(ruleRows, notInArray(serviceProgramVehicles.vehicleId, tx.select({ id: vehicles.id }).from(vehicles).where(matching))))
  // New matches join; a row already there (picked, or matched before) is left as it is.
  await tx.run(
    sql`INSERT INTO ${serviceProgramVehicles} ("program_id", "vehicle_id", "owner_company_id", "kind", "joined_on", "join_life_miles", "join_life_hours")
      SELECT ${programId}, ${vehicles.id}, ${ownerCompanyId}, 'rule', ${today}, ${vehicles.odometer} + ${vehicles.odometerOffset}, ${vehicles.engineHours} + ${vehicles.engineHoursOffset}
      FROM ${vehicles} WHERE ${matching}
      ON CONFLICT ("program_id", "vehicle_id") DO NOTHING`,
  )
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
