/** Demo fleet: 40 buses of the US market (VINs with check digits) and a few pictures. */
import * as t from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import { busPng } from './assets.ts'
import { ARCHIVED_DAYS_AGO, INSURANCE_EXPIRY, LICENSE_EXPIRY, type CompanyKey } from './cast.ts'
import { BUS_MODELS, FLEET, modelYearCode, type BusKind, type BusModel } from './data.ts'
import { insertMany, uuidFrom, type SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'

export interface SeedVehicle {
  index: number
  id: number
  model: BusModel
  kind: BusKind
  owner: CompanyKey
  identifier: string
  plate: string
  vin: string
  ada: boolean
  odometer: number
  archived: boolean
  createdAt: Date
}

export async function seedFleet(s: SeedContext, { cid }: SeededPeople): Promise<SeedVehicle[]> {
  const { tx, rnd, now, day, ago } = s
  const vehicles: SeedVehicle[] = []
  const usedSerials = new Set<string>()
  for (const [index, entry] of FLEET.entries()) {
    const model: BusModel = BUS_MODELS[entry.model]
    const age = now.getUTCFullYear() - entry.year
    let serial: string
    do serial = rnd.digits(6)
    while (usedSerials.has(serial))
    usedSerials.add(serial)
    const vin = withVinCheckDigit(`${model.wmi}${model.vds}0${modelYearCode(entry.year)}${model.plant}${serial}`)
    const identifier = `BUS-${String(index + 1).padStart(4, '0')}`
    const plate =
      entry.owner === 'summit'
        ? `${rnd.int(1, 9)}${rnd.code(1, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rnd.digits(5)}`
        : `${rnd.code(3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rnd.digits(4)}`
    const perYear = model.kind === 'school' ? 11_000 : model.kind === 'coach' ? 52_000 : 36_000
    const odometer = Math.max(800, Math.round(Math.max(0.4, age - 1) * perYear * (0.85 + rnd.next() * 0.3)))
    const depreciation = Math.pow(0.88, Math.max(0, age))
    const insuranceValue = Math.round((model.price * depreciation) / 500) * 500
    const ada = entry.ada ?? false
    const createdDaysAgo = entry.owner === 'summit' ? 700 - index * 3 : 760 - index * 2
    const createdAt = ago(createdDaysAgo)
    const [row] = await tx
      .insert(t.vehicles)
      .values({
        key: uuidFrom(rnd),
        ownerCompanyId: cid(entry.owner),
        make: model.make,
        model: model.model,
        vin,
        yearBuild: entry.year,
        manufactureDate: `${entry.year - 1}-${String(rnd.int(3, 11)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
        insuranceValue,
        insuranceExpiry: day(INSURANCE_EXPIRY[index] ?? rnd.int(60, 360)),
        sellValue: Math.round((insuranceValue * 0.9) / 500) * 500,
        titleHire: entry.owner === 'summit' ? 'Lease fleet (hire)' : 'Owned (clear title)',
        fuelType: model.fuelType,
        powertrainType: model.powertrainType,
        tireSize: model.tireSize,
        transmissionType: model.transmissionType,
        lengthUnit: model.lengthUnit,
        length: model.length,
        width: model.width,
        height: model.height,
        weightClass: model.weightClass,
        color: entry.color,
        bodyManufacturer: model.bodyManufacturer,
        adaCompliant: ada,
        turningRadius: model.turningRadius,
        gps: entry.year >= 2017,
        driveCam: entry.year >= 2019 || model.kind === 'coach',
        backupCam: entry.year >= 2020 || model.kind !== 'school',
        emergencyExits: model.emergencyExits,
        fireExtinguishers: model.kind === 'coach' ? 2 : 1,
        firstAidKit: true,
        seatConfiguration: model.seatConfiguration,
        numberOfSeats: ada && model.kind === 'school' ? model.numberOfSeats - 6 : model.numberOfSeats,
        seatbelts: model.seatbelts || (model.kind === 'school' && entry.year >= 2021),
        copilotSeat: model.kind === 'coach',
        luggageOption: model.luggageOption,
        destinationSigns: model.kind !== 'school',
        entertainmentSystem: model.entertainmentSystem,
        usbChargingPorts: model.usbChargingPorts,
        airConditioning: model.airConditioning,
        vehicleIdentifier: identifier,
        licensePlate: plate,
        licenseExpiry: day(LICENSE_EXPIRY[index] ?? rnd.int(45, 330)),
        nextInspection: null,
        odometer,
        createdAt,
        updatedAt: entry.archived ? ago(ARCHIVED_DAYS_AGO) : createdAt,
        archivedAt: entry.archived ? ago(ARCHIVED_DAYS_AGO) : null,
      })
      .returning({ id: t.vehicles.id })
    vehicles.push({
      index,
      id: row!.id,
      model,
      kind: model.kind,
      owner: entry.owner,
      identifier,
      plate,
      vin,
      ada,
      odometer,
      archived: entry.archived ?? false,
      createdAt,
    })
  }
  const vehicleAt = (index: number) => vehicles[index]!

  // Three pictures (the rest show the placeholder).
  const picture = (bytes: Buffer) => writeBlob(tx, bytes)
  await insertMany(tx, t.vehicleImages, [
    { vehicleId: vehicleAt(0).id, ...(await picture(busPng([247, 181, 0]))), contentType: 'image/png', width: 160, height: 120, updatedAt: ago(300) },
    { vehicleId: vehicleAt(15).id, ...(await picture(busPng([235, 240, 245], 1))), contentType: 'image/png', width: 160, height: 120, updatedAt: ago(280) },
    { vehicleId: vehicleAt(22).id, ...(await picture(busPng([22, 122, 80]))), contentType: 'image/png', width: 160, height: 120, updatedAt: ago(350) },
  ])
  return vehicles
}
