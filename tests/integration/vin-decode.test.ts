import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { anonymous } from '#server/context/actor.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { resetEnvCache } from '#server/env.server.ts'
import {
  decodeVin,
  lookupVin,
  mapFuelType,
  mapPowertrainType,
  mapTransmissionType,
  prepareVinDatabase,
  resetVinDecoder,
  vinDecoderInfo,
  warmVinDecoder,
  weightClassFromGvwr,
} from '#server/fleet/vin-decode.server.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { actorFor, createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'
import { TMP_DIR } from '#tests/helpers/paths.ts'

/**
 * Real VINs of school, transit and coach buses (public fleet lists and registrations), decoded
 * offline. The makes are the bundled vPIC data's spelling.
 */
const BLUE_BIRD_2014 = '1BAKGCPA1EF296813'
const BLUE_BIRD_2008 = '1BAKGCPA38F250498'
const IC_BUS_2008 = '4DRBUAAN38B642964'
/** A bus whose position 7 is a digit: corgi alone says 1983; the year code means 2013 here. */
const GILLIG_2013 = '15GGD2716D1182194'
const GILLIG_2022 = '15GGD2710N3197800'
const THOMAS_2002 = '1T88N3B2321115675'
const NEW_FLYER_2010 = '5FYD2FV00AB047011'
const MCI = '1M8GDM9AXKP042788'
const FREIGHTLINER_CHASSIS = '4UZAAXAK72CJ40487'
const FORD_E450 = '1FDFE4FS3KDC07453'
/** A New Flyer Xcelsior from a fleet list whose check digit does not compute. */
const NEW_FLYER_BAD_CHECK = '5FYD8FV05FB048101'
/** A manufacturer code vPIC does not know, with a correct check digit. */
const UNKNOWN_MAKER = withVinCheckDigit('ZZZAB12C0R1000001')

const dbDir = join(TMP_DIR, `corgi-${randomUUID()}`)
const lockDir = join(TMP_DIR, `corgi-lock-${randomUUID()}`)

/** A local stand-in for vPIC: answers per VIN, counts requests. */
let vpic: Server
let vpicUrl = ''
const vpicRequests: string[] = []
const vpicRows = new Map<string, Record<string, unknown>>()
let vpicDelayMs = 0
let vpicStatus = 200

function setVpicUrl(url: string | undefined) {
  if (url === undefined) delete process.env.VPIC_URL
  else process.env.VPIC_URL = url
  resetEnvCache()
}

beforeAll(async () => {
  process.env.VIN_DB_DIR = dbDir
  setVpicUrl(undefined)
  await resetVinDecoder()
  vpic = createServer((req: IncomingMessage, res) => {
    vpicRequests.push(req.url ?? '')
    const vin = decodeURIComponent(/DecodeVinValuesExtended\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '')
    const row = vpicRows.get(vin) ?? { Make: '', Model: '', ErrorCode: '7', ErrorText: '7 - Manufacturer is not registered' }
    setTimeout(() => {
      res.writeHead(vpicStatus, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ Count: 1, Message: 'Results returned successfully', SearchCriteria: `VIN:${vin}`, Results: [row] }))
    }, vpicDelayMs)
  })
  await new Promise<void>((r) => vpic.listen(0, '127.0.0.1', r))
  vpicUrl = `http://127.0.0.1:${(vpic.address() as AddressInfo).port}/api`
})

afterAll(async () => {
  await resetVinDecoder()
  await new Promise((r) => vpic.close(r))
  await rm(dbDir, { recursive: true, force: true })
  await rm(lockDir, { recursive: true, force: true })
  delete process.env.VIN_DB_DIR
  setVpicUrl(undefined)
})

afterEach(() => {
  setVpicUrl(undefined)
  vpicDelayMs = 0
  vpicStatus = 200
})

