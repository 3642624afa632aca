/**
 * The fuel card CSV import (issue 36 point 2, decision 085), on the fleet import's pattern
 * (decision 076): a manager uploads a card's export, sees each row's problems, and imports the
 * other rows in one transaction, once.
 *
 * - `previewFuelImport` checks the bytes (2 MB, not binary, UTF-8, 12,000 rows), reads the columns
 *   by the names card exports use (catalog/fuel-csv.ts), matches each row to a bus by its fuel
 *   card, plate or identifier, checks every value, the odometer against the bus's history and the
 *   file's earlier rows, and duplicates (same bus, time and quantity), and stages the result in
 *   `fuel_imports` (at most 10 staged uploads per company).
 * - `commitFuelImport` writes the staged valid rows in time order through `insertFuelEntry` in one
 *   transaction that first flips the upload from `staged` to `imported`. A row that became invalid
 *   since the preview (an odometer now going back, a record now there) is skipped and counted; a
 *   second commit answers the first one's result and writes nothing.
 *
 * Who: the Owner managers of the company (its buses) and its Operator managers (the buses assigned
 * to it on each row's date); each record is the importing company's (it paid), source 'import'.
 * A company where the caller holds no such role → 403; another company's upload → 404.
 */
import { and, count, eq, gte, inArray, isNull, max, sql } from 'drizzle-orm'
import { z } from 'zod'
import { COST_LIMITS, type FuelUnit } from '#catalog/costs.ts'
import { FUEL_CSV_MAX_BYTES, FUEL_CSV_MAX_ROWS, FUEL_IMPORTS_STAGED_MAX, fuelCsvFieldOf, type FuelCsvField } from '#catalog/fuel-csv.ts'
import { csvPreviewQueue } from '../limits/work-queue.server.ts'
import { msg } from '#catalog/i18n.ts'
import { parseCents, parseMilli, parseScaled } from '#catalog/money.ts'
import { instantOfLocalTime } from '#catalog/zoned-time.ts'
import type { Tx } from '#db/client.ts'
import { companies, fuelEntries, fuelImports, odometerReadings, operatorAssignments, vehicles, type FuelImport } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { hasRole, membershipIn, requireUser } from '../access/policy.ts'
import type { UserActor } from '../context/actor.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden, isAppError } from '../errors.ts'
import { CsvSyntaxError, decodeUtf8, looksBinary, parseCsv } from '../fleet/import/csv-parse.ts'
import { FLEET_IMPORT_TEXT } from '../fleet/import/fleet-import.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import {
  busIsElectric,
  FUEL_FUTURE_SKEW_MS,
  FUEL_TEXT,
  fuelOdometerProblem,
  insertFuelEntries,
  insertFuelEntry,
  type FuelEntryInput,
  type FuelEntryOutcome,
} from './fuel-entries.server.ts'
import { FUEL_IMPORT_KEEP_DAYS, FUEL_PURGED_PREVIEW } from './fuel-import-cleanup.server.ts'

export const FUEL_IMPORT_TEXT = {
  noBusColumn: msg('The file needs a card, plate or vehicle column to find each bus'),
  tooManyStaged: msg('Your company already has {max} uploads waiting to be imported: import or discard one of them first'),
  noBusKey: msg('Give the card number, the plate or the bus identifier'),
  unknownBus: msg('No bus of your company has this card, plate or identifier'),
  ambiguousCard: msg('This card belongs to several buses: add the plate or the bus identifier'),
  differentBuses: msg('The card, plate and identifier of this row point to different buses'),
  notAssigned: msg('Bus {bus} was not assigned to your company on {date}'),
  badDate: msg('Enter the date as YYYY-MM-DD or MM/DD/YYYY'),
  badTime: msg('Enter the time as HH:MM or H:MM AM/PM'),
  negativeQuantity: msg('The quantity cannot be negative'),
  negativeAmount: msg('The amount cannot be negative'),
  amountDecimals: msg('The amount has more than two decimals'),
  badUnit: msg('Unknown unit "{unit}": use gal, L or kWh'),
  badFull: msg('"{value}" is not yes or no'),
  tooLong: msg('At most {n} characters'),
  duplicate: msg('This fill-up is already recorded (same bus, time and quantity)'),
  duplicateInFile: msg('The same fill-up is on row {other}'),
  odometerBackInFile: msg('The odometer goes back: row {other}, earlier, reads {reading}'),
  discarded: msg('Upload discarded'),
} as const

const DAY_MS = 86_400_000
const FILE_NAME_MAX = 200
/** How many problem lines and rows a view carries; the counts always cover every row. */
export const FUEL_PROBLEMS_SHOWN = 500
export const FUEL_ROWS_SHOWN = 50

/** A problem of one cell, one row or the header: an English message id with its values. */
export interface FuelImportProblem {
  column: FuelCsvField | null
  messageId: string
  values?: Record<string, string | number>
}

/** A fill-up as it will be written. */
interface StagedEntry {
  /** Epoch ms. */
  fueledAt: number
  /** The row's date ('YYYY-MM-DD', as the file gave it): an operator's assignment is checked on it. */
  date: string
  odometer: number
  quantityMilli: number
  unit: FuelUnit
  totalCents: number
  station: string | null
  card: string | null
  full: boolean
}

