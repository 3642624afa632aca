/**
 * The fleet CSV import (issue 26, decision 076): an Owner manager uploads a CSV, sees each row's
 * problems (row and column named), and imports the valid rows in one transaction, once.
 *
 * - `previewFleetImport` checks the bytes (size, not binary, UTF-8), reads the CSV, runs every row
 *   through the Add vehicle form's schema, fills make/model/year from the VIN when the row leaves
 *   them empty, finds duplicates in the file and in the database, and stages the result in
 *   `fleet_imports`.
 * - `commitFleetImport` writes the staged valid rows (rows with problems are skipped and counted)
 *   in one transaction that also flips the import from `staged` to `imported` with a conditional
 *   update: a second click, or a second process, answers 409 and writes nothing.
 *
 * Authorization: the Owner managers of the company; anyone else gets FORBIDDEN for the company
 * (API.md's 403) and NOT_FOUND for an import of another company.
 */
import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { fleetImports, odometerReadings, vehicles, type FleetImport } from '#db/schema/index.ts'
import {
  FLEET_CSV_EXPIRY_FIELDS,
  FLEET_CSV_MAX_BYTES,
  FLEET_IMPORTS_STAGED_MAX,
  FLEET_IMPORTS_STAGED_MAX_BYTES,
  FLEET_CSV_MAX_ROWS,
  FLEET_CSV_REQUIRED_HEADERS,
  fleetCsvColumnOf,
  type FleetCsvColumn,
} from '#catalog/fleet-csv.ts'
import { msg } from '#catalog/i18n.ts'
import { isVinFormatValid, vinCheckDigit, vinCheckDigitValid } from '#catalog/vin.ts'
import { z } from 'zod'
import { audit } from '../../activity/audit.server.ts'
import { randomCode, uniqueCode } from '../../codes.ts'
import type { UseCaseContext } from '../../context/use-case-context.ts'
import { AppError, forbidden } from '../../errors.ts'
import { hasRole, membershipIn, requireUser } from '../../access/policy.ts'
import type { UserActor } from '../../context/actor.ts'
import { idSchema, parseInput } from '../../validation.ts'
import { companyToday } from '../../access/vehicle-access.server.ts'
import { csvPreviewQueue } from '../../limits/work-queue.server.ts'
import { vehicleFieldsSchema, type VehicleFields } from '../vehicle-schema.ts'
import { decodeVin, type VinDecodeResult } from '../vin-decode.server.ts'
import { FLEET_IMPORT_KEEP_DAYS, PURGED_PREVIEW } from './fleet-import-cleanup.server.ts'
import { CsvSyntaxError, decodeUtf8, looksBinary, parseCsv, type CsvDelimiter } from './csv-parse.ts'
import { syncRuleMemberships } from '../program-membership.server.ts'

/** A problem of one cell, one row or the header: an English message id with its values. */
export interface ImportProblem {
  /** The CSV column (as the catalogue names it), or null for the whole row. */
  column: string | null
  messageId: string
  values?: Record<string, string | number>
}

export interface StagedRow {
  /** The file's line where the row starts (the header is line 1), as a spreadsheet numbers it. */
  row: number
  /** The vehicle as the schema read it; null when the row has problems. */
  input: StagedVehicle | null
  problems: ImportProblem[]
  /** Imported anyway: a wrong VIN check digit (PRODUCT.md section 4), an expiry date already past. */
  warnings: ImportProblem[]
  /** Fields the VIN decode filled, with their values. */
  filled: Record<string, string | number>
  /** What the preview lists of the row. */
  label: { vehicleIdentifier: string; make: string; model: string; vin: string; licensePlate: string }
}

type StagedVehicle = Omit<VehicleFields, 'imageData' | 'key'>

export interface FleetImportPreview {
  delimiter: CsvDelimiter
  columns: string[]
  /** Header problems (unknown, missing or repeated columns): they block the whole import. */
  fileProblems: ImportProblem[]
  rows: StagedRow[]
}

export interface FleetImportProgress {
  (done: number, total: number): void | Promise<void>
}

const FILE_NAME_MAX = 200

export const previewFleetImportInput = z.object({
  companyId: idSchema,
  fileName: z.string().trim().max(FILE_NAME_MAX).optional(),
  /** The file's text; a page or REST caller with bytes passes `bytes` instead. */
  csv: z.string().optional(),
})

