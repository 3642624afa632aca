/**
 * The fuel card CSV (issue 36 point 2, decision 085): the columns the fuel import reads, with the
 * header names common fuel-card exports use for them (matched ignoring case, spaces, `-`, `_`,
 * `.`, `/` and `#`), the bounds of one file, and the template. Browser-safe.
 */

/** A month of a 200-bus fleet fuelling twice a day is ~12,000 rows: the bound, with margin for a 31-day month of 190 buses. */
export const FUEL_CSV_MAX_ROWS = 12_000
/** 12,000 rows of a wide card export (~150 bytes each) with margin. */
export const FUEL_CSV_MAX_BYTES = 2 * 1024 * 1024
/** Uploads waiting to be imported, per company. */
export const FUEL_IMPORTS_STAGED_MAX = 10

export type FuelCsvField = 'date' | 'time' | 'card' | 'plate' | 'vehicle' | 'odometer' | 'quantity' | 'unit' | 'total' | 'station' | 'full'

/** The header's name (normalised) → the field; `unit` when the header itself names the unit ("Gallons"). */
const ALIASES: Record<string, { field: FuelCsvField; unit?: 'gal' | 'L' | 'kWh' }> = {}
const add = (field: FuelCsvField, names: string[], unit?: 'gal' | 'L' | 'kWh') => {
  for (const n of names) ALIASES[normaliseHeader(n)] = unit ? { field, unit } : { field }
}

/** A header as matched: lower case, without spaces, `-`, `_`, `.`, `/`, `#`, `(`, `)`. */
export function normaliseHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s\-_./#()]/g, '')
}

add('date', ['date', 'transaction date', 'trans date', 'purchase date', 'fuel date', 'date of purchase', 'datetime', 'date time', 'fecha'])
add('time', ['time', 'transaction time', 'trans time', 'purchase time', 'hora'])
add('card', ['card', 'card number', 'card no', 'card #', 'fuel card', 'fuel card number', 'tarjeta'])
add('plate', ['plate', 'license plate', 'licence plate', 'license', 'plate number', 'tag', 'placa'])
add('vehicle', ['bus', 'vehicle', 'vehicle id', 'vehicle identifier', 'vehicle number', 'vehicle no', 'unit number', 'unit no', 'unit #', 'asset', 'asset number', 'bus number', 'autobus'])
add('odometer', ['odometer', 'odo', 'odometer reading', 'mileage', 'current odometer', 'odometro'])
add('quantity', ['quantity', 'qty', 'volume', 'units', 'fuel quantity', 'cantidad'])
add('quantity', ['gallons', 'gal', 'gallons purchased'], 'gal')
add('quantity', ['litres', 'liters', 'litros'], 'L')
add('quantity', ['kwh', 'energy', 'energy kwh'], 'kWh')
add('unit', ['unit', 'uom', 'unit of measure', 'quantity unit', 'unidad'])
add('total', ['total', 'amount', 'total amount', 'total cost', 'cost', 'total price', 'gross amount', 'importe'])
add('station', ['station', 'station name', 'merchant', 'merchant name', 'site', 'site name', 'location', 'estacion'])
add('full', ['full', 'full tank', 'full fill', 'lleno'])

/** The field a header names, or null (a column the import does not read: it is ignored and listed). */
export function fuelCsvFieldOf(header: string): { field: FuelCsvField; unit?: 'gal' | 'L' | 'kWh' } | null {
  return ALIASES[normaliseHeader(header)] ?? null
}

/** The template's header, in this order. */
export const FUEL_CSV_TEMPLATE_HEADER = ['date', 'time', 'card', 'plate', 'vehicle', 'odometer', 'quantity', 'unit', 'total', 'station', 'full'] as const
export const FUEL_CSV_TEMPLATE_LINES: readonly (readonly string[])[] = [
  ['2026-11-02', '06:45', '7083 0012 3456', 'ABC 1234', '', '48210', '62.5', 'gal', '243.75', 'Yard pump', 'yes'],
  ['11/03/2026', '7:10 PM', '', '', 'BUS-14', '51022', '180', 'kWh', '32.40', 'Depot charger 2', 'no'],
]