/** One data row of the file as staged: its line, the bus found, the fill-up, or what was read and its problems. */
export interface StagedFuelRow {
  row: number
  bus: { id: number; identifier: string } | null
  /** Null when the row has problems. */
  entry: StagedEntry | null
  /** The cells as read (problem rows only: a valid row is shown from its entry). */
  cells?: Partial<Record<FuelCsvField, string>>
  problems: FuelImportProblem[]
}

export interface FuelImportPreview {
  delimiter: ',' | ';'
  /** The file's headers the import reads, with the field each names. */
  columns: { header: string; field: FuelCsvField }[]
  /** Headers the import does not read: ignored. */
  ignored: string[]
  fileProblems: FuelImportProblem[]
  rows: StagedFuelRow[]
}

export const previewFuelImportInput = z.object({
  companyId: idSchema,
  fileName: z.string().trim().max(FILE_NAME_MAX).optional(),
  /** The file's text; a page or REST caller with bytes passes `bytes` instead. */
  csv: z.string().optional(),
})
export const fuelImportInput = z.object({ companyId: idSchema.optional(), importId: idSchema })

const interpolate = (id: string, values?: Record<string, string | number>) => id.replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? ''))

const importNotFound = () =>
  new AppError('NOT_FOUND', interpolate(FLEET_IMPORT_TEXT.gone, { days: FUEL_IMPORT_KEEP_DAYS }), {
    localized: (t) => t(FLEET_IMPORT_TEXT.gone, { days: FUEL_IMPORT_KEEP_DAYS }),
  })

// ---------------------------------------------------------------------------------------------
// Authorization

interface Importer {
  user: UserActor
  asOwner: boolean
  asOperator: boolean
}

/** Owner or Operator managers of `companyId`; anyone else → 403 ("You do not have access to this company"). */
function requireImporter(ctx: UseCaseContext, companyId: number): Importer {
  const user = requireUser(ctx.actor)
  const asOwner = hasRole(user, companyId, ['Owner'])
  const asOperator = hasRole(user, companyId, ['Operator'])
  if (!asOwner && !asOperator) throw forbidden()
  return { user, asOwner, asOperator }
}

// ---------------------------------------------------------------------------------------------
// Reading the file

function csvTextOf(bytes: Uint8Array): string {
  if (bytes.byteLength > FUEL_CSV_MAX_BYTES) {
    const mb = FUEL_CSV_MAX_BYTES / 1024 / 1024
    throw new AppError('PAYLOAD_TOO_LARGE', interpolate(FLEET_IMPORT_TEXT.tooLarge, { mb }), { localized: (t) => t(FLEET_IMPORT_TEXT.tooLarge, { mb }) })
  }
  if (looksBinary(bytes)) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.binary)
  const text = decodeUtf8(bytes)
  if (text === null) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.notUtf8)
  return text
}

const badRequest = (id: string, values: Record<string, string | number>) =>
  new AppError('BAD_REQUEST', interpolate(id, values), { localized: (t) => t(id, values) })

/** 'YYYY-MM-DD' of '2026-11-02' or '11/2/2026' (US order; a two-digit year is 20yy); null when not a real date. */
export function readFuelDate(text: string): string | null {
  let y: number, m: number, d: number
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(text)
    if (!match) return null
    ;[m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])]
    if (y < 100) y += 2000
  }
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return date.toISOString().slice(0, 10)
}

/** Minutes after midnight of '06:45', '6:45:10', '7:10 PM'; null when not a time. */
export function readFuelTime(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i.exec(text)
  if (!match) return null
  let h = Number(match[1])
  const min = Number(match[2])
  const half = match[4]?.toLowerCase().replaceAll('.', '')
  if (half) {
    if (h < 1 || h > 12) return null
    h = (h % 12) + (half === 'pm' ? 12 : 0)
  }
  if (h > 23 || min > 59 || (match[3] !== undefined && Number(match[3]) > 59)) return null
  return h * 60 + min
}

const UNITS: Record<string, FuelUnit> = {
  gal: 'gal',
  gals: 'gal',
  gallon: 'gal',
  gallons: 'gal',
  g: 'gal',
  usgal: 'gal',
  l: 'L',
  lt: 'L',
  ltr: 'L',
  litre: 'L',
  litres: 'L',
  liter: 'L',
  liters: 'L',
  litro: 'L',
  litros: 'L',
  kwh: 'kWh',
}
const YES = new Set(['yes', 'y', 'true', '1', 'full', 'si', 'sí', 's', 'x'])
const NO = new Set(['no', 'n', 'false', '0', 'partial', 'parcial', 'top-up', 'topup'])

/** A number cell in a semicolon file may use the decimal comma ("45,30", "1.234,56"). */
function numberText(cell: string, semicolon: boolean): string {
  const t = cell.trim()
  if (semicolon && t.includes(',')) return t.replaceAll('.', '').replace(',', '.')
  return t
}

/** Card numbers, plates and identifiers as matched: upper case, without spaces and dashes. */
export const matchKey = (s: string) => s.toUpperCase().replace(/[\s-]/g, '')

interface Bus {
  id: number
  identifier: string
  ownerCompanyId: number
  fuelUnit: FuelUnit | null
  fuelType: number
  owned: boolean
  /** The company's assignments of the bus (operators): [start, end] dates, end null = open. */
  periods: { start: string; end: string | null }[]
}

