/**
 * THE due list (issue 35, decision 084): every bus × service task of an owner company with its
 * last service, next due point, projected date and state, plus the built-in 90-day
 * emergency-exit check and annual inspection, computed in ONE SQL statement. Filters, sort,
 * pages and the counts per state are SQL too: no reading is ever loaded into JavaScript.
 *
 * A shared room (db + catalog + server/access only): the due-list page, the fleet panel, the
 * alerts, the digest, the calendar feed, REST and tRPC all read this. No authorization inside:
 * callers authorize.
 *
 * The rules, per task (its current interval, so changing an interval recomputes from the last service):
 * - next date = last service date + interval days; no service: the first due date, else the day
 *   the bus joined the program + interval days;
 * - next life miles = last service's life miles + interval miles; no service: the first due
 *   odometer + the bus's current odometer offset, else the life miles at joining + interval
 *   miles. Shown as an odometer: next life miles − the current offset. Same for engine hours;
 * - Overdue when today ≥ the next date, or life miles ≥ the next, or life hours ≥ the next;
 *   DueSoon when within the task's "due soon" threshold in any unit; else OK;
 * - projected date: from the bus's miles (hours) a day, the remaining miles (hours) / rate days
 *   from today, rounded up; the projected due date is the earliest of the next date and the
 *   projections.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { msg } from '#catalog/i18n.ts'
import { DUE_STATE_VALUES, type DueState } from '#catalog/maintenance.ts'
import {
  annualInspectionBounds,
  annualInspectionDueSql,
  annualInspectionLastSql,
  emergencyExitBounds,
  emergencyExitDueSql,
  emergencyExitLastSql,
} from './built-in-due.server.ts'

export type { DueState }

export type DueItemKind = 'task' | 'emergencyExitCheck' | 'annualInspection'

export interface DueItem {
  kind: DueItemKind
  vehicleId: number
  vehicleIdentifier: string
  ownerCompanyId: number
  programId: number | null
  programName: string | null
  taskId: number | null
  /** The task's name; a built-in item's English name (translate with its kind). */
  taskName: string
  lastServiceOn: string | null
  lastOdometer: number | null
  lastEngineHours: number | null
  nextDueDate: string | null
  nextDueOdometer: number | null
  nextDueEngineHours: number | null
  projectedDueDate: string | null
  state: DueState
  /** An open service repair action of the bus has this task. */
  sentToShop: boolean
}

export type DueSort = 'state' | 'nextDue' | 'vehicle' | 'task'
export const DUE_SORTS = ['state', 'nextDue', 'vehicle', 'task'] as const satisfies readonly DueSort[]

export interface DueQuery {
  ownerCompanyId: number
  /**
   * With `vehicleIds`: the buses may belong to several owner companies (an operator's assigned
   * buses); `ownerCompanyId` is then not a filter.
   */
  acrossOwners?: boolean
  /** The owner company's calendar date, 'YYYY-MM-DD'. */
  today: string
  /** Only these buses (an operator's assigned buses). An empty list: nothing. */
  vehicleIds?: number[]
  vehicleId?: number
  states?: DueState[]
  programId?: number
  taskId?: number
  /** Each tag must be contained in the identifier, make, model, plate, VIN or color (the fleet table's tag filter). */
  tag?: string[]
  /** The bus identifier contains this text. */
  vehicleIdentifier?: string
  /** Include the built-in items (default true; left out when a program or task is filtered). */
  builtIns?: boolean
  sort?: DueSort
  dir?: 'asc' | 'desc'
  page?: number
  pageSize?: number
}

export interface DueResult {
  items: DueItem[]
  /** Items matching every filter (the state filter included). */
  total: number
  /** Items per state, matching every filter but the state filter. */
  counts: Record<DueState, number>
}

/** The English names of the built-in items (translated where they are shown). */
export const BUILT_IN_TASK_NAMES = {
  emergencyExitCheck: msg('90-day emergency exit check'),
  annualInspection: msg('Annual inspection'),
} as const

/** The largest number of days a projection reaches (a bus barely moving: a century, not an invalid date). */
const MAX_PROJECTION_DAYS = 36_500
/** At most this many items a page (the doors' input). */
export const DUE_MAX_PAGE_SIZE = 500
/** At most this many items one statement returns (the CSV reads in such batches). */
export const DUE_MAX_BATCH = 5000