describe('the offline VIN decoder', () => {
  it('unpacks the bundled database once, into VIN_DB_DIR, for concurrent first calls', { timeout: 60_000 }, async () => {
    const started = performance.now()
    const [a, b] = await Promise.all([decodeVin(BLUE_BIRD_2014), decodeVin(IC_BUS_2008)])
    const firstMs = performance.now() - started
    expect(a).toMatchObject({ found: true, make: 'Blue Bird' })
    expect(b).toMatchObject({ found: true, make: 'IC Bus' })
    const info = vinDecoderInfo()
    expect(info.unpacks).toBe(1)
    expect(info.dbPath?.startsWith(dbDir)).toBe(true)
    expect(existsSync(info.dbPath!)).toBe(true)
    expect(info.dbBytes).toBeGreaterThan(50_000_000)

    // Later decodes only query.
    const times: number[] = []
    for (const vin of [BLUE_BIRD_2014, IC_BUS_2008, BLUE_BIRD_2008, BLUE_BIRD_2014]) {
      const t = performance.now()
      await decodeVin(vin)
      times.push(performance.now() - t)
    }
    console.log(
      `VIN decoder: unpack ${info.unpackMs} ms, ready ${info.readyMs} ms, first two decodes ${Math.round(firstMs)} ms, ` +
        `warm decodes ${times.map((t) => t.toFixed(1)).join(' / ')} ms, database ${(info.dbBytes! / 1e6).toFixed(1)} MB`,
    )
    expect(Math.max(...times)).toBeLessThan(200)
  })

  it('lets one process unpack while another waits for the file (lock), and drops other versions', { timeout: 60_000 }, async () => {
    mkdirSync(lockDir, { recursive: true })
    const stale = join(lockDir, 'vpic-0.0.1.lite.db')
    writeFileSync(stale, 'old')
    writeFileSync(`${stale}-wal`, '')
    const [one, two] = await Promise.all([prepareVinDatabase(lockDir), prepareVinDatabase(lockDir)])
    expect([one.unpacked, two.unpacked].sort()).toEqual([false, true])
    expect(one.path).toBe(two.path)
    expect(existsSync(stale)).toBe(false)
    expect(existsSync(`${stale}-wal`)).toBe(false)
    expect(existsSync(`${one.path}.lock`)).toBe(false)
    expect((await prepareVinDatabase(lockDir)).unpacked).toBe(false)
  })

  it.each([
    [BLUE_BIRD_2014, { make: 'Blue Bird', model: 'BB Conventional', modelYear: 2014, bodyClass: 'Bus - School Bus' }],
    [BLUE_BIRD_2008, { make: 'Blue Bird', model: 'BB Conventional', modelYear: 2008, bodyClass: 'Bus - School Bus' }],
    [IC_BUS_2008, { make: 'IC Bus', model: 'PB105', series: 'CE', modelYear: 2008, fuelType: 1, weightClass: 'Class 7 (26,001–33,000 lb)' }],
    [THOMAS_2002, { make: 'Thomas Built', model: 'MVP-EF (Engine Front)', modelYear: 2002, fuelType: 1, bodyClass: 'Bus - School Bus' }],
    [GILLIG_2013, { make: 'Gillig', model: 'Low Floor Bus', modelYear: 2013, fuelType: 1, bodyClass: 'Bus' }],
    [GILLIG_2022, { make: 'Gillig', model: 'Low Floor Bus', modelYear: 2022, fuelType: 1 }],
    [NEW_FLYER_2010, { make: 'New Flyer', modelYear: 2010, fuelType: 1 }],
    [MCI, { make: 'Motor Coach Industries', bodyClass: 'Bus' }],
    [FREIGHTLINER_CHASSIS, { make: 'Freightliner', model: 'FS 65 Chassis', modelYear: 2002, bodyClass: 'Incomplete - School Bus Chassis' }],
    [FORD_E450, { make: 'Ford', model: 'E-450', modelYear: 2019, fuelType: 0, bodyClass: 'Incomplete - Cutaway', weightClass: 'Class 4 (14,001–16,000 lb)' }],
  ])('decodes the real bus VIN %s', async (vin, expected) => {
    const result = await decodeVin(vin, { now: new Date('2026-06-01T00:00:00Z') })
    expect(result).toMatchObject({ found: true, ...expected, checkDigitValid: true, errorCodes: ['0'], source: 'offline' })
    // The bundled data has no seat counts, transmissions or drive types for these buses.
    expect(result).toMatchObject({ numberOfSeats: null, transmissionType: null, powertrainType: null })
  })

  it('takes the model year from the caller when given (heavy vehicles)', async () => {
    expect(await decodeVin(GILLIG_2013, { modelYear: 1983 })).toMatchObject({ found: true, make: 'Gillig', modelYear: 1983 })
  })

  it('upper-cases and trims what was typed', async () => {
    expect(await decodeVin(`  ${BLUE_BIRD_2014.toLowerCase()} `)).toMatchObject({ found: true, make: 'Blue Bird', modelYear: 2014 })
  })

  it('still decodes a VIN whose check digit is wrong, flagged', async () => {
    const altered = BLUE_BIRD_2008.slice(0, 8) + '4' + BLUE_BIRD_2008.slice(9)
    expect(await decodeVin(altered)).toMatchObject({
      found: true,
      make: 'Blue Bird',
      model: 'BB Conventional',
      modelYear: 2008,
      checkDigitValid: false,
      errorCodes: ['1'],
    })
    expect(await decodeVin(NEW_FLYER_BAD_CHECK)).toMatchObject({
      found: true,
      make: 'New Flyer',
      model: 'Xcelsior',
      modelYear: 2015,
      checkDigitValid: false,
    })
  })

  it('needs at least 5 characters; partial VINs are incomplete (vPIC code 6) and not found', async () => {
    for (const vin of ['', '1BA', '1BAK']) {
      expect(await decodeVin(vin)).toEqual({ found: false, errorCodes: ['6'], message: 'Vehicle not found' })
    }
    expect(await decodeVin('1BAKG')).toEqual({ found: false, errorCodes: ['6'], message: 'Vehicle not found' })
    expect(await decodeVin('1BAKGCPA1EF29681')).toEqual({ found: false, errorCodes: ['6'], message: 'Vehicle not found' })
  })

  it('does not find garbage or unknown manufacturers', async () => {
    expect(await decodeVin('ZZZZZZZZZZZZZZZZZ')).toEqual({ found: false, errorCodes: ['400'], message: 'Vehicle not found' })
    expect(await decodeVin(UNKNOWN_MAKER)).toEqual({ found: false, errorCodes: ['7'], message: 'Vehicle not found' })
    expect(await decodeVin(`${BLUE_BIRD_2014}X`)).toMatchObject({ found: false, message: 'Vehicle not found' })
  })
})

