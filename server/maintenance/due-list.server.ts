/**
 * The due list's use case (issue 35 point 3, decision 084): the page /maintenance/{companyId},
 * its CSV, the fleet panel's Maintenance tab, tRPC `maintenance.due.*` and REST
 * GET /api/Maintenance/getDueItems all call `listDueItems`.
 *
 * Who:
 * - an Owner manager of the company: every bus of the company (`scope: 'owner'`);
 * - an Operator manager of the company: the buses with an assignment to it active today (in
 *   its time zone), whoever owns them, read-only (`scope: 'operator'`);
 * - anyone else: 403 (API.md: the request names a company where the caller lacks the role).
 * The computation itself is server/alerts/due-items.server.ts (one SQL statement).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { DUE_STATE_VALUES, type DueState } from '#catalog/maintenance.ts'
import { msg } from '#catalog/i18n.ts'
import { operatorAssignments, servicePrograms, serviceTasks } from '#db/schema/index.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { DUE_MAX_BATCH, DUE_MAX_PAGE_SIZE, DUE_SORTS, selectDueItems, type DueItem, type DueQuery } from '../alerts/due-items.server.ts'
import { hasRole, requireUser } from '../access/policy.ts'
import { activeOn, companyToday } from '../access/vehicle-access.server.ts'
import { forbidden } from '../errors.ts'
import { idSchema, parseInput } from '../validation.ts'

/** The page sizes the due list offers (the fleet table's are 10/20/30; a due list is longer). */
export const DUE_PAGE_SIZES = [25, 50, 100] as const

/** A list from a query string: repeated (`state=A&state=B`), comma-separated (`state=A,B`) or an array. */
const list = <T extends z.ZodType>(item: T) =>
  z
    .preprocess((v) => {
      if (v === undefined || v === null || v === '') return []
      const values = Array.isArray(v) ? v : [v]
      return values.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '')
    }, z.array(item).max(20))
    .optional()
const optId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional())
const optText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(100).optional())

/** The list's filters, sort and page: the page's URL, the CSV's, tRPC's and REST's query. */
export const dueFiltersInput = z.object({
  state: list(z.enum(DUE_STATE_VALUES)),
  programId: optId,
  taskId: optId,
  vehicleId: optId,
  /** Every tag must match the identifier, make, model, plate, VIN or colour (the fleet table's tag filter). */
  tag: list(z.string().trim().min(1).max(60)),
  /** The bus identifier contains this text. */
  vehicle: optText,
  sort: z.enum(DUE_SORTS).default('state'),
  dir: z.enum(['asc', 'desc']).default('asc'),
})
export type DueFilters = z.output<typeof dueFiltersInput>

export const listDueItemsInput = dueFiltersInput.extend({
  companyId: idSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DUE_MAX_PAGE_SIZE).default(DUE_PAGE_SIZES[0]),
})
export type ListDueItemsInput = z.input<typeof listDueItemsInput>

/**
 * The page's URL read leniently: a parameter that breaks its rule reads as absent (its default
 * applies), so a hand-edited link still opens the page.
 */
export const dueSearchInput = z.object(
  Object.fromEntries(
    Object.entries(listDueItemsInput.omit({ companyId: true }).shape).map(([name, rule]) => [name, (rule as z.ZodType).catch(undefined)]),
  ) as { [K in keyof Omit<typeof listDueItemsInput.shape, 'companyId'>]: z.ZodCatch<(typeof listDueItemsInput.shape)[K]> },
)

export interface DueScope {
  companyId: number
  today: string
  scope: 'owner' | 'operator'
  /** Operators read; only the owner company's managers act. */
  readOnly: boolean
  /** The operator's buses (active assignments today); undefined for the owner: every bus of the company. */
  vehicleIds?: number[]
}

export interface DueListResult extends DueScope {
  items: DueItem[]
  total: number
  counts: Record<DueState, number>
  page: number
  pageSize: number
  pageCount: number
  filters: DueFilters
  /** The filter lists: the programs and tasks of the buses' owner companies. */
  options: { programs: { id: number; name: string }[]; tasks: { id: number; programId: number; name: string }[] }
}

/**
 * Who may read the due list of `companyId`, and which buses: the Owner managers (all), the
 * Operator managers (the buses assigned to the company today), anyone else 403.
 */
export async function dueScope(ctx: UseCaseContext, companyId: number): Promise<DueScope> {
  const me = requireUser(ctx.actor)
  const today = await companyToday(ctx, companyId)
  if (hasRole(me, companyId, ['Owner'])) return { companyId, today, scope: 'owner', readOnly: false }
  if (hasRole(me, companyId, ['Operator'])) {
    const rows = await ctx.db.read
      .selectDistinct({ id: operatorAssignments.vehicleId })
      .from(operatorAssignments)
      .where(and(eq(operatorAssignments.operatorCompanyId, companyId), activeOn(today)))
    return { companyId, today, scope: 'operator', readOnly: true, vehicleIds: rows.map((r) => r.id) }
  }
  throw forbidden(msg('You do not have access to this company'))
}