const like = (column: SQL, value: string) => sql`${column} LIKE ${'%' + value.replace(/[\\%_]/g, (c) => '\\' + c) + '%'} ESCAPE '\\'`

/** The Julian day number of a 'YYYY-MM-DD' date at midnight (SQLite's `julianday()`), computed once in JavaScript. */
export function julianDay(day: string): number {
  return Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / 86_400_000 + 2_440_587.5
}

/**
 * SQL: the Julian day `remaining` units away at `rate` units a day, counted from `todayJd` in
 * whole days rounded up (integer arithmetic: no ceil() in every SQLite); NULL without a rate.
 */
function projectionSql(remaining: SQL, rate: SQL, todayJd: number): SQL {
  const x = sql`(max(${remaining}, 0) * 1.0 / ${rate})`
  const days = sql`min(CAST(${x} AS INTEGER) + (${x} > CAST(${x} AS INTEGER)), ${MAX_PROJECTION_DAYS})`
  return sql`CASE WHEN ${remaining} IS NOT NULL AND ${rate} > 0 THEN ${todayJd} + ${days} END`
}

/** SQL: the earliest of Julian days that may be NULL (NULL when all are). */
function earliest(...days: SQL[]): SQL {
  return sql`nullif(min(${sql.join(
    days.map((d) => sql`coalesce(${d}, 1e9)`),
    sql`, `,
  )}), 1e9)`
}

const acrossOwners = (q: DueQuery) => q.acrossOwners === true && q.vehicleIds !== undefined

/** The WHERE pieces on the bus ("v") common to the tasks and the built-ins. */
function vehicleFilters(q: DueQuery): SQL[] {
  const out: SQL[] = [sql`"v"."archived_at" IS NULL`]
  if (!acrossOwners(q)) out.push(sql`"v"."owner_company_id" = ${q.ownerCompanyId}`)
  if (q.vehicleId !== undefined) out.push(sql`"v"."id" = ${q.vehicleId}`)
  if (q.vehicleIds) out.push(sql`"v"."id" IN (SELECT "value" FROM json_each(${JSON.stringify(q.vehicleIds)}))`)
  for (const tag of q.tag ?? []) {
    const t = tag.trim()
    if (!t) continue
    out.push(
      sql`(${sql.join(
        ['vehicle_identifier', 'make', 'model', 'license_plate', 'vin', 'color'].map((c) => like(sql`"v".${sql.identifier(c)}`, t)),
        sql` OR `,
      )})`,
    )
  }
  if (q.vehicleIdentifier?.trim()) out.push(like(sql`"v"."vehicle_identifier"`, q.vehicleIdentifier.trim()))
  return out
}

/**
 * The statement's CTEs: "points" (each bus × task's due point in life units, dates as Julian
 * days: one date parse a row, numbers after that) and "items" (every filter but the state's,
 * with the state and the projected day; the built-ins joined with UNION ALL).
 */