/** The buses a company may import fill-ups for: its own (Owner role), and those ever assigned to it (Operator role). */
async function candidateBuses(tx: Pick<Tx, 'select'>, companyId: number, who: Importer): Promise<Map<number, Bus> & { byCard: Map<string, number[]>; byPlate: Map<string, number[]>; byIdentifier: Map<string, number[]> }> {
  const buses = new Map<number, Bus>() as Map<number, Bus> & { byCard: Map<string, number[]>; byPlate: Map<string, number[]>; byIdentifier: Map<string, number[]> }
  buses.byCard = new Map()
  buses.byPlate = new Map()
  buses.byIdentifier = new Map()
  const cols = {
    id: vehicles.id,
    identifier: vehicles.vehicleIdentifier,
    plate: vehicles.licensePlate,
    card: vehicles.fuelCard,
    ownerCompanyId: vehicles.ownerCompanyId,
    fuelUnit: vehicles.fuelUnit,
    fuelType: vehicles.fuelType,
  }
  const put = (r: { id: number; identifier: string; plate: string; card: string | null; ownerCompanyId: number; fuelUnit: FuelUnit | null; fuelType: number }, owned: boolean) => {
    let bus = buses.get(r.id)
    if (!bus) {
      bus = { id: r.id, identifier: r.identifier, ownerCompanyId: r.ownerCompanyId, fuelUnit: r.fuelUnit, fuelType: r.fuelType, owned, periods: [] }
      buses.set(r.id, bus)
      const index = (m: Map<string, number[]>, k: string | null) => {
        if (!k || !matchKey(k)) return
        const list = m.get(matchKey(k))
        if (list) list.push(r.id)
        else m.set(matchKey(k), [r.id])
      }
      index(buses.byCard, r.card)
      index(buses.byPlate, r.plate)
      index(buses.byIdentifier, r.identifier)
    }
    bus.owned ||= owned
    return bus
  }
  if (who.asOwner) {
    for (const r of await tx.select(cols).from(vehicles).where(and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt)))) put(r, true)
  }
  if (who.asOperator) {
    const rows = await tx
      .select({ ...cols, start: operatorAssignments.startDate, end: operatorAssignments.endDate, endedAt: operatorAssignments.endedAt })
      .from(operatorAssignments)
      .innerJoin(vehicles, eq(vehicles.id, operatorAssignments.vehicleId))
      .where(and(eq(operatorAssignments.operatorCompanyId, companyId), isNull(vehicles.archivedAt)))
    for (const r of rows) {
      // Ended early: still the operator on the day it ended (the UTC date of the instant).
      const endedOn = r.endedAt ? r.endedAt.toISOString().slice(0, 10) : null
      const end = endedOn && (!r.end || endedOn < r.end) ? endedOn : r.end
      put(r, false).periods.push({ start: r.start, end })
    }
  }
  return buses
}

const busMayOn = (bus: Bus, date: string) => bus.owned || bus.periods.some((p) => p.start <= date && (p.end === null || p.end >= date))

/** The bus a row names (identifier, then plate, then card), or the problem. */
function findBus(buses: Awaited<ReturnType<typeof candidateBuses>>, keys: { card: string; plate: string; vehicle: string }): { bus: Bus } | { problem: FuelImportProblem } {
  const found: { column: FuelCsvField; ids: number[] }[] = []
  if (keys.vehicle) found.push({ column: 'vehicle', ids: buses.byIdentifier.get(matchKey(keys.vehicle)) ?? [] })
  if (keys.plate) found.push({ column: 'plate', ids: buses.byPlate.get(matchKey(keys.plate)) ?? [] })
  if (keys.card) {
    let ids = buses.byCard.get(matchKey(keys.card)) ?? []
    // A masked card ("XXXX XXXX 3456", "****3456"): the digits shown at its end, when they name one card.
    const shown = /[*xX•]+[\s-]*(\d{4,})$/.exec(keys.card.trim())?.[1]
    if (ids.length === 0 && shown) ids = [...buses.byCard].filter(([k]) => k.endsWith(shown)).flatMap(([, v]) => v)
    found.push({ column: 'card', ids })
  }
  if (found.length === 0) return { problem: { column: null, messageId: FUEL_IMPORT_TEXT.noBusKey } }
  const unique = found.filter((f) => f.ids.length === 1)
  if (unique.length === 0) {
    const card = found.find((f) => f.column === 'card')
    if (card && card.ids.length > 1) return { problem: { column: 'card', messageId: FUEL_IMPORT_TEXT.ambiguousCard } }
    return { problem: { column: found[0]!.column, messageId: FUEL_IMPORT_TEXT.unknownBus } }
  }
  const id = unique[0]!.ids[0]!
  if (unique.some((f) => f.ids[0] !== id) || found.some((f) => f.ids.length > 1 && !f.ids.includes(id))) {
    return { problem: { column: null, messageId: FUEL_IMPORT_TEXT.differentBuses } }
  }
  return { bus: buses.get(id)! }
}

/** The odometer problem H-B's check words with values, as a message id and its values (said in the reader's language at the page). */
function odometerProblemOf(text: string): FuelImportProblem {
  for (const id of [FUEL_TEXT.odometerBelow, FUEL_TEXT.odometerAbove, FUEL_TEXT.odometerBelowLatest]) {
    const names: string[] = []
    const pattern = new RegExp(`^${id.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => (names.push(n), '(.+)'))}$`)
    const m = pattern.exec(text)
    if (m) return { column: 'odometer', messageId: id, values: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) }
  }
  return { column: 'odometer', messageId: text }
}

const CELL_SHOWN = 80

