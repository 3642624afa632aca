/**
 * Every SQL statement this process executes while a capture is on, with its parameters, on
 * both drivers, and their `EXPLAIN QUERY PLAN` judged against full scans of records tables.
 *
 * The capture wraps the drivers' own prototypes (better-sqlite3's Statement run/get/all/iterate;
 * libSQL's client and transaction execute/batch), so it sees every statement whoever sends
 * it (drizzle, raw SQL, the app's doors started in this process) without a hook in
 * db/client.ts. Test-only: nothing of it is loaded by the app.
 */
import { createClient, type InStatement } from '@libsql/client'
import { HttpClient, HttpTransaction } from '@libsql/client/http'
import { WsClient, WsTransaction } from '@libsql/client/ws'
import BetterSqlite3 from 'better-sqlite3'
import { filePathOf, type Database } from '#db/client.ts'

export interface CapturedStatement {
  sql: string
  params: unknown[] | Record<string, unknown>
}

let active: CapturedStatement[] | undefined
let installed: Promise<void> | undefined

function record(sql: string, params: unknown[] | Record<string, unknown>) {
  active?.push({ sql, params })
}

type Method = (...args: unknown[]) => unknown

async function install() {
  // better-sqlite3: the prototype shared by every prepared statement.
  const probe = new BetterSqlite3(':memory:')
  const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, Method>
  probe.close()
  for (const name of ['run', 'get', 'all', 'iterate']) {
    const original = statementProto[name]!
    statementProto[name] = function (this: { source: string }, ...args: unknown[]) {
      const first = args[0]
      record(this.source, args.length === 1 && first !== null && typeof first === 'object' && !Array.isArray(first) && !Buffer.isBuffer(first) ? (first as Record<string, unknown>) : args)
      return original.apply(this, args)
    }
  }

  // libSQL: the client's and its transactions' classes.
  // libSQL: the local client's classes, and the HTTP and WebSocket clients' (a sqld primary,
  // decision 069), with their transactions'.
  const client = createClient({ url: 'file::memory:' })
  const tx = await client.transaction('read')
  const protos = [Object.getPrototypeOf(client), Object.getPrototypeOf(tx)] as Record<string, Method>[]
  tx.close()
  client.close()
  for (const remote of [HttpClient, HttpTransaction, WsClient, WsTransaction]) protos.push(remote.prototype as unknown as Record<string, Method>)
  const note = (stmt: InStatement, args?: unknown) => {
    if (typeof stmt === 'string') record(stmt, (args as unknown[] | Record<string, unknown> | undefined) ?? [])
    else record(stmt.sql, (stmt.args as unknown[] | Record<string, unknown> | undefined) ?? [])
  }
  for (const proto of protos) {
    const execute = proto.execute!
    proto.execute = function (this: unknown, ...args: unknown[]) {
      note(args[0] as InStatement, args[1])
      return execute.apply(this, args)
    }
    const batch = proto.batch!
    proto.batch = function (this: unknown, ...args: unknown[]) {
      for (const stmt of (args[0] as InStatement[]) ?? []) note(Array.isArray(stmt) ? (stmt[0] as InStatement) : stmt, Array.isArray(stmt) ? stmt[1] : undefined)
      return batch.apply(this, args)
    }
  }
}

/** Runs `fn` and returns what it returned with every statement executed meanwhile. */
export async function captureSql<T>(fn: () => Promise<T>): Promise<{ result: T; statements: CapturedStatement[] }> {
  await (installed ??= install())
  if (active) throw new Error('captures do not nest')
  const statements: CapturedStatement[] = []
  active = statements
  try {
    return { result: await fn(), statements }
  } finally {
    active = undefined
  }
}

/**
 * The tables whose rows grow with the years (records, memberships, join requests, vehicles):
 * a statement must never read one of them whole.
 */
export const RECORDS_TABLES = [
  'pre_inspections',
  'pre_inspection_answers',
  'inspections',
  'inspection_items',
  'inspection_photos',
  'repair_actions',
  'repair_tasks',
  'vehicle_documents',
  'odometer_readings',
  'operator_assignments',
  'memberships',
  'join_requests',
  'vehicles',
] as const

export interface PlanRow {
  id: number
  parent: number
  detail: string
}

export interface PlanVerdict {
  statement: CapturedStatement
  plan: PlanRow[]
  /** The plan lines that read a records table whole (empty: the statement is fine). */
  offences: string[]
}