function itemsCtes(q: DueQuery): SQL {
  const todayJd = julianDay(q.today)
  const lifeMiles = sql`("v"."odometer" + "v"."odometer_offset")`
  const lifeHours = sql`("v"."engine_hours" + "v"."engine_hours_offset")`

  const nextJd = sql`CASE WHEN "l"."record_id" IS NOT NULL
      THEN julianday("l"."performed_on") + "t"."interval_days"
      ELSE coalesce(julianday("t"."first_due_date"), julianday("pv"."joined_on") + "t"."interval_days") END`
  const nextMiles = sql`CASE WHEN "l"."record_id" IS NOT NULL
      THEN "l"."life_miles" + "t"."interval_miles"
      ELSE coalesce("t"."first_due_miles" + "v"."odometer_offset", "pv"."join_life_miles" + "t"."interval_miles") END`
  const nextHours = sql`CASE WHEN "l"."record_id" IS NOT NULL
      THEN "l"."life_hours" + "t"."interval_hours"
      ELSE coalesce("t"."first_due_hours" + "v"."engine_hours_offset", "pv"."join_life_hours" + "t"."interval_hours") END`

  const taskFilters: SQL[] = [...(acrossOwners(q) ? [] : [sql`"pv"."owner_company_id" = ${q.ownerCompanyId}`]), ...vehicleFilters(q)]
  if (q.programId !== undefined) taskFilters.push(sql`"pv"."program_id" = ${q.programId}`)
  if (q.taskId !== undefined) taskFilters.push(sql`"t"."id" = ${q.taskId}`)

  // Stage 1, a co-routine (OFFSET keeps SQLite from flattening it into stage 2, so each due point
  // is computed once a row): the next due point and what is left of each unit (days, life miles,
  // life hours; NULL when the task has no such interval or the bus no such meter).
  const points = sql`SELECT
      "v"."id" AS "vehicle_id", "v"."vehicle_identifier" AS "vehicle_identifier",
      "pv"."program_id" AS "program_id", "t"."id" AS "task_id", "t"."name" AS "task_name", "l"."record_id" AS "record_id",
      ${nextJd} AS "next_jd", ${nextMiles} - "v"."odometer_offset" AS "next_odometer", ${nextHours} - "v"."engine_hours_offset" AS "next_engine_hours",
      ${nextMiles} - ${lifeMiles} AS "left_miles", ${nextHours} - ${lifeHours} AS "left_hours",
      "v"."miles_per_day" AS "miles_per_day", "v"."hours_per_day" AS "hours_per_day",
      "t"."soon_days" AS "soon_days", "t"."soon_miles" AS "soon_miles", "t"."soon_hours" AS "soon_hours"
    FROM "service_program_vehicles" AS "pv"
    JOIN "vehicles" AS "v" ON "v"."id" = "pv"."vehicle_id"
    JOIN "service_tasks" AS "t" ON "t"."program_id" = "pv"."program_id" AND "t"."owner_company_id" = "pv"."owner_company_id"
    LEFT JOIN "vehicle_service_last" AS "l" ON "l"."vehicle_id" = "pv"."vehicle_id" AND "l"."task_id" = "t"."id"
    WHERE ${sql.join(taskFilters, sql` AND `)}
    LIMIT -1 OFFSET 0`

  // Stage 2: states (a NULL comparison is not true: a unit the task lacks never decides) and projections.
  const leftDays = sql`("next_jd" - ${todayJd})`
  const overdue = sql`(${leftDays} <= 0 OR "left_miles" <= 0 OR "left_hours" <= 0)`
  const soon = sql`(${leftDays} <= "soon_days" OR "left_miles" <= "soon_miles" OR "left_hours" <= "soon_hours")`
  const projected = earliest(sql`"next_jd"`, projectionSql(sql`"left_miles"`, sql`"miles_per_day"`, todayJd), projectionSql(sql`"left_hours"`, sql`"hours_per_day"`, todayJd))
  const tasks = sql`SELECT 'task' AS "kind", "vehicle_id", "vehicle_identifier", "program_id", "task_id", "task_name",
      NULL AS "last_on", "record_id", "next_jd", "next_odometer", "next_engine_hours",
      ${projected} AS "projected_jd",
      CASE WHEN ${overdue} THEN 0 WHEN ${soon} THEN 1 ELSE 2 END AS "rank"
    FROM "points"`

  const withBuiltIns = q.builtIns ?? (q.programId === undefined && q.taskId === undefined)
  let items = tasks
  if (withBuiltIns) {
    const vWhere = sql.join(vehicleFilters(q), sql` AND `)
    // Each built-in item in three layers kept apart (OFFSET): the bus and its last record, its due
    // date (the shared rule, built-in-due.server.ts), then its state; each computed once a row.
    const builtIn = (kind: keyof typeof BUILT_IN_TASK_NAMES, last: SQL, due: SQL, b: { overdueUntil: string; soonUntil: string }, missingState: DueState) =>
      sql`SELECT ${kind} AS "kind", "vehicle_id", "vehicle_identifier", NULL AS "program_id", NULL AS "task_id",
          ${BUILT_IN_TASK_NAMES[kind]} AS "task_name", "last_on", NULL AS "record_id", julianday("due") AS "next_jd", NULL AS "next_odometer", NULL AS "next_engine_hours",
          julianday("due") AS "projected_jd",
          CASE WHEN "due" IS NULL THEN ${RANK[missingState]} WHEN "due" <= ${b.overdueUntil} THEN 0 WHEN "due" <= ${b.soonUntil} THEN 1 ELSE 2 END AS "rank"
        FROM (SELECT "bv".*, ${due} AS "due"
          FROM (SELECT "v"."id" AS "vehicle_id", "v"."id" AS "id", "v"."vehicle_identifier" AS "vehicle_identifier", "v"."created_at" AS "created_at",
              "v"."next_inspection" AS "next_inspection", ${last} AS "last_on"
            FROM "vehicles" AS "v" WHERE ${vWhere} LIMIT -1 OFFSET 0) AS "bv"
          LIMIT -1 OFFSET 0)`
    // An annual inspection with no date at all is a compliance gap (the compliance view's "missing"): listed as overdue.
    items = sql`${tasks}
      UNION ALL ${builtIn('emergencyExitCheck', emergencyExitLastSql('v'), emergencyExitDueSql('bv', sql`"bv"."last_on"`), emergencyExitBounds(q.today), 'Overdue')}
      UNION ALL ${builtIn('annualInspection', annualInspectionLastSql('v'), annualInspectionDueSql('bv'), annualInspectionBounds(q.today), 'Overdue')}`
  }
  return sql`"points" AS NOT MATERIALIZED (${points}), "items" AS MATERIALIZED (${items})`
}