async function buildPreview(ctx: UseCaseContext, companyId: number, who: Importer, text: string): Promise<FuelImportPreview> {
  let parsed
  try {
    parsed = parseCsv(text, FUEL_CSV_MAX_ROWS + 1)
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw badRequest(FLEET_IMPORT_TEXT.syntax, { line: e.line, problem: e.message })
    throw e
  }
  if (parsed.records.length - 1 > FUEL_CSV_MAX_ROWS) throw badRequest(FLEET_IMPORT_TEXT.tooManyRows, { max: FUEL_CSV_MAX_ROWS })
  const [header, ...records] = parsed.records
  if (!header || records.length === 0) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.empty)
  const semicolon = parsed.delimiter === ';'

  // The header: each column read by its name (or an alias), unknown ones ignored.
  const fileProblems: FuelImportProblem[] = []
  const columns: { header: string; field: FuelCsvField }[] = []
  const ignored: string[] = []
  const at: Partial<Record<FuelCsvField, number>> = {}
  let impliedUnit: FuelUnit | undefined
  header.cells.forEach((raw, i) => {
    const name = raw.trim()
    const found = fuelCsvFieldOf(name)
    if (!found) {
      if (name) ignored.push(name.slice(0, CELL_SHOWN))
      return
    }
    if (at[found.field] !== undefined) {
      fileProblems.push({ column: found.field, messageId: FLEET_IMPORT_TEXT.repeatedColumn, values: { name } })
      return
    }
    at[found.field] = i
    if (found.unit) impliedUnit = found.unit
    columns.push({ header: name, field: found.field })
  })
  for (const f of ['date', 'odometer', 'quantity', 'total'] as const) {
    if (at[f] === undefined) fileProblems.push({ column: f, messageId: FLEET_IMPORT_TEXT.missingColumn, values: { name: f } })
  }
  if (at.card === undefined && at.plate === undefined && at.vehicle === undefined) fileProblems.push({ column: null, messageId: FUEL_IMPORT_TEXT.noBusColumn })

  const [company] = await ctx.db.read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  const timeZone = company?.tz ?? 'UTC'
  const now = (ctx.now ?? new Date()).getTime()
  const buses = await candidateBuses(ctx.db.read, companyId, who)

  const rows: StagedFuelRow[] = records.map((record) => {
    const cell = (f: FuelCsvField) => (at[f] === undefined ? '' : (record.cells[at[f]!] ?? '').trim())
    const problems: FuelImportProblem[] = []
    const problem = (column: FuelCsvField | null, messageId: string, values?: Record<string, string | number>) => problems.push(values ? { column, messageId, values } : { column, messageId })

    // Date and time: "2026-11-02 06:45" in one cell, or a time column; noon when no time is given.
    let dateText = cell('date')
    let timeText = cell('time')
    const joined = /^(\S+?)(?:[T\s]+(.+))?$/.exec(dateText)
    if (joined?.[2] && !timeText) [dateText, timeText] = [joined[1]!, joined[2].trim()]
    else if (joined?.[2]) dateText = joined[1]!
    const date = readFuelDate(dateText)
    if (!date) problem('date', FUEL_IMPORT_TEXT.badDate)
    const minutes = timeText ? readFuelTime(timeText) : 12 * 60
    if (minutes === null) problem('time', FUEL_IMPORT_TEXT.badTime)
    const fueledAt = date && minutes !== null ? instantOfLocalTime(date, minutes, timeZone).getTime() : null
    if (fueledAt !== null && fueledAt > now + FUEL_FUTURE_SKEW_MS) problem('date', FUEL_TEXT.inFuture)

    const odometer = parseScaled(cell('odometer'), 0)
    if (odometer === null || odometer > 10_000_000) problem('odometer', FUEL_TEXT.odometerInvalid)

    const quantityText = numberText(cell('quantity'), semicolon)
    const quantityMilli = quantityText.startsWith('-') ? null : parseMilli(quantityText)
    if (quantityText.startsWith('-')) problem('quantity', FUEL_IMPORT_TEXT.negativeQuantity)
    else if (quantityMilli === null || quantityMilli <= 0) problem('quantity', FUEL_TEXT.quantityPositive)
    else if (quantityMilli > COST_LIMITS.maxQuantityMilli) problem('quantity', FUEL_TEXT.quantityTooHigh)

    const totalText = numberText(cell('total'), semicolon).replace(/^\((.*)\)$/, '-$1')
    const totalCents = /^-|^[$€£]\s*-/.test(totalText) ? null : parseCents(totalText)
    if (/^-|^[$€£]\s*-/.test(totalText)) problem('total', FUEL_IMPORT_TEXT.negativeAmount)
    else if (totalCents === null) problem('total', parseScaled(totalText.replace(/^\s*[$€£]\s*/, ''), 9) !== null ? FUEL_IMPORT_TEXT.amountDecimals : FUEL_TEXT.totalInvalid)
    else if (totalCents > COST_LIMITS.maxCents) problem('total', FUEL_TEXT.totalTooHigh)

    const unitText = cell('unit')
    let unit: FuelUnit | null | undefined = impliedUnit
    if (unitText) {
      unit = UNITS[unitText.toLowerCase().replace(/[\s.]/g, '')] ?? null
      if (!unit) problem('unit', FUEL_IMPORT_TEXT.badUnit, { unit: unitText.slice(0, CELL_SHOWN) })
    }
    const fullText = cell('full').toLowerCase()
    const full = fullText === '' || YES.has(fullText) ? true : NO.has(fullText) ? false : null
    if (full === null) problem('full', FUEL_IMPORT_TEXT.badFull, { value: cell('full').slice(0, CELL_SHOWN) })
    const station = cell('station') || null
    if (station && station.length > COST_LIMITS.textMax) problem('station', FUEL_IMPORT_TEXT.tooLong, { n: COST_LIMITS.textMax })
    const card = cell('card') || null
    if (card && card.length > COST_LIMITS.textMax) problem('card', FUEL_IMPORT_TEXT.tooLong, { n: COST_LIMITS.textMax })

    const match = findBus(buses, { card: cell('card'), plate: cell('plate'), vehicle: cell('vehicle') })
    let bus: Bus | null = null
    if ('problem' in match) problems.push(match.problem)
    else {
      bus = match.bus
      if (date && !busMayOn(bus, date)) problem(null, FUEL_IMPORT_TEXT.notAssigned, { bus: bus.identifier, date })
      const electric = busIsElectric(bus)
      unit ??= bus.fuelUnit ?? (electric ? 'kWh' : 'gal')
      if (unit && electric && unit !== 'kWh') problem('unit', FUEL_TEXT.energyUnit)
      if (unit && !electric && bus.fuelUnit && unit === 'kWh') problem('unit', FUEL_TEXT.fuelUnit)
    }

    const staged: StagedFuelRow = { row: record.line, bus: bus ? { id: bus.id, identifier: bus.identifier } : null, entry: null, problems }
    if (problems.length === 0) {
      staged.entry = { fueledAt: fueledAt!, date: date!, odometer: odometer!, quantityMilli: quantityMilli!, unit: unit!, totalCents: totalCents!, station, card, full: full! }
    } else {
      const cells: Partial<Record<FuelCsvField, string>> = {}
      for (const c of columns) if (cell(c.field)) cells[c.field] = cell(c.field).slice(0, CELL_SHOWN)
      staged.cells = cells
    }
    return staged
  })

  if (fileProblems.length === 0) await checkAgainstRecords(ctx.db.read, rows)
  return { delimiter: parsed.delimiter, columns, ignored, fileProblems, rows }
}