function dueQuery(q: z.output<typeof listDueItemsInput>, scope: DueScope): DueQuery {
  return {
    ownerCompanyId: q.companyId,
    acrossOwners: scope.scope === 'operator',
    today: scope.today,
    vehicleIds: scope.vehicleIds,
    vehicleId: q.vehicleId,
    states: q.state,
    programId: q.programId,
    taskId: q.taskId,
    tag: q.tag,
    vehicleIdentifier: q.vehicle,
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    pageSize: q.pageSize,
  }
}

/** The due items the caller may see, filtered, sorted and paged in SQL, with the counts per state. */
export async function listDueItems(ctx: UseCaseContext, input: unknown): Promise<DueListResult> {
  const q = parseInput(listDueItemsInput, input)
  const scope = await dueScope(ctx, q.companyId)
  const result = await selectDueItems(ctx.db.read, dueQuery(q, scope))
  const { companyId: _companyId, page: _page, pageSize: _pageSize, ...filters } = q
  return {
    ...scope,
    ...result,
    page: q.page,
    pageSize: q.pageSize,
    pageCount: Math.max(1, Math.ceil(result.total / q.pageSize)),
    filters,
    options: await filterOptions(ctx, scope),
  }
}

/** The programs and tasks to filter by: the company's own (owner), or those of its assigned buses' programs (operator). */
async function filterOptions(ctx: UseCaseContext, scope: DueScope): Promise<DueListResult['options']> {
  const owners =
    scope.scope === 'owner'
      ? [scope.companyId]
      : scope.vehicleIds?.length
        ? (
            await ctx.db.read.all<{ id: number }>(
              // The owners of the assigned buses (a handful of companies).
              sql`SELECT DISTINCT "owner_company_id" AS "id" FROM "vehicles" WHERE "id" IN (SELECT "value" FROM json_each(${JSON.stringify(scope.vehicleIds)}))`,
            )
          ).map((r) => Number(r.id))
        : []
  if (owners.length === 0) return { programs: [], tasks: [] }
  const programs = await ctx.db.read
    .select({ id: servicePrograms.id, name: servicePrograms.name })
    .from(servicePrograms)
    .where(inArray(servicePrograms.ownerCompanyId, owners))
    .orderBy(asc(servicePrograms.name), asc(servicePrograms.id))
    .limit(500)
  const tasks = await ctx.db.read
    .select({ id: serviceTasks.id, programId: serviceTasks.programId, name: serviceTasks.name })
    .from(serviceTasks)
    .where(inArray(serviceTasks.ownerCompanyId, owners))
    .orderBy(asc(serviceTasks.name), asc(serviceTasks.id))
    .limit(2000)
  return { programs, tasks }
}

/** The CSV's columns (stable names: a spreadsheet or a script reads them). */
export const DUE_CSV_HEADER = [
  'vehicleIdentifier',
  'kind',
  'programName',
  'taskName',
  'state',
  'lastServiceOn',
  'lastOdometer',
  'lastEngineHours',
  'nextDueDate',
  'nextDueOdometer',
  'nextDueEngineHours',
  'projectedDueDate',
  'sentToShop',
] as const

/**
 * GET /maintenance/{companyId}/export.csv: the due list with its filters and sort, every page,
 * read 2,000 items a statement as the response is pulled. Same readers as the list.
 */
export async function exportDueItemsCsv(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{ fileName: string; header: readonly string[]; lines: AsyncIterable<(string | number | boolean | null)[]> }> {
  const q = parseInput(listDueItemsInput, input)
  const scope = await dueScope(ctx, q.companyId)
  const batch = Math.min(2000, DUE_MAX_BATCH)
  const read = ctx.db.read
  async function* lines(): AsyncGenerator<(string | number | boolean | null)[]> {
    for (let page = 1; ; page++) {
      const { items } = await selectDueItems(read, { ...dueQuery(q, scope), page, pageSize: batch })
      for (const i of items) {
        yield [
          i.vehicleIdentifier,
          i.kind,
          i.programName,
          i.taskName,
          i.state,
          i.lastServiceOn,
          i.lastOdometer,
          i.lastEngineHours,
          i.nextDueDate,
          i.nextDueOdometer,
          i.nextDueEngineHours,
          i.projectedDueDate,
          i.sentToShop,
        ]
      }
      if (items.length < batch) return
    }
  }
  return { fileName: `maintenance-${q.companyId}-${scope.today.replaceAll('-', '')}.csv`, header: DUE_CSV_HEADER, lines: lines() }
}
