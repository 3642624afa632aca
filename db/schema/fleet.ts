import { sql } from 'drizzle-orm'
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  FUEL_TYPE_VALUES,
  LENGTH_UNITS,
  POWERTRAIN_TYPE_VALUES,
  TRANSMISSION_TYPE_VALUES,
} from '#catalog/vehicle.ts'
import { FUEL_UNIT_VALUES } from '#catalog/costs.ts'
import { bool, id, inList, instant, instantNow, randomHex, ref, updatedAtNow } from './columns.ts'
import { companies } from './companies.ts'
import { users } from './users.ts'

/**
 * A vehicle (spec section 3 "Vehicle"; types as API.md). Dates are 'YYYY-MM-DD' text.
 * Deleting a vehicle archives it (archivedAt): its records are kept.
 */
export const vehicles = sqliteTable(
  'vehicles',
  {
    id: id(),
    /** Stable public key (UUID). */
    key: text('key')
      .notNull()
      .$defaultFn(() => crypto.randomUUID()),
    /**
     * The random token of the vehicle's QR link (`/vehicles/{qrToken}`, decision 062): unlike the
     * id it cannot be counted, and unlike `key` no client chooses it. Never shown to an unrelated company.
     */
    qrToken: text('qr_token').$defaultFn(() => randomHex(12)),
    /** The owner company (REST `ownerId`). */
    ownerCompanyId: ref('owner_company_id', () => companies.id, 'restrict'),

    // General
    make: text('make').notNull(),
    model: text('model').notNull(),
    /** 17 characters A–Z/0–9 without I, O, Q, upper case. */
    vin: text('vin').notNull(),
    yearBuild: integer('year_build'),
    manufactureDate: text('manufacture_date'),
    insuranceValue: real('insurance_value'),
    insuranceExpiry: text('insurance_expiry'),
    sellValue: real('sell_value'),
    titleHire: text('title_hire'),

    // Performance
    /** 99 Unknown, 0 Gasoline, 1 Diesel, 2 Electric, 3 Hybrid, 4 Natural Gas, 5 Other */
    fuelType: integer('fuel_type').notNull().default(99),
    /** 0 FWD, 1 RWD, 2 AWD, 3 4WD */
    powertrainType: integer('powertrain_type'),
    tireSize: text('tire_size'),
    /** 0 Automatic, 1 Manual, 2 SemiAutomatic, 3 CVT */
    transmissionType: integer('transmission_type'),

    // Physical
    lengthUnit: text('length_unit', { enum: LENGTH_UNITS }),
    length: real('length'),
    width: real('width'),
    height: real('height'),
    weightClass: text('weight_class'),
    color: text('color'),
    bodyManufacturer: text('body_manufacturer'),

    // Safety
    adaCompliant: bool('ada_compliant').notNull().default(false),
    turningRadius: real('turning_radius'),
    gps: bool('gps').notNull().default(false),
    driveCam: bool('drive_cam').notNull().default(false),
    backupCam: bool('backup_cam').notNull().default(false),
    emergencyExits: integer('emergency_exits'),
    fireExtinguishers: integer('fire_extinguishers'),
    firstAidKit: bool('first_aid_kit').notNull().default(false),

    // Seating and interior
    seatConfiguration: text('seat_configuration'),
    numberOfSeats: integer('number_of_seats'),
    seatbelts: bool('seatbelts').notNull().default(false),
    copilotSeat: bool('copilot_seat').notNull().default(false),
    luggageOption: text('luggage_option'),
    destinationSigns: bool('destination_signs').notNull().default(false),
    entertainmentSystem: bool('entertainment_system').notNull().default(false),
    usbChargingPorts: integer('usb_charging_ports'),
    airConditioning: bool('air_conditioning').notNull().default(false),

    // Regulatory
    /** Unique across the instance; operators request vehicles by it (e.g. `BUS-0001`). */
    vehicleIdentifier: text('vehicle_identifier').notNull(),
    licensePlate: text('license_plate').notNull(),
    licenseExpiry: text('license_expiry'),
    nextInspection: text('next_inspection'),
    odometer: integer('odometer'),
    /**
     * The meters' lifetime offsets (decision 084): the sum of every correction's jump, so that
     * `odometer + odometer_offset` ("life miles") never goes back and an interval spanning a
     * correction counts the miles really driven. Engine hours are the second meter, same rules.
     */
    odometerOffset: integer('odometer_offset').notNull().default(0),
    engineHours: real('engine_hours'),
    engineHoursOffset: real('engine_hours_offset').notNull().default(0),
    /** Miles and engine hours a day, from the bus's own recent readings (projected due dates); null until known. */
    milesPerDay: real('miles_per_day'),
    hoursPerDay: real('hours_per_day'),
    /** Fuel and energy (decision 085): the unit the bus takes, its tank size or usable battery capacity (thousandths), its fuel card. */
    fuelUnit: text('fuel_unit', { enum: FUEL_UNIT_VALUES }),
    fuelCapacityMilli: integer('fuel_capacity_milli'),
    fuelCard: text('fuel_card'),

    createdAt: instantNow('created_at'),
    updatedAt: updatedAtNow('updated_at'),
    archivedAt: instant('archived_at'),
    /** Bumped by every edit; an edit started from an older version is refused (409, lost updates). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('vehicles_key_unique').on(t.key),
    uniqueIndex('vehicles_qr_token_unique').on(t.qrToken),
    uniqueIndex('vehicles_vehicle_identifier_unique').on(t.vehicleIdentifier),
    uniqueIndex('vehicles_vin_active_unique').on(t.vin).where(sql`"archived_at" IS NULL`),
    index('vehicles_owner_archived_idx').on(t.ownerCompanyId, t.archivedAt),
    index('vehicles_owner_make_model_idx').on(t.ownerCompanyId, t.make, t.model),
    check('vehicles_fuel_type_check', inList('fuel_type', FUEL_TYPE_VALUES)),
    check('vehicles_transmission_type_check', inList('transmission_type', TRANSMISSION_TYPE_VALUES)),
    check('vehicles_powertrain_type_check', inList('powertrain_type', POWERTRAIN_TYPE_VALUES)),
    check('vehicles_length_unit_check', inList('length_unit', LENGTH_UNITS)),
  ],
)

/** The vehicle's picture (800x600 JPEG), apart from the list query. */
export const vehicleImages = sqliteTable('vehicle_images', {
  vehicleId: integer('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  /** The bytes, in `blob_chunks` (decision 070). */
  blobId: text('blob_id').notNull(),
  /** The bytes' length (the picture's Content-Length). */
  sizeBytes: integer('size_bytes').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width'),
  height: integer('height'),
  updatedAt: updatedAtNow('updated_at'),
})

export const vehicleDocuments = sqliteTable(
  'vehicle_documents',
  {
    id: id(),
    vehicleId: ref('vehicle_id', () => vehicles.id, 'cascade'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's name as it was at upload time (REST `uploadedBy`). */
    uploadedByName: text('uploaded_by_name').notNull(),
    /** False once deleted (soft delete). */
    isActive: bool('is_active').notNull().default(true),
    uploadedAt: instantNow('uploaded_at'),
  },
  (t) => [index('vehicle_documents_vehicle_active_idx').on(t.vehicleId, t.isActive)],
)

/** The bytes of a vehicle document. */
export const documentContents = sqliteTable('document_contents', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => vehicleDocuments.id, { onDelete: 'cascade' }),
  /** The bytes, in `blob_chunks` (decision 070); their length is the document's `size_bytes`. */
  blobId: text('blob_id').notNull(),
})

export type Vehicle = typeof vehicles.$inferSelect
export type NewVehicle = typeof vehicles.$inferInsert
export type VehicleImage = typeof vehicleImages.$inferSelect
export type VehicleDocument = typeof vehicleDocuments.$inferSelect
export type NewVehicleDocument = typeof vehicleDocuments.$inferInsert