const dupKey = (vehicleId: number, fueledAt: number, quantityMilli: number) => `${vehicleId}|${fueledAt}|${quantityMilli}`

/** Fill-ups of the buses already recorded between the file's first and last time: the duplicates' keys. */
async function recordedKeys(db: Pick<Tx, 'select'>, rows: { bus: { id: number } | null; entry: StagedEntry | null }[]): Promise<Set<string>> {
  const span = new Map<number, { from: number; to: number }>()
  for (const r of rows) {
    if (!r.entry || !r.bus) continue
    const s = span.get(r.bus.id)
    if (!s) span.set(r.bus.id, { from: r.entry.fueledAt, to: r.entry.fueledAt })
    else [s.from, s.to] = [Math.min(s.from, r.entry.fueledAt), Math.max(s.to, r.entry.fueledAt)]
  }
  const keys = new Set<string>()
  const ids = [...span.keys()]
  if (ids.length === 0) return keys
  const from = Math.min(...[...span.values()].map((s) => s.from))
  const to = Math.max(...[...span.values()].map((s) => s.to))
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .select({ vehicleId: fuelEntries.vehicleId, fueledAt: fuelEntries.fueledAt, quantityMilli: fuelEntries.quantityMilli })
      .from(fuelEntries)
      .where(and(inArray(fuelEntries.vehicleId, ids.slice(i, i + 500)), gte(fuelEntries.fueledAt, new Date(from)), sql`${fuelEntries.fueledAt} <= ${to}`))
    for (const f of found) keys.add(dupKey(f.vehicleId, f.fueledAt.getTime(), f.quantityMilli))
  }
  return keys
}

/** Each bus's latest odometer reading time (epoch ms); a bus without readings is absent. */
async function latestReadingTimes(db: Pick<Tx, 'select'>, vehicleIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  for (let i = 0; i < vehicleIds.length; i += 500) {
    const rows = await db
      .select({ vehicleId: odometerReadings.vehicleId, at: max(odometerReadings.recordedAt) })
      .from(odometerReadings)
      .where(inArray(odometerReadings.vehicleId, vehicleIds.slice(i, i + 500)))
      .groupBy(odometerReadings.vehicleId)
    for (const r of rows) if (r.at) out.set(r.vehicleId, r.at.getTime())
  }
  return out
}