/** A state as the statement carries it: its rank, most urgent first (catalog/maintenance.ts DUE_STATES order). */
const RANK: Record<DueState, number> = { Overdue: 0, DueSoon: 1, OK: 2 }
const STATE_OF_RANK = ['Overdue', 'DueSoon', 'OK'] as const satisfies readonly DueState[]
function orderSql(sort: DueSort, dir: 'asc' | 'desc', from?: string): SQL {
  const c = (name: string) => (from ? sql`${sql.identifier(from)}.${sql.identifier(name)}` : sql.identifier(name))
  const d = sql.raw(dir === 'desc' ? 'DESC' : 'ASC')
  const ties = sql`${c('vehicle_identifier')} ASC, ${c('task_name')} ASC, ${c('vehicle_id')} ASC, ${c('kind')} ASC, ${c('task_id')} ASC`
  switch (sort) {
    case 'nextDue':
      return sql`${c('projected_jd')} IS NULL, ${c('projected_jd')} ${d}, ${c('rank')} ASC, ${ties}`
    case 'vehicle':
      return sql`${c('vehicle_identifier')} ${d}, ${c('vehicle_id')} ${d}, ${c('rank')} ASC, ${c('task_name')} ASC, ${c('kind')} ASC, ${c('task_id')} ASC`
    case 'task':
      return sql`${c('task_name')} ${d}, ${c('rank')} ASC, ${c('vehicle_identifier')} ASC, ${c('vehicle_id')} ASC, ${c('kind')} ASC, ${c('task_id')} ASC`
    default:
      return sql`${c('rank')} ${d}, ${c('projected_jd')} IS NULL, ${c('projected_jd')} ASC, ${ties}`
  }
}

interface Row {
  kind: DueItemKind
  vehicle_id: number
  vehicle_identifier: string
  owner_company_id: number
  program_id: number | null
  program_name: string | null
  task_id: number | null
  task_name: string
  last_on: string | null
  last_odometer: number | null
  last_engine_hours: number | null
  next_date: string | null
  next_odometer: number | null
  next_engine_hours: number | null
  projected: string | null
  rank: number
  sent_to_shop: number
  counts: string | null
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))

function toItem(r: Row): DueItem {
  return {
    kind: r.kind,
    vehicleId: Number(r.vehicle_id),
    vehicleIdentifier: String(r.vehicle_identifier),
    ownerCompanyId: Number(r.owner_company_id),
    programId: num(r.program_id),
    programName: r.program_name ?? null,
    taskId: num(r.task_id),
    taskName: String(r.task_name),
    lastServiceOn: r.last_on ?? null,
    lastOdometer: num(r.last_odometer),
    lastEngineHours: num(r.last_engine_hours),
    nextDueDate: r.next_date ?? null,
    nextDueOdometer: num(r.next_odometer),
    nextDueEngineHours: num(r.next_engine_hours),
    projectedDueDate: r.projected ?? null,
    state: STATE_OF_RANK[Number(r.rank)] ?? 'OK',
    sentToShop: Number(r.sent_to_shop) === 1,
  }
}

function countsOf(json: string | null | undefined): Record<DueState, number> {
  const counts = Object.fromEntries(DUE_STATE_VALUES.map((s) => [s, 0])) as Record<DueState, number>
  if (json) for (const [k, v] of Object.entries(JSON.parse(json) as Record<string, number>)) if (k in counts) counts[k as DueState] = Number(v)
  return counts
}

