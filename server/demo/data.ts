/** Static demo data for `server/demo/seed.ts`: bus models of the US market and the demo fleet. */
import type { FuelType, LengthUnit, PowertrainType, TransmissionType } from '#catalog/vehicle.ts'

export type BusKind = 'school' | 'coach' | 'transit'

export interface BusModel {
  make: string
  model: string
  kind: BusKind
  /** World manufacturer identifier (VIN positions 1–3). */
  wmi: string
  /** Vehicle descriptor section (VIN positions 4–8). */
  vds: string
  /** Plant code (VIN position 11). */
  plant: string
  fuelType: FuelType
  transmissionType: TransmissionType
  powertrainType: PowertrainType
  lengthUnit: LengthUnit
  length: number
  width: number
  height: number
  turningRadius: number
  weightClass: string
  bodyManufacturer: string
  tireSize: string
  numberOfSeats: number
  seatConfiguration: string
  luggageOption: string | null
  emergencyExits: number
  seatbelts: boolean
  usbChargingPorts: number
  entertainmentSystem: boolean
  airConditioning: boolean
  /** List price new, USD. */
  price: number
}

const school = {
  kind: 'school',
  transmissionType: 0,
  powertrainType: 1,
  lengthUnit: 'ft',
  width: 8,
  weightClass: 'Class 7 (26,001–33,000 lb)',
  luggageOption: null,
  usbChargingPorts: 0,
  entertainmentSystem: false,
} as const

const coach = {
  kind: 'coach',
  transmissionType: 0,
  powertrainType: 1,
  lengthUnit: 'ft',
  length: 45,
  width: 8.5,
  weightClass: 'Class 8 (over 33,000 lb)',
  tireSize: '315/80R22.5',
  seatbelts: true,
  entertainmentSystem: true,
  airConditioning: true,
  emergencyExits: 6,
} as const

const transit = {
  kind: 'transit',
  transmissionType: 0,
  powertrainType: 1,
  lengthUnit: 'ft',
  width: 8.5,
  weightClass: 'Class 8 (over 33,000 lb)',
  tireSize: '305/70R22.5',
  luggageOption: null,
  seatbelts: false,
  entertainmentSystem: false,
  airConditioning: true,
  emergencyExits: 4,
} as const