/** Duplicates (recorded, or earlier in the file), the odometer against the file's earlier rows and the bus's history. */
async function checkAgainstRecords(db: Pick<Tx, 'select'>, rows: StagedFuelRow[]) {
  const recorded = await recordedKeys(db, rows)
  const seen = new Map<string, number>()
  const drop = (r: StagedFuelRow, p: FuelImportProblem) => {
    r.problems.push(p)
    r.entry = null
  }
  const valid = rows.filter((r) => r.entry && r.bus)
  for (const r of valid) {
    const key = dupKey(r.bus!.id, r.entry!.fueledAt, r.entry!.quantityMilli)
    if (recorded.has(key)) drop(r, { column: null, messageId: FUEL_IMPORT_TEXT.duplicate })
    else if (seen.has(key)) drop(r, { column: null, messageId: FUEL_IMPORT_TEXT.duplicateInFile, values: { other: seen.get(key)! } })
    else seen.set(key, r.row)
  }
  // Per bus in time order: an odometer below an earlier row's goes back.
  const byBus = new Map<number, StagedFuelRow[]>()
  for (const r of rows) if (r.entry && r.bus) byBus.set(r.bus.id, [...(byBus.get(r.bus.id) ?? []), r])
  const latestAt = await latestReadingTimes(db, [...byBus.keys()])
  for (const [vehicleId, list] of byBus) {
    list.sort((a, b) => a.entry!.fueledAt - b.entry!.fueledAt || a.row - b.row)
    const latest = latestAt.get(vehicleId)
    let top: StagedFuelRow | null = null
    // A row at or after the bus's latest reading must only not be below its odometer: once one such row
    // passed, a later one that does not go back from it passes too (no query per row for a month's file).
    let newerPassed = false
    for (const r of list) {
      if (top && r.entry!.odometer < top.entry!.odometer) {
        drop(r, { column: 'odometer', messageId: FUEL_IMPORT_TEXT.odometerBackInFile, values: { other: top.row, reading: top.entry!.odometer } })
        continue
      }
      const newer = latest === undefined || r.entry!.fueledAt >= latest
      const problem = newer && newerPassed ? null : await fuelOdometerProblem(db, vehicleId, new Date(r.entry!.fueledAt), r.entry!.odometer)
      if (problem) drop(r, odometerProblemOf(problem))
      else {
        top = r
        if (newer) newerPassed = true
      }
    }
  }
  // A row dropped here is shown from what it held.
  for (const r of rows) {
    if (r.entry === null && r.problems.length && !r.cells && r.bus) r.cells = { vehicle: r.bus.identifier }
  }
}

function countsOf(preview: FuelImportPreview) {
  const validRows = preview.fileProblems.length ? 0 : preview.rows.filter((r) => r.entry !== null).length
  return { totalRows: preview.rows.length, validRows, problemRows: preview.rows.length - validRows }
}

/**
 * POST /api/Fuel/import/{companyId}, tRPC `fuelImport.preview`, the upload form: `bytes` (an
 * upload) or `csv` (text). Checks every row, stages the preview and returns its view.
 */
export async function previewFuelImport(ctx: UseCaseContext, input: { companyId: unknown; fileName?: unknown; csv?: unknown; bytes?: Uint8Array }): Promise<FuelImportView> {
  const v = parseInput(previewFuelImportInput, { companyId: input.companyId, fileName: input.fileName ?? undefined, csv: input.csv })
  const who = requireImporter(ctx, v.companyId)
  // One preview at a time per process, shared with the fleet import (issue 38).
  return csvPreviewQueue.run(() => stagePreview(ctx, who, v, input.bytes))
}

async function stagePreview(
  ctx: UseCaseContext,
  who: ReturnType<typeof requireImporter>,
  v: z.output<typeof previewFuelImportInput>,
  bytes: Uint8Array | undefined,
): Promise<FuelImportView> {
  const text = csvTextOf(bytes ?? new TextEncoder().encode(v.csv ?? ''))
  const preview = await buildPreview(ctx, v.companyId, who, text)
  const counts = countsOf(preview)
  const now = ctx.now ?? new Date()
  const fileName = (v.fileName || 'fuel.csv').slice(0, FILE_NAME_MAX)
  const { row, currency } = await ctx.db.transaction(async (tx) => {
    // At most FUEL_IMPORTS_STAGED_MAX uploads wait per company (counted in the transaction that adds one).
    const [waiting] = await tx
      .select({ n: count() })
      .from(fuelImports)
      .where(and(eq(fuelImports.companyId, v.companyId), eq(fuelImports.status, 'staged'), gte(fuelImports.createdAt, new Date(now.getTime() - FUEL_IMPORT_KEEP_DAYS * DAY_MS))))
    if ((waiting?.n ?? 0) >= FUEL_IMPORTS_STAGED_MAX) {
      const values = { max: FUEL_IMPORTS_STAGED_MAX }
      throw new AppError('TOO_MANY_REQUESTS', interpolate(FUEL_IMPORT_TEXT.tooManyStaged, values), { localized: (t) => t(FUEL_IMPORT_TEXT.tooManyStaged, values) })
    }
    const [created] = await tx
      .insert(fuelImports)
      .values({ companyId: v.companyId, userId: who.user.userId, fileName, status: 'staged', ...counts, preview: JSON.stringify(preview), createdAt: now })
      .returning()
    await audit(tx, who.user, { action: 'fuelImport.preview', companyId: v.companyId, entityType: 'fuel_import', entityId: created!.id, details: { fileName, rows: counts.totalRows, skipped: counts.problemRows } })
    return { row: created!, currency: await currencyOf(tx, v.companyId) }
  })
  return viewOf(row, preview, currency)
}

async function currencyOf(db: Pick<Tx, 'select'>, companyId: number): Promise<string> {
  const [c] = await db.select({ currency: companies.currency }).from(companies).where(eq(companies.id, companyId))
  return c?.currency ?? 'USD'
}

// ---------------------------------------------------------------------------------------------
// The view every door returns

export interface FuelImportProblemView {
  row: number | null
  column: string | null
  /** In English (REST, tRPC); the page says it in the reader's language from `messageId` and `values`. */
  message: string
  messageId: string
  values?: Record<string, string | number>
  /** What the row held in that column (or the row's bus), as read. */
  read: string | null
}

const EMPTY_PREVIEW: FuelImportPreview = { delimiter: ',', columns: [], ignored: [], fileProblems: [], rows: [] }