describe('the online vPIC fallback', () => {
  it('is not called without VPIC_URL', async () => {
    const before = vpicRequests.length
    expect(await decodeVin(UNKNOWN_MAKER)).toMatchObject({ found: false })
    expect(await decodeVin('1BAKG')).toMatchObject({ found: false })
    expect(vpicRequests.length).toBe(before)
  })

  it('is not called when the offline decoder found the vehicle', async () => {
    setVpicUrl(vpicUrl)
    const before = vpicRequests.length
    expect(await decodeVin(BLUE_BIRD_2014)).toMatchObject({ found: true, source: 'offline' })
    expect(vpicRequests.length).toBe(before)
  })

  it('maps a vPIC answer when the offline decoder found nothing', async () => {
    vpicRows.set(UNKNOWN_MAKER, {
      Make: 'PROTERRA',
      Model: 'ZX5',
      ModelYear: '2024',
      Seats: '40',
      FuelTypePrimary: 'Electric',
      FuelTypeSecondary: '',
      ElectrificationLevel: 'BEV (Battery Electric Vehicle)',
      TransmissionStyle: 'Automatic',
      DriveType: '4x2',
      BodyClass: 'Bus',
      GVWR: 'Class 8: 33,001 lb and above (14,969 kg and above)',
      Series: '40 ft',
      Trim: '',
      ErrorCode: '0',
      ErrorText: '0 - VIN decoded clean. Check Digit (9th position) is correct',
    })
    setVpicUrl(vpicUrl)
    const result = await decodeVin(UNKNOWN_MAKER.toLowerCase(), { modelYear: 2024 })
    expect(vpicRequests.at(-1)).toBe(`/api/vehicles/DecodeVinValuesExtended/${UNKNOWN_MAKER}?format=json&modelyear=2024`)
    expect(result).toEqual({
      found: true,
      make: 'PROTERRA',
      model: 'ZX5',
      modelYear: 2024,
      numberOfSeats: 40,
      fuelType: 2,
      transmissionType: 0,
      powertrainType: 1,
      bodyClass: 'Bus',
      weightClass: 'Class 8 (33,001 lb and above)',
      series: '40 ft',
      trim: undefined,
      checkDigitValid: true,
      errorCodes: ['0'],
      source: 'vpic',
    })
  })

  it('fails a vPIC answer whose codes contain 6 (incomplete VIN), and passes partial VINs on', async () => {
    vpicRows.set('1BAKGCPA', { Make: 'BLUE BIRD', Model: '', ErrorCode: '6', ErrorText: '6 - Incomplete VIN' })
    setVpicUrl(vpicUrl)
    expect(await decodeVin('1bakgcpa')).toEqual({ found: false, errorCodes: ['6'], message: 'Vehicle not found' })
    expect(vpicRequests.at(-1)).toBe('/api/vehicles/DecodeVinValuesExtended/1BAKGCPA?format=json')
    // Below 5 characters nothing is asked.
    const before = vpicRequests.length
    await decodeVin('1BAK')
    expect(vpicRequests.length).toBe(before)
  })

  it('keeps the offline answer when vPIC is slow, failing or unreachable (never throws)', async () => {
    setVpicUrl(vpicUrl)
    vpicDelayMs = 300
    expect(await decodeVin(UNKNOWN_MAKER, { vpicTimeoutMs: 50 })).toEqual({ found: false, errorCodes: ['7'], message: 'Vehicle not found' })
    vpicDelayMs = 0
    vpicStatus = 500
    expect(await decodeVin(UNKNOWN_MAKER)).toEqual({ found: false, errorCodes: ['7'], message: 'Vehicle not found' })
    // A port nothing listens on.
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    setVpicUrl(`http://127.0.0.1:${port}`)
    expect(await decodeVin(UNKNOWN_MAKER)).toEqual({ found: false, errorCodes: ['7'], message: 'Vehicle not found' })
  })
})