export const BUS_MODELS = {
  vision: {
    ...school,
    make: 'Blue Bird',
    model: 'Vision',
    wmi: '1BA',
    vds: 'KGCPA',
    plant: 'F',
    fuelType: 1,
    length: 35.5,
    height: 10.5,
    turningRadius: 37,
    bodyManufacturer: 'Blue Bird',
    tireSize: '11R22.5',
    numberOfSeats: 72,
    seatConfiguration: '2+2 bench seats, 12 rows',
    emergencyExits: 4,
    seatbelts: false,
    airConditioning: false,
    price: 128000,
  },
  allAmerican: {
    ...school,
    make: 'Blue Bird',
    model: 'All American RE',
    wmi: '1BA',
    vds: 'NBCKA',
    plant: 'F',
    fuelType: 1,
    length: 40,
    height: 10.6,
    weightClass: 'Class 8 (over 33,000 lb)',
    turningRadius: 39,
    bodyManufacturer: 'Blue Bird',
    tireSize: '11R22.5',
    numberOfSeats: 84,
    seatConfiguration: '2+2 bench seats, 14 rows',
    emergencyExits: 6,
    seatbelts: true,
    airConditioning: true,
    price: 152000,
  },
  c2: {
    ...school,
    make: 'Thomas Built',
    model: 'Saf-T-Liner C2',
    wmi: '4UZ',
    vds: 'ABRFD',
    plant: 'C',
    fuelType: 1,
    length: 35,
    height: 10.4,
    turningRadius: 36,
    bodyManufacturer: 'Thomas Built Buses',
    tireSize: '11R22.5',
    numberOfSeats: 71,
    seatConfiguration: '2+2 bench seats, 12 rows',
    emergencyExits: 4,
    seatbelts: false,
    airConditioning: true,
    price: 125000,
  },
  hdx: {
    ...school,
    make: 'Thomas Built',
    model: 'Saf-T-Liner HDX',
    wmi: '1T7',
    vds: 'HT4B2',
    plant: 'H',
    fuelType: 1,
    length: 40,
    height: 10.8,
    weightClass: 'Class 8 (over 33,000 lb)',
    turningRadius: 38,
    bodyManufacturer: 'Thomas Built Buses',
    tireSize: '11R22.5',
    numberOfSeats: 81,
    seatConfiguration: '2+2 bench seats, 14 rows',
    emergencyExits: 6,
    seatbelts: true,
    airConditioning: true,
    price: 149000,
  },
  ce: {
    ...school,
    make: 'IC Bus',
    model: 'CE Series',
    wmi: '4DR',
    vds: 'BUAAN',
    plant: 'B',
    fuelType: 1,
    length: 35.5,
    height: 10.6,
    turningRadius: 37,
    bodyManufacturer: 'IC Bus',
    tireSize: '11R22.5',
    numberOfSeats: 71,
    seatConfiguration: '2+2 bench seats, 12 rows',
    emergencyExits: 4,
    seatbelts: false,
    airConditioning: false,
    price: 121000,
  },
  re: {
    ...school,
    make: 'IC Bus',
    model: 'RE Series',
    wmi: '4DR',
    vds: 'BTAPN',
    plant: 'B',
    fuelType: 1,
    length: 40,
    height: 10.7,
    weightClass: 'Class 8 (over 33,000 lb)',
    turningRadius: 39,
    bodyManufacturer: 'IC Bus',
    tireSize: '11R22.5',
    numberOfSeats: 84,
    seatConfiguration: '2+2 bench seats, 14 rows',
    emergencyExits: 6,
    seatbelts: true,
    airConditioning: true,
    price: 146000,
  },
  j4500: {
    ...coach,
    make: 'MCI',
    model: 'J4500',
    wmi: '1M8',
    vds: 'PDMPA',
    plant: 'P',
    fuelType: 1,
    height: 11.5,
    turningRadius: 43,
    bodyManufacturer: 'Motor Coach Industries',
    numberOfSeats: 56,
    seatConfiguration: '2+2 reclining coach seats, 14 rows',
    luggageOption: 'Under-floor bays, 512 cu ft',
    usbChargingPorts: 56,
    price: 585000,
  },
  d4500: {
    ...coach,
    make: 'MCI',
    model: 'D4500',
    wmi: '2M9',
    vds: 'DDMXA',
    plant: 'W',
    fuelType: 1,
    height: 11.5,
    turningRadius: 42,
    bodyManufacturer: 'Motor Coach Industries',
    numberOfSeats: 57,
    seatConfiguration: '2+2 reclining coach seats, 14 rows + rear bench',
    luggageOption: 'Under-floor bays, 478 cu ft',
    usbChargingPorts: 28,
    price: 540000,
  },
  h345: {
    ...coach,
    make: 'Prevost',
    model: 'H3-45',
    wmi: '2PC',
    vds: 'H3349',
    plant: 'S',
    fuelType: 1,
    height: 12.2,
    turningRadius: 43,
    bodyManufacturer: 'Prevost',
    numberOfSeats: 56,
    seatConfiguration: '2+2 reclining coach seats, 14 rows',
    luggageOption: 'Under-floor bays, 604 cu ft',
    usbChargingPorts: 56,
    price: 640000,
  },
  x345: {
    ...coach,
    make: 'Prevost',
    model: 'X3-45',
    wmi: '2PC',
    vds: 'X3349',
    plant: 'S',
    fuelType: 1,
    height: 11.6,
    turningRadius: 43,
    bodyManufacturer: 'Prevost',
    numberOfSeats: 56,
    seatConfiguration: '2+2 reclining coach seats, 14 rows',
    luggageOption: 'Under-floor bays, 450 cu ft',
    usbChargingPorts: 56,
    price: 620000,
  },
  cx45: {
    ...coach,
    make: 'Van Hool',
    model: 'CX45',
    wmi: 'YE2',
    vds: 'CC29B',
    plant: 'K',
    fuelType: 1,
    lengthUnit: 'm',
    length: 13.8,
    width: 2.59,
    height: 3.5,
    turningRadius: 13,
    bodyManufacturer: 'Van Hool',
    numberOfSeats: 57,
    seatConfiguration: '2+2 reclining coach seats, 14 rows + rear bench',
    luggageOption: 'Under-floor bays, 15.5 m³',
    usbChargingPorts: 57,
    price: 560000,
  },
  xd40: {
    ...transit,
    make: 'New Flyer',
    model: 'Xcelsior XD40',
    wmi: '5FY',
    vds: 'D8FV0',
    plant: 'A',
    fuelType: 1,
    length: 41,
    height: 10.9,
    turningRadius: 44,
    bodyManufacturer: 'New Flyer',
    numberOfSeats: 38,
    seatConfiguration: 'Low-floor transit, forward and side-facing',
    usbChargingPorts: 8,
    price: 590000,
  },
  xde40: {
    ...transit,
    make: 'New Flyer',
    model: 'Xcelsior XDE40',
    wmi: '5FY',
    vds: 'H8KV1',
    plant: 'A',
    fuelType: 3,
    length: 41,
    height: 11.1,
    turningRadius: 44,
    bodyManufacturer: 'New Flyer',
    numberOfSeats: 38,
    seatConfiguration: 'Low-floor transit, forward and side-facing',
    usbChargingPorts: 8,
    price: 780000,
  },
  gillig: {
    ...transit,
    make: 'Gillig',
    model: 'Low Floor',
    wmi: '15G',
    vds: 'GD271',
    plant: '1',
    fuelType: 1,
    length: 40,
    height: 10.6,
    turningRadius: 42,
    bodyManufacturer: 'Gillig',
    numberOfSeats: 39,
    seatConfiguration: 'Low-floor transit, forward and side-facing',
    usbChargingPorts: 4,
    price: 560000,
  },
  gilligCng: {
    ...transit,
    make: 'Gillig',
    model: 'Low Floor CNG',
    wmi: '15G',
    vds: 'GB271',
    plant: '1',
    fuelType: 4,
    length: 40,
    height: 11.3,
    turningRadius: 42,
    bodyManufacturer: 'Gillig',
    numberOfSeats: 38,
    seatConfiguration: 'Low-floor transit, forward and side-facing',
    usbChargingPorts: 4,
    price: 610000,
  },
} as const satisfies Record<string, BusModel>