/** SQL: the counts per state of "items", as one JSON object (one pass, no sort). */
const COUNTS_SQL = sql`(SELECT json_object('Overdue', coalesce(sum("rank" = 0), 0), 'DueSoon', coalesce(sum("rank" = 1), 0), 'OK', coalesce(sum("rank" = 2), 0)) FROM "items")`

/** The statement: the page's items, each carrying the counts per state (the total is their sum over the states asked). */
export function dueItemsStatement(q: DueQuery): SQL {
  const sort = q.sort ?? 'state'
  const dir = q.dir ?? 'asc'
  const pageSize = Math.min(Math.max(1, Math.trunc(q.pageSize ?? 25)), DUE_MAX_BATCH)
  const page = Math.max(1, Math.trunc(q.page ?? 1))
  const stateWhere = q.states?.length ? sql`WHERE "rank" IN (${sql.join(q.states.map((s) => sql`${RANK[s]}`), sql`, `)})` : sql``
  const order = orderSql(sort, dir)
  return sql`WITH ${itemsCtes(q)},
    "page" AS (SELECT * FROM "items" ${stateWhere} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize})
    SELECT "page"."kind", "page"."vehicle_id", "page"."vehicle_identifier", "v"."owner_company_id" AS "owner_company_id",
      "page"."program_id", "p"."name" AS "program_name", "page"."task_id", "page"."task_name", "page"."rank",
      coalesce("sr"."performed_on", "page"."last_on") AS "last_on", "sr"."odometer" AS "last_odometer", "sr"."engine_hours" AS "last_engine_hours",
      date("page"."next_jd") AS "next_date", "page"."next_odometer", "page"."next_engine_hours", date("page"."projected_jd") AS "projected",
      CASE WHEN "page"."kind" = 'task' THEN EXISTS (SELECT 1 FROM "repair_actions" AS "ra" JOIN "repair_tasks" AS "rt" ON "rt"."repair_action_id" = "ra"."id"
        WHERE "ra"."vehicle_id" = "page"."vehicle_id" AND "ra"."repaired_at" IS NULL AND "rt"."service_task_id" = "page"."task_id") ELSE 0 END AS "sent_to_shop",
      ${COUNTS_SQL} AS "counts"
    FROM "page"
    JOIN "vehicles" AS "v" ON "v"."id" = "page"."vehicle_id"
    LEFT JOIN "service_programs" AS "p" ON "p"."id" = "page"."program_id"
    LEFT JOIN "service_records" AS "sr" ON "sr"."id" = "page"."record_id"
    ORDER BY ${orderSql(sort, dir, 'page')}`
}

/** The items matching the states asked (all when none): the sum of their counts. */
function totalOf(counts: Record<DueState, number>, states: DueState[] | undefined): number {
  const asked: readonly DueState[] = states?.length ? [...new Set(states)] : DUE_STATE_VALUES
  return asked.reduce((n: number, s: DueState) => n + counts[s], 0)
}

/**
 * The due items of an owner company's buses (every filter, sort and page in SQL), with the
 * total and the counts per state. No authorization here: callers decide who sees which buses.
 */
export async function selectDueItems(read: Tx, q: DueQuery): Promise<DueResult> {
  if (q.vehicleIds && q.vehicleIds.length === 0) return { items: [], total: 0, counts: countsOf(null) }
  const rows = await read.all<Row>(dueItemsStatement(q))
  // A page past the end (or nothing at all): the counts alone.
  const counts = rows.length > 0 ? countsOf(rows[0]!.counts) : countsOf((await read.all<{ counts: string | null }>(sql`WITH ${itemsCtes(q)} SELECT ${COUNTS_SQL} AS "counts"`))[0]?.counts)
  return { items: rows.map(toItem), total: totalOf(counts, q.states), counts }
}

/**
 * Every due item in `states` of each given company, for the digest and the alerts: one statement
 * per company (bounded: no per-bus query), unpaged but capped at `limit` items, most urgent first.
 */
export async function dueItemsInStates(read: Tx, q: { ownerCompanyId: number; today: string; states: DueState[]; builtIns?: boolean; limit?: number }): Promise<DueResult> {
  return selectDueItems(read, { ownerCompanyId: q.ownerCompanyId, today: q.today, states: q.states, builtIns: q.builtIns ?? false, pageSize: q.limit ?? DUE_MAX_PAGE_SIZE })
}