const KEYWORDS = new Set(['where', 'inner', 'left', 'right', 'full', 'cross', 'natural', 'join', 'on', 'using', 'group', 'order', 'limit', 'having', 'union', 'except', 'intersect', 'window', 'set', 'values', 'returning', 'as', 'indexed', 'not'])

/** alias → table for every `FROM t [AS] a` / `JOIN t [AS] a` of the statement (quotes of any kind). */
export function aliasesOf(sql: string): Map<string, string> {
  const map = new Map<string, string>()
  const re = /\b(?:from|join)\s+["`[]?(\w+)["`\]]?(?:\s+(?:as\s+)?["`[]?(\w+)["`\]]?)?/gi
  for (const m of sql.matchAll(re)) {
    const table = m[1]!.toLowerCase()
    map.set(table, table)
    const alias = m[2]?.toLowerCase()
    if (alias && !KEYWORDS.has(alias)) map.set(alias, table)
  }
  return map
}

/**
 * The rule (decision 040): a plan line that reads a records table must be a `SEARCH` (a lookup
 * or a range of an index or of the rowid, bounded by the statement's own values). Offences:
 * - `SCAN <table>`: the whole table;
 * - `SCAN <table> USING [COVERING] INDEX …`: the whole index (all companies' rows, only in
 *   index order: still grows with the years);
 * - `SEARCH <table> USING AUTOMATIC [COVERING|PARTIAL] INDEX …`: SQLite builds a temporary index
 *   by reading the whole table first.
 * The line names the table or its alias; aliases are resolved from the statement's FROM/JOIN.
 * Anything else (SEARCH, subquery and CTE scans, temporary B-trees, CONSTANT ROW) passes.
 */
export function offencesIn(sql: string, plan: PlanRow[]): string[] {
  const aliases = aliasesOf(sql)
  const records = new Set<string>(RECORDS_TABLES)
  const out: string[] = []
  for (const row of plan) {
    const m = /^(SCAN|SEARCH) (\S+)(?: AS (\S+))?(.*)$/.exec(row.detail)
    if (!m) continue
    const named = (m[3] ?? m[2]!).toLowerCase()
    const table = aliases.get(named) ?? named
    if (!records.has(table)) continue
    if (m[1] === 'SCAN' || /\bAUTOMATIC\b/.test(m[4]!)) out.push(`${row.detail}   [${table}]`)
  }
  return out
}

/** Statements with a query plan worth judging (not BEGIN, COMMIT, PRAGMA, SAVEPOINT…). */
function judged(sql: string): boolean {
  return /^\s*(select|with|update|delete|insert)\b/i.test(sql)
}

/** `EXPLAIN QUERY PLAN` of each distinct captured statement, on the database's own driver. */
export async function explainAll(db: Database, statements: CapturedStatement[]): Promise<PlanVerdict[]> {
  const seen = new Set<string>()
  const distinct = statements.filter((s) => {
    const key = `${s.sql}\u0000${JSON.stringify(s.params, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`
    if (seen.has(key) || !judged(s.sql)) return false
    seen.add(key)
    return true
  })
  const verdicts: PlanVerdict[] = []
  if (db.driver === 'better-sqlite3') {
    const path = filePathOf(db.url)
    const conn = new BetterSqlite3(path, { readonly: true })
    try {
      for (const statement of distinct) {
        const stmt = conn.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        const plan = (Array.isArray(statement.params) ? stmt.all(...statement.params) : stmt.all(statement.params)) as PlanRow[]
        verdicts.push({ statement, plan, offences: offencesIn(statement.sql, plan) })
      }
    } finally {
      conn.close()
    }
  } else {
    // A libSQL server (decision 069) explains over its own connection: the plan is the primary's.
    const client = createClient({ url: db.url.startsWith('file:') ? `file:${filePathOf(db.url)}` : db.url })
    try {
      for (const statement of distinct) {
        const res = await client.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.params as never })
        const plan = res.rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent), detail: String(r.detail) }))
        verdicts.push({ statement, plan, offences: offencesIn(statement.sql, plan) })
      }
    } finally {
      client.close()
    }
  }
  return verdicts
}

/** A readable report of the statements that offend, for an assertion message. */
export function describeOffences(verdicts: PlanVerdict[]): string {
  return verdicts
    .filter((v) => v.offences.length)
    .map((v) => `${v.statement.sql}\n  params: ${JSON.stringify(v.statement.params)}\n  plan:\n${v.plan.map((r) => `    ${r.detail}`).join('\n')}\n  offending: ${v.offences.join('; ')}`)
    .join('\n\n')
}