export type BusModelKey = keyof typeof BUS_MODELS

export interface FleetEntry {
  owner: 'summit' | 'cascade'
  model: BusModelKey
  year: number
  color: string
  ada?: boolean
  archived?: boolean
}

/** The 40 demo buses, in vehicle-identifier order (BUS-0001...). */
export const FLEET: readonly FleetEntry[] = [
  // Summit Bus Leasing: school buses (leased to Evergreen Student Transportation)
  { owner: 'summit', model: 'vision', year: 2019, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'vision', year: 2019, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'vision', year: 2021, color: 'National School Bus Yellow', ada: true },
  { owner: 'summit', model: 'vision', year: 2022, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'allAmerican', year: 2020, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'allAmerican', year: 2023, color: 'National School Bus Yellow', ada: true },
  { owner: 'summit', model: 'c2', year: 2018, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'c2', year: 2020, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'c2', year: 2022, color: 'National School Bus Yellow', ada: true },
  { owner: 'summit', model: 'c2', year: 2024, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'hdx', year: 2021, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'ce', year: 2017, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 'ce', year: 2023, color: 'National School Bus Yellow' },
  { owner: 'summit', model: 're', year: 2022, color: 'National School Bus Yellow', ada: true },
  { owner: 'summit', model: 'c2', year: 2023, color: 'National School Bus Yellow' },
  // Summit Bus Leasing: motor coaches (leased to Pacific Crest Charters)
  { owner: 'summit', model: 'j4500', year: 2019, color: 'White / Pacific Blue', ada: true },
  { owner: 'summit', model: 'j4500', year: 2022, color: 'White / Pacific Blue', ada: true },
  { owner: 'summit', model: 'd4500', year: 2018, color: 'Silver' },
  { owner: 'summit', model: 'h345', year: 2020, color: 'Black / Gold', ada: true },
  { owner: 'summit', model: 'h345', year: 2023, color: 'White', ada: true },
  { owner: 'summit', model: 'x345', year: 2021, color: 'Graphite Grey', ada: true },
  { owner: 'summit', model: 'cx45', year: 2019, color: 'White / Red' },
  // Cascade Coach Lines: transit (operated by Cascade itself)
  { owner: 'cascade', model: 'xd40', year: 2018, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'xd40', year: 2019, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'xd40', year: 2021, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'xd40', year: 2022, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'xd40', year: 2024, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'xde40', year: 2023, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'gillig', year: 2017, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'gillig', year: 2020, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'gilligCng', year: 2021, color: 'Cascade Green / White', ada: true },
  { owner: 'cascade', model: 'gilligCng', year: 2023, color: 'Cascade Green / White', ada: true },
  // Cascade Coach Lines: coaches
  { owner: 'cascade', model: 'j4500', year: 2020, color: 'Cascade Green / Silver', ada: true },
  { owner: 'cascade', model: 'j4500', year: 2023, color: 'Cascade Green / Silver', ada: true },
  { owner: 'cascade', model: 'j4500', year: 2024, color: 'Cascade Green / Silver', ada: true },
  { owner: 'cascade', model: 'h345', year: 2019, color: 'Cascade Green / Silver', ada: true },
  { owner: 'cascade', model: 'h345', year: 2022, color: 'Cascade Green / Silver', ada: true },
  { owner: 'cascade', model: 'cx45', year: 2018, color: 'Silver' },
  { owner: 'cascade', model: 'd4500', year: 2016, color: 'White' },
  // Retired and archived (its records are kept)
  { owner: 'cascade', model: 'vision', year: 2012, color: 'National School Bus Yellow', archived: true },
]