function previewOf(row: FuelImport): FuelImportPreview {
  return row.preview === FUEL_PURGED_PREVIEW ? EMPTY_PREVIEW : (JSON.parse(row.preview) as FuelImportPreview)
}

export function viewOf(row: FuelImport, preview: FuelImportPreview, currency: string) {
  const problems: FuelImportProblemView[] = []
  for (const r of preview.rows) {
    for (const p of r.problems) {
      if (problems.length >= FUEL_PROBLEMS_SHOWN) break
      const read = p.column ? (r.cells?.[p.column] ?? null) : (r.cells?.card ?? r.cells?.plate ?? r.cells?.vehicle ?? null)
      problems.push({ row: r.row, column: p.column, message: interpolate(p.messageId, p.values), messageId: p.messageId, ...(p.values ? { values: p.values } : {}), read })
    }
  }
  const valid = preview.rows.filter((r): r is StagedFuelRow & { entry: StagedEntry; bus: { id: number; identifier: string } } => r.entry !== null && r.bus !== null)
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
    importedCount: row.importedCount,
    /** Valid at the preview, skipped at the import (an odometer now going back, a record now there). */
    changedRows: row.status === 'imported' && row.importedCount !== null ? row.validRows - row.importedCount : 0,
    /** The clean-up dropped the rows and problems (decision 076's rule); the counts remain. */
    rowsRemoved: row.preview === FUEL_PURGED_PREVIEW,
    canImport: row.status === 'staged' && preview.fileProblems.length === 0 && row.validRows > 0,
    currency,
    /** The valid rows' amounts added up (integer cents). */
    totalCents: valid.reduce((n, r) => n + r.entry.totalCents, 0),
    columns: preview.columns,
    ignoredColumns: preview.ignored,
    fileProblems: preview.fileProblems.map((p): FuelImportProblemView => ({ row: null, column: p.column, message: interpolate(p.messageId, p.values), messageId: p.messageId, ...(p.values ? { values: p.values } : {}), read: null })),
    problems,
    /** The first rows that will be imported. */
    sample: valid.slice(0, FUEL_ROWS_SHOWN).map((r) => ({
      row: r.row,
      vehicleId: r.bus.id,
      vehicleIdentifier: r.bus.identifier,
      fueledAt: new Date(r.entry.fueledAt).toISOString(),
      date: r.entry.date,
      odometer: r.entry.odometer,
      quantityMilli: r.entry.quantityMilli,
      unit: r.entry.unit,
      totalCents: r.entry.totalCents,
      station: r.entry.station,
      full: r.entry.full,
    })),
  }
}
export type FuelImportView = ReturnType<typeof viewOf>

async function loadImport(ctx: UseCaseContext, importId: number, companyId?: number): Promise<{ row: FuelImport; who: Importer }> {
  const user = requireUser(ctx.actor)
  if (companyId !== undefined) requireImporter(ctx, companyId)
  const [row] = await ctx.db.read.select().from(fuelImports).where(eq(fuelImports.id, importId))
  // Another company's upload, or one of a company the caller has no relation to: not found.
  if (!row || (companyId !== undefined && row.companyId !== companyId) || !membershipIn(user, row.companyId)) throw importNotFound()
  return { row, who: requireImporter(ctx, row.companyId) }
}

/** GET /api/Fuel/import/{companyId}/{importId}, tRPC `fuelImport.get`, the preview page. */
export async function getFuelImport(ctx: UseCaseContext, input: unknown): Promise<FuelImportView> {
  const v = parseInput(fuelImportInput, input)
  const { row } = await loadImport(ctx, v.importId, v.companyId)
  return viewOf(row, previewOf(row), await currencyOf(ctx.db.read, row.companyId))
}

/** The company's latest uploads (without their rows), for the upload page. */
export async function listFuelImports(ctx: UseCaseContext, companyId: number) {
  requireImporter(ctx, companyId)
  const rows = await ctx.db.read
    .select({
      id: fuelImports.id,
      fileName: fuelImports.fileName,
      status: fuelImports.status,
      totalRows: fuelImports.totalRows,
      validRows: fuelImports.validRows,
      importedCount: fuelImports.importedCount,
      createdAt: fuelImports.createdAt,
    })
    .from(fuelImports)
    .where(eq(fuelImports.companyId, companyId))
    .orderBy(sql`${fuelImports.createdAt} DESC`, sql`${fuelImports.id} DESC`)
    .limit(10)
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}

/** Deletes a staged upload (the page's Discard button): frees one of the company's 10 places. */
export async function discardFuelImport(ctx: UseCaseContext, input: unknown): Promise<{ importId: number }> {
  const v = parseInput(fuelImportInput, input)
  const { row } = await loadImport(ctx, v.importId, v.companyId)
  if (row.status !== 'staged') throw new AppError('CONFLICT', FLEET_IMPORT_TEXT.alreadyImported)
  await ctx.db.transaction((tx) => tx.delete(fuelImports).where(and(eq(fuelImports.id, row.id), eq(fuelImports.status, 'staged'))))
  return { importId: row.id }
}

// ---------------------------------------------------------------------------------------------
// Import

export interface FuelCommitResult {
  importId: number
  companyId: number
  /** Fill-ups written. */
  imported: number
  /** Rows with problems at the preview (skipped). */
  skipped: number
  /** Rows valid at the preview that had become invalid (skipped too). */
  changed: number
  /** The imported fill-ups' amounts added up. */
  totalCents: number
  currency: string
}