export const commitFleetImportInput = z.object({ companyId: idSchema.optional(), importId: idSchema })

export const FLEET_IMPORT_TEXT = {
  tooLarge: msg('The file is larger than {mb} MB'),
  binary: msg('This is not a CSV file (it holds binary data); save the sheet as CSV UTF-8 and upload that'),
  notUtf8: msg('The file is not UTF-8 text; save it as CSV UTF-8 and upload it again'),
  empty: msg('The file has no rows below its header'),
  tooManyRows: msg('The file has more than {max} rows; split it into files of at most {max} rows'),
  syntax: msg('The file cannot be read as CSV at line {line}: {problem}'),
  unknownColumn: msg('Unknown column "{name}"'),
  missingColumn: msg('The column {name} is missing'),
  repeatedColumn: msg('The column {name} appears twice'),
  extraCells: msg('The row has {n} cells, the header {m}'),
  duplicateInFile: msg('The same {what} is on row {other}'),
  vinTaken: msg('A vehicle with this VIN is already registered'),
  identifierTaken: msg('This vehicle identifier is already in use'),
  checkDigit: msg('The VIN check digit (position 9) should be {digit}; check the VIN'),
  expired: msg('This date has passed ({date})'),
  plateTwice: msg('The same license plate is on row {other}'),
  alreadyImported: msg('This file has already been imported'),
  fixColumns: msg('Fix the columns of the file and upload it again'),
  nothingToImport: msg('No row can be imported: fix the rows and upload the file again'),
  changed: msg('Since the preview, other vehicles took the VIN or identifier of rows {rows}: upload the file again'),
  gone: msg('This upload does not exist or has expired (uploads not imported are kept {days} days); upload the file again'),
  tooManyStaged: msg('Your company already has {max} uploads waiting to be imported: import or discard one of them first'),
  stagedTooLarge: msg('The uploads waiting to be imported take more than {mb} MB: import or discard some of them first'),
} as const

/** The NOT_FOUND of an import: the same for an expired upload, an unknown id and another company's (reveals nothing). */
const importNotFound = () =>
  new AppError('NOT_FOUND', interpolate(FLEET_IMPORT_TEXT.gone, { days: FLEET_IMPORT_KEEP_DAYS }), {
    localized: (t) => t(FLEET_IMPORT_TEXT.gone, { days: FLEET_IMPORT_KEEP_DAYS }),
  })

// ---------------------------------------------------------------------------------------------
// Authorization

/** The Owner managers of `companyId`; anyone else → FORBIDDEN (API.md's 403; an import id of another company is NOT_FOUND). */
function requireOwnerOf(ctx: UseCaseContext, companyId: number): UserActor {
  const user = requireUser(ctx.actor)
  if (!hasRole(user, companyId, ['Owner'])) throw forbidden()
  return user
}

// ---------------------------------------------------------------------------------------------
// Preview

interface VinDecoder {
  (vin: string): Promise<VinDecodeResult>
}

export interface PreviewOptions {
  /** The VIN decoder (tests and the bench pass their own). */
  decode?: VinDecoder
}