describe('warm-up', () => {
  it('prepares the decoder in the background and never rejects', { timeout: 60_000 }, async () => {
    await resetVinDecoder()
    await expect(warmVinDecoder()).resolves.toBeUndefined()
    expect(vinDecoderInfo()).toMatchObject({ unpacks: 0 })
    expect(vinDecoderInfo().decodes).toBeGreaterThanOrEqual(8)

    // A folder that cannot exist: warm-up still resolves, lookups answer "not found".
    await resetVinDecoder()
    process.env.VIN_DB_DIR = join('/dev/null', 'corgi')
    resetEnvCache()
    try {
      await expect(warmVinDecoder()).resolves.toBeUndefined()
      expect(await decodeVin(BLUE_BIRD_2014)).toEqual({ found: false, errorCodes: [], message: 'Vehicle not found' })
    } finally {
      process.env.VIN_DB_DIR = dbDir
      resetEnvCache()
      await resetVinDecoder()
    }
    expect(await decodeVin(BLUE_BIRD_2014)).toMatchObject({ found: true })
  })
})

describe('lookupVin (the tRPC use case)', () => {
  let db: Database
  let ownerId: number
  let operatorId: number

  beforeAll(async () => {
    db = createTestDb()
    const owner = await createUser(db)
    const operator = await createUser(db)
    ownerId = owner.id
    operatorId = operator.id
    const ownerCo = await createCompany(db, 'VIN Owners', ['Owner'])
    const operatorCo = await createCompany(db, 'VIN Operators', ['Operator'])
    await grantRole(db, owner.id, ownerCo.id, 'Owner')
    await grantRole(db, operator.id, operatorCo.id, 'Operator')
  })
  afterAll(() => db.close())

  it('needs a signed-in Owner', async () => {
    await expect(lookupVin({ db, actor: anonymous }, { vin: BLUE_BIRD_2014 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(lookupVin({ db, actor: await actorFor(db, operatorId) }, { vin: BLUE_BIRD_2014 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
  })

  it('decodes for an Owner and validates the input', async () => {
    const ctx = { db, actor: await actorFor(db, ownerId) }
    expect(await lookupVin(ctx, { vin: GILLIG_2022 })).toMatchObject({ found: true, make: 'Gillig', modelYear: 2022 })
    expect(await lookupVin(ctx, { vin: GILLIG_2013, modelYear: '1983' })).toMatchObject({ found: true, modelYear: 1983 })
    expect(await lookupVin(ctx, { vin: '1BA' })).toEqual({ found: false, errorCodes: ['6'], message: 'Vehicle not found' })
    await expect(lookupVin(ctx, {})).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(lookupVin(ctx, { vin: 'X'.repeat(65) })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})

describe('mapping to the catalogue', () => {
  it('maps fuels', () => {
    expect(mapFuelType('Diesel')).toBe(1)
    expect(mapFuelType('Gasoline')).toBe(0)
    expect(mapFuelType('Flexible Fuel Vehicle (FFV)', 'Gasoline')).toBe(0)
    expect(mapFuelType('Electric')).toBe(2)
    expect(mapFuelType('Compressed Natural Gas (CNG)')).toBe(4)
    expect(mapFuelType('Liquefied Natural Gas (LNG)')).toBe(4)
    expect(mapFuelType('Diesel', 'Electric')).toBe(3)
    expect(mapFuelType('Gasoline', '', 'Strong HEV (Hybrid Electric Vehicle)')).toBe(3)
    expect(mapFuelType('Liquefied Petroleum Gas (propane or LPG)')).toBe(5)
    expect(mapFuelType('Compressed Hydrogen/Hydrogen')).toBe(5)
    expect(mapFuelType('')).toBe(99)
    expect(mapFuelType(undefined)).toBe(99)
  })

  it('maps transmissions and drive types', () => {
    expect(mapTransmissionType('Automatic')).toBe(0)
    expect(mapTransmissionType('Manual/Standard')).toBe(1)
    expect(mapTransmissionType('Automated Manual Transmission (AMT)')).toBe(2)
    expect(mapTransmissionType('Dual-Clutch Transmission (DCT)')).toBe(2)
    expect(mapTransmissionType('Continuously Variable Transmission (CVT)')).toBe(3)
    expect(mapTransmissionType('Electronic Continuously Variable (e-CVT)')).toBe(3)
    expect(mapTransmissionType('')).toBeNull()
    expect(mapPowertrainType('FWD/Front-Wheel Drive')).toBe(0)
    expect(mapPowertrainType('RWD/Rear-Wheel Drive')).toBe(1)
    expect(mapPowertrainType('AWD/All-Wheel Drive')).toBe(2)
    expect(mapPowertrainType('4WD/4-Wheel Drive/4x4')).toBe(3)
    expect(mapPowertrainType('4x2')).toBe(1)
    expect(mapPowertrainType('6x4')).toBe(1)
    expect(mapPowertrainType('2WD/4WD')).toBeNull()
    expect(mapPowertrainType('')).toBeNull()
  })

  it('writes the GVWR class the way the vehicle form does', () => {
    expect(weightClassFromGvwr('Class 7: 26,001 - 33,000 lb (11,794 - 14,969 kg)')).toBe('Class 7 (26,001–33,000 lb)')
    expect(weightClassFromGvwr('Class 1: 6,000 lb or less (2,722 kg or less)')).toBe('Class 1 (6,000 lb or less)')
    expect(weightClassFromGvwr('')).toBeUndefined()
  })
})
