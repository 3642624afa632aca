/**
 * The fleet list's and the vehicle form's numbers and value lists, shared by
 * the use cases (which enforce them) and the pages (which offer them), so the
 * browser never keeps its own copy.
 */

/** Rows per page of the fleet and employees tables (spec: 10, 20 or 30). */
export const PAGE_SIZES = [10, 20, 30] as const
export type PageSize = (typeof PAGE_SIZES)[number]

/** The fleet table's sortable columns (spec: Vehicle Management). */
export const FLEET_SORT_COLUMNS = [
  'vehicleIdentifier',
  'make',
  'model',
  'licensePlate',
  'licenseExpiry',
  'insuranceExpiry',
  'nextInspection',
  'fuelType',
  'yearBuild',
] as const
export type FleetSortColumn = (typeof FLEET_SORT_COLUMNS)[number]

/** Filter categories "safety features" and "interior features" (spec: Vehicle Management). */
export const SAFETY_FEATURES = ['adaCompliant', 'gps', 'driveCam', 'backupCam', 'firstAidKit', 'seatbelts'] as const
export const INTERIOR_FEATURES = ['copilotSeat', 'destinationSigns', 'entertainmentSystem', 'usbChargingPorts', 'airConditioning'] as const
/** License status filter: expired (≤ 0 days), expiring (1–30 days), valid, no date (decisions 012, 036: catalog/expiry.ts). */
export const LICENSE_STATUSES = ['expired', 'expiring', 'valid', 'missing'] as const

/** Spec section 5 / 9: the VIN lookup needs at least this many characters. */
export const VIN_LOOKUP_MIN = 5

/** API.md: an image (vehicle picture, profile photo) is at most 2 MiB decoded; larger is 413. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024

/** Spec section 9 and decision 012: pictures are cropped to 800×600 as JPEG 0.7; the server takes ≤ 2 MiB. */
export const VEHICLE_IMAGE = { width: 800, height: 600, quality: 0.7, maxBytes: MAX_IMAGE_BYTES } as const

/** API.md: request bodies up to 32 MiB (the REST door and the documents upload). */
export const MAX_REQUEST_BODY_BYTES = 32 * 1024 * 1024