/** Reads the bytes as text, or says why not (nothing is stored). */
export function csvTextOf(bytes: Uint8Array): string {
  if (bytes.byteLength > FLEET_CSV_MAX_BYTES) {
    const mb = FLEET_CSV_MAX_BYTES / 1024 / 1024
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${mb} MB`, { localized: (t) => t(FLEET_IMPORT_TEXT.tooLarge, { mb }) })
  }
  if (looksBinary(bytes)) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.binary)
  const text = decodeUtf8(bytes)
  if (text === null) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.notUtf8)
  return text
}

const interpolate = (id: string, values?: Record<string, string | number>) => id.replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? ''))

/**
 * POST /api/Fleet/{companyId}/import, tRPC `fleet.import.preview`, the upload form. `bytes` (a
 * page's or REST's upload) or `csv` (text). Stages the preview and returns its view.
 */
export async function previewFleetImport(
  ctx: UseCaseContext,
  input: { companyId: unknown; fileName?: unknown; csv?: unknown; bytes?: Uint8Array },
  options: PreviewOptions = {},
): Promise<FleetImportView> {
  const v = parseInput(previewFleetImportInput, { companyId: input.companyId, fileName: input.fileName, csv: input.csv })
  const me = requireOwnerOf(ctx, v.companyId)
  // One preview at a time per process, a few waiting (issue 38: a 5,000-row preview holds tens of MB).
  return csvPreviewQueue.run(() => stagePreview(ctx, me, v, input.bytes, options))
}

async function stagePreview(
  ctx: UseCaseContext,
  me: UserActor,
  v: z.output<typeof previewFleetImportInput>,
  bytes: Uint8Array | undefined,
  options: PreviewOptions,
): Promise<FleetImportView> {
  const text = bytes ? csvTextOf(bytes) : csvTextOf(new TextEncoder().encode(v.csv ?? ''))
  const preview = await buildPreview(ctx, v.companyId, text, options)
  const counts = countsOf(preview)
  const now = ctx.now ?? new Date()
  const fileName = (v.fileName || 'fleet.csv').slice(0, FILE_NAME_MAX)
  const previewText = JSON.stringify(preview)
  const row = await ctx.db.transaction(async (tx) => {
    // A bounded number and size of uploads wait per company (counted in the transaction that adds one).
    const [waiting] = await tx
      .select({ n: count(), bytes: sql<number>`coalesce(sum(length(${fleetImports.preview})), 0)` })
      .from(fleetImports)
      .where(and(eq(fleetImports.companyId, v.companyId), eq(fleetImports.status, 'staged')))
    if ((waiting?.n ?? 0) >= FLEET_IMPORTS_STAGED_MAX) {
      const values = { max: FLEET_IMPORTS_STAGED_MAX }
      throw new AppError('TOO_MANY_REQUESTS', interpolate(FLEET_IMPORT_TEXT.tooManyStaged, values), { localized: (t) => t(FLEET_IMPORT_TEXT.tooManyStaged, values) })
    }
    if (Number(waiting?.bytes ?? 0) + previewText.length > FLEET_IMPORTS_STAGED_MAX_BYTES) {
      const values = { mb: FLEET_IMPORTS_STAGED_MAX_BYTES / 1024 / 1024 }
      throw new AppError('TOO_MANY_REQUESTS', interpolate(FLEET_IMPORT_TEXT.stagedTooLarge, values), { localized: (t) => t(FLEET_IMPORT_TEXT.stagedTooLarge, values) })
    }
    const [created] = await tx
      .insert(fleetImports)
      .values({ companyId: v.companyId, userId: me.userId, fileName, status: 'staged', ...counts, preview: previewText, createdAt: now })
      .returning()
    return created!
  })
  return viewOf(row, preview)
}

function countsOf(preview: FleetImportPreview) {
  const validRows = preview.rows.filter((r) => r.input !== null).length
  return { totalRows: preview.rows.length, validRows, problemRows: preview.rows.length - validRows }
}

/** The file read, every row checked; throws only for a file that cannot be read at all. */
export async function buildPreview(ctx: UseCaseContext, companyId: number, text: string, options: PreviewOptions = {}): Promise<FleetImportPreview> {
  let parsed
  try {
    parsed = parseCsv(text, FLEET_CSV_MAX_ROWS + 1)
  } catch (e) {
    if (e instanceof CsvSyntaxError) {
      throw new AppError('BAD_REQUEST', `The file cannot be read as CSV at line ${e.line}: ${e.message}`, {
        localized: (t) => t(FLEET_IMPORT_TEXT.syntax, { line: e.line, problem: t(e.message) }),
      })
    }
    throw e
  }
  const [header, ...records] = parsed.records
  if (records.length > FLEET_CSV_MAX_ROWS || parsed.truncated) {
    throw new AppError('BAD_REQUEST', `The file has more than ${FLEET_CSV_MAX_ROWS} rows; split it into files of at most ${FLEET_CSV_MAX_ROWS} rows`, {
      localized: (t) => t(FLEET_IMPORT_TEXT.tooManyRows, { max: FLEET_CSV_MAX_ROWS }),
    })
  }
  if (!header || records.length === 0) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.empty)

  // The header: each cell a known column, once; the required ones present.
  const fileProblems: ImportProblem[] = []
  const columns: (FleetCsvColumn | null)[] = []
  const seen = new Set<string>()
  for (const cell of header.cells) {
    const name = cell.trim()
    const column = fleetCsvColumnOf(name)
    if (!column) {
      if (name !== '') fileProblems.push({ column: name, messageId: FLEET_IMPORT_TEXT.unknownColumn, values: { name } })
      columns.push(null)
    } else if (seen.has(column.name)) {
      fileProblems.push({ column: column.name, messageId: FLEET_IMPORT_TEXT.repeatedColumn, values: { name: column.name } })
      columns.push(null)
    } else {
      seen.add(column.name)
      columns.push(column)
    }
  }
  for (const name of FLEET_CSV_REQUIRED_HEADERS) {
    if (!seen.has(name)) fileProblems.push({ column: name, messageId: FLEET_IMPORT_TEXT.missingColumn, values: { name } })
  }

  const today = await companyToday(ctx, companyId)
  const decode = options.decode ?? ((vin: string) => decodeVin(vin, { now: ctx.now }))
  const decideDecimalComma = parsed.delimiter === ';'
  const rows: StagedRow[] = []
  for (const record of records) rows.push(await readRow(record, columns, header.cells.length, { decimalComma: decideDecimalComma, today, decode }))

  findDuplicatesInFile(rows)
  await findDuplicatesInDatabase(ctx.db.read, rows)
  for (const r of rows) if (r.problems.length) r.input = null
  return { delimiter: parsed.delimiter, columns: columns.filter((c): c is FleetCsvColumn => !!c).map((c) => c.name), fileProblems, rows }
}

async function readRow(
  record: { line: number; cells: string[] },
  columns: (FleetCsvColumn | null)[],
  headerLength: number,
  o: { decimalComma: boolean; today: string; decode: VinDecoder },
): Promise<StagedRow> {
  const problems: ImportProblem[] = []
  const warnings: ImportProblem[] = []
  const raw: Record<string, unknown> = {}
  const unreadable = new Set<string>()
  const extra = record.cells.slice(headerLength).filter((c) => c.trim() !== '')
  if (extra.length) problems.push({ column: null, messageId: FLEET_IMPORT_TEXT.extraCells, values: { n: record.cells.length, m: headerLength } })
  columns.forEach((column, i) => {
    if (!column) return
    const read = column.read(record.cells[i] ?? '', { decimalComma: o.decimalComma })
    if (read.ok) raw[column.name] = read.value
    else {
      unreadable.add(column.name)
      problems.push({ column: column.name, messageId: read.message, values: read.values })
    }
  })

  // Make, model and year from the VIN when the row leaves them empty (as the Add dialog's lookup).
  const filled: Record<string, string | number> = {}
  const blank = (k: string) => raw[k] === undefined || raw[k] === null || String(raw[k]).trim() === ''
  const vin = typeof raw.vin === 'string' ? raw.vin.trim().toUpperCase() : ''
  if (isVinFormatValid(vin) && (blank('make') || blank('model') || blank('yearBuild'))) {
    const found = await o.decode(vin)
    if (found.found) {
      if (blank('make') && found.make) raw.make = filled.make = found.make
      if (blank('model') && found.model) raw.model = filled.model = found.model
      if (blank('yearBuild') && found.modelYear) raw.yearBuild = filled.yearBuild = found.modelYear
    }
  }

  const parsed = vehicleFieldsSchema.safeParse(raw)
  let input: StagedVehicle | null = null
  if (parsed.success) {
    const { imageData: _i, key: _k, ...fields } = parsed.data
    input = fields
  } else {
    const named = new Set<string>()
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '')
      if (unreadable.has(column) || named.has(column)) continue
      named.add(column)
      problems.push({ column: column || null, messageId: issue.message })
    }
  }
  if (input) {
    if (!vinCheckDigitValid(input.vin)) warnings.push({ column: 'vin', messageId: FLEET_IMPORT_TEXT.checkDigit, values: { digit: vinCheckDigitOf(input.vin) } })
    for (const f of FLEET_CSV_EXPIRY_FIELDS) {
      const d = input[f]
      if (d && d < o.today) warnings.push({ column: f, messageId: FLEET_IMPORT_TEXT.expired, values: { date: d } })
    }
  }
  const text = (k: string) => (typeof raw[k] === 'string' || typeof raw[k] === 'number' ? String(raw[k]).trim() : '')
  return {
    row: record.line,
    input,
    problems,
    warnings,
    filled,
    label: { vehicleIdentifier: text('vehicleIdentifier'), make: text('make'), model: text('model'), vin, licensePlate: text('licensePlate').toUpperCase() },
  }
}

function vinCheckDigitOf(vin: string): string {
  return vinCheckDigit(vin) ?? '?'
}

/** A VIN, identifier (blocking) or plate (a warning) that two rows of the file share: every such row says so. */
function findDuplicatesInFile(rows: StagedRow[]) {
  const check = (what: string, key: (r: StagedRow) => string, column: string, blocking: boolean) => {
    const byKey = new Map<string, StagedRow[]>()
    for (const r of rows) {
      const k = key(r)
      if (!k) continue
      const list = byKey.get(k)
      if (list) list.push(r)
      else byKey.set(k, [r])
    }
    for (const list of byKey.values()) {
      if (list.length < 2) continue
      for (const r of list) {
        const other = list.find((o) => o !== r)!.row
        const problem: ImportProblem = blocking
          ? { column, messageId: FLEET_IMPORT_TEXT.duplicateInFile, values: { what, other } }
          : { column, messageId: FLEET_IMPORT_TEXT.plateTwice, values: { other } }
        ;(blocking ? r.problems : r.warnings).push(problem)
      }
    }
  }
  check(msg('VIN'), (r) => r.label.vin, 'vin', true)
  check(msg('vehicle identifier'), (r) => r.label.vehicleIdentifier, 'vehicleIdentifier', true)
  check('license plate', (r) => r.label.licensePlate, 'licensePlate', false)
}

const CHUNK = 500

/** VINs of active vehicles and identifiers of any vehicle already taken (the Add vehicle rules, whole instance). */
async function takenIn(db: Tx, vins: string[], identifiers: string[]) {
  const takenVins = new Set<string>()
  const takenIds = new Set<string>()
  for (let i = 0; i < vins.length; i += CHUNK) {
    const part = vins.slice(i, i + CHUNK)
    for (const r of await db.select({ vin: vehicles.vin }).from(vehicles).where(and(inArray(vehicles.vin, part), isNull(vehicles.archivedAt)))) takenVins.add(r.vin)
  }
  for (let i = 0; i < identifiers.length; i += CHUNK) {
    const part = identifiers.slice(i, i + CHUNK)
    for (const r of await db.select({ v: vehicles.vehicleIdentifier }).from(vehicles).where(inArray(vehicles.vehicleIdentifier, part))) takenIds.add(r.v)
  }
  return { takenVins, takenIds }
}

async function findDuplicatesInDatabase(db: Tx, rows: StagedRow[]) {
  const vins = [...new Set(rows.map((r) => r.label.vin).filter(Boolean))]
  const ids = [...new Set(rows.map((r) => r.label.vehicleIdentifier).filter(Boolean))]
  const { takenVins, takenIds } = await takenIn(db, vins, ids)
  for (const r of rows) {
    if (r.label.vin && takenVins.has(r.label.vin)) r.problems.push({ column: 'vin', messageId: FLEET_IMPORT_TEXT.vinTaken })
    if (r.label.vehicleIdentifier && takenIds.has(r.label.vehicleIdentifier)) r.problems.push({ column: 'vehicleIdentifier', messageId: FLEET_IMPORT_TEXT.identifierTaken })
  }
}

// ---------------------------------------------------------------------------------------------
// The view every door returns

export interface ImportProblemView {
  row: number | null
  column: string | null
  /** In English (REST, tRPC); the page door says it in the reader's language from `messageId` and `values`. */
  message: string
  messageId: string
  values?: Record<string, string | number>
}

/** How many problem lines a view carries; the counts always cover every row. */
export const PROBLEMS_SHOWN = 500

function problemView(row: number | null, p: ImportProblem): ImportProblemView {
  return { row, column: p.column, message: interpolate(p.messageId, p.values), messageId: p.messageId, values: p.values }
}

const EMPTY_PREVIEW: FleetImportPreview = { delimiter: ',', columns: [], fileProblems: [], rows: [] }

/** The staged rows of an import; none once the clean-up dropped them (an imported upload after a week). */
function previewOf(row: FleetImport): FleetImportPreview {
  return row.preview === PURGED_PREVIEW ? EMPTY_PREVIEW : (JSON.parse(row.preview) as FleetImportPreview)
}

export function viewOf(row: FleetImport, preview: FleetImportPreview) {
  const problems: ImportProblemView[] = []
  const warnings: ImportProblemView[] = []
  for (const r of preview.rows) {
    for (const p of r.problems) if (problems.length < PROBLEMS_SHOWN) problems.push(problemView(r.row, p))
    for (const w of r.warnings) if (warnings.length < PROBLEMS_SHOWN) warnings.push(problemView(r.row, w))
  }
  const filled = preview.rows
    .filter((r) => Object.keys(r.filled).length > 0)
    .slice(0, PROBLEMS_SHOWN)
    .map((r) => ({ row: r.row, vin: r.label.vin, fields: r.filled }))
  return {
    id: row.id,
    companyId: row.companyId,
    fileName: row.fileName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    importedAt: row.importedAt ? row.importedAt.toISOString() : null,
    totalRows: row.totalRows,
    validRows: row.validRows,
    problemRows: row.problemRows,
    warningRows: preview.rows.filter((r) => r.warnings.length > 0).length,
    importedCount: row.importedCount,
    /** The clean-up dropped the rows and problems (decision 076); the counts remain. */
    rowsRemoved: row.preview === PURGED_PREVIEW,
    /** The import button's state: staged, columns right, at least one valid row. */
    canImport: row.status === 'staged' && preview.fileProblems.length === 0 && row.validRows > 0,
    columns: preview.columns,
    fileProblems: preview.fileProblems.map((p) => problemView(null, p)),
    problems,
    warnings,
    filled,
    /** The first rows that will be imported, as the preview table lists them. */
    sample: preview.rows
      .filter((r) => r.input !== null)
      .slice(0, 20)
      .map((r) => ({ row: r.row, ...r.label, filled: Object.keys(r.filled) })),
  }
}
export type FleetImportView = ReturnType<typeof viewOf>

async function loadImport(ctx: UseCaseContext, importId: number, companyId?: number) {
  const user = requireUser(ctx.actor)
  // A door naming the company answers for the company first (API.md's 403, issue 38).
  if (companyId !== undefined) requireOwnerOf(ctx, companyId)
  const [row] = await ctx.db.read.select().from(fleetImports).where(eq(fleetImports.id, importId))
  // Another company's import, or one of a company the caller has no relation to: not found.
  if (!row || (companyId !== undefined && row.companyId !== companyId) || !membershipIn(user, row.companyId)) throw importNotFound()
  requireOwnerOf(ctx, row.companyId)
  return row
}

/** GET /api/Fleet/{companyId}/import/{importId}, tRPC `fleet.import.get`, the preview page. */
export async function getFleetImport(ctx: UseCaseContext, input: unknown): Promise<FleetImportView> {
  const v = parseInput(commitFleetImportInput, input)
  const row = await loadImport(ctx, v.importId, v.companyId)
  return viewOf(row, previewOf(row))
}

/** The company's latest uploads (without their rows), for the upload page. */
export async function listFleetImports(ctx: UseCaseContext, companyId: number) {
  requireOwnerOf(ctx, companyId)
  return ctx.db.read
    .select({
      id: fleetImports.id,
      fileName: fleetImports.fileName,
      status: fleetImports.status,
      totalRows: fleetImports.totalRows,
      validRows: fleetImports.validRows,
      problemRows: fleetImports.problemRows,
      importedCount: fleetImports.importedCount,
      createdAt: fleetImports.createdAt,
    })
    .from(fleetImports)
    .where(eq(fleetImports.companyId, companyId))
    .orderBy(desc(fleetImports.createdAt), desc(fleetImports.id))
    .limit(10)
}

// ---------------------------------------------------------------------------------------------
// Import

export interface CommitResult {
  importId: number
  companyId: number
  imported: number
  skipped: number
}

const PROGRESS_EVERY = 100

function newIdentifier(tx: Tx): Promise<string> {
  return uniqueCode(
    () => randomCode('BUS'),
    async (code) => (await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vehicleIdentifier, code))).length > 0,
  )
}

/**
 * POST /api/Fleet/{companyId}/import/{importId}, tRPC `fleet.import.commit`, the Import button:
 * every valid row in one transaction, or none; once.
 */
export async function commitFleetImport(ctx: UseCaseContext, input: unknown, onProgress?: FleetImportProgress): Promise<CommitResult> {
  const v = parseInput(commitFleetImportInput, input)
  const row = await loadImport(ctx, v.importId, v.companyId)
  const me = requireUser(ctx.actor)
  if (row.status !== 'staged') throw new AppError('CONFLICT', FLEET_IMPORT_TEXT.alreadyImported)
  const preview = previewOf(row)
  if (preview.fileProblems.length) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.fixColumns)
  const valid = preview.rows.filter((r): r is StagedRow & { input: StagedVehicle } => r.input !== null)
  if (valid.length === 0) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.nothingToImport)
  const now = ctx.now ?? new Date()
  const total = valid.length
  await onProgress?.(0, total)

  const imported = await ctx.db.transaction(async (tx) => {
    // Once: of two clicks (or processes), the second finds the import no longer staged.
    const [claimed] = await tx
      .update(fleetImports)
      .set({ status: 'imported', importedAt: now, importedCount: total })
      .where(and(eq(fleetImports.id, row.id), eq(fleetImports.status, 'staged')))
      .returning({ id: fleetImports.id })
    if (!claimed) {
      // Imported by another click, or deleted by the clean-up since it was read.
      const [still] = await tx.select({ id: fleetImports.id }).from(fleetImports).where(eq(fleetImports.id, row.id))
      throw still ? new AppError('CONFLICT', FLEET_IMPORT_TEXT.alreadyImported) : importNotFound()
    }

    // The fleet may have changed since the preview: the same checks again, inside the transaction.
    const { takenVins, takenIds } = await takenIn(
      tx,
      valid.map((r) => r.input.vin),
      valid.map((r) => r.input.vehicleIdentifier).filter((x): x is string => !!x),
    )
    const clashing = valid.filter((r) => takenVins.has(r.input.vin) || (r.input.vehicleIdentifier && takenIds.has(r.input.vehicleIdentifier)))
    if (clashing.length) {
      const rows = clashing
        .slice(0, 20)
        .map((r) => r.row)
        .join(', ')
      throw new AppError('CONFLICT', interpolate(FLEET_IMPORT_TEXT.changed, { rows }), { localized: (t) => t(FLEET_IMPORT_TEXT.changed, { rows }) })
    }

    let done = 0
    const createdIds: number[] = []
    for (const r of valid) {
      const f = r.input
      const vehicleIdentifier = f.vehicleIdentifier ?? (await newIdentifier(tx))
      const [created] = await tx
        .insert(vehicles)
        .values({ ...f, key: randomUUID(), vehicleIdentifier, ownerCompanyId: row.companyId, createdAt: now, updatedAt: now })
        .returning({ id: vehicles.id })
      if (f.odometer !== null) {
        await tx.insert(odometerReadings).values({
          vehicleId: created!.id,
          reading: f.odometer,
          source: 'owner',
          recordedAt: now,
          recordedByUserId: me.userId,
          recordedByName: `${me.firstName} ${me.lastName}`.trim() || null,
        })
      }
      // The Add vehicle use case's audit row, per vehicle, naming the import.
      await audit(tx, me, { action: 'vehicle.create', companyId: row.companyId, entityType: 'vehicle', entityId: created!.id, details: { importId: row.id, row: r.row } })
      createdIds.push(created!.id)
      done++
      if (onProgress && done % PROGRESS_EVERY === 0) {
        await onProgress(done, total)
        // Let the progress line leave (better-sqlite3 runs the statements synchronously).
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    // The service programs whose rule matches the new buses take them in (decision 084).
    await syncRuleMemberships(tx, row.companyId, createdIds, now)
    await audit(tx, me, {
      action: 'fleet.import',
      companyId: row.companyId,
      entityType: 'fleet_import',
      entityId: row.id,
      details: { fileName: row.fileName, imported: done, skipped: row.totalRows - done, rows: row.totalRows },
    })
    return done
  })
  await onProgress?.(imported, total)
  return { importId: row.id, companyId: row.companyId, imported, skipped: row.totalRows - imported }
}