/** VIN position 10: model year code. */
export function modelYearCode(year: number): string {
  const codes = 'ABCDEFGHJKLMNPRSTVWXY123456789'
  const i = (year - 2010) % 30
  return codes[(i + 30) % 30]!
}

/** Driver comments on pre-inspections. */
export const PRE_INSPECTION_COMMENTS = [
  'All good.',
  'Heater slow to warm up this morning.',
  'Wheelchair lift cycled OK.',
  'Light rain, wipers fine.',
  'Route detour on 5th Ave due to roadwork.',
  'Fueled at depot before departure.',
  'Minor rattle from rear panel, nothing loose found.',
  'Passenger count normal.',
  'Interior cleaned after the run.',
  'Tire pressure checked, all within spec.',
] as const

export const DAMAGE_NOTES = {
  front: ['Stone chip on windshield, lower left', 'Bumper scuffed on the right corner'],
  rear: ['Rear bumper dented, about 3 in', 'Scratch across the engine door'],
  rightSide: ['Scrape along the right skirt panel', 'Entrance door seal torn'],
  leftSide: ['Mirror housing cracked', 'Dent on the left luggage bay door'],
} as const

export const INSPECTION_DEFECT_COMMENTS = [
  'Worn beyond limit, replace.',
  'Leak at the fitting; tightened, recheck at next service.',
  'Not working; bulb or connector to replace.',
  'Excessive play measured; adjust.',
  'Cracked; order part.',
  'Fluid below minimum; topped up, check for leak.',
] as const