async function importedTotal(db: Pick<Tx, 'select'>, row: FuelImport): Promise<number> {
  const [s] = await db
    .select({ cents: sql<number>`coalesce(sum(${fuelEntries.totalCents}), 0)` })
    .from(fuelEntries)
    .where(and(eq(fuelEntries.companyId, row.companyId), eq(fuelEntries.importId, row.id)))
  return Number(s?.cents ?? 0)
}

function resultOf(row: FuelImport, totalCents: number, currency: string): FuelCommitResult {
  const imported = row.importedCount ?? 0
  return { importId: row.id, companyId: row.companyId, imported, skipped: row.problemRows, changed: row.validRows - imported, totalCents, currency }
}

/**
 * The rows one insertFuelEntry at a time (10–15 statements each): the reference the bulk path
 * (insertFuelEntries) is proven equal to in tests/integration/fuel-import-bulk.test.ts.
 */
async function insertOneByOne(tx: Tx, entries: readonly FuelEntryInput[]): Promise<FuelEntryOutcome[]> {
  const outcomes: FuelEntryOutcome[] = []
  for (const e of entries) {
    try {
      outcomes.push({ ok: true, entry: await insertFuelEntry(tx, e) })
    } catch (err) {
      if (!isAppError(err)) throw err
      outcomes.push({ ok: false, error: err })
    }
  }
  return outcomes
}

/**
 * POST /api/Fuel/import/{companyId}/{importId}/commit, tRPC `fuelImport.commit`, the Import
 * button: every valid row in one transaction; once (a second commit answers the first result).
 */
export async function commitFuelImport(ctx: UseCaseContext, input: unknown, options: { perRow?: boolean } = {}): Promise<FuelCommitResult> {
  const v = parseInput(fuelImportInput, input)
  const { row, who } = await loadImport(ctx, v.importId, v.companyId)
  const currency = await currencyOf(ctx.db.read, row.companyId)
  if (row.status === 'imported') return resultOf(row, await importedTotal(ctx.db.read, row), currency)
  const preview = previewOf(row)
  if (preview.fileProblems.length) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.fixColumns)
  const valid = preview.rows.filter((r): r is StagedFuelRow & { entry: StagedEntry; bus: { id: number; identifier: string } } => r.entry !== null && r.bus !== null)
  if (valid.length === 0) throw new AppError('BAD_REQUEST', FLEET_IMPORT_TEXT.nothingToImport)
  // In time order: each fill-up's efficiency is measured from the ones before it, and the newest joins the odometer history.
  valid.sort((a, b) => a.entry.fueledAt - b.entry.fueledAt || a.row - b.row)
  const now = ctx.now ?? new Date()
  const userName = `${who.user.firstName} ${who.user.lastName}`.trim() || null

  return ctx.db.transaction(async (tx) => {
    // Once: of two clicks (or processes), the second finds the upload imported and answers its result.
    const [current] = await tx.select().from(fuelImports).where(eq(fuelImports.id, row.id))
    if (!current) throw importNotFound()
    if (current.status === 'imported') return resultOf(current, await importedTotal(tx, current), currency)

    // The buses may have changed hands since the preview: the same rules, inside the transaction.
    const buses = await candidateBuses(tx, row.companyId, who)
    const recorded = await recordedKeys(tx, valid)
    const rows = valid.filter((r) => {
      const bus = buses.get(r.bus.id)
      return !!bus && busMayOn(bus, r.entry.date) && !recorded.has(dupKey(r.bus.id, r.entry.fueledAt, r.entry.quantityMilli))
    })
    const entries = rows.map(
      (r): FuelEntryInput => ({
        vehicleId: r.bus.id,
        companyId: row.companyId,
        source: 'import',
        fueledAt: new Date(r.entry.fueledAt),
        odometer: r.entry.odometer,
        quantityMilli: r.entry.quantityMilli,
        unit: r.entry.unit,
        totalCents: r.entry.totalCents,
        station: r.entry.station,
        card: r.entry.card,
        full: r.entry.full,
        socBeforePct: null,
        socAfterPct: null,
        importId: row.id,
        idempotencyKey: null,
        userId: who.user.userId,
        userName,
      }),
    )
    const outcomes = options.perRow ? await insertOneByOne(tx, entries) : await insertFuelEntries(tx, entries)
    let imported = 0
    let totalCents = 0
    outcomes.forEach((o, k) => {
      // A row refused (checked before anything is written): skipped and counted; the transaction goes on.
      if (!o.ok) {
        if (o.error.code === 'BAD_REQUEST' || o.error.code === 'NOT_FOUND') return
        throw o.error
      }
      imported++
      totalCents += entries[k]!.totalCents
    })
    const [claimed] = await tx
      .update(fuelImports)
      .set({ status: 'imported', importedAt: now, importedCount: imported })
      .where(and(eq(fuelImports.id, row.id), eq(fuelImports.status, 'staged')))
      .returning()
    if (!claimed) throw importNotFound()
    const result = resultOf(claimed, totalCents, currency)
    await audit(tx, who.user, {
      action: 'fuelImport.commit',
      companyId: row.companyId,
      entityType: 'fuel_import',
      entityId: row.id,
      details: { fileName: row.fileName, imported, skipped: result.skipped + result.changed, rows: row.totalRows, totalCents },
    })
    return result
  })
}
